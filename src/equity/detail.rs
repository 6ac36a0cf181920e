//! What each hand makes and hits: per player, the chance of finishing with
//! each category by the river and of winning (alone, or sharing) with it;
//! on a flop or a turn, each player's **outs** and the **next-card
//! breakdown** (the equity on every possible turn, or river).
//!
//! # Definitions
//!
//! - A *deal* is one assignment of hole cards (known hands, one combo per
//!   range player, no card twice; weight = the product of the combos'
//!   weights, as for equity) and a final board.
//! - *Makes* `c`: the player's best five of seven on the final board is
//!   of category `c`. *Wins* with it: the player alone holds the best hand;
//!   *ties*: the player shares the best hand.
//! - *Standing* on a board (3 to 5 cards): *ahead* (alone best), *tied*
//!   (sharing best) or *behind*, comparing the best hands made so far.
//! - An **out** for a player is an unseen card that, dealt next, improves
//!   the player's standing to best: from behind or tied to ahead (a
//!   **clean** out: the player alone is best after it), or from behind to
//!   tied (a **shared** out: it gives a split). A player ahead now has no
//!   outs; tied → tied is not an out. A card can be a shared out for several
//!   players at once (they tie), never a clean out for two.
//! - With range (or `random`) players the standing depends on the deal, so
//!   a card's out value for a player is the **share of the deals** on which
//!   it can come next where it is an out (weights multiplied):
//!   `clean(card, p) / seen(card)`. With known hands every share is 0 or 1;
//!   the outs count is the sum of the shares.
//! - The **next-card breakdown**: each player's equity over the boards that
//!   start with that card (the river alone on a turn), given the card comes.
//! - **Who beat whom with what** ([`matrix`]): per player `p` and each other
//!   player `q`, the weight of the deals where `p`'s final hand beats `q`'s,
//!   by `p`'s category × `q`'s, and of those where they tie, by category.
//!   Heads-up: "p won with X against Y"; multiway every pair of players is
//!   one comparison (a deal counts once per opponent).
//!
//! # Work
//!
//! Exact ([`DetailJob`]): unit `u` is the assignment `u / 52` (mixed radix
//! over the players' combos) and card `u % 52`: the next card on a flop or
//! a turn, the lowest card of the five to come preflop (one unit per
//! assignment on the river). Impossible units count nothing. Every final
//! board is counted once for the categories; on a flop each next card's
//! tally counts all its rivers (each board twice across cards).
//! [`DetailSampler`]: seeded Monte Carlo, chunked like equity's, one deal
//! per trial (weight 1). [`DetailPlan`] says which, like [`super::Plan`].

mod counts;
pub mod matrix;
mod report;

pub use counts::{DetailCounts, DECK};
pub use matrix::{MatrixCell, PlayerMatrix, CATEGORIES};
pub use report::{CategoryLine, DetailReport, NextCard, Out, PlayerDetail};

use super::cost::boards;
use super::monte_carlo::deal::{Dealer, Limits};
use super::plan::MAX_EXACT_COUNT;
use super::rng::Rng;
use super::showdown::{winners, winners_of};
use super::spec::Spec;
use crate::card::{Card, CardSet};
use crate::eval::{Hand, HandRank};

/// Evaluations above which a detail job is sampled instead of enumerated:
/// about half a second natively on one thread (heads-up preflop, 3.4 M
/// evaluations, takes 25 ms: `cargo bench -p allin-benches --bench equity -- detail`).
pub const DETAIL_EXACT_LIMIT: u64 = 60_000_000;

/// Whether a detail job is enumerated or sampled, and why.
#[derive(Clone, Debug)]
pub struct DetailPlan {
    cost: u64,
    units: u64,
    showdowns: f64,
}

impl DetailPlan {
    pub fn new(spec: &Spec) -> DetailPlan {
        let assignments = spec
            .players()
            .iter()
            .map(|p| p.combos.len() as u64)
            .fold(1u64, u64::saturating_mul);
        let with_next = matches!(spec.board().len(), 3 | 4);
        let passes = if with_next { 3 } else { 1 };
        let cost = assignments
            .saturating_mul(boards(spec))
            .saturating_mul(spec.players().len() as u64)
            .saturating_mul(passes);
        let per = if spec.cards_to_come() == 0 { 1 } else { 52 };
        let weights: f64 = spec
            .players()
            .iter()
            .map(|p| p.combos.iter().map(|c| f64::from(c.weight)).sum::<f64>())
            .product();
        // On a flop the next-card tallies count each board twice; a
        // player's wins matrix counts each board once per opponent.
        let per_board = spec.players().len().saturating_sub(1).max(2) as f64;
        DetailPlan {
            cost,
            units: assignments.saturating_mul(per),
            showdowns: weights * boards(spec) as f64 * per_board,
        }
    }

    /// Evaluations of an exact enumeration (saturating).
    pub fn cost(&self) -> u64 {
        self.cost
    }

    /// Units of the exact job (saturating).
    pub fn units(&self) -> u64 {
        self.units
    }

