//! `allin equity --game omaha…|shortdeck` (the catalogue's Omaha and Short
//! Deck families; the stud games' arguments too): their options checked,
//! the one runner (`any_game`) and the title, printed as `shown.rs` prints
//! every game but Hold'em. Exact when the engine's policy says so (every
//! hand known and affordable), else Monte Carlo.

use super::any_game::{self, Ask};
pub use super::shown::{hilo_shares, Shown};
use crate::output::CliError;
use allin::job::JobSpec;
use allin::omaha::Game;

/// What the job needs from the command line.
pub struct BoardGameArgs<'a> {
    /// An Omaha or Short Deck game of the catalogue.
    pub game: allin::game::Game,
    pub hands: &'a [String],
    pub board: &'a str,
    pub dead: &'a [String],
    /// `--rules` (Short Deck: `standard` or `trips-beat-straight`).
    pub rules: Option<&'a str>,
    pub exact: bool,
    /// Threads for an exact job (the counts are the same).
    pub threads: Option<usize>,
    pub trials: Option<u64>,
    /// `--error`: sample until the largest ± is at most this (percentage points).
    pub error: Option<f64>,
    pub seed: Option<u64>,
    pub json: bool,
}

/// The job of these arguments for the one runner (`any_game`).
pub(super) fn ask(a: &BoardGameArgs, rules: &str) -> Ask {
    Ask {
        game: a.game,
        spec: JobSpec {
            players: a.hands.to_vec(),
            board: a.board.to_string(),
            dead: a.dead.join(" "),
            rules: rules.to_string(),
            ..JobSpec::default()
        },
        exact: a.exact,
        threads: a.threads,
        trials: a.trials,
        error: a.error,
        seed: a.seed,
    }
}

/// Checks the job, runs it (exact or sampled) and keeps what is shown
/// (command `cmd` in errors).
pub fn compute(a: &BoardGameArgs, cmd: &'static str) -> Result<Shown, CliError> {
    if a.trials == Some(0) {
        return Err(CliError::usage(cmd, "--trials must be at least 1"));
    }
    let short_deck = a.game.family() == allin::game::Family::ShortDeck;
    let rules = if short_deck {
        Some(crate::args::rules::short_deck(cmd, a.rules)?)
    } else if a.rules.is_some() {
        return Err(CliError::usage(
            cmd,
            format!(
                "--rules applies only to --game {}",
                crate::args::game::with_rules()
            ),
        ));
    } else {
        None
    };
    if a.seed.is_some() && a.trials.is_none() && a.error.is_none() {
        return Err(CliError::usage(cmd, "--seed goes with --trials or --error"));
    }
    let ran = any_game::run(ask(a, a.rules.unwrap_or("")), cmd)?;
    let title = match rules {
        Some(rules) => format!("Short Deck Hold'em (36 cards, {rules})"),
        None => Game::of(a.game).expect("an Omaha game").title(),
    };
    // Exact with ranges (Omaha's narrow ranges on a turn or river): each
    // holding's showdowns counted with its weight.
    let unit = if ran.how.exact && ran.job.ranges() {
        "weighted showdown"
    } else {
        "board"
    };
    Ok(Shown {
        rules,
        ..Shown::of(ran, title, unit)
    })
}
