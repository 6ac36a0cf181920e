//! Omaha players holding ranges (`AA:$ds`, `$rd`, `random@10, AA`): which
//! player texts are ranges and their dealers, for the Monte Carlo trials
//! (`OmahaJob::run_range_trials`) that deal them: each deal's probability
//! proportional to the product of the hands' weights, no card used twice
//! (`omaha::range::dealer`). Jobs with a range are sampled, with their
//! error, as jobs with a random hand are.

use crate::board_game::{BoardGameError, Deal};
use crate::card::{parse_cards, Card, CardSet};
use crate::equity::rng::Rng;
use crate::omaha::range::dealer::RangeDealer;
use crate::omaha::range::{OmahaRange, OmahaRangeError};

/// Joint deals tried when a job opens before ranges that share too many
/// cards are refused.
const TRIES: u32 = 20_000;

/// Whether a player's text is a range of `hole`-card hands: `None` for
/// `random` and for text that reads as cards (the deal checks their
/// number); any other text is read as a range, and its error is the
/// range's (`QQ+`: what Omaha writes instead).
pub(super) fn as_range(text: &str, hole: usize) -> Result<Option<OmahaRange>, OmahaRangeError> {
    let t = text.trim();
    if t == "?" || t.eq_ignore_ascii_case("random") || parse_cards(t).is_ok() {
        return Ok(None);
    }
    OmahaRange::parse(t, hole).map(Some)
}

/// The ranges' dealers, per player (`None`: a known or random hand).
#[derive(Clone, Debug)]
pub(super) struct Ranges {
    dealers: Vec<Option<RangeDealer>>,
}

/// The board, dead cards and known hands of a deal.
pub(super) fn known_cards(deal: &Deal) -> CardSet {
    deal.board()
        .iter()
        .chain(deal.dead())
        .chain(deal.hands().iter().flatten().flatten())
        .copied()
        .collect()
}

impl Ranges {
    /// The dealers of `ranges` given the deal's known cards; checks each
    /// has a hand left and that they can be dealt together.
    pub(super) fn new(
        ranges: Vec<Option<OmahaRange>>,
        deal: &Deal,
    ) -> Result<Ranges, BoardGameError> {
        let known = known_cards(deal);
        let mut dealers = Vec::new();
        for (i, r) in ranges.into_iter().enumerate() {
            dealers.push(match r {
                None => None,
                Some(r) => {
                    let text = r.to_string();
                    Some(RangeDealer::new(r, known).ok_or_else(|| {
                        BoardGameError::Player(
                            i,
                            format!(
                                "no hand of the range {} is possible with the cards in play",
                                crate::quote::quote(&text)
                            ),
                        )
                    })?)
                }
            });
        }
        let ranges = Ranges { dealers };
        if ranges.dealers.iter().flatten().count() > 1 {
            let mut rng = Rng::new(0x5eed);
            let mut scratch = Vec::new();
            let mut out = Vec::new();
            if !(0..TRIES).any(|_| ranges.try_deal(&mut rng, &mut scratch, &mut out)) {
                let last = ranges
                    .dealers
                    .iter()
                    .rposition(Option::is_some)
                    .unwrap_or(0);
                return Err(BoardGameError::Player(
                    last,
                    format!(
                        "the ranges cannot all be dealt at once: {TRIES} tries found no deal without a card used twice"
                    ),
                ));
            }
        }
        Ok(ranges)
    }

    pub(super) fn any(&self) -> bool {
        self.dealers.iter().any(Option::is_some)
    }

    /// Whether player `p` holds a range.
    pub(super) fn holds(&self, p: usize) -> bool {
        self.dealers.get(p).is_some_and(Option::is_some)
    }

    /// One try at dealing every range (into `out`, in player order);
    /// false when two hands share a card.
    fn try_deal(&self, rng: &mut Rng, scratch: &mut Vec<Card>, out: &mut Vec<CardSet>) -> bool {
        out.clear();
        let mut used = CardSet::EMPTY;
        for d in self.dealers.iter().flatten() {
            let hand = d.draw(rng, scratch);
            if hand.intersects(used) {
                return false;
            }
            used = CardSet::from_bits(used.bits() | hand.bits()).expect("cards");
            out.push(hand);
        }
        true
    }

    /// Every range dealt (retried until no card is used twice).
    pub(super) fn deal(&self, rng: &mut Rng, scratch: &mut Vec<Card>, out: &mut Vec<CardSet>) {
        while !self.try_deal(rng, scratch, out) {}
    }
}
