//! Three-card poker: casino Three Card Poker, Teen Patti and Zha Jin Hua
//! (炸金花), one evaluator with the rules as data.
//!
//! The three games deal the same hands (three cards from one 52-card deck)
//! and agree on the six categories, but not on their order:
//!
//! | rule                     | casino           | Teen Patti           | Zha Jin Hua          |
//! |--------------------------|------------------|----------------------|----------------------|
//! | top of the order         | straight flush   | trips ("trail")      | trips ("baozi" 豹子) |
//! | straight vs flush        | straight higher  | straight higher      | flush higher         |
//! | where A-2-3 ranks        | lowest straight  | just below A-K-Q     | lowest straight      |
//! | off-suit 2-3-5 vs trips  | loses            | loses                | loses (`-235`: beats) |
//!
//! Full orders, strongest first:
//!
//! - casino: straight flush, trips, straight, flush, pair, high card;
//! - Teen Patti: trips, straight flush, straight, flush, pair, high card;
//! - Zha Jin Hua: trips, straight flush, flush, straight, pair, high card.
//!
//! Within a category, hands compare as in ordinary poker: trips by rank; a
//! pair by the pair, then the odd card; straights by their top card (with
//! A-2-3 placed by [`AceTwoThree`]); flushes and high cards card by card from
//! the highest. Suits never break ties. K-A-2 is not a straight.
//!
//! The `zha-jin-hua` preset is write-up 004's evaluator (a plain total order).
//! Many Zha Jin Hua tables add the house rule "2-3-5 beats trips"
//! (`235-beats-trips=yes`, preset `zha-jin-hua-235`), which makes the order cyclic (trips beat
//! everything else, every other hand beats 2-3-5, and 2-3-5 beats trips), so a
//! single rank number cannot express it: use [`compare`] to decide a showdown.
//! [`Hand::rank`] gives the order *without* that exception (2-3-5 is then
//! simply the lowest high card), which is what sorting and counting need.
//! "Off-suit" means "not all one suit": a suited 2-3-5 is a flush and does not
//! take the exception.
//!
//! Everything here is pure: no IO, clock or randomness, and no input can make
//! it panic.

mod category;
pub mod describe;
pub mod equity;
pub mod ladder;
mod rules;
pub mod strength;

pub use category::Category;
pub use rules::{AceTwoThree, Rules, RulesError};

use crate::card::{parse_exact, Card, CardError, CardSet};
use std::cmp::Ordering;
use std::fmt;

/// The strength of a hand under some [`Rules`]; higher wins (except for the
/// 2-3-5 rule, which only [`compare`] applies).
///
/// Layout of the `u16` value, chosen so that plain integer order is hand
/// order and the category can be read back without the rules:
///
/// ```text
///   bits 12..=14  tier: position of the category in the rules' order (0 = weakest)
///   bits  9..=11  category id (`Category as u8`)
///   bits  0..=8   index of the hand class within its category (0 = weakest,
///                 up to Category::classes() - 1)
/// ```
///
/// Values are only comparable between hands ranked under the same rules.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct HandRank(u16);

impl HandRank {
    /// The raw value (see the type's documentation for the layout).
    pub const fn value(self) -> u16 {
        self.0
    }

    /// The hand's category.
    pub fn category(self) -> Category {
        // Every HandRank is built by `rank_of`, so the id is always valid.
        Category::ALL
            .get(usize::from(self.0 >> 9 & 7))
            .copied()
            .unwrap_or(Category::HighCard)
    }

    /// Position of the hand class within its category, 0 = weakest.
    pub const fn index(self) -> u16 {
        self.0 & 0x1ff
    }

    fn new(rules: &Rules, category: Category, index: u16) -> HandRank {
        HandRank(u16::from(rules.tier(category)) << 12 | (category as u16) << 9 | index)
    }
}

/// Three distinct cards. Construction validates, so every `Hand` is a real
/// hand from one deck.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Hand {
    cards: [Card; 3],
}

impl Hand {
    /// The hand of these three cards, if they are distinct.
    pub fn new(cards: [Card; 3]) -> Result<Hand, CardError> {
        let mut seen = CardSet::EMPTY;
        for (i, &card) in cards.iter().enumerate() {
            if seen.contains(card) {
                // `position` is the 1-based index of the card in the array.
                return Err(CardError::Duplicate {
                    card,
                    position: i + 1,
                });
            }
            seen.insert(card);
        }
        Ok(Hand { cards })
    }

