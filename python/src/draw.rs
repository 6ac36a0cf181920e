//! The draw games (2-7, A-5, Badugi; single draw) in the binding:
//! `equity()`'s arm (kept cards, the rest drawn; exact when the core's
//! policy affords it, else Monte Carlo, within a time budget) and
//! `evaluate()`'s (a final hand's name, the cards that play, its value).

use crate::equity_job::*;
use crate::errors::Fail;
use crate::run::Clock;
use allin::draw::{describe, DrawJob, Lowball};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `equity()` of a draw game.
pub fn equity(ask: &Ask, clock: &Clock, seed: u64) -> Result<Answer, Fail> {
    let game = ask.game;
    let lowball = Lowball::of(game).expect("a draw game");
    if !ask.board.trim().is_empty() {
        return Err(Fail::new(
            "board",
            format!(
                "{} has no board (known discards are dead cards)",
                game.name()
            ),
        ));
    }
    if ask.rules.is_some() {
        return Err(Fail::new(
            "rules",
            "rules apply only to three-card games and shortdeck",
        ));
    }
    let players: Vec<&str> = ask.players.iter().map(String::as_str).collect();
    let job =
        DrawJob::parse(lowball, &players, &ask.dead).map_err(|e| Fail::players(e.to_string()))?;
    let forced = match job.check_exact() {
        Ok(()) => (true, None),
        Err(e) => (false, Some(e.to_string())),
    };
    let auto = if job.exact_by_default() {
        (true, None)
    } else {
        (false, Some(allin::job::draw::draw_why(&job)))
    };
    let ran = units_or_sampled(
        job.players(),
        ask,
        clock,
        decide(ask.method, auto, forced),
        job.units(),
        |r| job.run(r),
        |s, c, n| job.run_trials(s, c, n),
    )?;
    Ok(answer(game, job.labels().to_vec(), ran, seed, false, clock))
}

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
