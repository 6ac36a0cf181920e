//! Short Deck players holding ranges: Hold'em's syntax (`QQ+, AKs`,
//! `AK@50`, PioSolver's `AKs:0.5`, GTO+'s `[50]AKs[/50]`) read for the
//! deck of six to ace (`range_text.rs`: an item below six is an error). A range is dealt as
//! Omaha's are: each hand from its weighted list, a deal in which two
//! hands share a card dealt again (so weights are honoured and no card is
//! used twice); jobs with a range are sampled. `X%` is a share of the 630
//! short-deck combos by the short-deck ranking (`ranking.rs`).

use crate::board_game::weighted::WeightedHands;
use crate::board_game::{BoardGameError, Deal};
use crate::card::{parse_cards, CardSet};
use crate::equity::rng::Rng;
use crate::range::Range;

/// Joint deals tried when a job opens before ranges that share too many
/// cards are refused.
const TRIES: u32 = 20_000;

/// Whether a player's text is a range: `None` for `random` and text that
/// reads as cards (the deal checks them); else the range, or why not.
pub(super) fn as_range(text: &str) -> Result<Option<Range>, String> {
    let t = text.trim();
    if t == "?" || t.eq_ignore_ascii_case("random") || parse_cards(t).is_ok() {
        return Ok(None);
    }
    match super::range_text::parse_short(t) {
        Ok(r) => Ok(Some(r)),
        Err(e) => Err(e.to_string()),
    }
}

/// Per player, the hands a range player is dealt from (`None`: a known or
/// random hand).
#[derive(Clone, Debug, Default)]
pub(super) struct Ranges {
    lists: Vec<Option<WeightedHands>>,
}

impl Ranges {
    /// The lists of `ranges` without the deal's known cards; checks each
    /// has a hand left and that they can be dealt together.
    pub(super) fn new(ranges: &[Option<Range>], deal: &Deal) -> Result<Ranges, BoardGameError> {
        let known = known_cards(deal);
        let mut lists = Vec::new();
        for (i, r) in ranges.iter().enumerate() {
            lists.push(match r {
                None => None,
                Some(r) => {
                    let hands = r.combos().filter_map(|(combo, w)| {
                        let cards = combo.card_set();
                        (!cards.intersects(known)).then(|| (cards, u64::from(w.permille())))
                    });
                    Some(WeightedHands::new(hands).ok_or_else(|| {
                        BoardGameError::Player(
                            i,
                            format!(
                                "no hand of the range {} is possible with the cards in play",
                                crate::quote::quote(&r.to_string())
                            ),
                        )
                    })?)
                }
            });
        }
        let ranges = Ranges { lists };
        if ranges.lists.iter().flatten().count() > 1 {
            let mut rng = Rng::new(0x5eed);
            let mut out = Vec::new();
            if !(0..TRIES).any(|_| ranges.try_deal(&mut rng, &mut out)) {
                let last = ranges.lists.iter().rposition(Option::is_some).unwrap_or(0);
                return Err(BoardGameError::Player(
                    last,
                    format!("the ranges cannot all be dealt at once: {TRIES} tries found no deal without a card used twice"),
                ));
            }
        }
        Ok(ranges)
    }

    pub(super) fn any(&self) -> bool {
        self.lists.iter().any(Option::is_some)
    }

    /// Whether player `p` holds a range.
    pub(super) fn holds(&self, p: usize) -> bool {
        self.lists.get(p).is_some_and(Option::is_some)
    }

    fn try_deal(&self, rng: &mut Rng, out: &mut Vec<CardSet>) -> bool {
        out.clear();
        let mut used = 0u64;
        for list in self.lists.iter().flatten() {
            let hand = list.draw(rng);
            if hand.bits() & used != 0 {
                return false;
            }
            used |= hand.bits();
            out.push(hand);
        }
        true
    }

    /// Every range dealt (again until no card is used twice), in player order.
    pub(super) fn deal(&self, rng: &mut Rng, out: &mut Vec<CardSet>) {
        while !self.try_deal(rng, out) {}
    }
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