    /// The hand of exactly three distinct cards.
    pub fn from_cards(cards: &[Card]) -> Result<Hand, CardError> {
        match *cards {
            [a, b, c] => Hand::new([a, b, c]),
            _ => Err(CardError::WrongCount {
                expected: 3..=3,
                got: cards.len(),
            }),
        }
    }

    /// The cards, in the order given.
    pub const fn cards(&self) -> [Card; 3] {
        self.cards
    }

    /// Ranks high to low and whether all three cards share a suit.
    fn shape(&self) -> ([u8; 3], bool) {
        let mut r = self.cards.map(Card::rank);
        r.sort_unstable_by(|a, b| b.cmp(a));
        let [a, b, c] = self.cards.map(Card::suit);
        (r, a == b && b == c)
    }

    /// The category (the same under every rule set).
    pub fn category(&self) -> Category {
        rank_of(self, &Rules::casino()).category()
    }

    /// The hand's strength under `rules` (without the 2-3-5 exception; see
    /// [`compare`]).
    pub fn rank(&self, rules: &Rules) -> HandRank {
        rank_of(self, rules)
    }

    /// Whether this is an off-suit 2-3-5 (the Zha Jin Hua trips-killer).
    pub fn is_off_suit_two_three_five(&self) -> bool {
        let (r, flush) = self.shape();
        r == [3, 1, 0] && !flush
    }
}

impl std::str::FromStr for Hand {
    type Err = CardError;
    /// Parses exactly three cards with [`crate::card::parse_exact`].
    fn from_str(s: &str) -> Result<Hand, CardError> {
        Hand::from_cards(&parse_exact(s, 3)?)
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.cards;
        write!(f, "{a} {b} {c}")
    }
}

/// The 12 straights as rank triples high to low, A-2-3 as `[12, 1, 0]`.
fn is_straight(r: [u8; 3]) -> bool {
    (r[0] == r[1] + 1 && r[1] == r[2] + 1) || r == [12, 1, 0]
}

fn rank_of(hand: &Hand, rules: &Rules) -> HandRank {
    let (r, flush) = hand.shape();
    let [h, m, l] = r;
    if h == l {
        return HandRank::new(rules, Category::Trips, u16::from(h));
    }
    if h == m || m == l {
        // The middle card is always one of the pair.
        let (pair, odd) = if h == m { (m, l) } else { (m, h) };
        let odd = if odd < pair { odd } else { odd - 1 };
        return HandRank::new(rules, Category::Pair, u16::from(pair) * 12 + u16::from(odd));
    }
    if is_straight(r) {
        // Normal straights by top card: 4-3-2 (top 2) … A-K-Q (top 12).
        let index = match (r == [12, 1, 0], rules.ace_two_three) {
            (true, AceTwoThree::Lowest) => 0,
            (false, AceTwoThree::Lowest) => h - 1,
            (true, AceTwoThree::SecondHighest) => 10,
            (false, AceTwoThree::SecondHighest) if h == 12 => 11,
            (false, AceTwoThree::SecondHighest | AceTwoThree::Highest) => h - 2,
            (true, AceTwoThree::Highest) => 11,
        };
        let category = if flush {
            Category::StraightFlush
        } else {
            Category::Straight
        };
        return HandRank::new(rules, category, u16::from(index));
    }
    // Three distinct ranks, no straight: order card by card from the top,
    // which is colexicographic order of the rank set; then close the gaps the
    // straights leave.
    let choose = |n: u16, k: u16| -> u16 {
        match k {
            1 => n,
            2 => n * n.saturating_sub(1) / 2,
            _ => n * n.saturating_sub(1) * n.saturating_sub(2) / 6,
        }
    };
    let colex = |r: [u8; 3]| choose(r[0].into(), 3) + choose(r[1].into(), 2) + u16::from(r[2]);
    let own = colex(r);
    let straights_below = (2..=12u8)
        .map(|top| [top, top - 1, top - 2])
        .chain([[12, 1, 0]])
        .filter(|&s| colex(s) < own)
        .count() as u16;
    let category = if flush {
        Category::Flush
    } else {
        Category::HighCard
    };
    HandRank::new(rules, category, own - straights_below)
}

/// Who wins between `a` and `b` under `rules`: `Greater` if `a` wins.
///
/// This is [`Hand::rank`] order, plus the Zha Jin Hua exception when
/// `rules.two_three_five_beats_trips` is set: an off-suit 2-3-5 beats trips
/// (and only trips).
pub fn compare(a: &Hand, b: &Hand, rules: &Rules) -> Ordering {
    let (ra, rb) = (a.rank(rules), b.rank(rules));
    if rules.two_three_five_beats_trips {
        if a.is_off_suit_two_three_five() && rb.category() == Category::Trips {
            return Ordering::Greater;
        }
        if b.is_off_suit_two_three_five() && ra.category() == Category::Trips {
            return Ordering::Less;
        }
    }
    ra.cmp(&rb)
}

