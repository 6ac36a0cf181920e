//! The draw games on the page beyond their equity job (which is `Job`,
//! `game: "2-7-draw" | "a-5-draw" | "badugi"`): the check of the fields as
//! typed (`check`'s draw arm), with the showdown itself (each hand's name
//! and the winners) once every player stands pat (the field of an error:
//! `job_spec.rs`).
//!
//! ```text
//!   check({game: "badugi", players, dead})  // + missing, showdown: {hands: [{name, label, category}], winners} | null
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{parse_cards, Card};
use crate::draw::{describe, Lowball};
use crate::game::Game;
use crate::job::{EquityJob, JobMethod, JobSpec};

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

/// A pat hand's name, for people.
#[derive(Serialize)]
struct ShownHand {
    name: String,
    label: String,
    category: &'static str,
}

/// Every player pat: one showdown, decided here.
#[derive(Serialize)]
struct Showdown {
    hands: Vec<ShownHand>,
    /// Seats (0-based) of the winners: one, or all who tie.
    winners: Vec<usize>,
}

/// What [`check_spec`] returns: the shape of the five-card check.
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
    /// Cards each player draws (5 or 4 − kept).
    missing: Vec<usize>,
    showdown: Option<Showdown>,
}

/// Checks a draw game's scenario as typed (`check`'s draw arm): the shape
/// of the five-card check (`missing`, `showdown`).
pub(super) fn check_spec(game: Game, spec: &JobSpec) -> Result<JsValue, JsValue> {
    let size = game.hand_cards();
    let mut check = Check {
        players: spec.players.iter().map(|t| field(t)).collect(),
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
        missing: Vec::new(),
        showdown: None,
    };
    let auto = JobSpec {
        method: JobMethod::Auto,
        ..spec.clone()
    };
    match crate::job::draw::open_draw(game, &auto) {
        Ok(job) => {
            check.missing = check
                .players
                .iter()
                .map(|f| size - f.cards.len().min(size))
                .collect();
            check.ranges = job.ranges();
            check.method = Some(if job.exact() { "exact" } else { "monte-carlo" });
            check.why_sampled = job.why_sampled();
            check.cost = job.cost().to_string();
            check.showdown = Lowball::of(game).and_then(|g| showdown(g, &spec.players, &*job));
        }
        Err(e) => check.error = Some(open_error(&e)),
    }
    to_js(&check)
}

/// The showdown of pat hands: each one's name, and the winners by the
/// job's own count (one deal).
fn showdown(game: Lowball, players: &[String], job: &dyn EquityJob) -> Option<Showdown> {
    if job.total_units() != 1 || job.cost() != 1 {
        return None;
    }
    let mut hands = Vec::new();
    for text in players {
        let cards = parse_cards(text)
            .ok()
            .filter(|c| c.len() == game.hand_cards())?;
        let d = describe(game, &cards);
        hands.push(ShownHand {
            label: d.name.clone(),
            name: d.name,
            category: "low",
        });
    }
    let mask = job.run_all().iter().position(|&n| n > 0)?;
    let winners = (0..job.players()).filter(|i| mask >> i & 1 == 1).collect();
    Some(Showdown { hands, winners })
}
