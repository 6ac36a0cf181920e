//! The stud games' opener: a [`StudJob`] (Seven-card Stud, Stud Hi-Lo,
//! Razz), exact when affordable, else Monte Carlo, behind `EquityJob`
//! through the dealt families' adapter (`job/dealt.rs`).

use super::{EquityJob, JobSpec, OpenError};
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
    super::dealt::open(job, spec.method, auto, stud_why, |j| {
        j.check_exact().map_err(OpenError::Stud)
    })
}

/// Why `auto` samples a stud job, for people.
pub fn stud_why(job: &StudJob) -> String {
    format!(
        "too many ways to deal the missing cards for exact (≈{:.1e} deals): Monte Carlo",
        job.deals() as f64
    )
}