    /// Units addressable by `u32` and every count below 2^53.
    pub fn feasible(&self) -> bool {
        self.units <= u64::from(u32::MAX) && self.showdowns <= MAX_EXACT_COUNT as f64
    }

    /// Enumerated (not sampled): feasible and within [`DETAIL_EXACT_LIMIT`].
    pub fn affordable(&self) -> bool {
        self.feasible() && self.cost <= DETAIL_EXACT_LIMIT
    }

    /// Why it is sampled, for people (`None` when exact).
    pub fn why_sampled(&self) -> Option<String> {
        (!self.affordable()).then(|| {
            if self.feasible() || self.cost > DETAIL_EXACT_LIMIT {
                format!(
                    "too many deals for an exact breakdown (≈{:.1e} evaluations): Monte Carlo",
                    self.cost as f64
                )
            } else {
                "the weighted counts of an exact breakdown would be too large (over 2^53): \
                 Monte Carlo"
                    .into()
            }
        })
    }
}

/// The exact detail job (see the module doc for units).
#[derive(Clone, Debug)]
pub struct DetailJob {
    combos: Vec<Vec<([Card; 2], u64)>>,
    board: Hand,
    /// Board, dead and known hole cards.
    fixed: CardSet,
    to_come: usize,
    per: u64,
    units: u64,
}

impl DetailJob {
    pub fn new(spec: &Spec) -> DetailJob {
        let combos: Vec<Vec<_>> = spec
            .players()
            .iter()
            .map(|p| {
                p.combos
                    .iter()
                    .map(|c| (c.cards, u64::from(c.weight)))
                    .collect()
            })
            .collect();
        let per = if spec.cards_to_come() == 0 { 1 } else { 52 };
        let units = combos
            .iter()
            .map(|c| c.len() as u64)
            .fold(per, u64::saturating_mul);
        DetailJob {
            combos,
            board: Hand::from_cards(spec.board()),
            fixed: spec.known_cards(),
            to_come: spec.cards_to_come(),
            per,
            units,
        }
    }

    pub fn players(&self) -> usize {
        self.combos.len()
    }

    pub fn has_next(&self) -> bool {
        matches!(self.to_come, 1 | 2)
    }

    pub fn total_units(&self) -> u64 {
        self.units
    }

    /// Empty counts of this job's shape.
    pub fn empty(&self) -> DetailCounts {
        DetailCounts::new(self.players(), self.has_next())
    }

    /// Units `[start, end)` (clamped).
    pub fn run(&self, start: u64, end: u64) -> DetailCounts {
        let mut out = self.empty();
        let end = end.min(self.units);
        for u in start.min(end)..end {
            self.run_unit(u, &mut out);
        }
        out
    }

    /// Units `first, first + stride, …`.
    pub fn run_strided(&self, first: u64, stride: u64) -> DetailCounts {
        let mut out = self.empty();
        let mut u = first;
        while u < self.units {
            self.run_unit(u, &mut out);
            u += stride.max(1);
        }
        out
    }

    pub fn run_all(&self) -> DetailCounts {
        self.run(0, self.units)
    }

    /// The holes, the cards in use and the weight of assignment `a`, or
    /// `None` if two players would share a card.
    fn assignment(&self, mut a: u64) -> Option<(Vec<Hand>, CardSet, u64)> {
        let mut used = self.fixed;
        let mut holes = Vec::with_capacity(self.combos.len());
        let mut weight = 1u64;
        for combos in &self.combos {
            let n = combos.len() as u64;
            let (cards, w) = combos[(a % n) as usize];
            a /= n;
            if combos.len() > 1 {
                if used.contains(cards[0]) || used.contains(cards[1]) {
                    return None;
                }
                used.insert(cards[0]);
                used.insert(cards[1]);
            }
            holes.push(Hand::from_cards(&cards));
            weight *= w;
        }
        Some((holes, used, weight))
    }

    fn run_unit(&self, u: u64, out: &mut DetailCounts) {
        let card = (u % self.per) as u8;
        let Some((holes, used, w)) = self.assignment(u / self.per) else {
            return;
        };
        let mut ranks = [HandRank::default(); super::MAX_PLAYERS];
        let ranks = &mut ranks[..holes.len()];
        if self.to_come == 0 {
            let win = showdown(&holes, self.board, ranks);
            out.record_final(ranks, win, w);
            return;
        }
        let c = Card::from_id(card).expect("card id below 52");
        if used.contains(c) {
            return;
        }
        let after = self.board.add(c);
        let rest: Vec<Card> = used.with(c).complement().iter().collect();
        match self.to_come {
            1 => {
                record_outs(&holes, self.board, after, c, w, out);
                let win = showdown(&holes, after, ranks);
                out.next[c.id() as usize].record(win, w);
                out.record_final(ranks, win, w);
            }
            2 => {
                record_outs(&holes, self.board, after, c, w, out);
                for &r in &rest {
                    let board = after.add(r);
                    let win = if r > c {
                        let win = showdown(&holes, board, ranks);
                        out.record_final(ranks, win, w);
                        win
                    } else {
                        winners(&holes, board)
                    };
                    out.next[c.id() as usize].record(win, w);
                }
            }
            _ => {
                // Preflop: `c` is the lowest of the five cards to come.
                let higher: Vec<Card> = rest.into_iter().filter(|&r| r > c).collect();
                each_subset(&higher, self.to_come - 1, after, &mut |board| {
                    let win = showdown(&holes, board, ranks);
                    out.record_final(ranks, win, w);
                });
            }
        }
    }
}

