//! Omaha (4/5/6 cards, high or Hi-Lo) and Short Deck on the page beyond
//! their equity job (which is `Job`, `game: "omaha-hilo"` …, its counts
//! read by `pot_estimate.rs` for Omaha): the check of the fields as typed
//! (`check`'s arm for these games; the shared part: `family_check.rs`).
//!
//! ```text
//!   check({game: "shortdeck", players, board, dead, rules})   // + hilo, deck (the short deck's cards)
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::game::{Family, Game};
use crate::job::JobSpec;

use super::family_check::{open_checked, FieldCheck, Opened};
use super::to_js;

/// What [`check_spec`] returns: the shape of the Hold'em check's answer.
#[derive(Serialize)]
struct Check {
    #[serde(flatten)]
    opened: Opened,
    /// Whether the pot is split high-low.
    hilo: bool,
    /// The game's deck when it is not all 52 cards (Short Deck: 6 to A),
    /// for the deck picker; `null` for the full deck.
    deck: Option<Vec<String>>,
}

/// Checks an Omaha or Short Deck scenario as typed (`check`'s arm for
/// them): the shape of the Hold'em check plus `hilo` and `deck`.
pub(super) fn check_spec(game: Game, spec: &JobSpec) -> Result<JsValue, JsValue> {
    let fields = (
        spec.players.iter().map(|p| FieldCheck::cards(p)).collect(),
        FieldCheck::cards(&spec.board),
        FieldCheck::cards(&spec.dead),
    );
    let (opened, job) = open_checked(spec, fields, |auto| {
        crate::job::games::open_board_game(game, auto)
    });
    to_js(&Check {
        opened,
        hilo: job.is_some_and(|j| j.hilo()),
        deck: (game.family() == Family::ShortDeck).then(|| {
            crate::board_game::Deck::Short
                .cards()
                .map(|c| c.to_string())
                .collect()
        }),
    })
}