/// Category counts over every three-card hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Census {
    /// Hands counted: C(52, 3) = 22,100.
    pub hands: u64,
    /// Hands per category, indexed by `Category as usize`.
    pub counts: [u64; 6],
    /// Distinct rank values seen (741 under every rule set).
    pub distinct: usize,
}

impl Census {
    /// Hands in `category`.
    pub fn count(&self, category: Category) -> u64 {
        self.counts[category as usize]
    }
}

/// Ranks every one of the 22,100 hands under `rules` and counts them.
pub fn census(rules: &Rules) -> Census {
    let mut counts = [0u64; 6];
    let mut seen = vec![false; 1 << 15];
    let mut hands = 0;
    let cards: Vec<Card> = Card::all().collect();
    for (i, &a) in cards.iter().enumerate() {
        for (j, &b) in cards.iter().enumerate().skip(i + 1) {
            for &c in &cards[j + 1..] {
                let rank = Hand { cards: [a, b, c] }.rank(rules);
                counts[rank.category() as usize] += 1;
                seen[usize::from(rank.value())] = true;
                hands += 1;
            }
        }
    }
    Census {
        hands,
        counts,
        distinct: seen.iter().filter(|&&s| s).count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    const ALL_RULES: [Rules; 4] = [
        Rules::casino(),
        Rules::teen_patti(),
        Rules::zha_jin_hua(),
        Rules::zha_jin_hua_235(),
    ];

    #[test]
    fn categories() {
        assert_eq!(hand("As Ks Qs").category(), Category::StraightFlush);
        assert_eq!(hand("As 2s 3s").category(), Category::StraightFlush);
        assert_eq!(hand("7c 7d 7h").category(), Category::Trips);
        assert_eq!(hand("As 2d 3s").category(), Category::Straight);
        assert_eq!(hand("Ks As 2d").category(), Category::HighCard);
        assert_eq!(hand("9h 5h 2h").category(), Category::Flush);
        assert_eq!(hand("9h 9c 2h").category(), Category::Pair);
        assert_eq!(hand("2h 3c 5h").category(), Category::HighCard);
        for c in Category::ALL {
            assert_eq!(Category::from_name(c.name()), Some(c));
        }
        assert_eq!(Category::from_name("Quads"), None);
    }

    #[test]
    fn rank_layout() {
        let r = hand("As Ks Qs").rank(&Rules::casino());
        assert_eq!(r.category(), Category::StraightFlush);
        assert_eq!(r.index(), 11);
        assert_eq!(r.value(), 5 << 12 | 5 << 9 | 11);
        let r = hand("2c 2d 2h").rank(&Rules::teen_patti());
        assert_eq!(r.value(), 5 << 12 | 4 << 9);
        // The lowest high card is 5-3-2, index 0; the highest A-K-J.
        assert_eq!(hand("5c 3d 2h").rank(&Rules::casino()).value(), 0);
        assert_eq!(hand("Ac Kd Jh").rank(&Rules::casino()).index(), 273);
        assert_eq!(hand("Ac Ad Kh").rank(&Rules::casino()).index(), 155);
    }

    #[test]
    fn census_counts_under_every_rule_set() {
        for rules in ALL_RULES {
            let c = census(&rules);
            assert_eq!(c.hands, 22_100);
            assert_eq!(c.count(Category::StraightFlush), 48);
            assert_eq!(c.count(Category::Trips), 52);
            assert_eq!(c.count(Category::Straight), 720);
            assert_eq!(c.count(Category::Flush), 1_096);
            assert_eq!(c.count(Category::Pair), 3_744);
            assert_eq!(c.count(Category::HighCard), 16_440);
            let classes: u16 = Category::ALL.iter().map(|c| c.classes()).sum();
            assert_eq!(c.distinct, usize::from(classes));
            assert_eq!(c.distinct, 741);
        }
    }

    #[test]
    fn orders() {
        use Category::*;
        let names = |r: Rules| r.order().map(Category::name).join(" ");
        assert_eq!(
            names(Rules::casino()),
            "HighCard Pair Flush Straight Trips StraightFlush"
        );
        assert_eq!(
            names(Rules::teen_patti()),
            "HighCard Pair Flush Straight StraightFlush Trips"
        );
        assert_eq!(
            names(Rules::zha_jin_hua()),
            "HighCard Pair Straight Flush StraightFlush Trips"
        );
        for rules in ALL_RULES {
            for (i, c) in rules.order().into_iter().enumerate() {
                assert_eq!(usize::from(rules.tier(c)), i);
            }
        }
        assert_eq!(Rules::default(), Rules::casino());
        let _ = (HighCard, Pair);
    }

    #[test]
    fn ace_two_three() {
        let a23 = hand("Ac 2d 3h");
        let akq = hand("Ac Kd Qh");
        let kqj = hand("Kc Qd Jh");
        let low = hand("4c 3d 2h");
        let mut rules = Rules::casino();
        assert!(a23.rank(&rules) < low.rank(&rules));
        rules.ace_two_three = AceTwoThree::SecondHighest;
        assert!(low.rank(&rules) < kqj.rank(&rules));
        assert!(kqj.rank(&rules) < a23.rank(&rules));
        assert!(a23.rank(&rules) < akq.rank(&rules));
        rules.ace_two_three = AceTwoThree::Highest;
        assert!(akq.rank(&rules) < a23.rank(&rules));
        // Every position yields 12 distinct straight values 0..12.
        for a in [
            AceTwoThree::Lowest,
            AceTwoThree::SecondHighest,
            AceTwoThree::Highest,
        ] {
            rules.ace_two_three = a;
            let mut idx: Vec<u16> = (2..=12u8)
                .map(|top| {
                    Hand::new([
                        Card::new(top, 0),
                        Card::new(top - 1, 1),
                        Card::new(top - 2, 2),
                    ])
                })
                .chain([Ok(a23)])
                .map(|h| h.unwrap().rank(&rules).index())
                .collect();
            idx.sort_unstable();
            assert_eq!(idx, (0..12).collect::<Vec<u16>>());
        }
    }

    #[test]
    fn two_three_five() {
        // Write-up 004's Zha Jin Hua has no 2-3-5 rule: trips win.
        let plain = Rules::zha_jin_hua();
        assert_eq!(
            compare(&hand("2c 3d 5h"), &hand("Ac Ad Ah"), &plain),
            Ordering::Less
        );
        let z = Rules::zha_jin_hua_235();
        let t = hand("2c 3d 5h");
        let t2 = hand("2c 3c 5h"); // two suits: still off-suit
        let suited = hand("2c 3c 5c");
        let trips = hand("Ac Ad Ah");
        assert_eq!(compare(&t, &trips, &z), Ordering::Greater);
        assert_eq!(compare(&trips, &t, &z), Ordering::Less);
        assert_eq!(compare(&t2, &trips, &z), Ordering::Greater);
        assert_eq!(compare(&suited, &trips, &z), Ordering::Less);
        // 2-3-5 loses to everything else, even the next-lowest high card…
        assert_eq!(compare(&t, &hand("6c 3d 2h"), &z), Ordering::Less);
        // …and ties another off-suit 2-3-5.
        assert_eq!(compare(&t, &hand("2d 3h 5s"), &z), Ordering::Equal);
        // The cycle: trips > straight flush > 2-3-5 > trips.
        let sf = hand("9s Ts Js");
        assert_eq!(compare(&trips, &sf, &z), Ordering::Greater);
        assert_eq!(compare(&sf, &t, &z), Ordering::Greater);
        // Without the option, trips win.
        assert_eq!(compare(&t, &trips, &Rules::teen_patti()), Ordering::Less);
    }

    #[test]
    fn bad_hands_are_errors_not_panics() {
        let c = |s: &str| crate::card::parse_cards(s).unwrap();
        assert_eq!(
            Hand::from_cards(&c("As Ks")).unwrap_err().to_string(),
            "expected 3 cards, got 2"
        );
        assert_eq!(
            Hand::from_cards(&[]).unwrap_err().to_string(),
            "expected 3 cards, got 0"
        );
        let a = Card::new(12, 3);
        assert_eq!(
            Hand::new([a, Card::new(0, 0), a]).unwrap_err().to_string(),
            "duplicate card As"
        );
        assert_eq!(
            "As Ks Kx".parse::<Hand>().unwrap_err().to_string(),
            "\"Kx\": unknown suit 'x' at position 8 (suits are c, d, h, s or ♣ ♦ ♥ ♠)"
        );
        assert_eq!(hand("Qd 2c Ah").to_string(), "Qd 2c Ah");
    }
}
