//! `equity()`'s dispatch: Hold'em through `holdem.rs` (its time budgets
//! cut an exact job into shuffled chunks), every other game through the
//! core's one opener, `Game::open(&JobSpec)` (`src/job.rs`): the game's
//! rules, its plan (exact or Monte Carlo, and why) and its counts, the same
//! job the page and the JS API open. What they share with Hold'em (the
//! ask, the answer, threads and the clock) is `equity_job.rs`.

use crate::equity_job::*;
use crate::errors::Fail;
use crate::run::Clock;
use allin::equity::{Tally, DEFAULT_SEED};
use allin::game::Family;
use allin::job::{CountsKind, EquityJob, JobMethod, JobSpec, OpenError};
use allin::omaha::PotCounts;

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
    let game = ask.game;
    if ask.deck.is_some() && game.family() != Family::ThreeCard {
        return Err(Fail::new("deck", "deck applies only to three-card games"));
    }
    if game.family() == Family::Holdem {
        if ask.rules.is_some() {
            return Err(Fail::new(
                "rules",
                "rules apply only to three-card games and shortdeck",
            ));
        }
        return crate::holdem::holdem(ask, &clock);
    }
    let spec = JobSpec {
        players: ask.players.clone(),
        board: ask.board.clone(),
        dead: ask.dead.clone(),
        rules: ask.rules.clone().unwrap_or_default(),
        deck: ask.deck.clone().unwrap_or_default(),
        removal: true,
        method: match ask.method {
            Method::Auto => JobMethod::Auto,
            Method::Exact => JobMethod::Exact,
            Method::MonteCarlo => JobMethod::MonteCarlo,
        },
        table: None,
    };
    let job = game.open(&spec).map_err(|e| open_fail(&e))?;
    let players = job.players();
    match job.counts_kind() {
        CountsKind::Tally => run_job(&*job, ask, &clock, |flat| {
            let by_winners = flat.into_iter().map(|n| n as u64).collect();
            Tally::from_counts(players, by_winners).expect("a job's tally")
        }),
        CountsKind::Pot => run_job(&*job, ask, &clock, |flat| {
            PotCounts::from_flat(players, &flat).expect("a job's pot counts")
        }),
    }
}

/// An opened job run: its exact units when it is exact (and the budget
/// allows), else Monte Carlo; `read` turns its flat counts into the
/// family's counts.
fn run_job<C: Outcome>(
    job: &dyn EquityJob,
    ask: &Ask,
    clock: &Clock,
    read: impl Fn(Vec<u128>) -> C + Sync,
) -> Result<Answer, Fail> {
    let ran = units_or_sampled(
        job.players(),
        ask,
        clock,
        (job.exact(), job.why_sampled()),
        job.total_units(),
        |units| read(job.run_units(units)),
        |seed, chunk, trials| read(job.run_trials(seed, chunk, trials)),
    )?;
    let seed = ask.seed.unwrap_or(DEFAULT_SEED);
    Ok(answer(
        job.game(),
        job.labels(),
        ran,
        seed,
        job.hilo(),
        clock,
    ))
}

/// The opener's error in the field it belongs to.
fn open_fail(err: &OpenError) -> Fail {
    match err {
        OpenError::Holdem(e) => Fail::spec(e),
        OpenError::BoardGame(e) => Fail::board_game(e),
        OpenError::Rules(m) => Fail::new("rules", m),
        OpenError::Deck(m) => Fail::new("deck", m),
        OpenError::Board(m) => Fail::new("board", m),
        OpenError::ThreeCard(_) | OpenError::FiveCard(_) | OpenError::Draw(_) => Fail::players(err),
        OpenError::Stud(allin::stud::StudError::Board) => Fail::new("board", err),
        OpenError::Stud(allin::stud::StudError::Dead(_)) => Fail::new("dead", err),
        OpenError::Stud(_) => Fail::players(err),
    }
}
