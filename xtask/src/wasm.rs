//! `cargo xtask build`: the wasm build of the engine, into `www/pkg`.
//!
//! `cargo build --release --target wasm32-unknown-unknown --lib -p allin`, then
//! `wasm-bindgen --target web` (ES modules, relative URLs), so `www/` is a
//! complete static site for any static host and any sub-path. No wasm-opt for
//! now: Debian's binaryen is too old for current wasm-bindgen output.

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use crate::cmd;
use crate::setup::{self, WASM_TARGET};
use crate::{root, say, Result};

/// Builds `www/pkg` and returns the `www/` directory.
pub fn build() -> Result<PathBuf> {
    setup::ensure_wasm_target()?;
    let bindgen = setup::ensure_wasm_bindgen()?;
    cmd::run(&mut cmd::cargo([
        "build",
        "--release",
        "--target",
        WASM_TARGET,
        "--lib",
        "-p",
        "allin",
    ]))?;
    let wasm = target_dir()?
        .join(WASM_TARGET)
        .join("release")
        .join("allin.wasm");
    if !wasm.is_file() {
        return Err(format!(
            "the wasm build finished but {} is missing",
            wasm.display()
        ));
    }

    let www = root().join("www");
    let pkg = www.join("pkg");
    // Start clean so no file of an older build lingers.
    if pkg.exists() {
        fs::remove_dir_all(&pkg)
            .map_err(|err| format!("cannot remove the old {}: {err}", pkg.display()))?;
    }
    cmd::run(
        Command::new(bindgen)
            .arg(&wasm)
            .args([
                "--target",
                "web",
                "--no-typescript",
                // Names and tool versions are for debuggers, not for users:
                // they would be about 7% of the download.
                "--remove-name-section",
                "--remove-producers-section",
                "--out-dir",
            ])
            .arg(&pkg)
            .current_dir(root()),
    )?;

    let mut sizes = Vec::new();
    for name in ["allin.js", "allin_bg.wasm"] {
        let path = pkg.join(name);
        let len = fs::metadata(&path)
            .map_err(|err| format!("wasm-bindgen did not write {}: {err}", path.display()))?
            .len();
        sizes.push(format!("{name} {}", kib(len)));
    }
    say(format!("built www/pkg: {}", sizes.join(", ")));
    Ok(www)
}

fn kib(bytes: u64) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}

/// Cargo's target directory, wherever it was configured to be.
fn target_dir() -> Result<PathBuf> {
    let metadata = cmd::output(&mut cmd::cargo([
        "metadata",
        "--format-version",
        "1",
        "--no-deps",
    ]))?;
    json_string_field(&metadata, "target_directory")
        .map(PathBuf::from)
        .ok_or_else(|| "`cargo metadata` did not report a target_directory".to_string())
}

/// The value of the first `"key":"value"` string field in a JSON text, with
/// `\"` and `\\` unescaped. Enough for `cargo metadata`'s paths.
fn json_string_field(json: &str, key: &str) -> Option<String> {
    let start = json.find(&format!("\"{key}\":\""))? + key.len() + 4;
    let mut out = String::new();
    let mut chars = json[start..].chars();
    loop {
        match chars.next()? {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                other => out.push(other),
            },
            ch => out.push(ch),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_json_string_fields() {
        let json = r#"{"a":1,"target_directory":"/w/my \"t\"\\x","b":"c"}"#;
        assert_eq!(
            json_string_field(json, "target_directory").as_deref(),
            Some(r#"/w/my "t"\x"#)
        );
        assert_eq!(json_string_field(json, "nope"), None);
    }
}
