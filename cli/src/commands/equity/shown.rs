//! Every game but Hold'em as printed: one [`Shown`], in the JSON shape of
//! Hold'em equity (`exact`, `players[i].win/tie/lose/equity`, `splits`),
//! read from the job's counts (`any_game::Counts`: a tally, or pot
//! counts). Hi-Lo adds per player `scoop`, `high` and `low` (win/tie
//! counts), `quartered`, `high_share` and `low_share` (the expected part
//! of that half, a tie of k counted 1/k; with `…_stderr` when sampled),
//! and `no_low` (showdowns without a qualifying low). A win is a scoop
//! (the whole pot alone), a tie any part of a pot short of that. The table
//! shows Hi-Lo as scoop, high share, low share and equity (each adding up
//! across players, the low shares with the boards without a low), not win
//! and tie. Three-card adds `rules`, `deck`, `card_removal` and each
//! player's `hands`.

use super::any_game::{Counts, How, Ran};
use crate::output::json::Float;
use crate::output::{grouped, method_line, MIN_TRIALS_FOR_ERROR};
use crate::output::{print, CliError};
use allin::card::parse_cards;
use allin::equity::{Estimate, SHARE};
use allin::omaha::PotCounts;
use allin::short_deck::Rules;
use serde::Serialize;
use std::fmt::Write as _;

/// A computed job and what is shown with it.
pub struct Shown {
    pub game: &'static str,
    /// For people: `Omaha Hi-Lo (eight or better)`.
    pub title: String,
    /// Each player as typed back (`AsKsQhJh`, `random`).
    pub labels: Vec<String>,
    pub board: Vec<allin::Card>,
    pub dead: Vec<allin::Card>,
    /// Short Deck's rules.
    pub rules: Option<Rules>,
    /// Three-card's rules, deck and card removal (in the JSON).
    pub three_card: Option<ThreeCardShown>,
    /// Hands each player can be dealt after the known cards (three-card).
    pub hands: Option<Vec<usize>>,
    pub counts: Counts,
    pub how: How,
    /// Whether the pot is split high-low.
    pub hilo: bool,
    /// What an exact job counts: `board`, `deal`.
    pub unit: &'static str,
}

/// What three-card adds to the JSON.
pub struct ThreeCardShown {
    pub rules: String,
    pub deck: &'static str,
    pub card_removal: bool,
}

#[derive(Serialize)]
struct Doc<'a> {
    game: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deck: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    card_removal: Option<bool>,
    exact: bool,
    showdowns: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    trials: Option<u64>,
    /// With `--error`: the target and the largest error reached (percentage points).
    #[serde(skip_serializing_if = "Option::is_none")]
    target_error: Option<Float>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Float>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fallback: Option<Fallback>,
    #[serde(skip_serializing_if = "Option::is_none")]
    no_low: Option<u64>,
    players: Vec<PlayerJson>,
    splits: Vec<SplitJson>,
}

#[derive(Serialize)]
struct Fallback {
    reason: String,
}

#[derive(Serialize)]
struct PlayerJson {
    hand: String,
    /// Hands this player can be dealt after the known cards (three-card).
    #[serde(skip_serializing_if = "Option::is_none")]
    hands: Option<usize>,
    win: u64,
    tie: u64,
    lose: u64,
    equity: Float,
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<Option<Float>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    scoop: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    high: Option<Half>,
    #[serde(skip_serializing_if = "Option::is_none")]
    low: Option<Half>,
    #[serde(skip_serializing_if = "Option::is_none")]
    quartered: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    high_share: Option<Float>,
    #[serde(skip_serializing_if = "Option::is_none")]
    high_share_stderr: Option<Option<Float>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    low_share: Option<Float>,
    #[serde(skip_serializing_if = "Option::is_none")]
    low_share_stderr: Option<Option<Float>>,
}

#[derive(Serialize)]
struct Half {
    win: u64,
    tie: u64,
}

#[derive(Serialize)]
struct SplitJson {
    players: Vec<usize>,
    count: u64,
}

impl Shown {
    /// A job run, titled `title`, its exact work counted in `unit`s; the
    /// rest from the job and its scenario (no rules).
    pub fn of(ran: Ran, title: String, unit: &'static str) -> Shown {
        Shown {
            game: ran.job.game().name(),
            title,
            labels: ran.job.labels(),
            board: parse_cards(&ran.spec.board).unwrap_or_default(),
            dead: parse_cards(&ran.spec.dead).unwrap_or_default(),
            rules: None,
            three_card: None,
            hands: ran.job.hand_counts(),
            hilo: ran.job.hilo(),
            counts: ran.counts,
            how: ran.how,
            unit,
        }
    }

