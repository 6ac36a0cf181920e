//! `cargo xtask build`: the wasm build of the engine, into `www/pkg`.
//!
//! Four modules from the one crate (its `wasm-*` features, see Cargo.toml,
//! [`MODULES`]): for each, `cargo build --release --target
//! wasm32-unknown-unknown --lib -p allin --no-default-features --features
//! F`, then `wasm-bindgen --target web` (ES modules, relative URLs):
//! `pkg/allin.js` + `allin_bg.wasm` (the core, what the calculator's first
//! result needs), and `pkg/allin_extra.js`, `allin_board.js`,
//! `allin_mixed.js` with their `_bg.wasm` (loaded when first needed: the
//! catalogue's `Family::wasm_module` says which game needs which), so
//! `www/` is a complete static site for any static host and any sub-path. Then `wasm-opt -O3` on each, from npm's
//! binaryen (pinned in `xtask/tools`; Debian's binaryen is too old for
//! current wasm-bindgen output): about 7% smaller, same speed, with one
//! limit ([`WASM_OPT_ARGS`]). `ALLIN_WASM_OPT=0` skips it (for a machine
//! without Node.js).
//!
//! No `simd128`: measured, it did not pay (ARCHITECTURE.md, "Why these
//! choices"). To try a flag again, build with it
//! (`CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS='-C
//! target-feature=+simd128' cargo xtask build`), copy `www/` aside, build
//! without, and compare with `node benches/wasm-ab.mjs`.
//!
//! Then the served site, `site/` (`site.rs`: bundles, minified files), and
//! the service worker's precache list (`site/sw-version.js`): every file of
//! the site and a version hashed from all their bytes, so that any change to
//! any file makes a new cache and an update.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd;
use crate::cmd::{root, say, Result};
use crate::precache::kib;
use crate::setup::{self, WASM_TARGET};

/// `wasm-opt`'s arguments. `-O3` alone inlines a function with one caller
/// whatever its size, which folded the range engine's loops into a few
/// huge functions: Chromium's V8 compiles those as well as before, Node
/// 20's much worse (the JS API in Node, `node benches/wasm-ab.mjs`,
/// 2026-11-27: AhKh v random with a dead card and QQ+ v TT+ v 99+ on
/// Kh7d2c 0.69–0.74× and 0.70× the time with this limit, the other rows
/// the same, Chromium the same on every row; 1 KB larger).
pub const WASM_OPT_ARGS: [&str; 3] = ["-O3", "--one-caller-inline-max-function-size", "100"];

/// The wasm modules: the crate feature each is built with, and its name in
/// `www/pkg` (`NAME.js` and `NAME_bg.wasm`; the names
/// `Family::wasm_module` gives, a test checks).
pub const MODULES: [(&str, &str); 4] = [
    ("wasm-core", "allin"),
    ("wasm-extra", "allin_extra"),
    ("wasm-board", "allin_board"),
    ("wasm-mixed", "allin_mixed"),
];

/// Cargo's arguments (after the verb) for the wasm library as one module
/// builds it: `feature` alone (`MODULES`), for the wasm target.
pub fn module_args(feature: &str) -> [&str; 8] {
    [
        "--target",
        WASM_TARGET,
        "--lib",
        "-p",
        "allin",
        "--no-default-features",
        "--features",
        feature,
    ]
}

