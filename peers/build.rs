//! Optional peers that are not in a registry, built only when the user
//! points to a local checkout (never downloaded, never committed):
//!
//! - `ALLIN_PEER_OMPEVAL=/path/to/OMPEval`: a copy of its `omp/*.cpp` and
//!   our shim `ext/ompeval_peer.cpp` compiled with `-O3` (as its Makefile
//!   does) into this binary; `cfg(ompeval)`.
//! - `ALLIN_PEER_HHE=/path/to/holdem-hand-evaluator`: a copy of the checkout
//!   built by cargo (release, same toolchain) in `OUT_DIR`, its rlib found by
//!   `extern crate holdem_hand_evaluator` through the dependency search
//!   path; `cfg(hhe)`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(ompeval)");
    println!("cargo::rustc-check-cfg=cfg(hhe)");
    println!("cargo::rerun-if-env-changed=ALLIN_PEER_OMPEVAL");
    println!("cargo::rerun-if-env-changed=ALLIN_PEER_HHE");
    println!("cargo::rerun-if-changed=ext/ompeval_peer.cpp");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    if let Some(dir) = checkout("ALLIN_PEER_OMPEVAL", "omp/EquityCalculator.h") {
        ompeval(&dir, &out);
    }
    if let Some(dir) = checkout("ALLIN_PEER_HHE", "src/heads_up.rs") {
        hhe(&dir, &out);
    }
}

/// The checkout named by `var`, if set; a clear stop if it is not one.
fn checkout(var: &str, marker: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os(var).filter(|v| !v.is_empty())?);
    if !dir.join(marker).is_file() {
        panic!(
            "{var}={} does not look like the checkout it names (no {marker} in it)",
            dir.display()
        );
    }
    Some(dir)
}

fn ompeval(checkout: &Path, out: &Path) {
    // A copy, built as it is but for one line: today's libstdc++ wants a
    // random engine's min() and max() constexpr (std::shuffle checks them at
    // compile time), which OMPEval's Random.h predates.
    let dir = &out.join("ompeval-src");
    copy_tree(checkout, dir);
    let random = dir.join("omp/Random.h");
    let text = std::fs::read_to_string(&random).expect("read omp/Random.h");
    let text = text
        .replace("static uint64_t min()", "static constexpr uint64_t min()")
        .replace("static uint64_t max()", "static constexpr uint64_t max()");
    std::fs::write(&random, text).expect("write the copy of omp/Random.h");
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .opt_level(3)
        .flag("-std=c++11")
        .flag("-pthread")
        // Its headers use std::function without <functional>, which
        // newer standard libraries no longer pull in by themselves.
        .flag("-include")
        .flag("functional")
        .warnings(false)
        .include(dir)
        .file("ext/ompeval_peer.cpp");
    for entry in std::fs::read_dir(dir.join("omp")).expect("read omp/") {
        let path = entry.expect("omp/ entry").path();
        if path.extension().is_some_and(|e| e == "cpp") {
            println!("cargo::rerun-if-changed={}", path.display());
            build.file(path);
        }
    }
    build.compile("allin_peer_ompeval");
    println!("cargo::rustc-link-lib=pthread");
    println!("cargo::rustc-cfg=ompeval");
}

fn hhe(dir: &Path, out: &Path) {
    // A copy, so that its Cargo.lock and target stay out of the user's checkout.
    let src = out.join("hhe-src");
    copy_tree(dir, &src);
    let target = out.join("hhe-target");
    let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    // The outer build's settings are not the peer's.
    for (key, _) in std::env::vars_os() {
        let key = key.to_string_lossy().into_owned();
        if (key.starts_with("CARGO_") && key != "CARGO_HOME") || key.starts_with("RUSTC_") {
            cargo.env_remove(key);
        }
    }
    let status = cargo
        .current_dir(&src)
        .args(["build", "--release", "--lib", "-p", "holdem-hand-evaluator"])
        .arg("--target-dir")
        .arg(&target)
        .status()
        .expect("run cargo for holdem-hand-evaluator");
    assert!(status.success(), "building holdem-hand-evaluator failed");
    println!(
        "cargo::rustc-link-search={}",
        target.join("release/deps").display()
    );
    println!("cargo::rustc-cfg=hhe");
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the copy");
    for entry in std::fs::read_dir(from).expect("read the checkout") {
        let entry = entry.expect("checkout entry");
        let name = entry.file_name();
        if name == ".git" || name == "target" {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            copy_tree(&path, &to.join(&name));
        } else {
            println!("cargo::rerun-if-changed={}", path.display());
            std::fs::copy(&path, to.join(&name)).expect("copy a checkout file");
        }
    }
}
