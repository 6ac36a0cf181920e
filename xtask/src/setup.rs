//! Installing what the tasks need, and skipping what is already right.
//!
//! Each `ensure_*` prints one line saying what it found or did.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd::{self, find_in_path};
use crate::cmd::{root, say, Result};

/// The target the page's engine is compiled for.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// `rustup target add wasm32-unknown-unknown` unless it is installed.
pub fn ensure_wasm_target() -> Result {
    let installed = cmd::output(Command::new("rustup").args(["target", "list", "--installed"]))
        .map_err(|err| {
            format!("cannot list the installed Rust targets (is rustup on PATH?): {err}")
        })?;
    if installed.lines().any(|line| line.trim() == WASM_TARGET) {
        say(format!("rust target {WASM_TARGET}: installed"));
        return Ok(());
    }
    say(format!("rust target {WASM_TARGET}: missing, adding it"));
    cmd::run(Command::new("rustup").args(["target", "add", WASM_TARGET]))
        .map_err(|err| format!("rustup target add {WASM_TARGET} failed: {err}"))
}

/// The wasm-bindgen version pinned in the root `Cargo.toml`
/// (`wasm-bindgen = "=0.2.N"`): the CLI must be exactly this version.
pub fn pinned_wasm_bindgen() -> Result<String> {
    let path = root().join("Cargo.toml");
    let manifest = fs::read_to_string(&path)
        .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
    parse_pinned_wasm_bindgen(&manifest).ok_or_else(|| {
        format!(
            "{} must pin wasm-bindgen exactly, e.g. `wasm-bindgen = \"=0.2.129\"`, \
             so that the wasm-bindgen CLI can be installed at the same version",
            path.display()
        )
    })
}

fn parse_pinned_wasm_bindgen(manifest: &str) -> Option<String> {
    manifest.lines().find_map(|line| {
        let value = line.trim().strip_prefix("wasm-bindgen")?.trim_start();
        let value = value.strip_prefix('=')?.trim();
        // Either `"=0.2.N"` or `{ version = "=0.2.N", ... }`.
        let start = value.find("\"=")? + 2;
        let len = value[start..].find('"')?;
        Some(value[start..start + len].to_string())
    })
}

/// The `wasm-bindgen` CLI at exactly the pinned version, installing it with
/// `cargo install` if it is missing or another version. Returns its path.
pub fn ensure_wasm_bindgen() -> Result<PathBuf> {
    let want = pinned_wasm_bindgen()?;
    let expected = format!("wasm-bindgen {want}");
    let mut seen = Vec::new();
    for candidate in wasm_bindgen_candidates() {
        match version_of(&candidate) {
            Some(version) if version == expected => {
                say(format!("{expected}: found {}", candidate.display()));
                return Ok(candidate);
            }
            Some(version) => seen.push(format!("{} is {version:?}", candidate.display())),
            None => {}
        }
    }
    let found = if seen.is_empty() {
        "not installed".to_string()
    } else {
        seen.join(", ")
    };
    say(format!(
        "wasm-bindgen CLI: {found}; want {want}, installing it with cargo (takes a few minutes, once)"
    ));
    cmd::run(&mut cmd::cargo([
        "install",
        "wasm-bindgen-cli",
        "--version",
        &want,
        "--locked",
    ]))
    .map_err(|err| format!("installing wasm-bindgen-cli {want} failed: {err}"))?;
    for candidate in wasm_bindgen_candidates() {
        if version_of(&candidate).as_deref() == Some(expected.as_str()) {
            say(format!("{expected}: installed at {}", candidate.display()));
            return Ok(candidate);
        }
    }
    Err(format!(
        "cargo install wasm-bindgen-cli {want} succeeded, but no `wasm-bindgen` reporting \
         {expected:?} is on PATH or in cargo's bin directory"
    ))
}

/// Where a `wasm-bindgen` may be: first on `$PATH`, then in cargo's bin
/// directory (where `cargo install` puts it, even if that is not on `$PATH`).
fn wasm_bindgen_candidates() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = find_in_path("wasm-bindgen").into_iter().collect();
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")));
    if let Some(home) = cargo_home {
        let path = home.join("bin").join("wasm-bindgen");
        if path.is_file() && !out.contains(&path) {
            out.push(path);
        }
    }
    out
}

fn version_of(program: &Path) -> Option<String> {
    cmd::output(Command::new(program).arg("--version"))
        .ok()
        .map(|out| out.trim().to_string())
}

/// Debian's `chromium`, installing it with apt-get if `command -v chromium`
/// finds nothing. Returns its path.
pub fn ensure_chromium() -> Result<PathBuf> {
    if let Some(path) = find_in_path("chromium") {
        say(format!("chromium: found {}", path.display()));
        return Ok(path);
    }
    say("chromium: not on PATH, installing Debian's chromium with apt-get");
    apt_get(&["update"])?;
    apt_get(&["install", "-y", "chromium"])?;
    find_in_path("chromium").ok_or_else(|| {
        "apt-get install chromium finished, but `chromium` is still not on PATH".to_string()
    })
}

/// `wasm-bindgen-test-runner` from the same install as the pinned
/// `wasm-bindgen` CLI (the crate `wasm-bindgen-cli` ships both), checked to be
/// the same version. Returns its path.
pub fn ensure_wasm_bindgen_test_runner() -> Result<PathBuf> {
    let bindgen = ensure_wasm_bindgen()?;
    let want = pinned_wasm_bindgen()?;
    let runner = bindgen.with_file_name("wasm-bindgen-test-runner");
    let expected = format!("wasm-bindgen-test-runner {want}");
    match version_of(&runner) {
        Some(version) if version == expected => {
            say(format!("{expected}: found {}", runner.display()));
            Ok(runner)
        }
        found => Err(format!(
            "{} is {found:?}, want {expected:?}: reinstall with \
             `cargo install wasm-bindgen-cli --version {want} --locked --force`",
            runner.display()
        )),
    }
}

