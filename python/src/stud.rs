//! `equity()` for the stud games (Seven-card Stud, Stud Hi-Lo, Razz): a
//! `StudJob`, exact when its policy affords it, else Monte Carlo; Hi-Lo
//! answered as Omaha Hi-Lo is (its `PotCounts`).

use crate::equity_job::*;
use crate::errors::Fail;
use crate::run::Clock;
use allin::equity::Tally;
use allin::game::Game;
use allin::omaha::PotCounts;
use allin::stud::equity::StudCounts;
use allin::stud::{Rules, StudJob};

fn tally(c: StudCounts) -> Tally {
    match c {
        StudCounts::Tally(t) => t,
        StudCounts::Pot(_) => unreachable!("a high-only stud game"),
    }
}

fn pot(c: StudCounts) -> PotCounts {
    match c {
        StudCounts::Pot(p) => p,
        StudCounts::Tally(_) => unreachable!("Stud Hi-Lo"),
    }
}

pub fn run(game: Game, ask: &Ask, clock: &Clock, seed: u64) -> Result<Answer, Fail> {
    if ask.rules.is_some() {
        return Err(Fail::new("rules", format!("{} has no rules", game.label())));
    }
    let rules = Rules::of(game).expect("a stud game");
    let players: Vec<&str> = ask.players.iter().map(String::as_str).collect();
    let job = StudJob::parse(rules, &players, &ask.board, &ask.dead).map_err(|e| {
        let field = match e {
            allin::stud::StudError::Board => "board",
            allin::stud::StudError::Dead(_) => "dead",
            _ => "players",
        };
        Fail::new(field, e.to_string())
    })?;
    let forced = match job.check_exact() {
        Ok(()) => (true, None),
        Err(e) => (false, Some(e.to_string())),
    };
    let auto = if job.exact_by_default() {
        (true, None)
    } else {
        (false, Some(allin::job::stud::stud_why(&job)))
    };
    let exact = decide(ask.method, auto, forced);
    let labels = job.labels().to_vec();
    if rules == Rules::HiLo {
        let ran = units_or_sampled(
            job.players(),
            ask,
            clock,
            exact,
            job.units(),
            |r| pot(job.run(r)),
            |s, c, n| pot(job.run_trials(s, c, n)),
        )?;
        Ok(answer(game, labels, ran, seed, true, clock))
    } else {
        let ran = units_or_sampled(
            job.players(),
            ask,
            clock,
            exact,
            job.units(),
            |r| tally(job.run(r)),
            |s, c, n| tally(job.run_trials(s, c, n)),
        )?;
        Ok(answer(game, labels, ran, seed, false, clock))
    }
}
