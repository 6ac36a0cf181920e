//! The stud games on the page beyond their equity job (which is `Job`,
//! `game: "stud" | "stud8" | "razz"`): the check of the fields as typed
//! (`check`'s stud arm) and the field an error belongs to.
//!
//! ```text
//!   check({game: "razz", players, dead})  // + missing, down, community, hilo
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::Card;
use crate::game::Game;
use crate::job::{JobMethod, JobSpec};
use crate::stud::equity::parse_hand;
use crate::stud::{StudJob, HAND};

use super::check::FieldError;
use super::job_spec::open_error;
use super::to_js;

/// One field as read: its cards (for the deck picker) and which are down.
#[derive(Serialize)]
struct FieldCheck {
    cards: Vec<String>,
    down: Vec<bool>,
    range: Option<String>,
    combos: Option<u32>,
}

fn field(text: &str) -> FieldCheck {
    let (cards, down) = parse_hand(text).unwrap_or_default();
    FieldCheck {
        cards: cards.iter().map(Card::to_string).collect(),
        down,
        range: None,
        combos: None,
    }
}

/// What [`check_spec`] returns: the shape of the Hold'em check's answer.
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
    /// Cards each player is dealt from the deck (7 − known).
    missing: Vec<usize>,
    /// Whether the seventh card is one community card (the deck runs out).
    community: bool,
    hilo: bool,
}

/// Checks a stud scenario as typed (`check`'s stud arm).
pub(super) fn check_spec(game: Game, spec: &JobSpec) -> Result<JsValue, JsValue> {
    let players: Vec<FieldCheck> = spec.players.iter().map(|t| field(t)).collect();
    let mut check = Check {
        missing: players
            .iter()
            .map(|f| HAND - f.cards.len().min(HAND))
            .collect(),
        players,
        board: field(""),
        dead: field(&spec.dead),
        error: None,
        method: None,
        why_sampled: None,
        boards: 0,
        cost: "0".into(),
        ranges: false,
        table_fits: false,
        table_loaded: false,
        community: false,
        hilo: game.hilo(),
    };
    let auto = JobSpec {
        method: JobMethod::Auto,
        ..spec.clone()
    };
    match crate::job::stud::open_stud(game, &auto) {
        Ok(job) => {
            check.ranges = job.ranges();
            check.method = Some(if job.exact() { "exact" } else { "monte-carlo" });
            check.why_sampled = job.why_sampled();
            check.cost = job.cost().to_string();
            let texts: Vec<&str> = spec.players.iter().map(String::as_str).collect();
            if let Some(rules) = crate::stud::Rules::of(game) {
                check.community = StudJob::parse(rules, &texts, "", &spec.dead)
                    .map(|j| j.community())
                    .unwrap_or(false);
            }
        }
        Err(e) => check.error = Some(open_error(&e)),
    }
    to_js(&check)
}
