//! `allin equity --game 2-7-draw|a-5-draw|badugi` (the catalogue's draw
//! family, single draw): each HAND the cards a player keeps (`random` or
//! `-` for none), known discards in `--dead`; win, tie and equity as
//! five-card's (text or `--json`). Exact when the core's policy says so
//! (`allin::draw::DrawJob`), else `--trials` seeded deals in chunks.

use super::card_games::print_plain;
use super::job::JobArgs;
use crate::output::CliError;
use allin::draw::{DrawJob, Lowball};
use allin::equity::{Tally, DEFAULT_TRIALS};
use allin::game::Game;

/// Trials per chunk (a chunk is its own seeded stream).
const CHUNK: u64 = 10_000;

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
    let cmd = "equity";
    let (job, tally, exact) = compute(args, game, cmd)?;
    let title = format!(
        "{} (each player draws to {} from the cards left)",
        game.label(),
        job.game().hand_cards()
    );
    print_plain(
        game.name(),
        title,
        job.labels().to_vec(),
        (&tally, exact, args.job.seed.unwrap_or(1)),
        args.json,
    )
}

/// Checks the arguments and runs the job: the job, its tally, and
/// whether it is exact.
pub fn compute(
    args: &DrawArgs,
    game: Game,
    cmd: &'static str,
) -> Result<(DrawJob, Tally, bool), CliError> {
    let usage = |m: String| CliError::usage(cmd, m);
    let lowball =
        Lowball::of(game).ok_or_else(|| usage(format!("{} is not a draw game", game.name())))?;
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
    if args.job.trials == Some(0) {
        return Err(usage("--trials must be at least 1".into()));
    }
    let hands: Vec<&str> = args
        .job
        .hands
        .iter()
        .map(|h| if h == "-" { "" } else { h.as_str() })
        .collect();
    let job = DrawJob::parse(lowball, &hands, &args.job.dead.join(" "))
        .map_err(|e| usage(e.to_string()))?;
    if args.job.exact {
        job.check_exact().map_err(|e| usage(e.to_string()))?;
    }
    let exact = args.job.trials.is_none() && (args.job.exact || job.exact_by_default());
    let tally = if exact {
        job.run_all()
    } else {
        let seed = args.job.seed.unwrap_or(1);
        let mut t = Tally::new(job.players());
        let (mut chunk, mut left) = (0, args.job.trials.unwrap_or(DEFAULT_TRIALS));
        while left > 0 {
            let n = left.min(CHUNK);
            t += &job.run_trials(seed, chunk, n);
            left -= n;
            chunk += 1;
        }
        t
    };
    Ok((job, tally, exact))
}
