//! The draw games' job behind [`EquityJob`]: [`open_draw`] (2-7, A-5 and
//! Badugi, single draw) and the adapter from [`DrawJob`]'s `Tally` to
//! flat counts.

use std::ops::Range;

use super::{EquityJob, JobMethod, JobSpec, OpenError};
use crate::draw::{DrawJob, Lowball};
use crate::game::Game;

/// A single-draw showdown of one of the draw games.
struct Draw {
    job: DrawJob,
    exact: bool,
    why_sampled: Option<String>,
}

/// Opens a draw game's job (`game` one of the draw family).
pub fn open_draw(game: Game, spec: &JobSpec) -> Result<Box<dyn EquityJob>, OpenError> {
    let lowball = Lowball::of(game)
        .ok_or_else(|| OpenError::Rules(format!("{} is not a draw game", game.name())))?;
    let players: Vec<&str> = spec.players.iter().map(String::as_str).collect();
    let job = DrawJob::parse(lowball, &players, &spec.dead).map_err(OpenError::Draw)?;
    if !spec.board.trim().is_empty() {
        return Err(OpenError::Board(format!(
            "{} has no board: clear this field (known discards are dead cards)",
            game.label()
        )));
    }
    let rules = spec.rules.trim();
    if !rules.is_empty() {
        return Err(OpenError::Rules(format!(
            "{}: {} has no rule options",
            crate::quote::quote(rules),
            game.label()
        )));
    }
    let (exact, why_sampled) = match spec.method {
        JobMethod::Auto => {
            let auto = job.exact_by_default();
            (auto, (!auto).then(|| draw_why(&job)))
        }
        JobMethod::Exact => {
            job.check_exact().map_err(OpenError::Draw)?;
            (true, None)
        }
        JobMethod::MonteCarlo => (false, None),
    };
    Ok(Box::new(Draw {
        job,
        exact,
        why_sampled,
    }))
}

/// Why `auto` samples a draw job, for people.
pub fn draw_why(job: &DrawJob) -> String {
    format!(
        "too many ways to draw for exact (≈{:.1e} deals): Monte Carlo",
        job.deals() as f64
    )
}

fn flat(t: &crate::equity::Tally) -> Vec<u128> {
    t.by_winners().iter().map(|&n| u128::from(n)).collect()
}

impl EquityJob for Draw {
    fn game(&self) -> Game {
        self.job.game().game()
    }
    fn players(&self) -> usize {
        self.job.players()
    }
    fn labels(&self) -> Vec<String> {
        self.job.labels().to_vec()
    }
    fn exact(&self) -> bool {
        self.exact
    }
    fn total_units(&self) -> u64 {
        if self.exact {
            self.job.units()
        } else {
            0
        }
    }
    fn why_sampled(&self) -> Option<String> {
        self.why_sampled.clone()
    }
    fn cost(&self) -> u64 {
        self.job.deals()
    }
    fn ranges(&self) -> bool {
        self.job.deals() > 1
    }
    fn run_units(&self, units: Range<u64>) -> Vec<u128> {
        flat(&self.job.run(units.start..units.end.min(self.total_units())))
    }
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128> {
        if self.exact {
            flat(&self.job.run_strided(first, stride))
        } else {
            self.empty()
        }
    }
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128> {
        flat(&self.job.run_trials(seed, chunk, trials))
    }
}
