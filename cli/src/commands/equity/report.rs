//! `allin equity`'s answer, as JSON (one line) and as the human table.

use super::job::{Computed, Plan};
use crate::output::grouped;
use crate::output::json::Float;
use crate::output::MIN_TRIALS_FOR_ERROR;
use allin::equity::pot_odds::PotOdds;
use allin::equity::Spec;
use allin::equity::DEFAULT_SEED;
use serde::Serialize;
use std::fmt::Write as _;

#[derive(Serialize)]
struct PotJson {
    odds: Float,
    needed: Float,
    ev_call: Float,
    kelly: Float,
}

#[derive(Serialize)]
struct EquityJson<'a> {
    exact: bool,
    showdowns: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    trials: Option<u64>,
    /// With `--error`: the target and the largest error reached (percentage points).
    #[serde(skip_serializing_if = "Option::is_none")]
    target_error: Option<Float>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Float>,
    players: Vec<PlayerJson>,
    splits: Vec<SplitJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fallback: Option<FallbackJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pot: Option<PotJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<super::detail::DetailJson<'a>>,
}

#[derive(Serialize)]
struct PlayerJson {
    hand: String,
    win: u64,
    tie: u64,
    lose: u64,
    equity: Float,
    /// Absent when exact; null when too few trials for a meaningful error.
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<Option<Float>>,
}

#[derive(Serialize)]
struct SplitJson {
    players: Vec<usize>,
    count: u64,
}

#[derive(Serialize)]
struct FallbackJson {
    reason: &'static str,
    evaluations: u64,
}

const TOO_LARGE: &str = "too many boards for exact";

/// The JSON document (one line).
pub fn to_json(
    spec: &Spec,
    done: &Computed,
    pot: Option<PotOdds>,
    detail: Option<&super::detail::Detail>,
) -> String {
    let o = &done.outcome;
    let t = &o.tally;
    let n = t.showdowns();
    let meaningful = n >= MIN_TRIALS_FOR_ERROR;
    let doc = EquityJson {
        exact: o.exact,
        showdowns: n,
        trials: (!o.exact).then_some(n),
        target_error: target_of(done).map(Float),
        error: target_of(done).map(|_| Float(allin::equity::worst_error(t))),
        players: (0..t.players())
            .map(|p| PlayerJson {
                hand: spec.player_label(p),
                win: t.wins(p),
                tie: t.ties(p),
                lose: t.losses(p),
                equity: Float(t.equity(p)),
                stderr: (!o.exact).then(|| meaningful.then(|| Float(t.std_error(p)))),
            })
            .collect(),
        splits: t
            .splits()
            .map(|(mask, count)| SplitJson {
                players: (0..t.players()).filter(|p| mask >> p & 1 == 1).collect(),
                count,
            })
            .collect(),
        fallback: match done.plan {
            Plan::MonteCarlo {
                fallback: Some(evaluations),
                ..
            } => Some(FallbackJson {
                reason: TOO_LARGE,
                evaluations,
            }),
            _ => None,
        },
        pot: pot.map(|pot| {
            let p = t.equity(0);
            PotJson {
                odds: Float(pot.odds()),
                needed: Float(pot.needed()),
                ev_call: Float(pot.ev_call(p)),
                kelly: Float(pot.kelly(p)),
            }
        }),
        detail: detail.map(|d| super::detail::to_json(spec, d)),
    };
    crate::output::json::line(&doc)
}

/// The target error asked for (`--error`), when the job sampled to one.
fn target_of(done: &Computed) -> Option<f64> {
    match done.plan {
        Plan::MonteCarlo { error, .. } if !done.outcome.exact => error,
        _ => None,
    }
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// The human table.
pub fn to_table(spec: &Spec, done: &Computed) -> String {
    let o = &done.outcome;
    let t = &o.tally;
    let n = t.showdowns();
    let meaningful = o.exact || n >= MIN_TRIALS_FOR_ERROR;
    let mut out = String::new();
    if let Plan::MonteCarlo {
        fallback: Some(cost),
        ..
    } = done.plan
    {
        let _ = writeln!(
            out,
            "Too many boards for exact (about {cost:.1e} hand evaluations): Monte Carlo instead"
        );
    }
    if o.exact && spec.has_ranges() {
        let _ = writeln!(
            out,
            "Exact: {} showdowns (every deal of the ranges, by weight, times every board)",
            grouped(n)
        );
    } else if o.exact {
        let _ = writeln!(out, "Exact: {} boards", grouped(n));
    } else {
        let (seed, time) = match done.plan {
            Plan::MonteCarlo { seed, time, .. } => (seed, time),
            Plan::Exact => (DEFAULT_SEED, None),
        };
        let mut budget = time.map_or(String::new(), |t| format!(", --time {t:?}"));
        if let Some(target) = target_of(done) {
            let reached = allin::equity::worst_error(t);
            let _ = write!(
                budget,
                ", --error {target}: ±{reached:.3} reached{}",
                if reached <= target {
                    ""
                } else {
                    " (not the target)"
                }
            );
        }
        let error = if meaningful {
            "± is one standard error".to_string()
        } else {
            format!("too few trials for a meaningful error (under {MIN_TRIALS_FOR_ERROR})")
        };
        let trials = if n == 1 { "trial" } else { "trials" };
        let _ = writeln!(
            out,
            "Monte Carlo: {} {trials} (seed {seed}{budget}); {error}",
            grouped(n)
        );
    }
    if !spec.board().is_empty() {
        let _ = writeln!(out, "Board: {}", allin::card::format_cards(spec.board()));
    }
    if !spec.dead().is_empty() {
        let _ = writeln!(out, "Dead:  {}", allin::card::format_cards(spec.dead()));
    }
    out.push('\n');
    let w = (0..t.players())
        .map(|p| spec.player_label(p).chars().count())
        .max()
        .unwrap_or(0)
        .max(6)
        .max("hand".len());
    if o.exact {
        let _ = writeln!(
            out,
            "{:<7} {:<w$} {:>9} {:>9} {:>9}  {:>12} {:>12} {:>12}",
            "player", "hand", "win %", "tie %", "equity %", "wins", "ties", "losses"
        );
    } else {
        let _ = writeln!(
            out,
            "{:<7} {:<w$} {:>9} {:>9} {:>9} {:>9}",
            "player", "hand", "win %", "tie %", "equity %", "± %"
        );
    }
    for p in 0..t.players() {
        let _ = write!(
            out,
            "{:<7} {:<w$} {:>9.4} {:>9.4} {:>9.4}",
            p + 1,
            spec.player_label(p),
            percent(t.wins(p), n),
            percent(t.ties(p), n),
            100.0 * t.equity(p)
        );
        if o.exact {
            let _ = writeln!(
                out,
                "  {:>12} {:>12} {:>12}",
                grouped(t.wins(p)),
                grouped(t.ties(p)),
                grouped(t.losses(p))
            );
        } else if meaningful {
            let _ = writeln!(out, " {:>9.4}", 100.0 * t.std_error(p));
        } else {
            let _ = writeln!(out, " {:>9}", "n/a");
        }
    }
    let splits: Vec<(usize, u64)> = t.splits().collect();
    if !splits.is_empty() {
        out.push_str("\nSplit pots:\n");
        for (mask, count) in splits {
            let who: Vec<String> = (0..t.players())
                .filter(|p| mask >> p & 1 == 1)
                .map(|p| format!("{} ({})", p + 1, spec.player_label(p)))
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
