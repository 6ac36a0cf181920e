//! The page's copies of core facts it needs before the engine loads,
//! generated from the core: `www/model/game-catalogue.js` (the game catalogue,
//! `allin::game`: reading a link, drawing the game switch) and
//! `www/model/run-policy.js` (Monte Carlo's trials and chunks, `allin::equity`'s
//! run policy, also read by the JS API). The tests render them and want
//! the committed files equal; `ALLIN_BLESS=1 cargo test --test it
//! catalogue` writes them.

use allin::game::Game;
use std::fmt::Write;

/// A JS string literal: single quotes, or double where the text has one.
fn js_string(s: &str) -> String {
    debug_assert!(!s.contains(['"', '\\']));
    if s.contains('\'') {
        format!("\"{s}\"")
    } else {
        format!("'{s}'")
    }
}

fn list(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(", "))
}

fn render() -> String {
    let mut out = String::from(
        "// Generated from the core's game catalogue (src/game.rs): do not edit.\n\
         // `ALLIN_BLESS=1 cargo test --test it catalogue` rewrites it; the test\n\
         // (tests/it/catalogue_js.rs) keeps it equal to the core's.\n\n\
         /** Every game, in the order to list them (as wasm games() and `allin games --json`). */\n\
         export const CATALOGUE = Object.freeze([\n",
    );
    for g in Game::ALL {
        let rules = g.rules().map_or("null".to_string(), |r| {
            format!(
                "{{ default: {}, presets: {}, options: {} }}",
                js_string(r.default_rules()),
                list(r.presets().iter().map(|p| js_string(p))),
                r.combinable()
            )
        });
        let _ = writeln!(
            out,
            "  Object.freeze({{\n    name: {}, label: {}, family: {}, handCards: {}, boardSizes: {}, deck: {},\n    \
             maxPlayers: {}, hilo: {}, rules: {rules},\n    questions: {},\n    summary: {},\n    \
             example: {},\n    module: {},\n  }}),",
            js_string(g.name()),
            js_string(g.label()),
            js_string(g.family().name()),
            g.hand_cards(),
            list(g.board_sizes().iter().map(|s| s.to_string())),
            g.deck_size(),
            g.max_players(),
            g.hilo(),
            list(g.questions().iter().map(|q| js_string(q.name()))),
            js_string(g.summary()),
            list(g.example().iter().map(|h| js_string(h))),
            js_string(g.family().wasm_module()),
        );
    }
    out.push_str("]);\n");
    out
}

