//! `cargo xtask bench`: runs the side-by-side benchmarks and writes their
//! tables into `docs/performance.md`.
//!
//! The doc keeps each generated table between two markers,
//!
//! ```text
//! <!-- bench:peers.md -->
//! …the table, as the run wrote target/bench/peers.md…
//! <!-- /bench:peers.md -->
//! ```
//!
//! and a `<!-- bench:run -->` block that says when and how the tables were
//! made. The prose around them is written by people; only what is between
//! markers is replaced, and only with files this run wrote (a browser table
//! skipped for want of Chromium keeps its last figures, and says so).

use std::path::Path;
use std::time::SystemTime;

use crate::cmd::{self, root, say, Result};
use crate::{setup, wasm};

/// Where the scripts write their tables (read by `peers/src/report.rs`
/// and `peers/js/*.mjs`).
const DIR_ENV: &str = "ALLIN_BENCH_DIR";

/// The tables, in the doc's order.
const TABLES: [&str; 4] = ["peers.md", "peers-js.md", "peers-browser.md", "floor.md"];

/// `cargo xtask bench [-- ARGS]`: the native side-by-side table (peers/,
/// release build), then the JS one (peers/js: allin's JS API against npm's
/// poker libraries in Node), then the browser one (peers/js/browser.mjs:
/// the JS API in Chromium, in Node and the native CLI side by side; skipped
/// without `chromium`), with the same arguments.
pub fn run(rest: &[String]) -> Result {
    let args: Vec<&String> = rest.iter().skip_while(|a| a.as_str() == "--").collect();
    let started = SystemTime::now();
    let dir = wasm::target_dir()?.join("bench");
    // Every script writes its tables here (the peers binary, the three
    // node scripts), so the docs read one run's files.
    std::env::set_var(DIR_ENV, &dir);
    // A benchmark is built with the release profile, whatever else runs.
    cmd::run(cmd::cargo(["run", "--release", "-p", "allin-peers", "--"]).args(&args))?;
    let node = setup::node()?;
    setup::ensure_npm_bench_deps()?;
    wasm::build()?;
    cmd::run(
        std::process::Command::new(&node)
            .arg(root().join("peers").join("js").join("bench.mjs"))
            .args(&args),
    )?;
    cmd::run(&mut cmd::cargo([
        "build",
        "--release",
        "-p",
        "allin-cli",
        "--bin",
        "allin",
    ]))?;
    cmd::run(
        std::process::Command::new(&node)
            .arg(root().join("peers").join("js").join("browser.mjs"))
            .args(&args),
    )?;
    // The last table: the same Rust loops natively and in wasm, no JS API
    // between (peers/floor), the wasm optimised as the shipped modules are.
    cmd::run(&mut cmd::cargo(["build", "--release", "-p", "allin-floor"]))?;
    cmd::run(&mut cmd::cargo([
        "build",
        "--release",
        "-p",
        "allin-floor",
        "--lib",
        "--target",
        setup::WASM_TARGET,
    ]))?;
    let built = wasm::target_dir()?
        .join(setup::WASM_TARGET)
        .join("release")
        .join("allin_floor.wasm");
    std::fs::create_dir_all(&dir)
        .map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
    let floor = dir.join("allin_floor.wasm");
    std::fs::copy(&built, &floor).map_err(|err| {
        format!(
            "cannot copy {} to {}: {err}",
            built.display(),
            floor.display()
        )
    })?;
    if std::env::var("ALLIN_WASM_OPT").as_deref() != Ok("0") {
        wasm::optimise(&setup::ensure_build_tools()?, &floor)?;
    }
    cmd::run(
        std::process::Command::new(node)
            .arg(root().join("peers").join("js").join("floor.mjs"))
            .arg("--wasm")
            .arg(&floor)
            .args(&args),
    )?;
    if args.iter().any(|a| a.as_str() == "--only") {
        say("a partial run (--only): docs/performance.md left as it is");
        return Ok(());
    }
    write_docs(&dir, &args, started)
}

/// Splices this run's tables into `docs/performance.md`.
fn write_docs(dir: &Path, args: &[&String], started: SystemTime) -> Result {
    let path = root().join("docs").join("performance.md");
    let mut doc = std::fs::read_to_string(&path)
        .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
    let instructions = args.iter().any(|a| a.as_str() == "--instructions");
    let mut written = Vec::new();
    let mut kept = Vec::new();
    for name in TABLES {
        let file = dir.join(name);
        let fresh = std::fs::metadata(&file)
            .and_then(|m| m.modified())
            .is_ok_and(|t| t >= started);
        // An --instructions run's floor table is the doc's second one.
        let block = if name == "floor.md" && instructions {
            "floor-instructions.md"
        } else {
            name
        };
        if !fresh {
            kept.push(block);
            continue;
        }
        let table = std::fs::read_to_string(&file)
            .map_err(|err| format!("cannot read {}: {err}", file.display()))?;
        doc = splice(&doc, block, table.trim_end())?;
        written.push(block);
    }
    let mut run = format!(
        "Tables measured {} by `cargo xtask bench{}{}`.",
        date(SystemTime::now()),
        if args.is_empty() { "" } else { " --" },
        args.iter().map(|a| format!(" {a}")).collect::<String>()
    );
    if !kept.is_empty() {
        run.push_str(&format!(
            " Not remeasured in that run (kept from an earlier one): {}.",
            kept.join(", ")
        ));
    }
    doc = splice(&doc, "run", &run)?;
    std::fs::write(&path, doc).map_err(|err| format!("cannot write {}: {err}", path.display()))?;
    say(format!("docs/performance.md: wrote {}", written.join(", ")));
    Ok(())
}

/// `doc` with what is between `<!-- bench:NAME -->` and
/// `<!-- /bench:NAME -->` replaced by `body` (on lines of its own).
fn splice(doc: &str, name: &str, body: &str) -> Result<String> {
    let open = format!("<!-- bench:{name} -->");
    let close = format!("<!-- /bench:{name} -->");
    let missing = || format!("docs/performance.md has no `{open}` … `{close}` block");
    let start = doc.find(&open).ok_or_else(missing)? + open.len();
    let end = start + doc[start..].find(&close).ok_or_else(missing)?;
    Ok(format!("{}\n{body}\n{}", &doc[..start], &doc[end..]))
}

/// `YYYY-MM-DD` (UTC) of a time: days since 1970 to a civil date.
fn date(time: SystemTime) -> String {
    let secs = time
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splices_between_markers_only() {
        let doc = "a\n<!-- bench:x.md -->\nold\n<!-- /bench:x.md -->\nb\n";
        let out = splice(doc, "x.md", "| new |").unwrap();
        assert_eq!(
            out,
            "a\n<!-- bench:x.md -->\n| new |\n<!-- /bench:x.md -->\nb\n"
        );
        assert_eq!(splice(&out, "x.md", "| new |").unwrap(), out);
        assert!(splice(doc, "y.md", "z").unwrap_err().contains("bench:y.md"));
    }

    #[test]
    fn dates() {
        let at = |secs| date(SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(secs));
        assert_eq!(at(0), "1970-01-01");
        assert_eq!(at(951_782_400), "2000-02-29");
        assert_eq!(at(1_795_824_000), "2026-11-28");
    }

    #[test]
    fn the_doc_has_every_block() {
        let doc = std::fs::read_to_string(root().join("docs").join("performance.md")).unwrap();
        for name in TABLES.iter().chain(&["floor-instructions.md", "run"]) {
            splice(&doc, name, "").unwrap();
        }
    }
}
