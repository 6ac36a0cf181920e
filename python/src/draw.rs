//! The draw games (2-7, A-5, Badugi; single draw) in the binding:
//! `evaluate()`'s arm (a final hand's name, the cards that play, its value).
//! Their equity opens through the core's `Game::open` (`families.rs`).

use crate::errors::Fail;
use allin::draw::{describe, Lowball};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `evaluate()` of a draw game's final hand into `d`.
pub fn evaluate(d: &Bound<'_, PyDict>, game: Lowball, cards: &str) -> PyResult<()> {
    let cs = allin::card::parse_cards(cards).map_err(|e| Fail::new("cards", e))?;
    if cs.len() != game.hand_cards() {
        return Err(Fail::new(
            "cards",
            format!(
                "expected {} cards (a final hand of {}), got {}",
                game.hand_cards(),
                game.game().name(),
                cs.len()
            ),
        )
        .into());
    }
    let mut seen = 0u64;
    for c in &cs {
        if seen >> c.id() & 1 == 1 {
            return Err(Fail::new("cards", format!("{c} is used twice")).into());
        }
        seen |= 1 << c.id();
    }
    let desc = describe(game, &cs);
    d.set_item("cards", allin::card::format_cards(&cs))?;
    d.set_item("best", allin::card::format_cards(&desc.best))?;
    d.set_item("category", "low")?;
    d.set_item("label", game.game().label())?;
    d.set_item("name", desc.name)?;
    d.set_item("rank", desc.value)?;
    d.set_item("ordinal", None::<u32>)?;
    Ok(())
}
