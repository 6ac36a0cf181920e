//! Ranges on a flop, board by board: for each turn and river, every
//! player's combos are ranked once, then every assignment of combos is
//! settled by comparing ranks. The per-assignment way (one [`Exact`] job per
//! assignment, see the parent module) ranks each combo again for every
//! assignment it is in and pays a job's opening each time; here a flop of
//! QQ+ v TT+ v 99+ ranks 84 combos per runout instead of 3 × 19,000.
//!
//! **Units**: the runouts (turn and river, in card-id order, from the cards
//! neither on the board, dead, nor held by a player with one known hand).
//! Each unit adds, for every assignment whose cards miss the runout, its
//! weight product to the tally of its winners: the same (assignment, board)
//! pairs, with the same weights, as the per-assignment way, so the counts
//! are identical (a test proves it), and any split of the units adds up to
//! them.
//!
//! [`Exact`]: super::super::Exact

use crate::card::{Card, CardSet};
use crate::equity::{Combo, Tally};
use crate::eval::{Hand, HandRank};

/// Most assignments (pairwise disjoint) kept in memory; beyond, the
/// per-assignment way is used.
pub const MAX_ASSIGNMENTS: usize = 200_000;

/// A flop job over ranges, ready to run by runout.
#[derive(Clone, Debug)]
pub struct ByBoard {
    /// The flop as a hand.
    board: Hand,
    /// Every player's combos as hands (two cards), player after player.
    hands: Vec<Hand>,
    players: usize,
    /// The assignments whose combos are pairwise disjoint: for each, its
    /// `players` combos as indices into `hands`, flat.
    picks: Vec<u32>,
    /// Per assignment: its cards' bits and its weight product.
    used: Vec<u64>,
    weights: Vec<u64>,
    /// The runouts (turn, river).
    runouts: Vec<[Card; 2]>,
}

