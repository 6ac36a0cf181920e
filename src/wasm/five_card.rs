//! Five-card showdowns on the page beyond their equity job (which is
//! `Job`, `game: "five-card"`): the check of the fields as typed
//! (`check`'s five-card arm; the shared part: `family_check.rs`), with the
//! showdown itself (every hand's class and the winners) once every hand
//! is complete.
//!
//! ```text
//!   check({game: "five-card", players, dead})  // + missing, showdown: {hands: [{name, label, category}], winners} | null
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::parse_cards;
use crate::eval::describe as holdem;
use crate::job::JobSpec;

use super::family_check::{
    missing, open_checked, showdown, FieldCheck, Opened, Showdown, ShownHand,
};
use super::to_js;

/// What [`check_spec`] returns: the shape of the Hold'em check's answer.
#[derive(Serialize)]
struct Check {
    #[serde(flatten)]
    opened: Opened,
    /// Cards each player is dealt from the deck (5 − known).
    missing: Vec<usize>,
    showdown: Option<Showdown>,
}

/// Checks a five-card scenario as typed (`check`'s five-card arm): the
/// shape of the Hold'em check plus `missing` (cards each player is dealt)
/// and `showdown` (`{hands: [{name, label, category}], winners}` when
/// every hand is complete, else `null`).
pub(super) fn check_spec(spec: &JobSpec) -> Result<JsValue, JsValue> {
    let fields = (
        spec.players.iter().map(|t| FieldCheck::cards(t)).collect(),
        FieldCheck::cards(""),
        FieldCheck::cards(&spec.dead),
    );
    let (opened, job) = open_checked(spec, fields, crate::job::games::open_five_card);
    let (missing, showdown) = match job {
        Some(job) => (
            missing(opened.players(), 5),
            showdown(&spec.players, &*job, named),
        ),
        None => (Vec::new(), None),
    };
    to_js(&Check {
        opened,
        missing,
        showdown,
    })
}

/// A complete hand's class.
fn named(text: &str) -> Option<ShownHand> {
    let cards = parse_cards(text).ok().filter(|c| c.len() == 5)?;
    let d = holdem::describe(&cards)?;
    let category = d.rank.category();
    Some(ShownHand {
        name: d.text,
        label: category.label().to_string(),
        category: category.name(),
    })
}
