//! The draw games on the page beyond their equity job (which is `Job`,
//! `game: "2-7-draw" | "a-5-draw" | "badugi"`): the check of the fields as
//! typed (`check`'s draw arm; the shared part: `family_check.rs`), with
//! the showdown itself (each hand's name and the winners) once every
//! player stands pat (the field of an error: `job_spec.rs`).
//!
//! ```text
//!   check({game: "badugi", players, dead})  // + missing, showdown: {hands: [{name, label, category}], winners} | null
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::parse_cards;
use crate::draw::{describe, Lowball};
use crate::game::Game;
use crate::job::JobSpec;

use super::family_check::{
    missing, open_checked, showdown, FieldCheck, Opened, Showdown, ShownHand,
};
use super::to_js;

/// What [`check_spec`] returns: the shape of the five-card check.
#[derive(Serialize)]
struct Check {
    #[serde(flatten)]
    opened: Opened,
    /// Cards each player draws (5 or 4 − kept).
    missing: Vec<usize>,
    showdown: Option<Showdown>,
}

/// Checks a draw game's scenario as typed (`check`'s draw arm): the shape
/// of the five-card check (`missing`, `showdown`).
pub(super) fn check_spec(game: Game, spec: &JobSpec) -> Result<JsValue, JsValue> {
    let fields = (
        spec.players.iter().map(|t| FieldCheck::cards(t)).collect(),
        FieldCheck::cards(""),
        FieldCheck::cards(&spec.dead),
    );
    let (opened, job) = open_checked(spec, fields, |auto| crate::job::draw::open_draw(game, auto));
    let (missing, showdown) = match job {
        Some(job) => (
            missing(opened.players(), game.hand_cards()),
            Lowball::of(game).and_then(|g| showdown(&spec.players, &*job, |t| named(g, t))),
        ),
        None => (Vec::new(), None),
    };
    to_js(&Check {
        opened,
        missing,
        showdown,
    })
}

/// A pat hand's name.
fn named(game: Lowball, text: &str) -> Option<ShownHand> {
    let cards = parse_cards(text)
        .ok()
        .filter(|c| c.len() == game.hand_cards())?;
    let d = describe(game, &cards);
    Some(ShownHand {
        label: d.name.clone(),
        name: d.name,
        category: "low",
    })
}
