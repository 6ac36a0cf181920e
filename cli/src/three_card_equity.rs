//! `allin equity --game three-card`: a hero's (and every player's) win,
//! tie and equity in three-card poker, against 1–5 opponents holding a
//! hand, `random` or the top `X%`.

use crate::equity::{grouped, MIN_TRIALS_FOR_ERROR};
use crate::json::Float;
use crate::{print, CliError};
use allin::equity::Tally;
use allin::three_card::equity::{ThreeCardJob, ThreeCardSpec};
use allin::three_card::ladder::Deck;
use allin::three_card::Rules;
use serde::Serialize;
use std::fmt::Write as _;

/// Trials when exact is not possible (4+ players) and `--trials` is not given.
const DEFAULT_TRIALS: u64 = 1_000_000;
/// Trials per chunk (a chunk is its own seeded stream).
const CHUNK: u64 = 10_000;

/// What the three-card job needs from the command line.
pub struct ThreeCardArgs<'a> {
    pub hands: &'a [String],
    pub dead: &'a [String],
    pub rules: Rules,
    pub deck: Deck,
    pub removal: bool,
    pub exact: bool,
    pub trials: Option<u64>,
    pub seed: Option<u64>,
    pub json: bool,
}

pub fn run(a: ThreeCardArgs) -> Result<(), CliError> {
    let (job, tally, exact) = compute(&a, "equity")?;
    print(&if a.json {
        to_json(&job, &tally, exact)
    } else {
        to_table(&job, &tally, exact, &a)
    })
}

/// The job, its tally and whether it is exact (command `cmd` in errors).
pub fn compute(
    a: &ThreeCardArgs,
    cmd: &'static str,
) -> Result<(ThreeCardJob, Tally, bool), CliError> {
    let players: Vec<&str> = a.hands.iter().map(String::as_str).collect();
    let dead = a.dead.join(" ");
    let spec = ThreeCardSpec::build(&players, &dead, a.rules, a.deck, a.removal)
        .map_err(|e| CliError::usage(cmd, e.to_string()))?;
    let job = ThreeCardJob::new(spec).map_err(|e| CliError::usage(cmd, e.to_string()))?;
    if a.exact {
        job.check_exact()
            .map_err(|e| CliError::usage(cmd, e.to_string()))?;
    }
    let exact = a.trials.is_none() && (a.exact || job.exact_by_default());
    let tally = if exact {
        job.run_all()
    } else {
        let trials = a.trials.unwrap_or(DEFAULT_TRIALS);
        let seed = a.seed.unwrap_or(1);
        let mut t = Tally::new(job.players());
        let mut chunk = 0;
        let mut left = trials;
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

#[derive(Serialize)]
struct Doc {
    game: &'static str,
    rules: String,
    deck: &'static str,
    card_removal: bool,
    exact: bool,
    showdowns: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    trials: Option<u64>,
    players: Vec<PlayerJson>,
    splits: Vec<SplitJson>,
}

#[derive(Serialize)]
struct PlayerJson {
    hand: String,
    /// Hands this player can be dealt after the known cards.
    hands: usize,
    win: u64,
    tie: u64,
    lose: u64,
    equity: Float,
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<Option<Float>>,
}

#[derive(Serialize)]
struct SplitJson {
    players: Vec<usize>,
    count: u64,
}

pub fn rules_name(r: &Rules) -> String {
    r.preset_name()
        .map_or_else(|| r.to_string(), str::to_string)
}

fn to_json(job: &ThreeCardJob, t: &Tally, exact: bool) -> String {
    let n = t.showdowns();
    let meaningful = n >= MIN_TRIALS_FOR_ERROR;
    let counts = job.hand_counts();
    let doc = Doc {
        game: "three-card",
        rules: rules_name(job.rules()),
        deck: job.deck().name(),
        card_removal: job.card_removal(),
        exact,
        showdowns: n,
        trials: (!exact).then_some(n),
        players: (0..t.players())
            .map(|p| PlayerJson {
                hand: job.labels()[p].clone(),
                hands: counts[p],
                win: t.wins(p),
                tie: t.ties(p),
                lose: t.losses(p),
                equity: Float(t.equity(p)),
                stderr: (!exact).then(|| meaningful.then(|| Float(t.std_error(p)))),
            })
            .collect(),
        splits: t
            .splits()
            .map(|(mask, count)| SplitJson {
                players: (0..t.players()).filter(|p| mask >> p & 1 == 1).collect(),
                count,
            })
            .collect(),
    };
    crate::json::line(&doc)
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

fn to_table(job: &ThreeCardJob, t: &Tally, exact: bool, a: &ThreeCardArgs) -> String {
    let n = t.showdowns();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Three-card poker, {} rules{}",
        rules_name(job.rules()),
        if job.deck() == Deck::Short {
            ", short deck (9 to A)"
        } else {
            ""
        }
    );
    if !job.card_removal() {
        out.push_str(
            "Independent draws (an approximation): each opponent is dealt from the whole deck, \
             as if no other hand were out\n",
        );
    }
    if exact {
        let _ = writeln!(out, "Exact: {} deals", grouped(n));
    } else {
        let _ = writeln!(
            out,
            "Monte Carlo: {} deals (seed {}); ± is one standard error",
            grouped(n),
            a.seed.unwrap_or(1)
        );
    }
    out.push('\n');
    let w = job
        .labels()
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    let counts = job.hand_counts();
    let _ = write!(
        out,
        "{:<7} {:<w$} {:>7} {:>9} {:>9} {:>9}",
        "player", "hand", "hands", "win %", "tie %", "equity %"
    );
    out.push_str(if exact { "\n" } else { " ± %\n" });
    for (p, &hands) in counts.iter().enumerate() {
        let _ = write!(
            out,
            "{:<7} {:<w$} {:>7} {:>9.4} {:>9.4} {:>9.4}",
            p + 1,
            job.labels()[p],
            grouped(hands as u64),
            percent(t.wins(p), n),
            percent(t.ties(p), n),
            100.0 * t.equity(p)
        );
        if exact {
            out.push('\n');
        } else {
            let _ = writeln!(out, " {:.4}", 100.0 * t.std_error(p));
        }
    }
    let splits: Vec<(usize, u64)> = t.splits().collect();
    if !splits.is_empty() {
        out.push_str("\nSplit pots:\n");
        for (mask, count) in splits {
            let who: Vec<String> = (0..t.players())
                .filter(|p| mask >> p & 1 == 1)
                .map(|p| format!("{} ({})", p + 1, job.labels()[p]))
                .collect();
            let _ = writeln!(
                out,
                "  {}: {} ({:.4}%)",
                who.join(" + "),
                grouped(count),
                percent(count, n)
            );
        }
    }
    out
}
