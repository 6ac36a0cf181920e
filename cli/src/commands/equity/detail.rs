//! `allin equity … --detail`: what each hand makes and hits (categories by
//! the river, who beat whom with what, outs and the next-card breakdown on
//! a flop or a turn), as text or as a `detail` object in `--json`.

use crate::output::grouped;
use crate::output::json::Float;
use allin::equity::detail::{self, DetailPlan, DetailReport, MatrixCell, PlayerMatrix};
use allin::equity::Spec;
use allin::eval::Category;
use serde::{Serialize, Serializer};
use std::fmt::Write as _;

/// The `--detail` paragraph of `allin equity --help` (a literal, for
/// `concat!`).
macro_rules! detail_help {
    () => {
        "\
What each hand makes and hits (--detail): per player the chance of
finishing with each category by the river, and of winning alone or tying
with it; who beat whom with what: per player and each other player, the
deals on which its final hand beat the other's, by its category (rows) and
the other's (columns), and those on which they tied (heads-up: \"won with
a flush against a flush\"; with more players a deal counts once per
opponent beaten, even when a third player wins the pot); on a flop or turn
also the outs (cards that, dealt next, take a player who is not ahead now
to the best hand: clean when alone, shared when it gives a split; against
ranges each card counts by the share of deals on which it is an out) and
every player's equity on each possible next card. Exact when affordable,
else sampled (--trials, or 1,000,000, with --seed; the matrix's counts are
then of trials, ± one standard error, an upper bound with 3+ players);
not with --time. In --json: \"detail\":{\"exact\":true,\"deals\":N,
\"players\":[{\"hand\":…,\"categories\":[{\"category\":\"Flush\",\"make\":…,
\"win\":…,\"tie\":…},…],\"matrix\":{\"Flush\":{\"Flush\":1540,…},…},
\"tie_matrix\":{\"Pair\":{\"Pair\":n},…},\"outs\":{\"clean\":n,\"shared\":n,
\"cards\":[{\"card\":\"Ah\",\"clean\":1,\"shared\":0},…]},\"next\":
[{\"card\":\"2c\",\"equity\":…},…]},…]} (matrix[winner's category]
[loser's category], non-zero cells only; outs and next on a flop or turn;
sampled: make_se, win_se, tie_se, matrix_se, tie_matrix_se, se, and
\"reason\" when exact was too large).

"
    };
}
pub(crate) use detail_help;

use allin::equity::DEFAULT_TRIALS;

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
        out += &matrix_text(&pd.matrix, p, r.players.len(), r.exact);
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

/// Short column heads of the matrix, weakest first (as `Category::ALL`).
const SHORT: [&str; 9] = [
    "High card",
    "Pair",
    "Two pair",
    "Trips",
    "Straight",
    "Flush",
    "Full house",
    "Quads",
    "Str. flush",
];

/// A count, with its error when sampled: `1,540` or `1,540 ± 39`.
fn count_se(c: &MatrixCell, exact: bool) -> String {
    if exact {
        grouped(c.count)
    } else {
        format!("{} ± {}", grouped(c.count), grouped(c.se.round() as u64))
    }
}

/// Player `p`'s matrix as text: a table of its non-zero rows (its
/// categories) and columns (the opponents'), then its ties.
fn matrix_text(m: &PlayerMatrix, p: usize, players: usize, exact: bool) -> String {
    let mut out = String::new();
    let (whom, once) = if players == 2 {
        (format!("player {}'s hand", 2 - p), "")
    } else {
        ("each opponent's hand".into(), ", once per opponent beaten")
    };
    if m.wins.is_empty() {
        let _ = writeln!(out, "  Won against {whom}: never");
    } else {
        let _ = writeln!(out, "  Won with (rows) against {whom} (columns){once}:");
        let used = |f: &dyn Fn(&MatrixCell) -> Category| {
            let mut v: Vec<Category> = m.wins.iter().map(f).collect();
            v.sort_by(|a, b| b.cmp(a));
            v.dedup();
            v
        };
        let (rows, cols) = (used(&|c| c.mine), used(&|c| c.theirs));
        let cell = |r: Category, c: Category| {
            m.wins
                .iter()
                .find(|x| x.mine == r && x.theirs == c)
                .map_or_else(|| "·".to_string(), |x| count_se(x, exact))
        };
        let widths: Vec<usize> = cols
            .iter()
            .map(|&c| {
                rows.iter()
                    .map(|&r| cell(r, c).chars().count())
                    .chain([SHORT[c as usize].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut head = format!("    {:<16}", "");
        for (&c, w) in cols.iter().zip(&widths) {
            let _ = write!(head, " {:>w$}", SHORT[c as usize]);
        }
        out += head.trim_end();
        out.push('\n');
        for &r in &rows {
            let mut line = format!("    {:<16}", r.label());
            for (&c, w) in cols.iter().zip(&widths) {
                let _ = write!(line, " {:>w$}", cell(r, c));
            }
            out += &line;
            out.push('\n');
        }
    }
    let ties: Vec<String> = m
        .ties
        .iter()
        .map(|t| format!("{} {}", t.mine.label(), count_se(t, exact)))
        .collect();
    let tied = if players == 2 {
        "Tied (the same category)"
    } else {
        "Tied an opponent (the same category), once per opponent tied"
    };
    let _ = writeln!(
        out,
        "  {tied}: {}",
        if ties.is_empty() {
            "never".into()
        } else {
            ties.join("; ")
        }
    );
    out
}

/// `matrix[mine][theirs]` as a JSON object of objects (non-zero cells,
/// strongest first), the cell's `value`.
struct MatrixJson<'a, V> {
    cells: &'a [MatrixCell],
    value: fn(&MatrixCell) -> V,
}

impl<V: Serialize> Serialize for MatrixJson<'_, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut rows: Vec<Category> = self.cells.iter().map(|c| c.mine).collect();
        rows.dedup();
        s.collect_map(rows.into_iter().map(|r| {
            let row: Vec<(&str, V)> = self
                .cells
                .iter()
                .filter(|c| c.mine == r)
                .map(|c| (c.theirs.name(), (self.value)(c)))
                .collect();
            (r.name(), Row(row))
        }))
    }
}

struct Row<V>(Vec<(&'static str, V)>);

impl<V: Serialize> Serialize for Row<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

#[derive(Serialize)]
pub struct DetailJson<'a> {
    exact: bool,
    deals: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    players: Vec<PlayerJson<'a>>,
}

#[derive(Serialize)]
struct PlayerJson<'a> {
    hand: String,
    categories: Vec<CategoryJson>,
    /// `[winner's category][loser's category]`: counts.
    matrix: MatrixJson<'a, u64>,
    tie_matrix: MatrixJson<'a, u64>,
    /// Sampled: the counts' standard errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    matrix_se: Option<MatrixJson<'a, Float>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tie_matrix_se: Option<MatrixJson<'a, Float>>,
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
pub fn to_json<'a>(spec: &Spec, d: &'a Detail) -> DetailJson<'a> {
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
                matrix: MatrixJson {
                    cells: &pd.matrix.wins,
                    value: |c| c.count,
                },
                tie_matrix: MatrixJson {
                    cells: &pd.matrix.ties,
                    value: |c| c.count,
                },
                matrix_se: (!r.exact).then_some(MatrixJson {
                    cells: &pd.matrix.wins,
                    value: |c| Float(c.se),
                }),
                tie_matrix_se: (!r.exact).then_some(MatrixJson {
                    cells: &pd.matrix.ties,
                    value: |c| Float(c.se),
                }),
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
