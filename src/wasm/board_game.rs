//! Omaha (4/5/6 cards, high or Hi-Lo) and Short Deck on the page beyond
//! their equity job (which is `Job`, `game: "omaha-hilo"` …, its counts
//! read by `pot_estimate.rs` for Omaha): the check of the fields as typed
//! (`check`'s arm for these games).
//!
//! ```text
//!   check({game: "shortdeck", players, board, dead, rules})   // + hilo, deck (the short deck's cards)
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{parse_cards, Card};
use crate::game::{Family, Game};
use crate::job::{JobMethod, JobSpec};

use super::check::FieldError;
use super::job_spec::open_error;
use super::to_js;

/// One field as read: its cards (for the deck picker).
#[derive(Serialize)]
struct FieldCheck {
    cards: Vec<String>,
    range: Option<String>,
    combos: Option<u32>,
}

fn field(text: &str) -> FieldCheck {
    FieldCheck {
        cards: parse_cards(text)
            .map(|c| c.iter().map(Card::to_string).collect())
            .unwrap_or_default(),
        range: None,
        combos: None,
    }
}

/// What [`check`] returns: the shape of the Hold'em check's answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Check {
    players: Vec<FieldCheck>,
    board: FieldCheck,
    dead: FieldCheck,
    error: Option<FieldError>,
    method: Option<&'static str>,
    why_sampled: Option<String>,
    boards: u32,
    cost: String,
    ranges: bool,
    table_fits: bool,
    table_loaded: bool,
    /// Whether the pot is split high-low.
    hilo: bool,
    /// The game's deck when it is not all 52 cards (Short Deck: 6 to A),
    /// for the deck picker; `null` for the full deck.
    deck: Option<Vec<String>>,
}

/// Checks an Omaha or Short Deck scenario as typed (`check`'s arm for
/// them): the shape of the Hold'em check plus `hilo` and `deck`.
pub(super) fn check_spec(game: Game, spec: &JobSpec) -> Result<JsValue, JsValue> {
    let mut check = Check {
        players: spec.players.iter().map(|p| field(p)).collect(),
        board: field(&spec.board),
        dead: field(&spec.dead),
        error: None,
        method: None,
        why_sampled: None,
        boards: 0,
        cost: "0".into(),
        ranges: false,
        table_fits: false,
        table_loaded: false,
        hilo: false,
        deck: (game.family() == Family::ShortDeck).then(|| {
            crate::board_game::Deck::Short
                .cards()
                .map(|c| c.to_string())
                .collect()
        }),
    };
    let auto = JobSpec {
        method: JobMethod::Auto,
        ..spec.clone()
    };
    match crate::job::games::open_board_game(game, &auto) {
        Ok(job) => {
            check.hilo = job.hilo();
            check.ranges = job.ranges();
            check.method = Some(if job.exact() { "exact" } else { "monte-carlo" });
            check.why_sampled = job.why_sampled();
            check.boards = job.boards().min(u64::from(u32::MAX)) as u32;
            check.cost = job.cost().to_string();
        }
        Err(e) => check.error = Some(open_error(&e)),
    }
    to_js(&check)
}
