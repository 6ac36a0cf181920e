//! `cargo xtask build`: the wasm build of the engine, into `www/pkg`.
//!
//! Two modules from the one crate (its `wasm-core` and `wasm-extra`
//! features, see Cargo.toml): for each, `cargo build --release --target
//! wasm32-unknown-unknown --lib -p allin --no-default-features --features
//! F`, then `wasm-bindgen --target web` (ES modules, relative URLs):
//! `pkg/allin.js` + `allin_bg.wasm` (the core, what the calculator's first
//! result needs) and `pkg/allin_extra.js` + `allin_extra_bg.wasm` (the rest,
//! loaded when first needed), so `www/` is a complete static site for any
//! static host and any sub-path. Then `wasm-opt -O3` on each, from npm's
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
//! Then the service worker's precache list (`www/sw-version.js`, generated,
//! not committed): every file of the site and a version hashed from all their
//! bytes, so that any change to any file makes a new cache and an update.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd;
use crate::cmd::{root, say, Result};
use crate::setup::{self, WASM_TARGET};

/// `wasm-opt`'s arguments. `-O3` alone inlines a function with one caller
/// whatever its size, which folded the range engine's loops into a few
/// huge functions: Chromium's V8 compiles those as well as before, Node
/// 20's much worse (the JS API in Node, `node benches/wasm-ab.mjs`,
/// 2026-11-27: AhKh v random with a dead card and QQ+ v TT+ v 99+ on
/// Kh7d2c 0.69–0.74× and 0.70× the time with this limit, the other rows
/// the same, Chromium the same on every row; 1 KB larger).
pub const WASM_OPT_ARGS: [&str; 3] = ["-O3", "--one-caller-inline-max-function-size", "100"];

/// The two wasm modules: the crate feature each is built with, and its
/// name in `www/pkg` (`NAME.js` and `NAME_bg.wasm`).
pub const MODULES: [(&str, &str); 2] = [("wasm-core", "allin"), ("wasm-extra", "allin_extra")];

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

