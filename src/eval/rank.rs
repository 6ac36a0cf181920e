//! What the evaluator answers: [`HandRank`] and its [`Category`].

use std::fmt;

/// Hand categories, weakest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Category {
    HighCard = 0,
    Pair,
    TwoPair,
    Trips,
    Straight,
    Flush,
    FullHouse,
    Quads,
    StraightFlush,
}

impl Category {
    /// All categories, weakest first.
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::Pair,
        Category::TwoPair,
        Category::Trips,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::Quads,
        Category::StraightFlush,
    ];

    /// Machine name, e.g. `"StraightFlush"` (used in JSON).
    pub const fn name(self) -> &'static str {
        match self {
            Category::HighCard => "HighCard",
            Category::Pair => "Pair",
            Category::TwoPair => "TwoPair",
            Category::Trips => "Trips",
            Category::Straight => "Straight",
            Category::Flush => "Flush",
            Category::FullHouse => "FullHouse",
            Category::Quads => "Quads",
            Category::StraightFlush => "StraightFlush",
        }
    }

    /// Human label, e.g. `"Straight flush"`.
    pub const fn label(self) -> &'static str {
        match self {
            Category::HighCard => "High card",
            Category::Pair => "Pair",
            Category::TwoPair => "Two pair",
            Category::Trips => "Three of a kind",
            Category::Straight => "Straight",
            Category::Flush => "Flush",
            Category::FullHouse => "Full house",
            Category::Quads => "Four of a kind",
            Category::StraightFlush => "Straight flush",
        }
    }

    /// The category with this machine name (exact match).
    pub fn from_name(name: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The category with this index (0 = HighCard … 8 = StraightFlush).
    pub const fn from_index(i: u8) -> Option<Category> {
        if (i as usize) < Category::ALL.len() {
            Some(Category::ALL[i as usize])
        } else {
            None
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The strength of a hand: higher wins, equal ties.
///
/// ```text
///   15    12 11                     0
///  +--------+------------------------+
///  |category| index within category  |   0 = weakest of its category
///  +--------+------------------------+
/// ```
/// There are 7,462 distinct values (the distinct 5-card hand classes).
///
/// The value is private: the evaluator makes ranks, and
/// [`HandRank::from_value`] checks one made elsewhere, so `category()` can
/// never index past the categories.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct HandRank(pub(super) u16);

/// Distinct ranks per category, `HighCard` first (7,462 in all).
pub(super) const RANKS_PER_CATEGORY: [u16; 9] = [1277, 2860, 858, 858, 10, 1277, 156, 156, 10];

impl HandRank {
    /// The weakest rank (the worst high card); below every other.
    pub const MIN: HandRank = HandRank(0);

    /// The weakest flush: every hand without five cards of a suit below
    /// it is a straight or less, and loses to any flush.
    pub const LOWEST_FLUSH: HandRank = HandRank((Category::Flush as u16) << 12);

    /// The rank with this value, if it is one of the 7,462 (category in the
    /// top bits, index within the category below).
    pub const fn from_value(value: u16) -> Option<HandRank> {
        let category = (value >> 12) as usize;
        if category < RANKS_PER_CATEGORY.len() && value & 0xfff < RANKS_PER_CATEGORY[category] {
            Some(HandRank(value))
        } else {
            None
        }
    }

    #[inline]
    pub const fn value(self) -> u16 {
        self.0
    }

    #[inline]
    pub fn category(self) -> Category {
        Category::ALL[(self.0 >> 12) as usize]
    }
}
