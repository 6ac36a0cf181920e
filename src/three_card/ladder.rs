//! Every three-card hand of a deck in strength order (the *ladder*), and
//! what a player holds in an equity job ([`Holding`]): a known hand, any
//! hand (`random`), or the strongest `X%` of all hands.
//!
//! **Order.** Hands are ordered weakest first by [`Hand::rank`] under the
//! rules (without the 2-3-5 exception, which no single order can express:
//! there an off-suit 2-3-5 is simply the lowest high card). Hands of equal
//! rank (they differ only in suits) are ordered by their cards' ids
//! (`rank*4 + suit`, clubs < diamonds < hearts < spades), highest card first,
//! compared lexicographically: of the four A-K-Q high-card hands with the
//! same suit pattern, the one whose ace is a spade sorts last. The ladder
//! position of a hand is its index in that order, 0 = weakest.
//!
//! **Top X%.** `X%` is the best `round(X · N / 100)` hands of the `N` in the
//! deck (22,100; 2,024 in the short deck), halves rounding up: the top of the
//! ladder, ties at the boundary cut by the order above. The write-up's
//! *strength index* `s` (opponents hold a hand at or above ladder position
//! `s`) is the same set: the top `N − s` hands.
//!
//! **Short deck.** Some tables play with the 24 cards from 9 to A. The same
//! rules rank its hands; no ace-low straight exists there (A-9-T is not a
//! straight).

use super::{Hand, HandRank, Rules};
use crate::card::{Card, CardSet};
use crate::quote::quote;
use std::fmt;

/// Which cards are dealt.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Deck {
    /// All 52 cards.
    #[default]
    Full,
    /// The 24 cards from 9 to A.
    Short,
}

impl Deck {
    /// The cards of this deck.
    pub fn cards(self) -> CardSet {
        match self {
            Deck::Full => Card::all().collect(),
            Deck::Short => Card::all().filter(|c| c.rank() >= 7).collect(),
        }
    }

    /// The spec name: `full` or `short`.
    pub const fn name(self) -> &'static str {
        match self {
            Deck::Full => "full",
            Deck::Short => "short",
        }
    }

    /// Parses `full` / `52` or `short` / `24` (ASCII case ignored).
    pub fn parse(text: &str) -> Option<Deck> {
        match text.trim().to_ascii_lowercase().as_str() {
            "full" | "52" => Some(Deck::Full),
            "short" | "24" => Some(Deck::Short),
            _ => None,
        }
    }
}

/// The hands of a deck in strength order under some rules (see the module
/// docs), with each hand's position and a dense rank.
pub struct Ladder {
    rules: Rules,
    deck: Deck,
    /// Ladder order, weakest first.
    hands: Vec<Hand>,
    /// `dense[i]`: the rank of `hands[i]` as 0.. over the distinct ranks.
    dense: Vec<u16>,
    /// Position of each hand by its [`hand_index`] (`u32::MAX`: not in the deck).
    position: Vec<u32>,
    /// Distinct ranks in the deck.
    ranks: usize,
}

/// Index of the hand of cards `a < b < c` (ids) among the C(52, 3) hands:
/// colexicographic, `C(c,3) + C(b,2) + a`.
pub fn hand_index(cards: [Card; 3]) -> usize {
    let mut ids = cards.map(|c| usize::from(c.id()));
    ids.sort_unstable();
    let [a, b, c] = ids;
    c * (c - 1) * (c - 2) / 6 + b * (b - 1) / 2 + a
}

/// Number of three-card hands of 52 cards.
pub const ALL_HANDS: usize = 22_100;