/// Builds `www/pkg`, then the served site from `www/` (`site.rs`), and
/// returns the site's directory.
pub fn build() -> Result<PathBuf> {
    setup::ensure_wasm_target()?;
    let bindgen = setup::ensure_wasm_bindgen()?;
    let target = target_dir()?;
    let staged = target.join(WASM_TARGET).join("release").join("modules");
    fs::create_dir_all(&staged)
        .map_err(|err| format!("cannot create {}: {err}", staged.display()))?;
    // The cdylib's file has no hash in its name, so two feature sets in one
    // target directory would rebuild each other's: each module but the
    // first gets a target directory of its own. The builds run at once:
    // each ends in a long single-threaded LTO, so together they fill the
    // cores. Any warning fails the build (each module alone: code only some
    // of them use must be gated on their features).
    let dirs: Vec<PathBuf> = MODULES
        .iter()
        .enumerate()
        .map(|(i, (_, name))| {
            if i == 0 {
                target.clone()
            } else {
                target.join(format!("wasm-{name}"))
            }
        })
        .collect();
    let builds = MODULES
        .iter()
        .zip(&dirs)
        .map(|((feature, _), dir)| {
            let mut command = cmd::cargo(["build", "--release"]);
            command.args(module_args(feature));
            command.arg("--target-dir").arg(dir);
            command
        })
        .collect();
    crate::lint::build_all(builds)?;
    let mut built = Vec::new();
    for ((_, name), dir) in MODULES.into_iter().zip(&dirs) {
        let wasm = dir.join(WASM_TARGET).join("release").join("allin.wasm");
        if !wasm.is_file() {
            return Err(format!(
                "the wasm build finished but {} is missing",
                wasm.display()
            ));
        }
        // wasm-bindgen names its output after the input file.
        let copy = staged.join(format!("{name}.wasm"));
        fs::copy(&wasm, &copy).map_err(|err| {
            format!(
                "cannot copy {} to {}: {err}",
                wasm.display(),
                copy.display()
            )
        })?;
        built.push((copy, name));
    }

    let www = root().join("www");
    let pkg = www.join("pkg");
    // Start clean so no file of an older build lingers.
    if pkg.exists() {
        fs::remove_dir_all(&pkg)
            .map_err(|err| format!("cannot remove the old {}: {err}", pkg.display()))?;
    }
    for (wasm, name) in &built {
        bindgen_and_optimise(&bindgen, wasm, &pkg, name)?;
    }

    let mut sizes = Vec::new();
    for (_, name) in MODULES {
        for file in [format!("{name}.js"), format!("{name}_bg.wasm")] {
            let path = pkg.join(&file);
            let len = fs::metadata(&path)
                .map_err(|err| format!("wasm-bindgen did not write {}: {err}", path.display()))?
                .len();
            sizes.push(format!("{file} {}", kib(len)));
        }
    }
    say(format!("built www/pkg: {}", sizes.join(", ")));
    crate::site::assemble(&www)
}

/// `wasm-opt` with [`WASM_OPT_ARGS`] on `wasm`, in place (`bin`: the
/// pinned build tools' directory, [`setup::ensure_build_tools`]).
pub fn optimise(bin: &Path, wasm: &Path) -> Result {
    // Features: from the module's own `target_features` section.
    cmd::run(
        Command::new(bin.join("wasm-opt"))
            .args(WASM_OPT_ARGS)
            .arg(wasm)
            .arg("-o")
            .arg(wasm),
    )
    .map_err(|err| format!("wasm-opt failed: {err} (ALLIN_WASM_OPT=0 skips it)"))
}

/// `wasm-bindgen` of one module into `pkg`, then `wasm-opt` (unless
/// `ALLIN_WASM_OPT=0`).
fn bindgen_and_optimise(bindgen: &Path, wasm: &Path, pkg: &Path, name: &str) -> Result {
    cmd::run(
        Command::new(bindgen)
            .arg(wasm)
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
            .arg(pkg)
            .current_dir(root()),
    )?;

    let bg = pkg.join(format!("{name}_bg.wasm"));
    if std::env::var("ALLIN_WASM_OPT").as_deref() == Ok("0") {
        say("ALLIN_WASM_OPT=0: wasm-opt skipped");
    } else {
        let bin = setup::ensure_build_tools()?;
        let before = fs::metadata(&bg).map(|m| m.len()).unwrap_or(0);
        optimise(&bin, &bg)?;
        let after = fs::metadata(&bg).map(|m| m.len()).unwrap_or(0);
        say(format!(
            "wasm-opt {name}: {} -> {}",
            kib(before),
            kib(after)
        ));
    }
    Ok(())
}

/// Cargo's target directory, wherever it was configured to be.
pub fn target_dir() -> Result<PathBuf> {
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
