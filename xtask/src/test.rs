//! `cargo xtask test`: every check, in order, stopping at the first failure.
//!
//! The last line is always `xtask: N passed, N failed` (N counts steps).

use std::fs;
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use crate::cmd;
use crate::serve::Server;
use crate::setup::{self, WASM_TARGET};
use crate::{root, say, Result};

/// A step: its key (for `cargo xtask test KEY…`), its title, and what it runs.
type Step = (&'static str, &'static str, fn() -> Result);

/// Every step, in order.
const STEPS: [Step; 11] = [
    ("fmt", "rustfmt", fmt),
    ("clippy", "clippy (native)", clippy_native),
    ("clippy-wasm", "clippy (wasm32)", clippy_wasm),
    ("unit", "cargo test", cargo_test),
    ("exhaustive", "exhaustive tests (release)", exhaustive_tests),
    ("js", "JS unit tests (node --test)", js_unit_tests),
    ("wasm-node", "wasm binding tests in Node", wasm_tests_node),
    (
        "wasm-worker",
        "wasm binding tests (Chromium worker)",
        wasm_tests_worker,
    ),
    ("wasm", "wasm build", wasm_build),
    ("api", "JS API and example bot in Node", api_tests),
    ("e2e", "browser tests", browser_tests),
];

/// Test knobs read by the tests themselves; every step's `cargo` and `node`
/// inherit them from this environment. Each set one is echoed at the start.
const KNOBS: [(&str, &str); 5] = [
    (
        "ALLIN_FUZZ_CASES",
        "fuzz cases per target (tests/it/fuzz.rs: default 50000; tests/js/scenario-fuzz.test.mjs: 20000)",
    ),
    ("ALLIN_FUZZ_SEED", "seed of the fuzzers and the agree test"),
    (
        "ALLIN_PROPERTY_CASES",
        "random specs per property (tests/it/properties.rs; default 40)",
    ),
    (
        "ALLIN_AGREE_SPECS",
        "scenarios the page and the CLI compute (tests/e2e/agree.test.mjs; default 6)",
    ),
    (
        "ALLIN_BLESS",
        "1: data-file runners rewrite the expected column of mismatching lines",
    ),
];

/// The knobs that are set, as `KEY=VALUE: what it does` lines.
fn knobs_set(get: impl Fn(&str) -> Option<String>) -> Vec<String> {
    KNOBS
        .iter()
        .filter_map(|(key, what)| get(key).map(|value| format!("{key}={value}: {what}")))
        .collect()
}

/// Runs every step (the exhaustive one only if `ALLIN_EXHAUSTIVE=1`), or only
/// the steps named in `only`.
pub fn task(only: &[String]) -> Result {
    for line in knobs_set(|key| std::env::var(key).ok()) {
        say(line);
    }
    for key in only {
        if !STEPS.iter().any(|(k, _, _)| k == key) {
            let keys: Vec<&str> = STEPS.iter().map(|(k, _, _)| *k).collect();
            return Err(format!(
                "test: unknown step {key:?} (steps: {})",
                keys.join(", ")
            ));
        }
    }
    let exhaustive = std::env::var("ALLIN_EXHAUSTIVE").as_deref() == Ok("1");
    if only.is_empty() && !exhaustive {
        say("ALLIN_EXHAUSTIVE is not 1: the exhaustive release sweeps will not run");
    }
    let steps: Vec<Step> = STEPS
        .into_iter()
        .filter(|(key, _, _)| {
            if only.is_empty() {
                *key != "exhaustive" || exhaustive
            } else {
                only.iter().any(|k| k == key)
            }
        })
        .collect();

    let total = steps.len();
    let (mut passed, mut failed) = (0, 0);
    for (i, (_, name, step)) in steps.into_iter().enumerate() {
        say(format!("=== step {}/{total}: {name}", i + 1));
        let started = Instant::now();
        match step() {
            Ok(()) => {
                passed += 1;
                say(format!(
                    "step {name}: ok ({:.1}s)",
                    started.elapsed().as_secs_f64()
                ));
            }
            Err(err) => {
                failed += 1;
                eprintln!("xtask: step {name} FAILED: {err}");
                let not_run = total - i - 1;
                if not_run > 0 {
                    say(format!("{not_run} later step(s) not run"));
                }
                break;
            }
        }
    }
    println!("xtask: {passed} passed, {failed} failed");
    if failed == 0 {
        Ok(())
    } else {
        // Already reported above; main prints nothing more so the summary
        // stays the last line.
        Err(String::new())
    }
}