impl Ladder {
    /// Ranks and orders every hand of `deck` under `rules`.
    pub fn new(rules: Rules, deck: Deck) -> Ladder {
        let cards: Vec<Card> = deck.cards().iter().collect();
        let mut keyed: Vec<(HandRank, [u8; 3], Hand)> = Vec::new();
        for (i, &a) in cards.iter().enumerate() {
            for (j, &b) in cards.iter().enumerate().skip(i + 1) {
                for &c in &cards[j + 1..] {
                    // Built from distinct cards of the deck.
                    let Ok(hand) = Hand::new([a, b, c]) else {
                        continue;
                    };
                    let mut ids = [c.id(), b.id(), a.id()];
                    ids.sort_unstable_by(|x, y| y.cmp(x));
                    keyed.push((hand.rank(&rules), ids, hand));
                }
            }
        }
        keyed.sort_unstable_by(|x, y| x.0.cmp(&y.0).then(x.1.cmp(&y.1)));
        let mut position = vec![u32::MAX; ALL_HANDS];
        let mut dense = Vec::with_capacity(keyed.len());
        let mut ranks = 0u16;
        for (i, (rank, _, hand)) in keyed.iter().enumerate() {
            if i > 0 && keyed[i - 1].0 != *rank {
                ranks += 1;
            }
            dense.push(ranks);
            position[hand_index(hand.cards())] = i as u32;
        }
        Ladder {
            rules,
            deck,
            hands: keyed.into_iter().map(|k| k.2).collect(),
            dense,
            position,
            ranks: usize::from(ranks) + 1,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn deck(&self) -> Deck {
        self.deck
    }

    /// Hands in the deck (22,100 or 2,024).
    pub fn len(&self) -> usize {
        self.hands.len()
    }

    /// Never: every deck has hands.
    pub fn is_empty(&self) -> bool {
        self.hands.is_empty()
    }

    /// Distinct ranks among the deck's hands (741 for the full deck).
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// The hand at ladder position `i` (0 = weakest).
    pub fn hand(&self, i: usize) -> Hand {
        self.hands[i]
    }

    /// The dense rank (0 = weakest rank) of the hand at position `i`.
    pub fn dense(&self, i: usize) -> u16 {
        self.dense[i]
    }

    /// The ladder position of `hand`, `None` if a card is not in the deck.
    pub fn position(&self, hand: &Hand) -> Option<usize> {
        let p = self.position[hand_index(hand.cards())];
        (p != u32::MAX).then_some(p as usize)
    }

    /// Category counts over this deck's hands (the short deck's census too):
    /// `hands` is 22,100 or 2,024, `distinct` the ranks seen.
    pub fn census(&self) -> super::Census {
        let mut counts = [0u64; 6];
        for h in &self.hands {
            counts[h.category() as usize] += 1;
        }
        super::Census {
            hands: self.hands.len() as u64,
            counts,
            distinct: self.ranks,
        }
    }

    /// The number of hands `X%` stands for: `round(X · N / 100)`.
    pub fn top_count(&self, percent: f64) -> usize {
        (percent * self.len() as f64 / 100.0 + 0.5).floor() as usize
    }
}

/// What a player holds: the set of hands they are dealt uniformly from.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Holding {
    /// A known hand.
    Hand(Hand),
    /// Any hand of the deck.
    Random,
    /// The `count` strongest hands of the ladder (`X%` as typed is kept
    /// for display).
    Top { count: usize, percent: f64 },
}

/// Why a player's text is not a holding.
#[derive(Clone, PartialEq, Debug)]
pub enum HoldingError {
    /// Nothing given.
    Empty,
    /// Not three cards, `random` or `X%`; the message says what was wrong.
    Cards(crate::card::CardError),
    /// `X%` outside (0, 100], or not a number.
    Percent(String),
    /// `X%` of the deck rounds to no hand.
    TooFew { percent: f64, hands: usize },
    /// A card of the hand is not in the short deck.
    NotInDeck(Card),
    /// `@N` is not a ladder position.
    Index { text: String, hands: usize },
}

impl fmt::Display for HoldingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HoldingError::Empty => write!(
                f,
                "expected 3 cards, got 0 (or random, a top share such as 30%, or @N)"
            ),
            HoldingError::Cards(e) => write!(f, "{e}"),
            HoldingError::Percent(text) => write!(
                f,
                "{} is not a share of hands: give X% with X above 0 and at most 100 (e.g. 30%)",
                quote(text)
            ),
            HoldingError::TooFew { percent, hands } => write!(
                f,
                "{percent}% of the {hands} hands is less than one hand: give at least {:.4}%",
                50.0 / *hands as f64
            ),
            HoldingError::NotInDeck(c) => {
                write!(f, "{c} is not in the short deck (9 to A)")
            }
            HoldingError::Index { text, hands } => write!(
                f,
                "{} is not a strength index: give @N with N from 0 (any hand) to {} (the best hand alone)",
                quote(text),
                hands - 1
            ),
        }
    }
}