/// Builds `www/pkg` and returns the `www/` directory.
pub fn build() -> Result<PathBuf> {
    setup::ensure_wasm_target()?;
    let bindgen = setup::ensure_wasm_bindgen()?;
    let target = target_dir()?;
    let staged = target.join(WASM_TARGET).join("release").join("modules");
    fs::create_dir_all(&staged)
        .map_err(|err| format!("cannot create {}: {err}", staged.display()))?;
    // The cdylib's file has no hash in its name, so two feature sets in one
    // target directory would rebuild each other's: the second module gets a
    // target directory of its own. The two builds run at once: each ends in
    // a long single-threaded LTO, so together they fill the cores. Any
    // warning fails the build (each module alone: code only one of them
    // uses must be gated on its feature).
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
    write_precache(&www)?;
    Ok(www)
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

/// The generated file that tells the service worker what to precache.
pub const PRECACHE_FILE: &str = "sw-version.js";

/// Writes `www/sw-version.js`: the list of every file the site serves
/// (relative to `www/`, sorted) and a version that is a hash of all their
/// paths and bytes (sw.js included). Any change to any file, a rebuilt wasm
/// or an edited stylesheet, gives a new version, hence a new cache
/// (`allin-<version>`) and an update offered to open pages. Cheap (about a
/// megabyte hashed): the browser tests call it too, so a file edited since
/// the last build is never served from a stale list.
pub fn write_precache(www: &Path) -> Result {
    let mut files = Vec::new();
    list_site_files(www, "", &mut files)?;
    files.sort();
    let mut hash = Fnv64::new();
    let mut total = 0u64;
    for rel in &files {
        let path = www.join(rel);
        let bytes =
            fs::read(&path).map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        hash.write(rel.as_bytes());
        hash.write(&[0]);
        hash.write(&(bytes.len() as u64).to_le_bytes());
        hash.write(&bytes);
        total += bytes.len() as u64;
    }
    let version = format!("{:016x}", hash.finish());
    // sw.js is fetched by the browser's own update check, never from the
    // cache; it is hashed above (a new worker script is a new version) but
    // not listed.
    let listed: Vec<&String> = files.iter().filter(|f| f.as_str() != "sw.js").collect();
    let mut out = String::from(
        "// Generated by `cargo xtask build` (xtask/src/wasm.rs): do not edit, do not commit.\n\
         // What the service worker (sw.js) precaches: every file of the site, relative to\n\
         // sw.js, and a version hashed from all their bytes.\n",
    );
    out.push_str(&format!("self.ALLIN_VERSION = '{version}';\n"));
    out.push_str("self.ALLIN_PRECACHE = [\n");
    for rel in &listed {
        out.push_str(&format!("  '{}',\n", url_path(rel)));
    }
    out.push_str("];\n");
    let target = www.join(PRECACHE_FILE);
    if fs::read_to_string(&target).ok().as_deref() != Some(out.as_str()) {
        fs::write(&target, &out)
            .map_err(|err| format!("cannot write {}: {err}", target.display()))?;
    }
    say(format!(
        "precache: {} files, {}, version {version}",
        listed.len(),
        kib(total)
    ));
    Ok(())
}

/// The site's files under `dir` (relative paths with `/`): everything but
/// dotfiles and the generated list itself.
fn list_site_files(www: &Path, dir: &str, out: &mut Vec<String>) -> Result {
    let abs = www.join(dir);
    let entries =
        fs::read_dir(&abs).map_err(|err| format!("cannot list {}: {err}", abs.display()))?;
    for entry in entries {
        let entry = entry.map_err(|err| format!("cannot list {}: {err}", abs.display()))?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else {
            return Err(format!(
                "{}: a file name that is not UTF-8 cannot be served",
                entry.path().display()
            ));
        };
        if name.starts_with('.') {
            continue;
        }
        let rel = if dir.is_empty() {
            name.to_string()
        } else {
            format!("{dir}/{name}")
        };
        let kind = entry
            .file_type()
            .map_err(|err| format!("cannot stat {}: {err}", entry.path().display()))?;
        if kind.is_dir() {
            list_site_files(www, &rel, out)?;
        } else if rel != PRECACHE_FILE {
            out.push(rel);
        }
    }
    Ok(())
}

/// A file path as a relative URL: bytes outside `A-Z a-z 0-9 - . _ ~ /`
/// percent-encoded (so it is also a safe JS string body).
fn url_path(rel: &str) -> String {
    let mut out = String::new();
    for b in rel.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// FNV-1a, 64 bits: a change detector, not a defence against anyone.
struct Fnv64(u64);

impl Fnv64 {
    fn new() -> Fnv64 {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

fn kib(bytes: u64) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
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
    fn precache_lists_every_file_and_hashes_their_bytes() {
        let dir = std::env::temp_dir().join(format!("allin-xtask-precache-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("pkg")).unwrap();
        fs::write(dir.join("index.html"), "<p>hi</p>").unwrap();
        fs::write(dir.join("sw.js"), "// sw").unwrap();
        fs::write(dir.join("pkg/allin_bg.wasm"), b"\0asm").unwrap();
        fs::write(dir.join(".hidden"), "no").unwrap();
        fs::write(dir.join("it's.js"), "x").unwrap();
        let read = || fs::read_to_string(dir.join(PRECACHE_FILE)).unwrap();
        write_precache(&dir).unwrap();
        let first = read();
        assert!(first.contains("self.ALLIN_PRECACHE = [\n  'index.html',\n  'it%27s.js',\n  'pkg/allin_bg.wasm',\n];\n"), "{first}");
        assert!(!first.contains("'sw.js'") && !first.contains(".hidden"));
        // Same bytes, same version; regenerating reads its own output as no file.
        write_precache(&dir).unwrap();
        assert_eq!(read(), first);
        // One byte anywhere (sw.js too): a new version.
        let version = |text: &str| {
            text.lines()
                .find(|l| l.contains("ALLIN_VERSION"))
                .unwrap()
                .to_string()
        };
        fs::write(dir.join("pkg/allin_bg.wasm"), b"\0asn").unwrap();
        write_precache(&dir).unwrap();
        let second = read();
        assert_ne!(version(&second), version(&first));
        fs::write(dir.join("sw.js"), "// sw 2").unwrap();
        write_precache(&dir).unwrap();
        assert_ne!(version(&read()), version(&second));
        fs::remove_dir_all(&dir).unwrap();
    }

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
