//! Detail counts as fractions for people (the CLI, the page): every
//! estimate with its standard error, 0 when exact.

use super::counts::DetailCounts;
use super::matrix::{MatrixCell, PlayerMatrix};
use crate::card::Card;
use crate::eval::Category;

/// One category of one player: fractions of all deals.
#[derive(Clone, Debug, PartialEq)]
pub struct CategoryLine {
    pub category: Category,
    /// Finishes with it; wins alone with it; ties for best with it.
    pub make: f64,
    pub win: f64,
    pub tie: f64,
    /// Standard errors (0 when exact).
    pub make_se: f64,
    pub win_se: f64,
    pub tie_se: f64,
}

/// A card that is an out for a player on some deals.
#[derive(Clone, Debug, PartialEq)]
pub struct Out {
    pub card: Card,
    /// Shares of the deals it can come on where it is a clean (resp.
    /// shared) out: 0 or 1 with known hands.
    pub clean: f64,
    pub shared: f64,
}

/// A player's equity if `card` comes next.
#[derive(Clone, Debug, PartialEq)]
pub struct NextCard {
    pub card: Card,
    pub equity: f64,
    /// Standard error (0 when exact).
    pub se: f64,
}

/// One player's detail.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerDetail {
    /// Strongest category first (straight flush … high card).
    pub categories: Vec<CategoryLine>,
    /// Outs in card order (empty without a next card).
    pub outs: Vec<Out>,
    /// Sums of the shares: the clean and the shared outs counted.
    pub clean_outs: f64,
    pub shared_outs: f64,
    /// Every card that can come next, in card order (empty without one).
    pub next: Vec<NextCard>,
    /// Who this player beat (and tied) with what, pairwise: counts, not
    /// fractions (see [`super::matrix`]).
    pub matrix: PlayerMatrix,
}

/// A whole detail, exact or estimated.
#[derive(Clone, Debug, PartialEq)]
pub struct DetailReport {
    pub exact: bool,
    pub players: Vec<PlayerDetail>,
}

fn frac(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        n as f64 / d as f64
    }
}

/// Binomial standard error of a proportion over `n` trials.
fn se(p: f64, n: u64) -> f64 {
    if n < 2 {
        0.0
    } else {
        (p * (1.0 - p) / n as f64).sqrt()
    }
}

impl DetailReport {
    /// The fractions of `counts`; `exact` when every deal was enumerated.
    pub fn new(counts: &DetailCounts, exact: bool) -> DetailReport {
        let deals = counts.deals();
        let err = |p: f64, n: u64| if exact { 0.0 } else { se(p, n) };
        let players = (0..counts.players())
            .map(|p| {
                let categories = Category::ALL
                    .iter()
                    .rev()
                    .map(|&c| {
                        let make = frac(counts.made(p, c), deals);
                        let win = frac(counts.won(p, c), deals);
                        let tie = frac(counts.tied(p, c), deals);
                        CategoryLine {
                            category: c,
                            make,
                            win,
                            tie,
                            make_se: err(make, deals),
                            win_se: err(win, deals),
                            tie_se: err(tie, deals),
                        }
                    })
                    .collect();
                let mut outs = Vec::new();
                let mut next = Vec::new();
                if counts.has_next() {
                    for card in Card::all() {
                        let seen = counts.seen(card);
                        if seen == 0 {
                            continue;
                        }
                        let clean = frac(counts.clean(card, p), seen);
                        let shared = frac(counts.shared(card, p), seen);
                        if clean > 0.0 || shared > 0.0 {
                            outs.push(Out {
                                card,
                                clean,
                                shared,
                            });
                        }
                        let t = counts.next(card).expect("a next card");
                        next.push(NextCard {
                            card,
                            equity: t.equity(p),
                            se: if exact { 0.0 } else { t.std_error(p) },
                        });
                    }
                }
                PlayerDetail {
                    categories,
                    clean_outs: outs.iter().fold(0.0, |a, o| a + o.clean),
                    shared_outs: outs.iter().fold(0.0, |a, o| a + o.shared),
                    outs,
                    next,
                    matrix: player_matrix(counts, p, exact),
                }
            })
            .collect();
        DetailReport { exact, players }
    }
}

/// Player `p`'s matrix from `counts`; errors unless `exact`.
fn player_matrix(counts: &DetailCounts, p: usize, exact: bool) -> PlayerMatrix {
    let others = counts.players().saturating_sub(1) as f64;
    let trials = counts.deals() as f64;
    let cell = |mine: Category, theirs: Category, count: u64| {
        let n = count as f64;
        let se = if exact || trials == 0.0 {
            0.0
        } else {
            (n * (others - n / trials)).max(0.0).sqrt()
        };
        MatrixCell {
            mine,
            theirs,
            count,
            se,
        }
    };
    let strongest = || Category::ALL.into_iter().rev();
    let wins = strongest()
        .flat_map(|mine| strongest().map(move |theirs| (mine, theirs)))
        .filter_map(|(mine, theirs)| {
            let n = counts.beat(p, mine, theirs);
            (n > 0).then(|| cell(mine, theirs, n))
        })
        .collect();
    let ties = strongest()
        .filter_map(|c| {
            let n = counts.tied_against(p, c);
            (n > 0).then(|| cell(c, c, n))
        })
        .collect();
    PlayerMatrix { wins, ties }
}
