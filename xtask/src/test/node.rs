//! The steps that run Node: the JS unit tests, the JS API, the browser
//! smoke and the whole browser suite, on one server per run.

use std::fs;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use crate::cmd;
use crate::cmd::{root, say, Result};
use crate::lint;
use crate::serve::{Running, Server};
use crate::setup;

/// The page's DOM-free modules (scheduling, merging, URL state) under
/// `node --test tests/js/*.test.mjs`: no browser, no build needed.
pub(super) fn js_unit_tests() -> Result {
    cmd::run(&mut node_tests(&["tests", "js"])?)
}

/// `node --test DIR/*.test.mjs`, from the root.
fn node_tests(dir: &[&str]) -> Result<Command> {
    let node = setup::node()?;
    let files = test_files(dir)?;
    let mut command = Command::new(node);
    command.arg("--test").args(&files).current_dir(root());
    Ok(command)
}

/// `www/pkg`, or an error saying how to build it.
fn built_www() -> Result<PathBuf> {
    let www = root().join("www");
    if www.join("pkg").join("allin_bg.wasm").is_file() {
        Ok(www)
    } else {
        Err("www/pkg is not built: run `cargo xtask build` first".into())
    }
}

/// `node --test tests/api/*.test.mjs`: the JS API for bot builders
/// (`www/api/allin.mjs`) and `examples/bot.mjs` in Node, on the built
/// `www/pkg` (after the `wasm` step, or `cargo xtask build`); `ALLIN_CLI`
/// is the built `allin` that `deal()` is compared with.
pub(super) fn api_tests() -> Result {
    built_www()?;
    let cli = build_cli()?;
    cmd::run(node_tests(&["tests", "api"])?.env("ALLIN_CLI", cli))
}

/// The one server of a run: `www/` served in-process on an ephemeral port,
/// started by the first browser step and shared by the next.
fn server() -> Result<&'static Running> {
    static SERVER: OnceLock<Running> = OnceLock::new();
    if let Some(running) = SERVER.get() {
        return Ok(running);
    }
    let www = built_www()?;
    // The site from the sources as they are now (bundles, pages, the
    // service worker's list: seconds), so a file edited since the last
    // build is never served stale.
    let site = crate::site::assemble(&www)?;
    let running = Server::bind(&site, 0)?.spawn();
    say(format!(
        "serving site/ at {} for the browser tests",
        running.url()
    ));
    Ok(SERVER.get_or_init(|| running))
}

/// The browser smoke (`tests/e2e/smoke/`): every page and every game once,
/// exact numbers equal to the CLI, offline, no foreign request.
pub(super) fn browser_smoke() -> Result {
    browser(&test_files(&["tests", "e2e", "smoke"])?, 1)
}

/// The files that run alone, after the others: they measure timing
/// (keystrokes a second, long tasks, memory), which a second file sharing
/// the two cores would disturb.
const ALONE: [&str; 1] = ["stress.test.mjs"];

/// The whole browser suite (`tests/e2e/*.test.mjs`; the soaks only with
/// `ALLIN_EXHAUSTIVE=1`): two files at a time (one Chromium each, one per
/// core), the largest first so the last pair ends together, then
/// [`ALONE`] one by one.
pub(super) fn browser_tests() -> Result {
    let (alone, mut shared): (Vec<PathBuf>, Vec<PathBuf>) = test_files(&["tests", "e2e"])?
        .into_iter()
        .partition(|f| ALONE.iter().any(|name| f.ends_with(name)));
    shared.sort_by_key(|f| std::cmp::Reverse(fs::metadata(root().join(f)).map_or(0, |m| m.len())));
    browser(&shared, 2)?;
    browser(&alone, 1)
}

/// `node --test FILES` against the run's server, driving Debian's chromium,
/// `concurrency` files at a time. Some tests start servers of their own
/// (tests/e2e/static-server.mjs): one they stop (offline), a second origin
/// (embedding); `ALLIN_CLI` is the built `allin` they compare with.
fn browser(files: &[PathBuf], concurrency: usize) -> Result {
    let server = server()?;
    let cli = build_cli()?;
    let chromium = setup::ensure_chromium()?;
    let node = setup::node()?;
    setup::ensure_npm_deps()?;
    cmd::run(
        Command::new(node)
            .arg("--test")
            .arg(format!("--test-concurrency={concurrency}"))
            .args(files)
            .env("ALLIN_BASE_URL", server.url())
            .env("CHROMIUM", &chromium)
            .env("ALLIN_CLI", &cli)
            .current_dir(root()),
    )
}

/// `cargo build --bin allin` through clippy, as the `clippy` step builds
/// it (so usually already fresh): the CLI whose answers the browser tests
/// compare with. Returns its path.
fn build_cli() -> Result<PathBuf> {
    cmd::run(&mut lint::wrapped([
        "build",
        "--bin",
        "allin",
        "-p",
        "allin-cli",
    ])?)?;
    debug_cli()
}

/// The debug build of the CLI, `target/debug/allin`, if it is there.
pub(super) fn debug_cli() -> Result<PathBuf> {
    let exe = crate::wasm::target_dir()?
        .join("debug")
        .join(format!("allin{}", std::env::consts::EXE_SUFFIX));
    if exe.is_file() {
        Ok(exe)
    } else {
        Err(format!(
            "{} is missing: run `cargo xtask test clippy` (or `cargo build --bin allin`)",
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
    fn finds_the_browser_and_js_tests() {
        for dir in [
            &["tests", "e2e"][..],
            &["tests", "e2e", "smoke"],
            &["tests", "js"],
            &["tests", "api"],
        ] {
            let files = test_files(dir).unwrap();
            let prefix = dir.join("/");
            assert!(files
                .iter()
                .all(|f| f.starts_with(&prefix) && f.to_string_lossy().ends_with(".test.mjs")));
        }
    }
}
