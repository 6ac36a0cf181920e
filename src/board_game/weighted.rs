//! [`WeightedHands`]: a list of hands and their weights, to deal one at
//! random with probability proportional to its weight (one binary search
//! over the running sums). What a player holding a range is dealt from in
//! Omaha (narrow ranges) and Short Deck.

use crate::card::CardSet;
use crate::equity::rng::Rng;

/// Hands (as card sets) and the running sum of their weights.
#[derive(Clone, Debug)]
pub struct WeightedHands {
    hands: Vec<CardSet>,
    /// `sums[i]`: the weights (thousandths) of hands `0..=i`.
    sums: Vec<u64>,
}

impl WeightedHands {
    /// The hands of positive weight (thousandths); `None` if there is none.
    pub fn new(weighted: impl IntoIterator<Item = (CardSet, u64)>) -> Option<WeightedHands> {
        let (mut hands, mut sums, mut sum) = (Vec::new(), Vec::new(), 0);
        for (hand, w) in weighted {
            if w > 0 {
                sum += w;
                hands.push(hand);
                sums.push(sum);
            }
        }
        (!hands.is_empty()).then_some(WeightedHands { hands, sums })
    }

    /// One hand, with probability proportional to its weight.
    pub fn draw(&self, rng: &mut Rng) -> CardSet {
        let total = *self.sums.last().expect("at least one hand");
        let r = rng.below_u64(total);
        self.hands[self.sums.partition_point(|&s| s <= r)]
    }
}
