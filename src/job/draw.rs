//! The draw games' opener, [`open_draw`] (2-7, A-5 and Badugi, single
//! draw): a [`DrawJob`] behind `EquityJob` through the dealt families'
//! adapter (`job/dealt.rs`).

use std::ops::Range;

use super::dealt::{flat, DealtJob};
use super::{EquityJob, JobSpec, OpenError};
use crate::draw::{DrawJob, Lowball};
use crate::game::Game;

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
    super::dealt::no_rule_options(spec, game)?;
    let auto = job.exact_by_default();
    super::dealt::open(
        job,
        spec.method,
        auto,
        |j| Some(draw_why(j)),
        |j| j.check_exact().map_err(OpenError::Draw),
    )
}

/// Why `auto` samples a draw job, for people.
pub fn draw_why(job: &DrawJob) -> String {
    format!(
        "too many ways to draw for exact (≈{:.1e} deals): Monte Carlo",
        job.deals() as f64
    )
}

impl DealtJob for DrawJob {
    fn game(&self) -> Game {
        DrawJob::game(self).game()
    }
    fn players(&self) -> usize {
        DrawJob::players(self)
    }
    fn labels(&self) -> Vec<String> {
        DrawJob::labels(self).to_vec()
    }
    fn units(&self) -> u64 {
        DrawJob::units(self)
    }
    fn cost(&self) -> u64 {
        self.deals()
    }
    fn run(&self, units: Range<u64>) -> Vec<u128> {
        flat(&DrawJob::run(self, units))
    }
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128> {
        flat(&DrawJob::run_strided(self, first, stride))
    }
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128> {
        flat(&DrawJob::run_trials(self, seed, chunk, trials))
    }
}
