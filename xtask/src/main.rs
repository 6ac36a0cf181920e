//! Project tasks for allin, run as `cargo xtask <task>` (see `.cargo/config.toml`).
//!
//! Every task installs what it needs and skips what is already right, printing
//! one `xtask:` line per check, so a fresh clone (CI, a new machine) needs only
//! the Rust toolchain (with rustup), Node.js and npm.

mod bench;
mod cmd;
mod lint;
mod precache;
mod serve;
mod setup;
mod site;
mod tables;
mod test;
mod wasm;

use cmd::Result;
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  build                 compile the wasm build into www/pkg, then assemble the served site,
                        site/, from www/ (bundled, minified; a complete static site)
  site                  assemble site/ again from www/ and the built www/pkg (seconds)
  serve [--port N]      build, then serve site/ on http://127.0.0.1:N/ (default 8080)
  test [--full] [STEP...]
                        the checks, in order, stopping at the first failure; each step's
                        seconds go to target/test-times.json. Default tier: fmt, clippy
                        (clippy + the native test build), unit (cargo test), js (JS unit
                        tests), wasm-node (clippy + wasm binding tests in Node), wasm (the
                        build), api (JS API), smoke (browser smoke). --full adds
                        clippy-more (bench crates, each wasm module alone), wasm-worker
                        (binding tests in Chromium), e2e (the browser suite).
                        ALLIN_EXHAUSTIVE=1 adds sweeps (release sweeps, tables regenerated)
                        and the soaks. Name steps to run only those
  gen-tables [--check]  regenerate src/eval/tables.rs (--check: fail if it is out of date)
  bench [-- ARGS]       allin against other engines, side by side in one run, answers
                        checked equal: natively (the `pokers` crate; OMPEval and
                        holdem-hand-evaluator from local checkouts named by
                        ALLIN_PEER_OMPEVAL, ALLIN_PEER_HHE), then the JS API in Node
                        (npm's poker-odds-calc, poker-evaluator), then the JS API in
                        Chromium against Node and the native CLI, then the same Rust
                        loops natively and in wasm with no JS API between (peers/floor);
                        prints the tables and writes
                        target/bench/{peers,peers-js,peers-browser,floor}.{md,json};
                        a whole run (no --only) also writes them into
                        docs/performance.md (ARGS: --all, --reps N, --only WORDS)
  help                  print this message";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // An empty message means the task already reported its failure.
            if !err.is_empty() {
                eprintln!("xtask: error: {err}");
            }
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result {
    let (task, rest) = match args.split_first() {
        Some((task, rest)) => (task.as_str(), rest),
        None => {
            println!("{USAGE}");
            return Err("no task given".into());
        }
    };
    match task {
        "build" => {
            no_more_args(task, rest)?;
            wasm::build().map(|_| ())
        }
        "site" => {
            no_more_args(task, rest)?;
            site::assemble(&cmd::root().join("www")).map(|_| ())
        }
        "serve" => serve::task(parse_port(rest)?),
        "test" => test::task(rest),
        "bench" => bench::run(rest),
        "gen-tables" => match rest {
            [] => tables::task(false),
            [flag] if flag == "--check" => tables::task(true),
            _ => Err(format!(
                "gen-tables: unexpected arguments {rest:?}\n{USAGE}"
            )),
        },
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(format!("unknown task {task:?}\n{USAGE}")),
    }
}

fn no_more_args(task: &str, rest: &[String]) -> Result {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(format!("{task}: unexpected arguments {rest:?}\n{USAGE}"))
    }
}

/// `[--port N]` / `[--port=N]`, default 8080.
fn parse_port(args: &[String]) -> Result<u16> {
    let value = match args {
        [] => return Ok(8080),
        [flag, value] if flag == "--port" => value.as_str(),
        [flag] if flag.starts_with("--port=") => &flag["--port=".len()..],
        _ => return Err(format!("serve: unexpected arguments {args:?}\n{USAGE}")),
    };
    value
        .parse()
        .map_err(|_| format!("serve: --port wants a number from 0 to 65535, got {value:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::root;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn ports() {
        assert_eq!(parse_port(&args(&[])), Ok(8080));
        assert_eq!(parse_port(&args(&["--port", "9000"])), Ok(9000));
        assert_eq!(parse_port(&args(&["--port=0"])), Ok(0));
        assert!(parse_port(&args(&["--port", "x"])).is_err());
        assert!(parse_port(&args(&["--port", "70000"])).is_err());
        assert!(parse_port(&args(&["--prot", "1"])).is_err());
    }

    #[test]
    fn root_is_the_workspace() {
        assert!(root().join("Cargo.toml").is_file());
        assert!(root().join("xtask").is_dir());
    }
}
