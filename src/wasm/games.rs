//! The game catalogue for JS (`allin::game`): what the page's game switch,
//! placeholders and player limits, and the JS API's `allin.games()`, read.
//!
//! ```text
//!   games()  // [{name: "holdem", label: "Hold'em", handCards: 2, boardSizes: [0, 3, 4, 5],
//!            //    deck: 52, maxPlayers: 10, hilo: false, rules: null,
//!            //    questions: ["equity", "ranges", …]}, …]
//! ```

use super::to_js;
use crate::game::Game;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RulesJs {
    /// The default rules (the first preset).
    default: &'static str,
    presets: &'static [&'static str],
    /// Whether options may follow a preset (`teen-patti,a23=highest`).
    options: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GameJs {
    name: &'static str,
    label: &'static str,
    /// The engine that plays it: holdem, three-card, five-card, omaha, shortdeck.
    family: &'static str,
    hand_cards: usize,
    board_sizes: &'static [usize],
    deck: usize,
    max_players: usize,
    hilo: bool,
    rules: Option<RulesJs>,
    questions: Vec<&'static str>,
    /// The rules in a sentence, for people.
    summary: &'static str,
    /// Hands a new scenario starts from.
    example: &'static [&'static str],
}

/// Every game allin plays, in the order to list them.
#[wasm_bindgen]
pub fn games() -> Result<JsValue, JsValue> {
    let all: Vec<GameJs> = Game::ALL
        .into_iter()
        .map(|g| GameJs {
            name: g.name(),
            label: g.label(),
            family: g.family().name(),
            hand_cards: g.hand_cards(),
            board_sizes: g.board_sizes(),
            deck: g.deck_size(),
            max_players: g.max_players(),
            hilo: g.hilo(),
            rules: g.rules().map(|r| RulesJs {
                default: r.default_rules(),
                presets: r.presets(),
                options: r.combinable(),
            }),
            questions: g.questions().iter().map(|q| q.name()).collect(),
            summary: g.summary(),
            example: g.example(),
        })
        .collect();
    to_js(&all)
}
