//! [`RangeDealer`]: deals one hand of an Omaha range at random, each hand
//! with probability proportional to its weight, from the cards left once
//! the known cards (board, dead, known hands) are out.
//!
//! Two ways, both exact in distribution:
//! - **listed** (at most [`LIST_MAX`] hands): `board_game::weighted`'s
//!   list, a draw is one binary search;
//! - **filtered** (wider ranges): a uniformly random hand of the live
//!   cards, kept with probability weight / 100%, else drawn again.
//!
//! Several players' ranges are dealt together by the caller: each
//! proposes a hand on its own, and the whole deal starts again when two
//! share a card, so a deal's probability is proportional to the product of
//! the weights among the deals without a clash.

use super::{for_each_hand, OmahaRange};
use crate::board_game::weighted::WeightedHands;
use crate::card::{Card, CardSet};
use crate::equity::rng::Rng;

/// Ranges of at most this many hands are listed.
pub const LIST_MAX: u64 = 200_000;

#[derive(Clone, Debug)]
enum Source {
    Listed(WeightedHands),
    Filtered { range: OmahaRange, live: Vec<Card> },
}

/// One player's range, ready to deal from.
#[derive(Clone, Debug)]
pub struct RangeDealer {
    source: Source,
}

impl RangeDealer {
    /// The range without the `known` cards; `None` if no hand is left.
    pub fn new(range: OmahaRange, known: CardSet) -> Option<RangeDealer> {
        let counts = range.counts(known);
        if counts.hands == 0 {
            return None;
        }
        let source = if counts.hands <= LIST_MAX {
            let mut hands = Vec::with_capacity(counts.hands as usize);
            for_each_hand(range.hole(), known, |cards| {
                let w = u64::from(range.weight(cards).permille());
                if w > 0 {
                    hands.push((cards.iter().copied().collect(), w));
                }
            });
            Source::Listed(WeightedHands::new(hands)?)
        } else {
            Source::Filtered {
                range,
                live: Card::all().filter(|&c| !known.contains(c)).collect(),
            }
        };
        Some(RangeDealer { source })
    }

    /// One hand, with probability proportional to its weight. `scratch`
    /// is the caller's, reused between calls.
    pub fn draw(&self, rng: &mut Rng, scratch: &mut Vec<Card>) -> CardSet {
        match &self.source {
            Source::Listed(hands) => hands.draw(rng),
            Source::Filtered { range, live } => {
                let n = range.hole();
                loop {
                    if scratch.len() != live.len() {
                        scratch.clone_from(live);
                    }
                    for i in 0..n {
                        let j = i + rng.below((scratch.len() - i) as u32) as usize;
                        scratch.swap(i, j);
                    }
                    let hand = &scratch[..n];
                    let w = u32::from(range.weight(hand).permille());
                    if w == 1000 || rng.below(1000) < w {
                        return hand.iter().copied().collect();
                    }
                }
            }
        }
    }
}
