//! Random deals: N players × K cards from one shuffled deck, and who wins
//! (the "deal and classify" exercise). The seed comes from the caller (the
//! page draws it from `crypto.getRandomValues`); the same seed always deals
//! the same hands.

use crate::card::{Card, CardSet};
use crate::equity::rng::Rng;
use crate::eval::HandRank;
use crate::three_card::{self, Rules};
use std::cmp::Ordering;
use std::fmt;

/// Fewest players in a deal.
pub const MIN_PLAYERS: usize = 2;
/// Most players in a deal (fewer when their cards would not fit the deck).
pub const MAX_PLAYERS: usize = 10;

/// Why a deal cannot be made; `Display` is the message people see.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DealError {
    /// Fewer than [`MIN_PLAYERS`] or more than [`max_players`].
    Players { players: usize, cards: usize },
    /// A hand size the game does not play.
    Cards { cards: usize, allowed: &'static str },
    /// The cards out of play leave too few for every hand.
    Deck {
        players: usize,
        cards: usize,
        out: usize,
    },
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DealError::Players { players, cards } => write!(
                f,
                "{players} players: deal to {MIN_PLAYERS} to {} players when each gets {cards} cards \
                 ({} cards would be needed; the deck has 52)",
                max_players(cards),
                players * cards
            ),
            DealError::Cards { cards, allowed } => {
                write!(f, "{cards} cards each: this game deals {allowed}")
            }
            DealError::Deck {
                players,
                cards,
                out,
            } => write!(
                f,
                "{players} players × {cards} cards need {} cards, but only {} are left with \
                 the {out} dead card{} out of the deck",
                players * cards,
                52 - out,
                if out == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for DealError {}

/// The most players the deck serves with `cards` each (at most [`MAX_PLAYERS`]).
pub const fn max_players(cards: usize) -> usize {
    let fit = 52 / if cards == 0 { 1 } else { cards };
    if fit < MAX_PLAYERS {
        fit
    } else {
        MAX_PLAYERS
    }
}

/// `players` hands of `cards` cards each from a deck shuffled by `seed`
/// (Fisher–Yates on xoshiro256++, unbiased draws). Hold'em deals 5 or 7
/// cards each, three-card poker 3 (`three_card`).
pub fn deal(
    seed: u64,
    players: usize,
    cards: usize,
    three_card: bool,
) -> Result<Vec<Vec<Card>>, DealError> {
    deal_without(seed, players, cards, three_card, CardSet::EMPTY)
}

/// [`deal`] from the deck without the cards of `out` (dead cards: never
/// dealt). With no card out it deals exactly what [`deal`] deals.
pub fn deal_without(
    seed: u64,
    players: usize,
    cards: usize,
    three_card: bool,
    out: CardSet,
) -> Result<Vec<Vec<Card>>, DealError> {
    let allowed_cards = if three_card {
        cards == 3
    } else {
        cards == 5 || cards == 7
    };
    if !allowed_cards {
        let allowed = if three_card {
            "3 cards each"
        } else {
            "5 or 7 cards each"
        };
        return Err(DealError::Cards { cards, allowed });
    }
    if !(MIN_PLAYERS..=max_players(cards)).contains(&players) {
        return Err(DealError::Players { players, cards });
    }
    let mut deck: Vec<Card> = Card::all().filter(|&c| !out.contains(c)).collect();
    let needed = players * cards;
    if needed > deck.len() {
        return Err(DealError::Deck {
            players,
            cards,
            out: out.len() as usize,
        });
    }
    let mut rng = Rng::new(seed);
    for i in 0..needed {
        let j = i + rng.below((deck.len() - i) as u32) as usize;
        deck.swap(i, j);
    }
    Ok(deck[..needed].chunks(cards).map(<[Card]>::to_vec).collect())
}

/// The seats (0-based) holding the highest rank: one winner, or all who tie.
pub fn holdem_winners(ranks: &[HandRank]) -> Vec<usize> {
    let Some(&best) = ranks.iter().max() else {
        return Vec::new();
    };
    (0..ranks.len()).filter(|&i| ranks[i] == best).collect()
}

/// Who wins a three-card showdown under `rules`, and whether the 2-3-5 rule
/// made a cycle.
///
/// The winners are the hands no other hand beats ([`three_card::compare`]).
/// The Zha Jin Hua rule (an off-suit 2-3-5 beats trips, and only trips) can
/// leave no such hand: trips, an off-suit 2-3-5 and any third hand beat one
/// another in a circle. Then the exception is set aside, as it is meant for
/// a 2-3-5 facing trips alone, and the highest ranks win (the trips); the
/// second value says so.
pub fn three_card_winners(hands: &[three_card::Hand], rules: &Rules) -> (Vec<usize>, bool) {
    let unbeaten: Vec<usize> = (0..hands.len())
        .filter(|&i| {
            hands
                .iter()
                .all(|other| three_card::compare(&hands[i], other, rules) != Ordering::Less)
        })
        .collect();
    if !unbeaten.is_empty() || hands.is_empty() {
        return (unbeaten, false);
    }
    let ranks: Vec<three_card::HandRank> = hands.iter().map(|h| h.rank(rules)).collect();
    let best = ranks.iter().max().copied();
    let winners = (0..hands.len())
        .filter(|&i| Some(ranks[i]) == best)
        .collect();
    (winners, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::CardSet;
    use crate::eval::evaluate;

    #[test]
    fn deals_are_seeded_distinct_and_checked() {
        for (players, cards, three) in [(2, 5, false), (10, 5, false), (7, 7, false), (10, 3, true)]
        {
            let a = deal(42, players, cards, three).unwrap();
            assert_eq!(a, deal(42, players, cards, three).unwrap());
            assert_ne!(a, deal(43, players, cards, three).unwrap());
            assert_eq!(a.len(), players);
            let all: CardSet = a.iter().flatten().copied().collect();
            assert_eq!(all.len() as usize, players * cards);
        }
        assert_eq!(max_players(7), 7);
        assert_eq!(max_players(5), 10);
        assert_eq!(
            deal(1, 8, 7, false).unwrap_err().to_string(),
            "8 players: deal to 2 to 7 players when each gets 7 cards (56 cards would be needed; the deck has 52)"
        );
        assert!(deal(1, 1, 5, false).is_err());
        assert!(deal(1, 11, 3, true).is_err());
        assert_eq!(
            deal(1, 2, 6, false).unwrap_err().to_string(),
            "6 cards each: this game deals 5 or 7 cards each"
        );
        assert!(deal(1, 2, 5, true).is_err());
    }

    #[test]
    fn dead_cards_are_never_dealt() {
        let out: CardSet = crate::card::parse_cards("As Kd 7c 2h")
            .unwrap()
            .into_iter()
            .collect();
        for seed in 0..500 {
            let hands = deal_without(seed, 9, 5, false, out).unwrap();
            let all: CardSet = hands.iter().flatten().copied().collect();
            assert_eq!(all.len(), 45);
            assert!(!all.intersects(out), "seed {seed}: {hands:?}");
            assert_eq!(hands, deal_without(seed, 9, 5, false, out).unwrap());
        }
        // Nothing out: the same deal as `deal`.
        assert_eq!(
            deal_without(7, 10, 5, false, CardSet::EMPTY).unwrap(),
            deal(7, 10, 5, false).unwrap()
        );
        // 48 cards left: 9 hands of five fit, 10 do not.
        assert_eq!(
            deal_without(1, 10, 5, false, out).unwrap_err().to_string(),
            "10 players × 5 cards need 50 cards, but only 48 are left with the 4 dead cards out of the deck"
        );
        // One card out: 51 left, 10 hands of five still fit; three out: 49 do not.
        let one: CardSet = [Card::new(0, 0)].into_iter().collect();
        let hands = deal_without(3, 10, 5, false, one).unwrap();
        assert!(hands.iter().flatten().all(|&c| c != Card::new(0, 0)));
        let three: CardSet = (0..3).map(|s| Card::new(0, s)).collect();
        assert_eq!(
            deal_without(1, 10, 5, false, three).unwrap_err().to_string(),
            "10 players × 5 cards need 50 cards, but only 49 are left with the 3 dead cards out of the deck"
        );
    }

    /// Every seat is equally likely to get the ace of spades (a rough
    /// uniformity check of the shuffle).
    #[test]
    fn shuffle_is_fair_enough() {
        let mut seats = [0u32; 10];
        for seed in 0..20_000 {
            let hands = deal(seed, 10, 5, false).unwrap();
            if let Some(i) = hands.iter().position(|h| h.contains(&Card::new(12, 3))) {
                seats[i] += 1;
            }
        }
        // Expected 20,000 × 5/52 ≈ 1,923 per seat.
        for n in seats {
            assert!((1_750..2_100).contains(&n), "{seats:?}");
        }
    }

    #[test]
    fn winners() {
        let rank = |s: &str| evaluate(&crate::card::parse_cards(s).unwrap());
        let ranks = [
            rank("As Ad 7c 4d 2h"),
            rank("Ks Kd Qh Qc 2s"),
            rank("Kh Kc Qs Qd 2d"),
        ];
        assert_eq!(holdem_winners(&ranks), [1, 2]);
        assert_eq!(holdem_winners(&ranks[..1]), [0]);
        assert!(holdem_winners(&[]).is_empty());

        let h = |s: &str| s.parse::<three_card::Hand>().unwrap();
        let z = Rules::zha_jin_hua_235();
        // 2-3-5 against trips alone wins.
        assert_eq!(
            three_card_winners(&[h("2c 3d 5h"), h("Ac Ad Ah")], &z),
            (vec![0], false)
        );
        // The cycle: trips win, and the cycle is reported.
        assert_eq!(
            three_card_winners(&[h("2c 3d 5h"), h("Ac Ad Ah"), h("Kc Kd 2s")], &z),
            (vec![1], true)
        );
        // Straight vs flush depends on the rules.
        let hands = [h("4c 5d 6h"), h("2s 9s Js")];
        assert_eq!(
            three_card_winners(&hands, &Rules::casino()),
            (vec![0], false)
        );
        assert_eq!(three_card_winners(&hands, &z), (vec![1], false));
        // Ties share.
        assert_eq!(
            three_card_winners(&[h("Ac Kd 9h"), h("Ad Kc 9s")], &z),
            (vec![0, 1], false)
        );
    }
}