fn render_policy() -> String {
    use allin::equity::{
        BUDGET_CHUNK_TRIALS, CHUNK_TRIALS, DEFAULT_SEED, DEFAULT_TRIALS, EHS_TRIALS, MAX_CHUNKS,
        MAX_CHUNK_COUNTS, MIN_CHUNKS, MIN_TRIALS, PROJECT_AFTER_MS, SAMPLING_LIMIT_SECS,
    };
    let mut out = String::from(
        "// Generated from the core's run policy (src/equity/run_policy.rs, estimate.rs,\n\
         // target.rs):\n\
         // do not edit. `ALLIN_BLESS=1 cargo test --test it catalogue` rewrites it.\n\
         // The CLI reads the same constants, so a question gets the same default\n\
         // trials in the same chunks on every surface.\n\n",
    );
    for (name, value, doc) in [
        (
            "DEFAULT_TRIALS",
            DEFAULT_TRIALS,
            "Monte Carlo trials when neither a count nor a time budget is given.",
        ),
        (
            "DEFAULT_SEED",
            DEFAULT_SEED,
            "The Monte Carlo seed when none is given (the page: a link shows the same sample).",
        ),
        (
            "CHUNK_TRIALS",
            CHUNK_TRIALS,
            "Trials per Monte Carlo chunk (chunk c of seed s: the same trials everywhere).",
        ),
        (
            "BUDGET_CHUNK_TRIALS",
            BUDGET_CHUNK_TRIALS,
            "Trials per chunk under a time budget.",
        ),
        (
            "MIN_CHUNKS",
            MIN_CHUNKS,
            "Fewest chunks of an exact job whose sample the engine trusts.",
        ),
        (
            "MIN_TRIALS",
            MIN_TRIALS,
            "Fewest trials whose error the engine shows.",
        ),
        (
            "EHS_TRIALS",
            EHS_TRIALS,
            "Trials of a sampled hand strength (EHS) when none are named.",
        ),
        (
            "MAX_CHUNKS",
            MAX_CHUNKS,
            "Most strided chunks an exact job is cut into.",
        ),
        (
            "MAX_CHUNK_COUNTS",
            MAX_CHUNK_COUNTS,
            "Most counts the chunk tallies of one job hold together.",
        ),
        (
            "SAMPLING_LIMIT_MS",
            SAMPLING_LIMIT_SECS * 1000,
            "Sampling without a time budget projected past this is refused with its estimate.",
        ),
        (
            "PROJECT_AFTER_MS",
            PROJECT_AFTER_MS,
            "Sampling is timed at least this long before its projection is trusted.",
        ),
    ] {
        let _ = writeln!(out, "/** {doc} */\nexport const {name} = {value};");
    }
    use allin::equity::{
        DEFAULT_TARGET_ERROR, MAX_TARGET_ERROR, MIN_TARGET_ERROR, TARGET_CAP_TRIALS, TARGET_ERRORS,
    };
    let _ = writeln!(
        out,
        "/** Most trials sampled to a target error when no count is given. */\n\
         export const TARGET_CAP_TRIALS = {TARGET_CAP_TRIALS};\n\
         /** The page's target error (percentage points, one standard error) when none is set. */\n\
         export const DEFAULT_TARGET_ERROR = {DEFAULT_TARGET_ERROR};\n\
         /** The page's choices of target error. */\n\
         export const TARGET_ERRORS = Object.freeze([{}]);\n\
         /** Target errors taken (percentage points). */\n\
         export const MIN_TARGET_ERROR = {MIN_TARGET_ERROR};\n\
         export const MAX_TARGET_ERROR = {MAX_TARGET_ERROR};",
        TARGET_ERRORS.map(|e| e.to_string()).join(", ")
    );
    out
}

fn check_generated(file: &str, want: String) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    if crate::check::blessing() {
        std::fs::write(&path, &want).unwrap();
        return;
    }
    let got = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        got == want,
        "{file} is not the core's: run `ALLIN_BLESS=1 cargo test --test it catalogue` and commit it"
    );
}

#[test]
fn the_page_catalogue_is_the_cores() {
    check_generated("www/model/game-catalogue.js", render());
}

#[test]
fn the_page_run_policy_is_the_cores() {
    check_generated("www/model/run-policy.js", render_policy());
}

/// The wasm modules' names in `text`: every `"allin…"` or `'allin…'`
/// literal that is a module's (`allin`, `allin_…`).
fn module_names(text: &str, quote: char) -> std::collections::BTreeSet<String> {
    text.split(quote)
        .skip(1)
        .step_by(2)
        .filter(|s| {
            *s == "allin"
                || (s.starts_with("allin_") && s[6..].chars().all(|c| c.is_ascii_lowercase()))
        })
        .map(String::from)
        .collect()
}

#[test]
fn the_wasm_modules_are_the_same_everywhere() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |file: &str| std::fs::read_to_string(root.join(file)).unwrap();
    // What the catalogue's games need, and the extra module of the Hold'em panels.
    let mut want: std::collections::BTreeSet<String> = Game::ALL
        .iter()
        .map(|g| g.family().wasm_module().to_string())
        .collect();
    want.insert("allin_extra".into());
    // The build's list (xtask/src/wasm.rs MODULES).
    let wasm_rs = read("xtask/src/wasm.rs");
    let start = wasm_rs.find("pub const MODULES").unwrap();
    let end = start + wasm_rs[start..].find("];").unwrap();
    assert_eq!(
        module_names(&wasm_rs[start..end], '"'),
        want,
        "xtask/src/wasm.rs MODULES"
    );
    // The page's lazy modules (www/engine/engine-support.js LAZY_MODULES), the core aside.
    let support = read("www/engine/engine-support.js");
    let start = support.find("export const LAZY_MODULES").unwrap();
    let end = start + support[start..].find("\n});").unwrap();
    let mut lazy: std::collections::BTreeSet<String> = support[start..end]
        .lines()
        .filter_map(|l| l.trim().strip_suffix(": Object.freeze({"))
        .map(String::from)
        .collect();
    lazy.insert("allin".into());
    assert_eq!(lazy, want, "www/engine/engine-support.js LAZY_MODULES");
}
