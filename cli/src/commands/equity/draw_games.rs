//! `allin equity --game 2-7-draw|a-5-draw|badugi` (the catalogue's draw
//! family, single draw): each HAND the cards a player keeps (`random` or
//! `-` for none), known discards in `--dead`; win, tie and equity as
//! five-card's (text or `--json`). Exact when the core's policy says so
//! (`allin::draw::DrawJob`), else `--trials` seeded deals in chunks: the
//! one runner (`any_game`).

use super::card_games::run_plain;
use super::job::JobArgs;
use super::shown::Shown;
use crate::output::CliError;
use allin::game::Game;
use allin::job::JobSpec;

/// What the job needs from the command line: the job's arguments and
/// whether options of other games were given (`--pot`, `--detail`,
/// `--rules`, …: named in the error).
pub struct DrawArgs<'a> {
    pub job: &'a JobArgs,
    /// `--pot`/`--call` or `--detail` given.
    pub holdem_options: bool,
    /// `--rules`, `--deck` or `--no-card-removal` given.
    pub three_card_options: bool,
    pub json: bool,
}

pub fn run(args: &DrawArgs, game: Game) -> Result<(), CliError> {
    compute(args, game, "equity")?.print(args.json)
}

/// Checks the arguments and runs the job (the one runner, `any_game`).
pub fn compute(args: &DrawArgs, game: Game, cmd: &'static str) -> Result<Shown, CliError> {
    let usage = |m: String| CliError::usage(cmd, m);
    if args.job.board.is_some() {
        return Err(usage(format!(
            "{} has no board: known discards go in --dead",
            game.label()
        )));
    }
    if args.job.time.is_some() || args.holdem_options {
        return Err(usage(
            "--time, --pot/--call and --detail apply only to --game holdem".into(),
        ));
    }
    if args.three_card_options {
        return Err(usage(
            "--rules, --deck and --no-card-removal apply only to --game three-card".into(),
        ));
    }
    let hands: Vec<&str> = args
        .job
        .hands
        .iter()
        .map(|h| if h == "-" { "" } else { h.as_str() })
        .collect();
    let spec = JobSpec::new(&hands, "", &args.job.dead.join(" "));
    let a = &args.job;
    let ran = run_plain(game, spec, (a.exact, a.trials, a.seed), cmd)?;
    let title = format!(
        "{} (each player draws to {} from the cards left)",
        game.label(),
        game.hand_cards()
    );
    Ok(Shown::of(ran, title, "deal"))
}