/// Debian's `chromedriver` (package `chromium-driver`, matching `chromium`),
/// which `wasm-bindgen-test-runner` drives for the in-browser wasm tests,
/// installing it with apt-get if it is not on PATH. Returns its path.
pub fn ensure_chromedriver() -> Result<PathBuf> {
    if let Some(path) = find_in_path("chromedriver") {
        say(format!("chromedriver: found {}", path.display()));
        return Ok(path);
    }
    say("chromedriver: not on PATH, installing Debian's chromium-driver with apt-get");
    apt_get(&["update"])?;
    apt_get(&["install", "-y", "chromium", "chromium-driver"])?;
    find_in_path("chromedriver").ok_or_else(|| {
        "apt-get install chromium-driver finished, but `chromedriver` is still not on PATH"
            .to_string()
    })
}

/// Runs `apt-get ARGS` non-interactively, through sudo unless we are root.
fn apt_get(args: &[&str]) -> Result {
    let mut command = if is_root() {
        Command::new("apt-get")
    } else {
        let mut sudo = Command::new("sudo");
        sudo.arg("apt-get");
        sudo
    };
    // Wait for a concurrent apt/dpkg run instead of failing on its lock.
    command
        .args(["-o", "DPkg::Lock::Timeout=600"])
        .args(args)
        .env("DEBIAN_FRONTEND", "noninteractive");
    cmd::run(&mut command).map_err(|err| format!("apt-get {} failed: {err}", args.join(" ")))
}

fn is_root() -> bool {
    cmd::output(Command::new("id").arg("-u"))
        .map(|uid| uid.trim() == "0")
        .unwrap_or(false)
}

/// `node`, which runs the browser tests.
pub fn node() -> Result<PathBuf> {
    let node = find_in_path("node").ok_or_else(|| {
        "node not found on PATH: the browser tests need Node.js 20 or later \
         (e.g. `apt-get install -y nodejs npm`)"
            .to_string()
    })?;
    let version = cmd::output(Command::new(&node).arg("--version"))?;
    say(format!("node: {} at {}", version.trim(), node.display()));
    Ok(node)
}

/// The browser tests' npm packages (`tests/e2e`).
pub fn ensure_npm_deps() -> Result {
    ensure_npm_dir(&["tests", "e2e"])
}

/// The JS benchmark's peers (`peers/js`: npm's poker libraries).
pub fn ensure_npm_bench_deps() -> Result {
    ensure_npm_dir(&["peers", "js"])
}

/// The build's npm tools (`xtask/tools`: binaryen's wasm-opt); returns
/// that directory's `node_modules/.bin`.
pub fn ensure_build_tools() -> Result<PathBuf> {
    ensure_npm_dir(&["xtask", "tools"])?;
    Ok(root()
        .join("xtask")
        .join("tools")
        .join("node_modules")
        .join(".bin"))
}

/// `npm ci` in the directory `parts` (relative to the repository root)
/// unless its `node_modules` was installed from the current `package.json`
/// and `package-lock.json`.
fn ensure_npm_dir(parts: &[&str]) -> Result {
    let dir = parts.iter().fold(root(), |dir, part| dir.join(part));
    let name = parts.join("/");
    let mut wanted = Vec::new();
    for file in ["package.json", "package-lock.json"] {
        let path = dir.join(file);
        let bytes =
            fs::read(&path).map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        wanted.extend_from_slice(&bytes);
        wanted.push(0);
    }
    let stamp = dir.join("node_modules").join(".allin-installed-from");
    if fs::read(&stamp).ok().as_deref() == Some(wanted.as_slice()) {
        say(format!("npm packages: {name}/node_modules is up to date"));
        return Ok(());
    }
    let state = if dir.join("node_modules").is_dir() {
        "stale"
    } else {
        "missing"
    };
    say(format!(
        "npm packages: {name}/node_modules is {state}, running npm ci"
    ));
    let npm = find_in_path("npm").ok_or_else(|| {
        "npm not found on PATH: install Node.js and npm (e.g. `apt-get install -y nodejs npm`)"
            .to_string()
    })?;
    cmd::run(
        Command::new(npm)
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&dir),
    )
    .map_err(|err| format!("npm ci in {name} failed: {err}"))?;
    fs::write(&stamp, wanted).map_err(|err| format!("cannot write {}: {err}", stamp.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_pinned_wasm_bindgen() {
        let version = pinned_wasm_bindgen().unwrap();
        assert!(version.starts_with("0.2."), "{version}");
        assert_eq!(
            parse_pinned_wasm_bindgen("[dependencies]\nwasm-bindgen = \"=0.2.100\"\n").as_deref(),
            Some("0.2.100")
        );
        assert_eq!(
            parse_pinned_wasm_bindgen("wasm-bindgen = { version = \"=0.2.7\", x = 1 }").as_deref(),
            Some("0.2.7")
        );
        assert_eq!(parse_pinned_wasm_bindgen("wasm-bindgen = \"0.2\""), None);
        assert_eq!(
            parse_pinned_wasm_bindgen("wasm-bindgen-futures = \"=0.4.1\""),
            None
        );
    }
}
