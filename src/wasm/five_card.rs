//! Five-card showdowns on the page beyond their equity job (which is
//! `Job`, `game: "five-card"`): the check of the fields as typed
//! (`check`'s five-card arm), with the showdown itself (every hand's class
//! and the winners) once every hand is complete.
//!
//! ```text
//!   check({game: "five-card", players, dead})  // + missing, showdown: {hands: [{name, label, category}], winners} | null
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{parse_cards, Card};
use crate::eval::describe as holdem;
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

/// A complete hand's class, for people.
#[derive(Serialize)]
struct ShownHand {
    name: String,
    label: &'static str,
    category: &'static str,
}

/// Every hand complete: one showdown, decided here.
#[derive(Serialize)]
struct Showdown {
    hands: Vec<ShownHand>,
    /// Seats (0-based) of the winners: one, or all who tie.
    winners: Vec<usize>,
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
    /// Cards each player is dealt from the deck (5 − known).
    missing: Vec<usize>,
    showdown: Option<Showdown>,
}

/// Checks a five-card scenario as typed (`check`'s five-card arm): the
/// shape of the Hold'em check plus `missing` (cards each player is dealt)
/// and `showdown` (`{hands: [{name, label, category}], winners}` when
/// every hand is complete, else `null`).
pub(super) fn check_spec(spec: &JobSpec) -> Result<JsValue, JsValue> {
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
    match crate::job::games::open_five_card(&auto) {
        Ok(job) => {
            check.missing = check
                .players
                .iter()
                .map(|f| 5 - f.cards.len().min(5))
                .collect();
            check.ranges = job.ranges();
            check.method = Some(if job.exact() { "exact" } else { "monte-carlo" });
            check.why_sampled = job.why_sampled();
            check.cost = job.cost().to_string();
            check.showdown = showdown(&spec.players, job.as_ref());
        }
        Err(e) => check.error = Some(open_error(&e)),
    }
    to_js(&check)
}

/// The showdown of complete hands: each one's class, and the winners by
/// the job's own count (one deal).
fn showdown(players: &[String], job: &dyn EquityJob) -> Option<Showdown> {
    if job.total_units() != 1 || job.cost() != 1 {
        return None;
    }
    let mut hands = Vec::new();
    for text in players {
        let cards = parse_cards(text).ok().filter(|c| c.len() == 5)?;
        let d = holdem::describe(&cards)?;
        let category = d.rank.category();
        hands.push(ShownHand {
            name: d.text,
            label: category.label(),
            category: category.name(),
        });
    }
    let mask = job.run_all().iter().position(|&n| n > 0)?;
    let winners = (0..job.players()).filter(|i| mask >> i & 1 == 1).collect();
    Some(Showdown { hands, winners })
}
