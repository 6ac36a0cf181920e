//! Narrow Omaha ranges on a turn or a river, exactly (issue 37): when
//! every player holds a known hand or a range of few hands, and the board
//! has four or five cards, the job enumerates every joint holding (one
//! hand per player, in mixed radix: a unit is one joint holding) × every
//! river card left, each showdown counted with the product of the hands'
//! weights (each range's weights divided by their greatest common
//! divisor, so a range at one weight counts one per showdown). A joint
//! holding in which two hands share a card counts nothing. So a hand's
//! share of the counts is its weight times its showdowns, as the sampler
//! deals it (`ranges.rs`), exactly. Taken when the joint holdings are few
//! and the counts stay below 2^53; the plan then weighs its evaluations as
//! for known hands (`OmahaJob::plan`).

use super::super::counts::{PotCounts, POT};
use super::super::eval::{best_high, Board, Hole};
use super::super::low::{low_mask, low_winners, HoleLow, NO_LOW};
use super::super::range::{for_each_hand, OmahaRange};
use crate::board_game::{best_set, Deal};
use crate::card::{Card, CardSet};
use crate::eval::HandRank;
use std::ops::Range;

/// Hands of one range at most.
const MAX_HANDS: u64 = 5_000;

/// Joint holdings at most.
const MAX_JOINT: u64 = 1 << 22;

/// One hand a player may hold: its cards, as a set, and its weight.
#[derive(Clone, Debug)]
struct Held {
    cards: Vec<Card>,
    set: CardSet,
    weight: u64,
}

/// The joint holdings of a job whose ranges are enumerated.
#[derive(Clone, Debug)]
pub(super) struct ExactRanges {
    /// Per player, the hands it may hold (one for a known hand).
    lists: Vec<Vec<Held>>,
    board: Vec<Card>,
    /// The cards not on the board, dead or in a known hand.
    live: Vec<Card>,
    units: u64,
    hilo: bool,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl ExactRanges {
    /// The enumeration, or `None` when the job is not for it: a random
    /// hand, no range, a board before the turn, a range of more than
    /// [`MAX_HANDS`] hands, more than [`MAX_JOINT`] joint holdings, or
    /// counts that could reach 2^53.
    pub(super) fn new(
        ranges: &[Option<OmahaRange>],
        deal: &Deal,
        hilo: bool,
    ) -> Option<ExactRanges> {
        if deal.board().len() < 4 || ranges.iter().all(Option::is_none) {
            return None;
        }
        let known = super::ranges::known_cards(deal);
        let (mut lists, mut units, mut top) = (Vec::new(), 1u64, 1u128);
        for (p, hand) in deal.hands().iter().enumerate() {
            let list = match (hand, ranges.get(p).and_then(Option::as_ref)) {
                (Some(cards), _) => vec![Held {
                    cards: cards.clone(),
                    set: cards.iter().copied().collect(),
                    weight: 1,
                }],
                (None, Some(r)) => {
                    if r.counts(known).hands > MAX_HANDS {
                        return None;
                    }
                    let mut list = Vec::new();
                    for_each_hand(r.hole(), known, |cards| {
                        let weight = u64::from(r.weight(cards).permille());
                        if weight > 0 {
                            list.push(Held {
                                cards: cards.to_vec(),
                                set: cards.iter().copied().collect(),
                                weight,
                            });
                        }
                    });
                    let g = list.iter().fold(0, |g, h| gcd(g, h.weight));
                    for h in &mut list {
                        h.weight /= g.max(1);
                    }
                    list
                }
                (None, None) => return None,
            };
            units = units.checked_mul(list.len() as u64)?;
            top *= u128::from(list.iter().map(|h| h.weight).max()?);
            lists.push(list);
        }
        let live: Vec<Card> = Card::all().filter(|&c| !known.contains(c)).collect();
        let rivers = if deal.board().len() == 4 {
            live.len() as u128
        } else {
            1
        };
        if units > MAX_JOINT || u128::from(units) * top * rivers * u128::from(POT) >= 1 << 53 {
            return None;
        }
        Some(ExactRanges {
            lists,
            board: deal.board().to_vec(),
            live,
            units,
            hilo,
        })
    }

    /// Units: the joint holdings.
    pub(super) fn units(&self) -> u64 {
        self.units
    }

    /// Boards per joint holding at most (the river cards).
    pub(super) fn boards(&self) -> u64 {
        if self.board.len() == 4 {
            self.live.len() as u64
        } else {
            1
        }
    }

    /// Counts the joint holdings `range` (clamped) into `counts`.
    pub(super) fn run(&self, range: Range<u64>, counts: &mut PotCounts) {
        let players = self.lists.len();
        let mut pick = vec![0usize; players];
        let mut highs = vec![HandRank::MIN; players];
        let mut lows = vec![NO_LOW; players];
        let mut board = [Card::new(0, 0); 5];
        board[..self.board.len()].copy_from_slice(&self.board);
        for unit in range.start..range.end.min(self.units) {
            // The last player's hand varies fastest.
            let mut rest = unit;
            for (p, list) in self.lists.iter().enumerate().rev() {
                pick[p] = (rest % list.len() as u64) as usize;
                rest /= list.len() as u64;
            }
            let (mut used, mut weight) = (0u64, 1u64);
            let mut clash = false;
            for (list, &i) in self.lists.iter().zip(&pick) {
                let h = &list[i];
                clash |= h.set.bits() & used != 0;
                used |= h.set.bits();
                weight *= h.weight;
            }
            if clash {
                continue;
            }
            let holes: Vec<(Hole, Option<HoleLow>)> = self
                .lists
                .iter()
                .zip(&pick)
                .map(|(list, &i)| {
                    let cards = &list[i].cards;
                    (Hole::new(cards), self.hilo.then(|| HoleLow::new(cards)))
                })
                .collect();
            let mut showdown = |board: &[Card; 5]| {
                let prepared = Board::new(board);
                let mask = low_mask(board);
                for (p, (hole, low)) in holes.iter().enumerate() {
                    highs[p] = best_high(hole, &prepared);
                    lows[p] = low.as_ref().map_or(NO_LOW, |l| l.best_bits(mask));
                }
                let low = if self.hilo { low_winners(&lows) } else { 0 };
                counts.record_weighted(best_set(&highs, |a, b| a > b), low, weight);
            };
            if self.board.len() == 5 {
                showdown(&board);
            } else {
                for &river in &self.live {
                    if used >> river.id() & 1 == 0 {
                        board[4] = river;
                        showdown(&board);
                    }
                }
            }
        }
    }
}