fn fmt() -> Result {
    cmd::run(&mut cmd::cargo(["fmt", "--all", "--", "--check"]))
        .map_err(|err| format!("{err}: run `cargo fmt --all`"))
}

fn clippy_native() -> Result {
    cmd::run(&mut cmd::cargo([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))
}

/// The wasm32 library as shipped, then in test mode (`--profile test`:
/// `cfg(test)`, so the binding's tests in `src/wasm/tests/` are linted too):
/// with both modules' exports (the default, as the binding tests run), then
/// as each of the two modules is built (`cargo xtask build`), so neither
/// depends on what only the other one has.
fn clippy_wasm() -> Result {
    setup::ensure_wasm_target()?;
    let mut builds = vec![None];
    builds.extend(
        crate::wasm::MODULES
            .iter()
            .map(|(feature, _)| Some(*feature)),
    );
    for features in builds {
        for profile in ["dev", "test"] {
            let mut command = cmd::cargo([
                "clippy",
                "--target",
                WASM_TARGET,
                "--lib",
                "-p",
                "allin",
                "--profile",
                profile,
            ]);
            if let Some(feature) = features {
                command.args(["--no-default-features", "--features", feature]);
            }
            cmd::run(command.args(["--", "-D", "warnings"]))?;
        }
    }
    Ok(())
}

fn cargo_test() -> Result {
    cmd::run(&mut cmd::cargo(["test", "--workspace"]))
}

/// Every test of the main crate and the CLI in release mode, the `#[ignore]`d sweeps
/// included (7-card exhaustion, table regeneration from scratch, …).
fn exhaustive_tests() -> Result {
    cmd::run(&mut cmd::cargo([
        "test",
        "--release",
        "-p",
        "allin",
        "-p",
        "allin-cli",
        "--",
        "--include-ignored",
    ]))
}

/// The page's DOM-free modules (scheduling, merging, URL state) under
/// `node --test tests/js/*.test.mjs`: no browser, no build needed.
fn js_unit_tests() -> Result {
    let node = setup::node()?;
    let files = test_files(&["tests", "js"])?;
    cmd::run(
        Command::new(node)
            .arg("--test")
            .args(&files)
            .current_dir(root()),
    )
}

/// `cargo test --target wasm32-unknown-unknown --lib -p allin`, with
/// `wasm-bindgen-test-runner` as the runner: the `#[wasm_bindgen_test]`s of
/// `src/wasm/`. `env` picks where they run (Node by default).
fn wasm_tests(env: &[(&str, &std::ffi::OsStr)]) -> Result {
    setup::ensure_wasm_target()?;
    let runner = setup::ensure_wasm_bindgen_test_runner()?;
    let mut command = cmd::cargo(["test", "--target", WASM_TARGET, "--lib", "-p", "allin"]);
    command.env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", runner);
    for (key, value) in env {
        command.env(key, value);
    }
    cmd::run(&mut command)
}

fn wasm_tests_node() -> Result {
    wasm_tests(&[])
}

/// The same tests in a dedicated worker of headless Chromium, driven by
/// Debian's chromedriver.
fn wasm_tests_worker() -> Result {
    setup::ensure_chromium()?;
    let driver = setup::ensure_chromedriver()?;
    wasm_tests(&[
        ("WASM_BINDGEN_USE_DEDICATED_WORKER", "1".as_ref()),
        ("CHROMEDRIVER", driver.as_os_str()),
    ])
}

fn wasm_build() -> Result {
    crate::wasm::build().map(drop)
}

/// `node --test tests/api/*.test.mjs`: the JS API for bot builders
/// (`www/api/allin.mjs`) and `examples/bot.mjs` in Node, on the built
/// `www/pkg` (after the `wasm` step, or `cargo xtask build`).
fn api_tests() -> Result {
    if !root()
        .join("www")
        .join("pkg")
        .join("allin_bg.wasm")
        .is_file()
    {
        return Err("www/pkg is not built: run `cargo xtask build` first".into());
    }
    let node = setup::node()?;
    let files = test_files(&["tests", "api"])?;
    cmd::run(
        Command::new(node)
            .arg("--test")
            .args(&files)
            .current_dir(root()),
    )
}

/// `node --test tests/e2e/*.test.mjs` against `www/` served in-process on an
/// ephemeral port, driving Debian's chromium. Some tests start servers of
/// their own (tests/e2e/static-server.mjs): one they stop (offline), a
/// second origin (embedding); `ALLIN_CLI` is the built `allin` for the
/// snippet test.
fn browser_tests() -> Result {
    let www = root().join("www");
    if !www.join("pkg").join("allin_bg.wasm").is_file() {
        return Err("www/pkg is not built: run `cargo xtask build` first".into());
    }
    // The service worker's file list and version, from the files as they
    // are now (cheap; a file edited since the last build is never served
    // from a stale list).
    crate::wasm::write_precache(&www)?;
    let cli = build_cli()?;
    let chromium = setup::ensure_chromium()?;
    let node = setup::node()?;
    setup::ensure_npm_deps()?;
    let files = test_files(&["tests", "e2e"])?;

    let server = Server::bind(&www, 0)?.spawn();
    let url = server.url();
    say(format!("serving www/ at {url} for the browser tests"));
    let result = cmd::run(
        Command::new(node)
            .arg("--test")
            .args(&files)
            .env("ALLIN_BASE_URL", &url)
            .env("CHROMIUM", &chromium)
            .env("ALLIN_CLI", &cli)
            .current_dir(root()),
    );
    drop(server);
    result
}

/// `cargo build --bin allin` (debug, as `cargo test` builds it, so usually
/// already fresh): the CLI whose `allin embed` snippet the browser tests
/// render. Returns its path.
fn build_cli() -> Result<PathBuf> {
    cmd::run(&mut cmd::cargo([
        "build",
        "--bin",
        "allin",
        "-p",
        "allin-cli",
    ]))?;
    let exe = crate::wasm::target_dir()?
        .join("debug")
        .join(format!("allin{}", std::env::consts::EXE_SUFFIX));
    if exe.is_file() {
        Ok(exe)
    } else {
        Err(format!(
            "cargo build --bin allin finished but {} is missing",
            exe.display()
        ))
    }
}

/// `DIR/*.test.mjs` (`dir` relative to the root, e.g. `tests/e2e`), relative
/// to the root, sorted. Listed here rather than handing node the directory,
/// whose meaning changed between Node versions.
fn test_files(dir: &[&str]) -> Result<Vec<PathBuf>> {
    let rel: PathBuf = dir.iter().collect();
    let abs = root().join(&rel);
    let entries =
        fs::read_dir(&abs).map_err(|err| format!("cannot list {}: {err}", abs.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|err| format!("cannot list {}: {err}", abs.display()))?;
        let name = entry.file_name();
        if name.to_string_lossy().ends_with(".test.mjs") {
            files.push(rel.join(name));
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(format!("no tests found ({}/*.test.mjs)", rel.display()));
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoes_the_knobs_that_are_set() {
        let lines = knobs_set(|key| (key == "ALLIN_FUZZ_CASES").then(|| "200000".to_string()));
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("ALLIN_FUZZ_CASES=200000: fuzz cases"));
    }

    #[test]
    fn finds_the_browser_and_js_tests() {
        for dir in ["e2e", "js", "api"] {
            let files = test_files(&["tests", dir]).unwrap();
            assert!(files.iter().all(|f| f.starts_with(format!("tests/{dir}"))
                && f.to_string_lossy().ends_with(".test.mjs")));
        }
    }
}