impl Holding {
    /// Parses a player's text: three cards, `random` (or `?`), `X%`
    /// (0 < X ≤ 100), or `@N`, the hands at ladder position `N` and above
    /// (the write-up's strength index). Empty text is no holding (as an
    /// empty Hold'em box is no hand): `random` says so.
    pub fn parse(text: &str, ladder: &Ladder) -> Result<Holding, HoldingError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(HoldingError::Empty);
        }
        if t.eq_ignore_ascii_case("random") || t == "?" {
            return Ok(Holding::Random);
        }
        if let Some(num) = t.strip_prefix('@') {
            let bad = || HoldingError::Index {
                text: t.to_string(),
                hands: ladder.len(),
            };
            let index: usize = num.trim().parse().map_err(|_| bad())?;
            return Holding::at_least(index, ladder).ok_or_else(bad);
        }
        if let Some(num) = t.strip_suffix('%') {
            let percent: f64 = num
                .trim()
                .parse()
                .map_err(|_| HoldingError::Percent(t.to_string()))?;
            return Holding::top(percent, ladder).map_err(|e| match e {
                HoldingError::Percent(_) => HoldingError::Percent(t.to_string()),
                other => other,
            });
        }
        let hand: Hand = t.parse().map_err(HoldingError::Cards)?;
        if let Some(c) = hand
            .cards()
            .into_iter()
            .find(|c| !ladder.deck.cards().contains(*c))
        {
            return Err(HoldingError::NotInDeck(c));
        }
        Ok(Holding::Hand(hand))
    }

    /// The strongest `percent`% of the ladder.
    pub fn top(percent: f64, ladder: &Ladder) -> Result<Holding, HoldingError> {
        if !(percent > 0.0 && percent <= 100.0) {
            return Err(HoldingError::Percent(format!("{percent}%")));
        }
        let count = ladder.top_count(percent);
        if count == 0 {
            return Err(HoldingError::TooFew {
                percent,
                hands: ladder.len(),
            });
        }
        Ok(Holding::Top { count, percent })
    }

    /// The hands at ladder position `index` and above (the write-up's
    /// strength index), as a top share.
    pub fn at_least(index: usize, ladder: &Ladder) -> Option<Holding> {
        let count = ladder.len().checked_sub(index).filter(|&c| c > 0)?;
        Some(Holding::Top {
            count,
            percent: 100.0 * count as f64 / ladder.len() as f64,
        })
    }

    /// Ladder positions this holding is dealt from (ascending).
    pub fn positions(&self, ladder: &Ladder) -> Vec<usize> {
        match self {
            Holding::Hand(h) => ladder.position(h).into_iter().collect(),
            Holding::Random => (0..ladder.len()).collect(),
            Holding::Top { count, .. } => {
                (ladder.len() - count.min(&ladder.len())..ladder.len()).collect()
            }
        }
    }

    /// As typed back: the hand's cards, `random`, `X%` (when X has at
    /// most four decimals) or `@N`.
    pub fn label(&self, ladder: &Ladder) -> String {
        match self {
            Holding::Hand(h) => crate::card::format_cards_compact(&h.cards()),
            Holding::Random => "random".to_string(),
            Holding::Top { percent, count } => {
                if (percent * 1e4).round() == percent * 1e4 {
                    format!("{percent}%")
                } else {
                    format!("@{}", ladder.len() - count)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_holds_every_hand_once_in_rank_order() {
        for deck in [Deck::Full, Deck::Short] {
            for (_, rules) in Rules::PRESETS {
                let l = Ladder::new(rules, deck);
                assert_eq!(l.len(), if deck == Deck::Full { 22_100 } else { 2_024 });
                for i in 0..l.len() {
                    assert_eq!(l.position(&l.hand(i)), Some(i));
                    if i > 0 {
                        let (a, b) = (l.hand(i - 1).rank(&rules), l.hand(i).rank(&rules));
                        assert!(a <= b);
                        assert_eq!(l.dense(i) - l.dense(i - 1), u16::from(a < b));
                    }
                }
                assert_eq!(usize::from(l.dense(l.len() - 1)) + 1, l.ranks());
                if deck == Deck::Full {
                    assert_eq!(l.ranks(), 741);
                }
            }
        }
    }

    #[test]
    fn holdings_parse_and_cut_the_top() {
        let l = Ladder::new(Rules::zha_jin_hua(), Deck::Full);
        assert_eq!(Holding::parse("random", &l), Ok(Holding::Random));
        // An empty box is no holding (issue 33: it was read as random).
        assert_eq!(Holding::parse(" ", &l), Err(HoldingError::Empty));
        // The job's error puts "player 2: " before it (`ThreeCardError`).
        assert_eq!(
            HoldingError::Empty.to_string(),
            "expected 3 cards, got 0 (or random, a top share such as 30%, or @N)"
        );
        let top = Holding::parse("30%", &l).unwrap();
        assert_eq!(
            top,
            Holding::Top {
                count: 6_630,
                percent: 30.0
            }
        );
        assert_eq!(top.positions(&l).len(), 6_630);
        assert_eq!(top.positions(&l)[0], 22_100 - 6_630);
        // The top 52 hands are the trips (top of the Zha Jin Hua order).
        let trips = Holding::top(100.0 * 52.0 / 22_100.0, &l).unwrap();
        assert!(trips
            .positions(&l)
            .iter()
            .all(|&p| l.hand(p).category() == super::super::Category::Trips));
        assert_eq!(Holding::at_least(22_100 - 52, &l), Some(trips));
        for bad in ["0%", "-5%", "100.5%", "abc%", "NaN%", "inf%"] {
            assert!(
                matches!(Holding::parse(bad, &l), Err(HoldingError::Percent(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            Holding::parse("0.001%", &l),
            Err(HoldingError::TooFew { .. })
        ));
        assert!(Holding::parse("2h 2s", &l).is_err());
        assert_eq!(Holding::parse("@22048", &l), Ok(trips));
        assert_eq!(
            Holding::parse("@0", &l).unwrap().positions(&l).len(),
            22_100
        );
        for bad in ["@22100", "@-1", "@x", "@"] {
            assert!(
                matches!(Holding::parse(bad, &l), Err(HoldingError::Index { .. })),
                "{bad}"
            );
        }
        let short = Ladder::new(Rules::zha_jin_hua(), Deck::Short);
        assert_eq!(
            Holding::parse("8h 9h Th", &short),
            Err(HoldingError::NotInDeck("8h".parse().unwrap()))
        );
        assert_eq!(
            Holding::parse("8h 9h Th", &short).unwrap_err().to_string(),
            "8h is not in the short deck (9 to A)"
        );
    }

    #[test]
    fn the_census_of_a_ladder_counts_its_deck() {
        use super::super::Category;
        for (_, rules) in Rules::PRESETS {
            // Full deck: the same as the core's census of all 22,100 hands.
            assert_eq!(
                Ladder::new(rules, Deck::Full).census(),
                super::super::census(&rules)
            );
            // Short deck, counted by hand: six ranks 9..A, four straights
            // (9-T-J … Q-K-A; no A-2-3), C(24, 3) = 2,024 hands.
            let c = Ladder::new(rules, Deck::Short).census();
            assert_eq!(c.hands, 2_024);
            assert_eq!(c.count(Category::Trips), 6 * 4);
            assert_eq!(c.count(Category::StraightFlush), 4 * 4);
            assert_eq!(c.count(Category::Straight), 4 * (64 - 4));
            assert_eq!(c.count(Category::Flush), (20 - 4) * 4);
            assert_eq!(c.count(Category::Pair), 6 * 6 * 20);
            assert_eq!(c.count(Category::HighCard), (20 - 4) * (64 - 4));
        }
    }
}
