//! `allin equity … --detail`: what each hand makes and hits (categories by
//! the river, outs and the next-card breakdown on a flop or a turn), as
//! text or as a `detail` object in `--json`.

use crate::equity::grouped;
use crate::json::Float;
use allin::equity::detail::{self, DetailPlan, DetailReport};
use allin::equity::Spec;
use serde::Serialize;
use std::fmt::Write as _;

/// Trials when the detail is sampled and `--trials` was not given.
const DEFAULT_TRIALS: u64 = 1_000_000;

/// A computed detail and how.
pub struct Detail {
    report: DetailReport,
    deals: u64,
    /// Why it was sampled without being asked to (`None` when exact or
    /// when `--trials` asked for sampling).
    reason: Option<String>,
}

/// Computes the detail of `spec`: exact when the engine's detail policy
/// affords it and no `trials` are asked for, else `trials` (default
/// 1,000,000) seeded random deals.
pub fn compute(spec: &Spec, trials: Option<u64>, seed: u64) -> Detail {
    let reason = match trials {
        Some(_) => None,
        None => DetailPlan::new(spec).why_sampled(),
    };
    let trials = trials.or(reason.as_ref().map(|_| DEFAULT_TRIALS));
    let (counts, exact) = detail::calculate(spec, trials, seed);
    Detail {
        report: DetailReport::new(&counts, exact),
        deals: counts.deals(),
        reason,
    }
}

fn pct(x: f64) -> String {
    format!("{:.2}%", x * 100.0)
}

/// `12.34%` or `12.34% ± 0.05` (the error in points).
fn pct_se(x: f64, se: f64, exact: bool) -> String {
    if exact {
        pct(x)
    } else {
        format!("{} ± {:.2}", pct(x), se * 100.0)
    }
}

/// Shares as a count: `15` for whole numbers, `7.83` otherwise.
fn count(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round())
    } else {
        format!("{x:.2}")
    }
}

/// The human text, after the equity table.
pub fn to_text(spec: &Spec, d: &Detail) -> String {
    let r = &d.report;
    let mut out = String::from("\n");
    if let Some(why) = &d.reason {
        let _ = writeln!(out, "Detail: {why}");
    }
    let how = if r.exact {
        format!(
            "exact, {} deal{} by weight",
            grouped(d.deals),
            if d.deals == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "Monte Carlo, {} trials; ± is one standard error",
            grouped(d.deals)
        )
    };
    let _ = writeln!(out, "What each hand makes by the river ({how}):");
    let next_name = if spec.board().len() == 3 {
        "turn"
    } else {
        "river"
    };
    for (p, pd) in r.players.iter().enumerate() {
        let _ = writeln!(out, "Player {} ({}):", p + 1, spec.player_label(p));
        let _ = writeln!(
            out,
            "  {:<16} {:>18} {:>18} {:>18}",
            "", "makes", "wins with", "ties with"
        );
        for c in &pd.categories {
            if c.make == 0.0 {
                continue;
            }
            let _ = writeln!(
                out,
                "  {:<16} {:>18} {:>18} {:>18}",
                c.category.label(),
                pct_se(c.make, c.make_se, r.exact),
                pct_se(c.win, c.win_se, r.exact),
                pct_se(c.tie, c.tie_se, r.exact)
            );
        }
        if matches!(spec.board().len(), 3 | 4) {
            let cards = |f: &dyn Fn(f64, f64) -> f64| {
                let v: Vec<String> = pd
                    .outs
                    .iter()
                    .filter(|o| f(o.clean, o.shared) > 0.0)
                    .map(|o| {
                        let s = f(o.clean, o.shared);
                        if s >= 1.0 {
                            o.card.to_string()
                        } else {
                            format!("{}({:.0}%)", o.card, s * 100.0)
                        }
                    })
                    .collect();
                if v.is_empty() {
                    "none".into()
                } else {
                    v.join(" ")
                }
            };
            let _ = writeln!(
                out,
                "  Outs on the {next_name}: {} clean: {}; {} shared: {}",
                count(pd.clean_outs),
                cards(&|c, _| c),
                count(pd.shared_outs),
                cards(&|_, s| s)
            );
        }
    }
    if matches!(spec.board().len(), 3 | 4) {
        let _ = writeln!(out, "Equity on each {next_name} card:");
        let n = r.players.len();
        let heads: Vec<String> = (1..=n)
            .map(|p| format!("{:>16}", format!("player {p}")))
            .collect();
        let _ = writeln!(out, "  {:<2} {}", "", heads.join(""));
        for i in 0..r.players[0].next.len() {
            let card = r.players[0].next[i].card;
            let cells: Vec<String> = (0..n)
                .map(|p| {
                    let x = &r.players[p].next[i];
                    format!("{:>16}", pct_se(x.equity, x.se, r.exact))
                })
                .collect();
            let _ = writeln!(out, "  {card} {}", cells.join(""));
        }
    }
    out
}

#[derive(Serialize)]
pub struct DetailJson {
    exact: bool,
    deals: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    players: Vec<PlayerJson>,
}

#[derive(Serialize)]
struct PlayerJson {
    hand: String,
    categories: Vec<CategoryJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outs: Option<OutsJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<Vec<NextJson>>,
}

#[derive(Serialize)]
struct CategoryJson {
    category: &'static str,
    make: Float,
    win: Float,
    tie: Float,
    #[serde(skip_serializing_if = "Option::is_none")]
    make_se: Option<Float>,
    #[serde(skip_serializing_if = "Option::is_none")]
    win_se: Option<Float>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tie_se: Option<Float>,
}

#[derive(Serialize)]
struct OutsJson {
    clean: Float,
    shared: Float,
    cards: Vec<OutJson>,
}

#[derive(Serialize)]
struct OutJson {
    card: String,
    clean: Float,
    shared: Float,
}

#[derive(Serialize)]
struct NextJson {
    card: String,
    equity: Float,
    #[serde(skip_serializing_if = "Option::is_none")]
    se: Option<Float>,
}

/// The `detail` object of `--json`.
pub fn to_json(spec: &Spec, d: &Detail) -> DetailJson {
    let r = &d.report;
    let se = |x: f64| (!r.exact).then_some(Float(x));
    let street = matches!(spec.board().len(), 3 | 4);
    DetailJson {
        exact: r.exact,
        deals: d.deals,
        reason: d.reason.clone(),
        players: r
            .players
            .iter()
            .enumerate()
            .map(|(p, pd)| PlayerJson {
                hand: spec.player_label(p),
                categories: pd
                    .categories
                    .iter()
                    .map(|c| CategoryJson {
                        category: c.category.name(),
                        make: Float(c.make),
                        win: Float(c.win),
                        tie: Float(c.tie),
                        make_se: se(c.make_se),
                        win_se: se(c.win_se),
                        tie_se: se(c.tie_se),
                    })
                    .collect(),
                outs: street.then(|| OutsJson {
                    clean: Float(pd.clean_outs),
                    shared: Float(pd.shared_outs),
                    cards: pd
                        .outs
                        .iter()
                        .map(|o| OutJson {
                            card: o.card.to_string(),
                            clean: Float(o.clean),
                            shared: Float(o.shared),
                        })
                        .collect(),
                }),
                next: street.then(|| {
                    pd.next
                        .iter()
                        .map(|x| NextJson {
                            card: x.card.to_string(),
                            equity: Float(x.equity),
                            se: se(x.se),
                        })
                        .collect()
                }),
            })
            .collect(),
    }
}
