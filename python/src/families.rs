//! `equity()`'s dispatch: every game of the catalogue through its
//! family's job (`equity_job.rs` holds what they share; Hold'em is
//! `holdem.rs`), exact when the engine's policy affords it, else Monte
//! Carlo, and within a time budget when one is given.

use crate::equity_job::*;
use crate::errors::Fail;
use crate::run::Clock;
use allin::equity::DEFAULT_SEED;
use allin::five_card::FiveCardJob;
use allin::game::Family;
use allin::omaha::OmahaJob;
use allin::short_deck::ShortDeckJob;
use allin::three_card::equity::{ThreeCardJob, ThreeCardSpec};
use allin::three_card::ladder::Deck;

pub fn run(ask: &Ask) -> Result<Answer, Fail> {
    if ask.trials == Some(0) {
        return Err(Fail::new("trials", "trials must be at least 1"));
    }
    if let Some(b) = ask.budget {
        if !(b > 0.0 && b.is_finite()) {
            return Err(Fail::new(
                "time_budget",
                format!("time_budget must be a number of seconds above 0, got {b}"),
            ));
        }
    }
    let clock = Clock::new(ask.budget);
    let seed = ask.seed.unwrap_or(DEFAULT_SEED);
    let players: Vec<&str> = ask.players.iter().map(String::as_str).collect();
    let game = ask.game;
    let no_board = |what: &str| -> Result<(), Fail> {
        if ask.board.trim().is_empty() {
            Ok(())
        } else {
            Err(Fail::new("board", format!("{what} has no board")))
        }
    };
    let no_rules = || -> Result<(), Fail> {
        match &ask.rules {
            None => Ok(()),
            Some(_) => Err(Fail::new(
                "rules",
                "rules apply only to three-card games and shortdeck",
            )),
        }
    };
    if ask.deck.is_some() && game.family() != Family::ThreeCard {
        return Err(Fail::new("deck", "deck applies only to three-card games"));
    }
    match game.family() {
        Family::Holdem => {
            no_rules()?;
            crate::holdem::holdem(ask, &clock)
        }
        Family::Stud => crate::stud::run(game, ask, &clock, seed),
        Family::ThreeCard => {
            no_board("three-card poker")?;
            let rules = crate::inputs::three_card_rules(ask.rules.as_deref())?;
            let deck = match ask.deck.as_deref() {
                None => Deck::Full,
                Some(d) => Deck::parse(d).ok_or_else(|| {
                    Fail::new(
                        "deck",
                        format!(
                            "unknown deck {} (decks: full, short)",
                            allin::quote::quote(d)
                        ),
                    )
                })?,
            };
            let spec = ThreeCardSpec::build(&players, &ask.dead, rules, deck, true)
                .map_err(|e| Fail::players(e.to_string()))?;
            let job = ThreeCardJob::new(spec).map_err(|e| Fail::players(e.to_string()))?;
            let forced = match job.check_exact() {
                Ok(()) => (true, None),
                Err(e) => (false, Some(e.to_string())),
            };
            let auto = if job.exact_by_default() {
                (true, None)
            } else {
                (
                    false,
                    forced
                        .1
                        .clone()
                        .or(Some("too many deals for exact: Monte Carlo".into())),
                )
            };
            let ran = units_or_sampled(
                job.players(),
                ask,
                &clock,
                decide(ask.method, auto, forced),
                job.units(),
                |r| job.run(r),
                |s, c, n| job.run_trials(s, c, n),
            )?;
            Ok(answer(
                game,
                job.labels().to_vec(),
                ran,
                seed,
                false,
                &clock,
            ))
        }
        Family::FiveCard => {
            no_board("five-card showdowns")?;
            no_rules()?;
            let job = FiveCardJob::parse(&players, &ask.dead)
                .map_err(|e| Fail::players(e.to_string()))?;
            let forced = match job.check_exact() {
                Ok(()) => (true, None),
                Err(e) => (false, Some(e.to_string())),
            };
            let auto = if job.exact_by_default() {
                (true, None)
            } else {
                (
                    false,
                    forced
                        .1
                        .clone()
                        .or(Some("too many deals for exact: Monte Carlo".into())),
                )
            };
            let ran = units_or_sampled(
                job.players(),
                ask,
                &clock,
                decide(ask.method, auto, forced),
                job.units(),
                |r| job.run(r),
                |s, c, n| job.run_trials(s, c, n),
            )?;
            Ok(answer(
                game,
                job.labels().to_vec(),
                ran,
                seed,
                false,
                &clock,
            ))
        }
        Family::ShortDeck => {
            let rules = ask
                .rules
                .as_deref()
                .unwrap_or_default()
                .parse()
                .map_err(|e| Fail::new("rules", e))?;
            let job = ShortDeckJob::parse(rules, &players, &ask.board, &ask.dead)
                .map_err(|e| Fail::board_game(&e))?;
            let plan = job.plan();
            let ran = units_or_sampled(
                job.players(),
                ask,
                &clock,
                decide(
                    ask.method,
                    (plan.affordable(), plan.why_sampled()),
                    (plan.can_force(), plan.why_not_forcible()),
                ),
                job.units(),
                |r| job.run(r),
                |s, c, n| job.run_trials(s, c, n),
            )?;
            Ok(answer(
                game,
                job.deal().labels().to_vec(),
                ran,
                seed,
                false,
                &clock,
            ))
        }
        Family::Omaha => {
            no_rules()?;
            let og = allin::omaha::Game::from_name(game.name()).expect("an Omaha game");
            let job = OmahaJob::parse(og, &players, &ask.board, &ask.dead)
                .map_err(|e| Fail::board_game(&e))?;
            let plan = job.plan();
            let ran = units_or_sampled(
                job.players(),
                ask,
                &clock,
                decide(
                    ask.method,
                    (plan.affordable(), plan.why_sampled()),
                    (plan.can_force(), plan.why_not_forcible()),
                ),
                job.units(),
                |r| job.run(r),
                |s, c, n| job.run_trials(s, c, n),
            )?;
            Ok(answer(
                game,
                job.deal().labels().to_vec(),
                ran,
                seed,
                game.hilo(),
                &clock,
            ))
        }
    }
}
