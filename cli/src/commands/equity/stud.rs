//! `allin equity --game stud|stud8|razz` (the catalogue's stud family):
//! the one runner (`any_game`), shown as the board games are
//! (`shown.rs`: Hi-Lo as scoop, high share, low share and
//! equity).

use super::any_game;
use super::board_games::{ask, BoardGameArgs, Shown};
use crate::output::CliError;
use allin::stud::{Rules, StudJob};

/// `allin equity` of a board game or a stud game.
pub fn run(a: BoardGameArgs) -> Result<(), CliError> {
    compute_any(&a, "equity")?.print(a.json)
}

/// A board game's job (`board_games::compute`) or a stud game's.
pub fn compute_any(a: &BoardGameArgs, cmd: &'static str) -> Result<Shown, CliError> {
    if a.game.family() == allin::game::Family::Stud {
        compute(a, cmd)
    } else {
        super::board_games::compute(a, cmd)
    }
}

/// Checks the job, runs it and keeps what is shown (command `cmd` in errors).
pub fn compute(a: &BoardGameArgs, cmd: &'static str) -> Result<Shown, CliError> {
    let usage = |m: String| CliError::usage(cmd, m);
    let rules = Rules::of(a.game).expect("a stud game");
    if a.rules.is_some() {
        return Err(usage(format!("{} has no --rules", a.game.label())));
    }
    if a.error.is_some() {
        return Err(usage(format!(
            "--error is not taken by {} yet",
            a.game.label()
        )));
    }
    if a.trials == Some(0) {
        return Err(usage("--trials must be at least 1".into()));
    }
    if a.seed.is_some() && a.trials.is_none() {
        return Err(usage("--seed goes with --trials".into()));
    }
    let ran = any_game::run(ask(a, ""), cmd)?;
    let mut title = a.game.label().to_string();
    if rules == Rules::HiLo {
        title += " (eight or better)";
    }
    let dead = a.dead.join(" ");
    let players: Vec<&str> = a.hands.iter().map(String::as_str).collect();
    if StudJob::parse(rules, &players, a.board, &dead).is_ok_and(|j| j.community()) {
        title += "; the deck runs out: the seventh card is one community card";
    }
    Ok(Shown::of(ran, title, "deal"))
}
