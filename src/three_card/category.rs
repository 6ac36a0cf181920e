//! The six three-card categories, apart from the ranking so that the rules
//! can order them without importing their parent.

use std::fmt;

/// The six three-card categories. The declaration order is only an id
/// (`Category as u8`); which category beats which depends on the [`Rules`](super::Rules)
/// (see [`Rules::order`](super::Rules::order)), which is why this type is not `Ord`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Category {
    HighCard = 0,
    Pair = 1,
    Flush = 2,
    Straight = 3,
    Trips = 4,
    StraightFlush = 5,
}

impl Category {
    /// Every category, in id order.
    pub const ALL: [Category; 6] = [
        Category::HighCard,
        Category::Pair,
        Category::Flush,
        Category::Straight,
        Category::Trips,
        Category::StraightFlush,
    ];

    /// The identifier used in JSON and data files: `"HighCard"` … `"StraightFlush"`.
    pub const fn name(self) -> &'static str {
        match self {
            Category::HighCard => "HighCard",
            Category::Pair => "Pair",
            Category::Flush => "Flush",
            Category::Straight => "Straight",
            Category::Trips => "Trips",
            Category::StraightFlush => "StraightFlush",
        }
    }

    /// The English label for people: `"High card"` … `"Straight flush"`.
    pub const fn label(self) -> &'static str {
        match self {
            Category::HighCard => "High card",
            Category::Pair => "Pair",
            Category::Flush => "Flush",
            Category::Straight => "Straight",
            Category::Trips => "Three of a kind",
            Category::StraightFlush => "Straight flush",
        }
    }

    /// The category with this [`name`](Category::name) (exact, case-sensitive).
    pub fn from_name(name: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Number of distinct hand classes (different ranks, ignoring suits) in
    /// the category: the size of its `index` range in a [`HandRank`](super::HandRank).
    pub const fn classes(self) -> u16 {
        match self {
            // C(13, 3) rank sets minus the 12 straights.
            Category::HighCard | Category::Flush => 274,
            // 13 pairs × 12 odd cards.
            Category::Pair => 156,
            // 4-3-2 … A-K-Q, and A-2-3.
            Category::Straight | Category::StraightFlush => 12,
            Category::Trips => 13,
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}
