//! The Python package (`python/`, PyO3 + maturin) under pytest, in a venv
//! of its own under the target dir (`target/python/venv`): pinned maturin,
//! pytest and NumPy from PyPI, `maturin develop --release` (its own cargo
//! workspace, built into `target/python`), then `python/tests/`.
//!
//! The default tier checks the crate's formatting and runs the suite less
//! the tests marked `slow` (the example table); `--full` adds
//! `python-full`: clippy on the crate and the slow tests. Both set
//! `ALLIN_CLI` to the debug CLI the `clippy` step built, when it is there,
//! so the counts are compared with the CLI's.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd;
use crate::cmd::{root, say, Result};

/// What the venv holds, pinned (a changed pin reinstalls).
const PINS: [&str; 3] = ["maturin==1.16.0", "pytest==9.2.0", "numpy==2.4.6"];

/// The default tier: rustfmt on the crate, the suite without the `slow` tests.
pub(super) fn python_smoke() -> Result {
    cmd::run(&mut cmd::cargo([
        "fmt",
        "--manifest-path",
        "python/Cargo.toml",
        "--",
        "--check",
    ]))
    .map_err(|err| format!("{err}: run `cargo fmt --manifest-path python/Cargo.toml`"))?;
    pytest(&["-m", "not slow"])
}

/// `--full`: clippy on the crate (its own workspace, so the `clippy`
/// step does not see it), then the slow tests (the example bot table).
pub(super) fn python_full() -> Result {
    let venv = ensure_venv()?;
    let target = crate::wasm::target_dir()?.join("python");
    cmd::run(
        cmd::cargo([
            "clippy",
            "--manifest-path",
            "python/Cargo.toml",
            "--release",
            "--",
            "-D",
            "warnings",
        ])
        .env("CARGO_TARGET_DIR", &target)
        .env("PYO3_PYTHON", venv.join("bin").join("python")),
    )?;
    pytest(&["-m", "slow"])
}

fn pytest(args: &[&str]) -> Result {
    let venv = ensure_venv()?;
    let python = venv.join("bin").join("python");
    let target = crate::wasm::target_dir()?.join("python");
    let mut develop = Command::new(venv.join("bin").join("maturin"));
    develop
        .args(["develop", "--release", "--quiet"])
        .current_dir(root().join("python"))
        .env("VIRTUAL_ENV", &venv)
        .env("CARGO_TARGET_DIR", &target);
    cmd::run(&mut develop)?;
    let mut test = Command::new(&python);
    test.args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .args(args)
        .arg("python/tests")
        .current_dir(root());
    if let Ok(cli) = super::node::debug_cli() {
        test.env("ALLIN_CLI", cli);
    }
    cmd::run(&mut test)
}

/// The venv, made and filled with [`PINS`] when missing or stale.
fn ensure_venv() -> Result<PathBuf> {
    let venv = crate::wasm::target_dir()?.join("python").join("venv");
    let stamp = venv.join("allin-pins.txt");
    let want = PINS.join("\n");
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(want.as_str()) {
        return Ok(venv);
    }
    let python = cmd::find_in_path("python3").ok_or_else(|| {
        "python3 not found: install Python 3.9+ with venv (Debian: apt-get install python3-venv)"
            .to_string()
    })?;
    say(format!("making the Python venv {}", venv.display()));
    cmd::run(
        Command::new(python)
            .args(["-m", "venv", "--clear"])
            .arg(&venv),
    )?;
    pip(&venv, &PINS)?;
    std::fs::write(&stamp, want).map_err(|e| format!("{}: {e}", stamp.display()))?;
    Ok(venv)
}

fn pip(venv: &Path, packages: &[&str]) -> Result {
    cmd::run(
        Command::new(venv.join("bin").join("python"))
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(packages),
    )
}
