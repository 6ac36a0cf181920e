//! The stud games' job behind [`EquityJob`]: a [`StudJob`] (Seven-card
//! Stud, Stud Hi-Lo, Razz), exact when affordable, else Monte Carlo.

use std::ops::Range;

use super::{CountsKind, EquityJob, JobMethod, JobSpec, OpenError};
use crate::game::Game;
use crate::stud::{Rules, StudJob};

struct Stud {
    job: StudJob,
    exact: bool,
    why_sampled: Option<String>,
}

/// Opens a stud job (`game` says which).
pub fn open_stud(game: Game, spec: &JobSpec) -> Result<Box<dyn EquityJob>, OpenError> {
    let rules = Rules::of(game)
        .ok_or_else(|| OpenError::Rules(format!("{} is not a stud game", game.name())))?;
    if !spec.rules.trim().is_empty() {
        return Err(OpenError::Rules(format!(
            "{}: {} has no rule options",
            crate::quote::quote(spec.rules.trim()),
            game.label()
        )));
    }
    let players: Vec<&str> = spec.players.iter().map(String::as_str).collect();
    let job = StudJob::parse(rules, &players, &spec.board, &spec.dead).map_err(OpenError::Stud)?;
    let auto = job.exact_by_default();
    let (exact, why_sampled) = match spec.method {
        JobMethod::Auto => (auto, (!auto).then(|| stud_why(&job))),
        JobMethod::Exact => {
            job.check_exact().map_err(OpenError::Stud)?;
            (true, None)
        }
        JobMethod::MonteCarlo => (false, None),
    };
    Ok(Box::new(Stud {
        job,
        exact,
        why_sampled,
    }))
}

/// Why `auto` samples a stud job, for people.
pub fn stud_why(job: &StudJob) -> String {
    format!(
        "too many ways to deal the missing cards for exact (≈{:.1e} deals): Monte Carlo",
        job.deals() as f64
    )
}

impl EquityJob for Stud {
    fn game(&self) -> Game {
        self.job.rules().game()
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
    fn counts_kind(&self) -> CountsKind {
        if self.hilo() {
            CountsKind::Pot
        } else {
            CountsKind::Tally
        }
    }
    fn run_units(&self, units: Range<u64>) -> Vec<u128> {
        self.job
            .run(units.start..units.end.min(self.total_units()))
            .flat()
    }
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128> {
        if self.exact {
            self.job.run_strided(first, stride).flat()
        } else {
            self.empty()
        }
    }
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128> {
        self.job.run_trials(seed, chunk, trials).flat()
    }
    fn hilo(&self) -> bool {
        self.job.rules() == Rules::HiLo
    }
}
