//! `www/game-catalogue.js`, the page's copy of the core's game catalogue
//! (`allin::game`), generated from it: the page needs the list before the
//! engine loads (reading a link, drawing the game switch). This test
//! renders the catalogue and wants the committed file equal;
//! `ALLIN_BLESS=1 cargo test --test it catalogue` writes it.

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
             maxPlayers: {}, hilo: {}, rules: {rules},\n    questions: {},\n  }}),",
            js_string(g.name()),
            js_string(g.label()),
            js_string(g.family().name()),
            g.hand_cards(),
            list(g.board_sizes().iter().map(|s| s.to_string())),
            g.deck_size(),
            g.max_players(),
            g.hilo(),
            list(g.questions().iter().map(|q| js_string(q.name()))),
        );
    }
    out.push_str("]);\n");
    out
}

#[test]
fn the_page_catalogue_is_the_cores() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("www/game-catalogue.js");
    let want = render();
    if crate::check::blessing() {
        std::fs::write(&path, &want).unwrap();
        return;
    }
    let got = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        got == want,
        "www/game-catalogue.js is not the core's catalogue: run \
         `ALLIN_BLESS=1 cargo test --test it catalogue` and commit it"
    );
}