    /// Prints it: JSON or the table.
    pub fn print(&self, json: bool) -> Result<(), CliError> {
        print(&if json { self.json() } else { self.table() })
    }

    /// Whether every board was counted (else sampled).
    pub fn exact(&self) -> bool {
        self.how.exact
    }

    /// Hi-Lo's counts (halves, scoops); `None` for a high-only game.
    pub fn pot(&self) -> Option<&PotCounts> {
        match &self.counts {
            Counts::Pot(c) if self.hilo => Some(c),
            _ => None,
        }
    }

    /// With `--error`: the target, and the largest error reached (percentage points).
    fn target(&self) -> Option<(f64, f64)> {
        let t = self.how.error.filter(|_| !self.how.exact)?;
        Some((t, self.counts.worst_error()))
    }

    /// One JSON object.
    pub fn json(&self) -> String {
        let n = self.counts.showdowns();
        let exact = self.how.exact;
        let meaningful = n >= MIN_TRIALS_FOR_ERROR;
        let pot = self.pot();
        let three = self.three_card.as_ref();
        let doc = Doc {
            game: self.game,
            rules: three.map(|t| t.rules.as_str()),
            deck: three.map(|t| t.deck),
            card_removal: three.map(|t| t.card_removal),
            exact,
            showdowns: n,
            trials: (!exact).then_some(n),
            target_error: self.target().map(|(t, _)| Float(t)),
            error: self.target().map(|(_, e)| Float(e)),
            fallback: self.how.fallback.clone().map(|reason| Fallback { reason }),
            no_low: pot.map(PotCounts::no_low),
            players: (0..self.counts.players())
                .map(|p| {
                    let (win, tie, lose, equity, se) = self.counts.player(p);
                    PlayerJson {
                        hand: self.labels[p].clone(),
                        hands: self.hands.as_ref().map(|h| h[p]),
                        win,
                        tie,
                        lose,
                        equity: Float(equity),
                        stderr: (!exact).then(|| meaningful.then_some(Float(se))),
                        scoop: pot.map(|c| c.scoops(p)),
                        high: pot.map(|c| Half {
                            win: c.high_wins(p),
                            tie: c.high_ties(p),
                        }),
                        low: pot.map(|c| Half {
                            win: c.low_wins(p),
                            tie: c.low_ties(p),
                        }),
                        quartered: pot.map(|c| c.quartered(p)),
                        high_share: pot.map(|c| Float(hilo_shares(c, p, exact).high.0)),
                        high_share_stderr: pot
                            .filter(|_| !exact)
                            .map(|c| meaningful.then_some(Float(hilo_shares(c, p, exact).high.1))),
                        low_share: pot.map(|c| Float(hilo_shares(c, p, exact).low.0)),
                        low_share_stderr: pot
                            .filter(|_| !exact)
                            .map(|c| meaningful.then_some(Float(hilo_shares(c, p, exact).low.1))),
                    }
                })
                .collect(),
            splits: self
                .counts
                .splits()
                .into_iter()
                .map(|(mask, count)| SplitJson {
                    players: (0..self.counts.players())
                        .filter(|p| mask >> p & 1 == 1)
                        .collect(),
                    count,
                })
                .collect(),
        };
        crate::output::json::line(&doc)
    }

