//! `allin equity --game stud|stud8|razz` (the catalogue's stud family):
//! a [`StudJob`] run exact on threads or sampled in seeded chunks, shown
//! as the board games are (`board_games::Shown`: Hi-Lo as scoop, high
//! share, low share and equity).

use super::board_games::{sampled, show, threaded, BoardGameArgs, Counts, How, Shown};
use crate::output::CliError;
use allin::card::parse_cards;
use allin::equity::DEFAULT_TRIALS;
use allin::stud::equity::StudCounts;
use allin::stud::{Rules, StudJob};

/// `allin equity` of a board game or a stud game.
pub fn run(a: BoardGameArgs) -> Result<(), CliError> {
    let shown = compute_any(&a, "equity")?;
    show(&a, &shown)
}

/// A board game's job (`board_games::compute`) or a stud game's.
pub fn compute_any<'a>(a: &BoardGameArgs<'a>, cmd: &'static str) -> Result<Shown<'a>, CliError> {
    if a.game.family() == allin::game::Family::Stud {
        compute(a, cmd)
    } else {
        super::board_games::compute(a, cmd)
    }
}

/// Checks the job, runs it and keeps what is shown (command `cmd` in errors).
pub fn compute<'a>(a: &BoardGameArgs<'a>, cmd: &'static str) -> Result<Shown<'a>, CliError> {
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
    let players: Vec<&str> = a.hands.iter().map(String::as_str).collect();
    let dead = a.dead.join(" ");
    let job = StudJob::parse(rules, &players, a.board, &dead).map_err(|e| usage(e.to_string()))?;
    if a.exact {
        job.check_exact()
            .map_err(|e| usage(format!("exact is not possible: {e}")))?;
    }
    let exact = a.trials.is_none() && (a.exact || job.exact_by_default());
    let how = How {
        exact,
        fallback: (a.trials.is_none() && !exact).then(|| allin::job::stud::stud_why(&job)),
        seed: a.seed.unwrap_or(1),
        trials: a.trials.unwrap_or(DEFAULT_TRIALS),
        error: None,
    };
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let counts = if exact {
        threaded(job.units(), threads, |r| job.run(r))
    } else {
        sampled(job.empty(), how.trials, |c, n| {
            job.run_trials(how.seed, c, n)
        })
    };
    let mut title = a.game.label().to_string();
    if rules == Rules::HiLo {
        title += " (eight or better)";
    }
    if job.community() {
        title += "; the deck runs out: the seventh card is one community card";
    }
    Ok(Shown {
        game: a.game.name(),
        title,
        labels: job.labels().to_vec(),
        board: Vec::new(),
        dead: parse_cards(&dead).unwrap_or_default(),
        rules: None,
        counts: match counts {
            StudCounts::Tally(t) => Counts::Tally(t),
            StudCounts::Pot(c) => Counts::Pot(c),
        },
        how,
        hilo: rules == Rules::HiLo,
        unit: "deal",
    })
}
