//! The stud games on the page beyond their equity job (which is `Job`,
//! `game: "stud" | "stud8" | "razz"`): the check of the fields as typed
//! (`check`'s stud arm; the shared part: `family_check.rs`).
//!
//! ```text
//!   check({game: "razz", players, dead})  // + missing, down, community, hilo
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::game::Game;
use crate::job::JobSpec;
use crate::stud::equity::parse_hand;
use crate::stud::HAND;

use super::family_check::{missing, open_checked, FieldCheck, Opened};
use super::to_js;

/// One field as read: its cards and which are down.
fn field(text: &str) -> FieldCheck {
    let (cards, down) = parse_hand(text).unwrap_or_default();
    FieldCheck::of(&cards, Some(down))
}

/// What [`check_spec`] returns: the shape of the Hold'em check's answer.
#[derive(Serialize)]
struct Check {
    #[serde(flatten)]
    opened: Opened,
    /// Cards each player is dealt from the deck (7 − known).
    missing: Vec<usize>,
    /// Whether the seventh card is one community card (the deck runs out).
    community: bool,
    hilo: bool,
}

/// Checks a stud scenario as typed (`check`'s stud arm).
pub(super) fn check_spec(game: Game, spec: &JobSpec) -> Result<JsValue, JsValue> {
    let fields = (
        spec.players.iter().map(|t| field(t)).collect(),
        field(""),
        field(&spec.dead),
    );
    let (opened, job) = open_checked(spec, fields, |auto| crate::job::stud::open_stud(game, auto));
    // The job's note is the community card's.
    let community = job.is_some_and(|j| j.note().is_some());
    to_js(&Check {
        missing: missing(opened.players(), HAND),
        opened,
        community,
        hilo: game.hilo(),
    })
}