    /// The table for people.
    pub fn table(&self) -> String {
        let n = self.counts.showdowns();
        let exact = self.how.exact;
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.title);
        if let Some(why) = &self.how.fallback {
            let _ = writeln!(out, "Not exact: {why}");
        }
        let _ = writeln!(
            out,
            "{}",
            method_line(exact, n.into(), self.unit, self.how.seed)
        );
        if let Some((target, reached)) = self.target() {
            let _ = writeln!(
                out,
                "--error {target}: ±{reached:.3} reached{}",
                if reached <= target {
                    ""
                } else {
                    " (not the target)"
                }
            );
        }
        let pot = self.pot();
        if let Some(c) = pot {
            let no_low = if exact {
                format!("{} ({:.4}%)", grouped(c.no_low()), percent(c.no_low(), n))
            } else {
                let se =
                    Estimate::share_error(std::slice::from_ref(c), c, 1, false, |c| c.no_low());
                format!("{:.4}% ± {:.4}", percent(c.no_low(), n), 100.0 * se)
            };
            let _ = writeln!(
                out,
                "No qualifying low: {no_low}: those pots go whole to the high hand"
            );
            out.push_str(HILO_TERMS);
        }
        out.push('\n');
        let w = self
            .labels
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        let _ = write!(out, "{:<7} {:<w$}", "player", "hand");
        if let Some(c) = pot {
            // Sampled: every number with its error.
            for name in ["scoop %", "high %", "low %", "equity %"] {
                let _ = write!(out, " {name:>9}");
                if !exact {
                    let _ = write!(out, " {:>7}", "± %");
                }
            }
            out.push('\n');
            for (p, label) in self.labels.iter().enumerate() {
                let (_, _, _, equity, se) = self.counts.player(p);
                let _ = write!(out, "{:<7} {label:<w$}", p + 1);
                let h = hilo_shares(c, p, exact);
                for (x, e) in [h.scoop, h.high, h.low, (equity, se)] {
                    let _ = write!(out, " {:>9.4}", 100.0 * x);
                    if !exact {
                        let _ = write!(out, " {:>7.4}", 100.0 * e);
                    }
                }
                out.push('\n');
            }
        } else {
            if self.hands.is_some() {
                let _ = write!(out, " {:>7}", "hands");
            }
            let _ = write!(out, " {:>9} {:>9} {:>9}", "win %", "tie %", "equity %");
            out.push_str(if exact { "\n" } else { " ± %\n" });
            for (p, label) in self.labels.iter().enumerate() {
                let (win, tie, _, equity, se) = self.counts.player(p);
                let _ = write!(out, "{:<7} {label:<w$}", p + 1);
                if let Some(hands) = &self.hands {
                    let _ = write!(out, " {:>7}", grouped(hands[p] as u64));
                }
                let _ = write!(out, " {:>9.4} {:>9.4}", percent(win, n), percent(tie, n));
                let _ = write!(out, " {:>9.4}", 100.0 * equity);
                if exact {
                    out.push('\n');
                } else {
                    let _ = writeln!(out, " {:.4}", 100.0 * se);
                }
            }
        }
        write_splits(&mut out, self.counts.splits().into_iter(), &self.labels, n);
        out
    }
}

/// Hi-Lo's terms under the table's head.
const HILO_TERMS: &str = "Scoop: the whole pot alone. High share, low share: the expected part of \
that\nhalf, a tie of k players counted 1/k; a board with no low has no low half.\n\
High shares add up to 100%; low shares and no low, too; equities, too.\n";

/// A Hi-Lo player's shares of the showdowns, each `(share, standard
/// error)` (the error 0 when exact).
pub struct HiLoShares {
    pub scoop: (f64, f64),
    pub high: (f64, f64),
    pub low: (f64, f64),
}

pub fn hilo_shares(c: &PotCounts, p: usize, exact: bool) -> HiLoShares {
    let n = c.showdowns();
    let one = std::slice::from_ref(c);
    let of = |units: u64| units as f64 / (n.max(1) as f64 * SHARE as f64);
    let error = |e: f64| if exact { 0.0 } else { e };
    HiLoShares {
        scoop: (
            percent(c.scoops(p), n) / 100.0,
            error(Estimate::share_error(one, c, 1, false, |c| c.scoops(p))),
        ),
        high: (
            of(c.high_share_units(p)),
            error(Estimate::mean_error(
                one,
                c,
                1,
                false,
                SHARE,
                |c| c.high_share_units(p),
                |c| c.high_share_squares(p),
            )),
        ),
        low: (
            of(c.low_share_units(p)),
            error(Estimate::mean_error(
                one,
                c,
                1,
                false,
                SHARE,
                |c| c.low_share_units(p),
                |c| c.low_share_squares(p),
            )),
        ),
    }
}

pub(crate) fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// The "Split pots:" lines (none when no pot was split): each set of
/// players as `1 (AhKh) + 2 (QsQd)`, its count and its share of `n`.
pub(crate) fn write_splits(
    out: &mut String,
    splits: impl Iterator<Item = (usize, u64)>,
    labels: &[String],
    n: u64,
) {
    let mut splits = splits.peekable();
    if splits.peek().is_none() {
        return;
    }
    out.push_str("\nSplit pots:\n");
    for (mask, count) in splits {
        let who: Vec<String> = (0..labels.len())
            .filter(|p| mask >> p & 1 == 1)
            .map(|p| format!("{} ({})", p + 1, labels[p]))
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