/// Calls `f` with `board` plus every `k`-subset of `cards`.
fn each_subset(cards: &[Card], k: usize, board: Hand, f: &mut impl FnMut(Hand)) {
    if k == 0 {
        return f(board);
    }
    for i in 0..cards.len().saturating_sub(k - 1) {
        each_subset(&cards[i + 1..], k - 1, board.add(cards[i]), f);
    }
}

/// The winners on a final `board`, and each player's rank in `ranks`.
#[inline]
fn showdown(holes: &[Hand], board: Hand, ranks: &mut [HandRank]) -> usize {
    let ranks = holes.iter().zip(ranks.iter_mut()).map(|(h, rank)| {
        *rank = h.combine(board).evaluate();
        *rank
    });
    winners_of(ranks)
}

/// Outs of card `c` (board `now` → `after`) for every player, weight `w`.
fn record_outs(holes: &[Hand], now: Hand, after: Hand, c: Card, w: u64, out: &mut DetailCounts) {
    let (before, then) = (winners(holes, now), winners(holes, after));
    let n = holes.len();
    out.seen[c.id() as usize] += w;
    for p in 0..n {
        let me = 1usize << p;
        if before == me || then & me == 0 {
            continue;
        }
        let i = c.id() as usize * n + p;
        if then == me {
            out.clean[i] += w;
        } else if before & me == 0 {
            out.shared[i] += w;
        }
    }
}

/// The Monte Carlo detail job: `(seed, chunk, trials)` fixes a chunk's
/// counts, chunks merge by addition.
#[derive(Clone, Debug)]
pub struct DetailSampler {
    seats: Vec<[Card; 2]>,
    dealer: Dealer,
    board: Hand,
    to_come: usize,
}

impl DetailSampler {
    pub fn new(spec: &Spec) -> DetailSampler {
        let later = [Card::new(0, 0); 2];
        DetailSampler {
            seats: spec
                .players()
                .iter()
                .map(|p| p.known_cards().unwrap_or(later))
                .collect(),
            dealer: Dealer::new(spec, Limits::DEFAULT),
            board: Hand::from_cards(spec.board()),
            to_come: spec.cards_to_come(),
        }
    }

    pub fn has_next(&self) -> bool {
        matches!(self.to_come, 1 | 2)
    }

    /// `trials` random deals of chunk `chunk` of a job seeded `seed`.
    pub fn run(&self, seed: u64, chunk: u64, trials: u64) -> DetailCounts {
        let n = self.seats.len();
        let mut out = DetailCounts::new(n, self.has_next());
        let mut rng = Rng::for_chunk(seed, chunk);
        let mut seats = self.seats.clone();
        let mut holes = vec![Hand::new(); n];
        let mut deck = [Card::new(0, 0); 52];
        let mut ranks = [HandRank::default(); super::MAX_PLAYERS];
        let ranks = &mut ranks[..n];
        for _ in 0..trials {
            let mut left = self.dealer.deal(&mut rng, &mut seats, &mut deck);
            for (hole, cards) in holes.iter_mut().zip(&seats) {
                *hole = Hand::from_cards(cards);
            }
            let mut board = self.board;
            let mut first = None;
            for _ in 0..self.to_come {
                let j = rng.below(left as u32) as usize;
                left -= 1;
                deck.swap(j, left);
                if first.is_none() && self.has_next() {
                    first = Some((deck[left], board.add(deck[left])));
                }
                board = board.add(deck[left]);
            }
            let win = showdown(&holes, board, ranks);
            out.record_final(ranks, win, 1);
            if let Some((c, after)) = first {
                record_outs(&holes, self.board, after, c, 1, &mut out);
                out.next[c.id() as usize].record(win, 1);
            }
        }
        out
    }
}

/// Trials per chunk in [`calculate`].
const CHUNK_TRIALS: u64 = 100_000;

/// A whole detail on this thread: exact when [`DetailPlan::affordable`]
/// and no `trials` are asked for, else `trials` (default 1,000,000)
/// seeded random deals.
/// Returns the counts and whether they are exact.
pub fn calculate(spec: &Spec, trials: Option<u64>, seed: u64) -> (DetailCounts, bool) {
    let plan = DetailPlan::new(spec);
    if trials.is_none() && plan.affordable() {
        return (DetailJob::new(spec).run_all(), true);
    }
    let sampler = DetailSampler::new(spec);
    let mut counts = DetailCounts::new(spec.players().len(), sampler.has_next());
    let mut left = trials.unwrap_or(1_000_000);
    let mut chunk = 0;
    while left > 0 {
        let n = left.min(CHUNK_TRIALS);
        counts.add(&sampler.run(seed, chunk, n));
        left -= n;
        chunk += 1;
    }
    (counts, false)
}
