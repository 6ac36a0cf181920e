//! The `allin` binary, run for real: one-line cases from
//! `cli/tests/data/cli.txt` (the cheap censuses among them), plus stdin
//! streaming, showdown files, JSON escaping and bounded reading.
//!
//! The cases run from the repository root (paths like
//! `tests/data/euler54_poker.txt` are relative to it), through the shared
//! `check` helper of the main crate's tests.

#[allow(dead_code)]
#[path = "../../../tests/it/check.rs"]
mod check;

mod cases;
mod distribution;
mod hostile;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root, where the cases run.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ is inside the repository")
        .to_path_buf()
}

/// Runs `allin ARGS` from the repository root, feeding `stdin`.
pub fn allin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_allin"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run allin");
    let mut pipe = child.stdin.take().expect("stdin");
    // Write from a thread so a child that answers while reading cannot
    // deadlock against a full pipe.
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for allin");
    let _ = writer.join();
    out
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
