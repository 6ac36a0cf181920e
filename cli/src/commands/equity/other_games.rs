//! `allin equity` of every game but Hold'em, three-card, five-card and the
//! draw games (which have options or words of their own): Omaha and Short
//! Deck through `board_games`, and every other game (the stud games; a
//! new family's, by default) here, from the catalogue and the job alone:
//! the one runner (`any_game`), titled with the game's label (Hi-Lo's
//! `(eight or better)`, the job's note), printed by `shown.rs`.

use super::any_game;
use super::board_games::{ask, BoardGameArgs, Shown};
use crate::output::CliError;
use allin::game::Family;

/// `allin equity` of one of these games.
pub fn run(a: BoardGameArgs) -> Result<(), CliError> {
    compute_any(&a, "equity")?.print(a.json)
}

/// Checks the job, runs it and keeps what is shown (command `cmd` in errors).
pub fn compute_any(a: &BoardGameArgs, cmd: &'static str) -> Result<Shown, CliError> {
    if matches!(a.game.family(), Family::Omaha | Family::ShortDeck) {
        return super::board_games::compute(a, cmd);
    }
    let usage = |m: String| CliError::usage(cmd, m);
    if a.rules.is_some() && a.game.rules().is_none() {
        return Err(usage(format!("{} has no --rules", a.game.label())));
    }
    if a.trials == Some(0) {
        return Err(usage("--trials must be at least 1".into()));
    }
    if a.seed.is_some() && a.trials.is_none() && a.error.is_none() {
        return Err(usage("--seed goes with --trials".into()));
    }
    let ran = any_game::run(ask(a, a.rules.unwrap_or("")), cmd)?;
    let mut title = a.game.label().to_string();
    if a.game.hilo() {
        title += " (eight or better)";
    }
    if let Some(note) = ran.job.note() {
        title += "; ";
        title += &note;
    }
    let unit = if a.game.board_sizes().is_empty() {
        "deal"
    } else {
        "board"
    };
    Ok(Shown::of(ran, title, unit))
}
