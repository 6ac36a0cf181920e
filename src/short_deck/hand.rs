//! The short-deck hand: [`Rules`], [`ShortRank`] and the evaluation (see
//! the parent's docs for the three corrections to Hold'em's rank).

use crate::card::Card;
use crate::eval::{evaluate, Category};
use std::fmt;

/// The ranks A, 6, 7, 8, 9 (bits 12, 4, 5, 6, 7).
const A6789: u16 = 1 << 12 | 0b1111 << 4;

/// The option of Short Deck rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Rules {
    /// Three of a kind beats a straight (some rooms; the default is no).
    pub trips_beat_straight: bool,
}

impl std::str::FromStr for Rules {
    type Err = String;
    /// `standard` (or nothing) or `trips-beat-straight`, any case; the
    /// error names the rules (the catalogue's presets).
    fn from_str(text: &str) -> Result<Rules, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "standard" => Ok(Rules::default()),
            "trips-beat-straight" => Ok(Rules {
                trips_beat_straight: true,
            }),
            _ => Err(format!(
                "unknown Short Deck rules {} (rules: standard, trips-beat-straight)",
                crate::quote::quote(text)
            )),
        }
    }
}

impl Rules {
    /// The categories, weakest first, under these rules.
    pub fn order(self) -> [Category; 9] {
        use Category::*;
        let (a, b) = if self.trips_beat_straight {
            (Straight, Trips)
        } else {
            (Trips, Straight)
        };
        [
            HighCard,
            Pair,
            TwoPair,
            a,
            b,
            FullHouse,
            Flush,
            Quads,
            StraightFlush,
        ]
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.trips_beat_straight {
            "trips beat straights"
        } else {
            "straights beat trips"
        })
    }
}

/// A Short Deck hand's strength under some [`Rules`]: higher wins. The
/// value is the category's place in the rules' order (top bits) and the
/// Hold'em index within the category (A-6-7-8-9 takes the five-high
/// straight's index, 0): not dense, but ordered.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ShortRank {
    value: u16,
    category: Category,
}

impl ShortRank {
    pub fn value(self) -> u16 {
        self.value
    }

    pub fn category(self) -> Category {
        self.category
    }

    fn new(rules: Rules, category: Category, index: u16) -> ShortRank {
        let place = rules
            .order()
            .iter()
            .position(|&c| c == category)
            .expect("every category has a place") as u16;
        ShortRank {
            value: place << 12 | index,
            category,
        }
    }
}

/// The Short Deck rank of 5, 6 or 7 distinct cards, six to ace.
pub fn evaluate_short(cards: &[Card], rules: Rules) -> ShortRank {
    let holdem = evaluate(cards);
    let index = holdem.value() & 0xfff;
    let ranks = cards.iter().fold(0u16, |m, c| m | 1 << c.rank());
    let category = holdem.category();
    match category {
        Category::Flush => {
            // The flush suit's ranks: is it the lowest straight flush?
            let suit = (0..4)
                .find(|&s| cards.iter().filter(|c| c.suit() == s).count() >= 5)
                .expect("a flush has a suit");
            let suited = cards
                .iter()
                .filter(|c| c.suit() == suit)
                .fold(0u16, |m, c| m | 1 << c.rank());
            if suited & A6789 == A6789 {
                ShortRank::new(rules, Category::StraightFlush, 0)
            } else {
                ShortRank::new(rules, category, index)
            }
        }
        Category::Straight if rules.trips_beat_straight => match trips_of(cards) {
            Some(trips) => trips_rank(cards, trips, rules),
            None => ShortRank::new(rules, category, index),
        },
        Category::HighCard | Category::Pair | Category::TwoPair | Category::Trips
            if ranks & A6789 == A6789 =>
        {
            if category == Category::Trips && rules.trips_beat_straight {
                ShortRank::new(rules, category, index)
            } else {
                ShortRank::new(rules, Category::Straight, 0)
            }
        }
        _ => ShortRank::new(rules, category, index),
    }
}

/// The rank held three times, if any (the highest).
fn trips_of(cards: &[Card]) -> Option<u8> {
    (0..13)
        .rev()
        .find(|&r| cards.iter().filter(|c| c.rank() == r).count() >= 3)
}

/// Three of a kind of rank `trips` with the two best other cards.
fn trips_rank(cards: &[Card], trips: u8, rules: Rules) -> ShortRank {
    let mut five: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|c| c.rank() == trips)
        .collect();
    five.truncate(3);
    let mut rest: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|c| c.rank() != trips)
        .collect();
    rest.sort_by_key(|c| std::cmp::Reverse(c.rank()));
    five.extend(&rest[..2]);
    let rank = evaluate(&five);
    debug_assert_eq!(rank.category(), Category::Trips);
    ShortRank::new(rules, Category::Trips, rank.value() & 0xfff)
}

/// The five of 5 to 7 cards that make the Short Deck hand, and its rank
/// (the first such five in the order of the cards as given).
pub fn best_five_short(cards: &[Card], rules: Rules) -> ([Card; 5], ShortRank) {
    let n = cards.len();
    let mut best: Option<([Card; 5], ShortRank)> = None;
    for mask in 0u32..1 << n {
        if mask.count_ones() != 5 {
            continue;
        }
        let mut five = [cards[0]; 5];
        let mut k = 0;
        for (i, &c) in cards.iter().enumerate() {
            if mask >> i & 1 == 1 {
                five[k] = c;
                k += 1;
            }
        }
        let rank = evaluate_short(&five, rules);
        if best.map_or(true, |(_, r)| rank > r) {
            best = Some((five, rank));
        }
    }
    best.expect("five cards or more")
}

/// The name of a Short Deck five: Hold'em's, but A-6-7-8-9 is "Straight,
/// nine-high" (a straight flush when suited).
pub fn describe_short(five: &[Card; 5], rules: Rules) -> String {
    let rank = evaluate_short(five, rules);
    let ranks = five.iter().fold(0u16, |m, c| m | 1 << c.rank());
    let low_straight = ranks == A6789;
    match rank.category() {
        Category::Straight if low_straight => "Straight, nine-high (ace low)".into(),
        Category::StraightFlush if low_straight => "Straight flush, nine-high (ace low)".into(),
        _ => crate::eval::describe::describe_five(five),
    }
}