impl ByBoard {
    /// The job for these players' `combos` on a three-card `board` with
    /// `dead` cards out, or `None` when it does not suit (not a flop, or
    /// more than [`MAX_ASSIGNMENTS`] assignments).
    pub fn new(combos: &[Vec<Combo>], board: &[Card], dead: &[Card]) -> Option<ByBoard> {
        if board.len() != 3 || combos.iter().any(|c| c.is_empty()) {
            return None;
        }
        let product = combos
            .iter()
            .try_fold(1usize, |n, c| n.checked_mul(c.len()))?;
        if product > 4 * MAX_ASSIGNMENTS {
            return None;
        }
        let bits: Vec<Vec<u64>> = combos
            .iter()
            .map(|cs| {
                cs.iter()
                    .map(|c| CardSet::EMPTY.with(c.cards[0]).with(c.cards[1]).bits())
                    .collect()
            })
            .collect();
        let players = combos.len();
        // Where each player's combos start in `hands`.
        let starts: Vec<usize> = combos
            .iter()
            .scan(0, |at, c| {
                let start = *at;
                *at += c.len();
                Some(start)
            })
            .collect();
        let (mut picks, mut used, mut weights) = (Vec::new(), Vec::new(), Vec::new());
        let mut index = vec![0usize; players];
        'all: for _ in 0..product {
            let mut cards = 0u64;
            let mut weight = 1u64;
            let mut clash = false;
            for p in 0..players {
                let b = bits[p][index[p]];
                clash |= cards & b != 0;
                cards |= b;
                weight *= u64::from(combos[p][index[p]].weight);
            }
            if !clash {
                if used.len() == MAX_ASSIGNMENTS {
                    return None;
                }
                picks.extend(index.iter().zip(&starts).map(|(&i, &s)| (s + i) as u32));
                used.push(cards);
                weights.push(weight);
            }
            // Next in mixed radix, player 0 slowest (as the parent's units).
            for p in (0..players).rev() {
                index[p] += 1;
                if index[p] < combos[p].len() {
                    continue 'all;
                }
                index[p] = 0;
            }
        }
        // Cards every assignment holds (known hands) never come.
        let always = (0..players)
            .filter(|&p| combos[p].len() == 1)
            .fold(0u64, |acc, p| acc | bits[p][0]);
        let mut out = CardSet::from_bits(always).unwrap_or(CardSet::EMPTY);
        for &c in board.iter().chain(dead) {
            out.insert(c);
        }
        let deck: Vec<Card> = out.complement().iter().collect();
        let mut runouts = Vec::with_capacity(deck.len() * deck.len() / 2);
        for (i, &t) in deck.iter().enumerate() {
            for &r in &deck[i + 1..] {
                runouts.push([t, r]);
            }
        }
        Some(ByBoard {
            board: Hand::from_cards(board),
            hands: combos
                .iter()
                .flatten()
                .map(|c| Hand::from_cards(&c.cards))
                .collect(),
            players,
            picks,
            used,
            weights,
            runouts,
        })
    }

    pub fn total_units(&self) -> u64 {
        self.runouts.len() as u64
    }

    /// Runout `unit`: ranks every combo once, then settles every assignment
    /// that misses it. The hot loop of a range job on a flop. `ranks` and
    /// `counts` are scratch space.
    pub fn run_unit(
        &self,
        unit: u64,
        ranks: &mut Vec<HandRank>,
        counts: &mut Vec<u64>,
        t: &mut Tally,
    ) {
        let [turn, river] = self.runouts[unit as usize];
        let full = self.board + turn + river;
        let gone = CardSet::EMPTY.with(turn).with(river).bits();
        // A combo holding a runout card is ranked too (a meaningless rank):
        // every assignment holding it is skipped below.
        ranks.clear();
        ranks.extend(self.hands.iter().map(|&h| full.combine(h).evaluate()));
        counts.clear();
        counts.resize(1 << self.players, 0);
        // The loop unrolled for the common table sizes.
        match self.players {
            2 => self.settle::<2>(ranks, gone, counts),
            3 => self.settle::<3>(ranks, gone, counts),
            4 => self.settle::<4>(ranks, gone, counts),
            _ => self.settle_any(ranks, gone, counts),
        }
        for (winners, &n) in counts.iter().enumerate() {
            if n > 0 {
                t.record(winners, n);
            }
        }
    }

    /// Adds each assignment that misses the cards `gone` to `counts` of its
    /// winners, for `N` players.
    #[inline(always)]
    fn settle<const N: usize>(&self, ranks: &[HandRank], gone: u64, counts: &mut [u64]) {
        let assignments = self
            .picks
            .chunks_exact(N)
            .zip(&self.used)
            .zip(&self.weights);
        for ((picks, &cards), &weight) in assignments {
            if cards & gone != 0 {
                continue;
            }
            let r: [HandRank; N] = std::array::from_fn(|p| ranks[picks[p] as usize]);
            let best = r.iter().copied().max().unwrap_or(HandRank::MIN);
            let winners = (0..N).fold(0usize, |w, p| w | (usize::from(r[p] == best) << p));
            counts[winners] += weight;
        }
    }

    /// [`ByBoard::settle`] for any number of players.
    fn settle_any(&self, ranks: &[HandRank], gone: u64, counts: &mut [u64]) {
        let assignments = self
            .picks
            .chunks_exact(self.players)
            .zip(&self.used)
            .zip(&self.weights);
        for ((picks, &cards), &weight) in assignments {
            if cards & gone != 0 {
                continue;
            }
            let best = picks
                .iter()
                .map(|&i| ranks[i as usize])
                .max()
                .unwrap_or(HandRank::MIN);
            let winners = picks.iter().enumerate().fold(0usize, |w, (p, &i)| {
                w | (usize::from(ranks[i as usize] == best) << p)
            });
            counts[winners] += weight;
        }
    }
}
