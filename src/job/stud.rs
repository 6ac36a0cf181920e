//! The stud games' opener: a [`StudJob`] (Seven-card Stud, Stud Hi-Lo,
//! Razz), exact when affordable, else Monte Carlo, behind `EquityJob`
//! through the dealt families' adapter (`job/dealt.rs`).

use std::ops::Range;

use super::dealt::DealtJob;
use super::{CountsKind, EquityJob, JobSpec, OpenError};
use crate::game::Game;
use crate::stud::{Rules, StudJob};

/// Opens a stud job (`game` says which).
pub fn open_stud(game: Game, spec: &JobSpec) -> Result<Box<dyn EquityJob>, OpenError> {
    let rules = Rules::of(game)
        .ok_or_else(|| OpenError::Rules(format!("{} is not a stud game", game.name())))?;
    super::dealt::no_rule_options(spec, game)?;
    let players: Vec<&str> = spec.players.iter().map(String::as_str).collect();
    let job = StudJob::parse(rules, &players, &spec.board, &spec.dead).map_err(OpenError::Stud)?;
    let auto = job.exact_by_default();
    super::dealt::open(
        job,
        spec.method,
        auto,
        |j| Some(stud_why(j)),
        |j| j.check_exact().map_err(OpenError::Stud),
    )
}

/// Why `auto` samples a stud job, for people.
pub fn stud_why(job: &StudJob) -> String {
    format!(
        "too many ways to deal the missing cards for exact (≈{:.1e} deals): Monte Carlo",
        job.deals() as f64
    )
}

impl DealtJob for StudJob {
    fn game(&self) -> Game {
        self.rules().game()
    }
    fn players(&self) -> usize {
        StudJob::players(self)
    }
    fn labels(&self) -> Vec<String> {
        StudJob::labels(self).to_vec()
    }
    fn units(&self) -> u64 {
        StudJob::units(self)
    }
    fn cost(&self) -> u64 {
        self.deals()
    }
    fn run(&self, units: Range<u64>) -> Vec<u128> {
        StudJob::run(self, units).flat()
    }
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128> {
        StudJob::run_strided(self, first, stride).flat()
    }
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128> {
        StudJob::run_trials(self, seed, chunk, trials).flat()
    }
    fn counts_kind(&self) -> CountsKind {
        if DealtJob::hilo(self) {
            CountsKind::Pot
        } else {
            CountsKind::Tally
        }
    }
    fn hilo(&self) -> bool {
        self.rules() == Rules::HiLo
    }
    fn note(&self) -> Option<String> {
        self.community()
            .then(|| "the deck runs out: the seventh card is one community card".into())
    }
}
