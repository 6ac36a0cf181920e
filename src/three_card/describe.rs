//! Three-card hands for people: the full name, where a rank stands among
//! the 741 under some rules, and how common its category is.
//!
//! The naming style is Hold'em's (`eval::describe`): the category, then
//! every rank that decides a showdown within it, highest first, spelled
//! out. A-2-3 is named by its cards, since where it ranks depends on the
//! rules:
//!
//! | category        | examples                                                 |
//! |-----------------|----------------------------------------------------------|
//! | straight flush  | `Straight flush, queen-high`, `Straight flush, ace-two-three` |
//! | three of a kind | `Three of a kind, sevens`                                |
//! | straight        | `Straight, ace-high`, `Straight, ace-two-three`          |
//! | flush           | `Flush, king-nine-four`                                  |
//! | pair            | `Pair of nines, four kicker`                             |
//! | high card       | `High card, king-nine-four`                              |

use super::{Category, Hand, HandRank, Rules};
use crate::eval::describe::{grouped, percent, RANK_NAMES, RANK_PLURALS};

/// Distinct three-card ranks under any rules.
pub const DISTINCT_RANKS: u32 = 741;

/// Hands per category (indexed by `Category as usize`: high card, pair,
/// flush, straight, trips, straight flush) over all 22,100 three-card hands.
pub const COUNTS: [u64; 6] = [16_440, 3_744, 1_096, 720, 52, 48];

/// The hand's full name (the same under every rule set).
pub fn describe(hand: &Hand) -> String {
    let (r, _) = hand.shape();
    let name = |i: usize| RANK_NAMES[usize::from(r[i])];
    let joined = || r.map(|x| RANK_NAMES[usize::from(x)]).join("-");
    let straight = || {
        if r == [12, 1, 0] {
            "ace-two-three".to_string()
        } else {
            format!("{}-high", name(0))
        }
    };
    match hand.category() {
        Category::StraightFlush => format!("Straight flush, {}", straight()),
        Category::Trips => format!("Three of a kind, {}", RANK_PLURALS[usize::from(r[0])]),
        Category::Straight => format!("Straight, {}", straight()),
        Category::Flush => format!("Flush, {}", joined()),
        Category::Pair => {
            // The middle card is always one of the pair.
            let odd = if r[0] == r[1] { r[2] } else { r[0] };
            format!(
                "Pair of {}, {} kicker",
                RANK_PLURALS[usize::from(r[1])],
                RANK_NAMES[usize::from(odd)]
            )
        }
        Category::HighCard => format!("High card, {}", joined()),
    }
}

/// What the rules do to this hand beyond its rank, for people: the
/// Zha Jin Hua exception, when it applies.
pub fn note(hand: &Hand, rules: &Rules) -> Option<&'static str> {
    (rules.two_three_five_beats_trips && hand.is_off_suit_two_three_five()).then_some(
        "An off-suit 2-3-5: under these rules it beats any three of a kind, and loses to everything else.",
    )
}

impl HandRank {
    /// Where this rank stands among the 741 under `rules` (which it was
    /// ranked with): 1 is the best, 741 is 5-3-2 (ignoring the 2-3-5 rule).
    pub fn ordinal(self, rules: &Rules) -> u32 {
        let category = self.category();
        let tier = rules.tier(category);
        let above: u32 = Category::ALL
            .iter()
            .filter(|&&c| rules.tier(c) > tier)
            .map(|&c| u32::from(c.classes()))
            .sum();
        above + u32::from(category.classes()) - u32::from(self.index())
    }
}

/// How common `category` is: `"720 of the 22,100 three-card hands (3.3%)"`.
pub fn share_text(category: Category) -> String {
    let part = COUNTS[category as usize];
    let whole: u64 = COUNTS.iter().sum();
    format!(
        "{} of the {} three-card hands ({})",
        grouped(part),
        grouped(whole),
        percent(part, whole)
    )
}

/// The presets' names for people: `casino` → `"Casino"`.
pub fn preset_label(preset: &str) -> &'static str {
    match preset {
        "casino" => "Casino Three Card Poker",
        "teen-patti" => "Teen Patti",
        "zha-jin-hua" => "Zha Jin Hua",
        "zha-jin-hua-235" => "Zha Jin Hua, 2-3-5 beats trips",
        _ => "Custom",
    }
}

/// A hand of each category, for people to try.
pub const fn example(category: Category) -> &'static str {
    match category {
        Category::StraightFlush => "Qh Jh Th",
        Category::Trips => "7c 7d 7h",
        Category::Straight => "Ac Kd Qh",
        Category::Flush => "Ks 9s 4s",
        Category::Pair => "9c 9d 4h",
        Category::HighCard => "Kc 9d 4h",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::three_card::census;
    use std::collections::HashMap;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn names() {
        let cases = [
            ("Qh Jh Th", "Straight flush, queen-high"),
            ("3s As 2s", "Straight flush, ace-two-three"),
            ("7c 7d 7h", "Three of a kind, sevens"),
            ("Ac Kd Qh", "Straight, ace-high"),
            ("2c 3d Ah", "Straight, ace-two-three"),
            ("4s Ks 9s", "Flush, king-nine-four"),
            ("9c 4h 9d", "Pair of nines, four kicker"),
            ("Kc 9c 9d", "Pair of nines, king kicker"),
            ("Kc 9d 4h", "High card, king-nine-four"),
            ("Kc As 2d", "High card, ace-king-two"),
        ];
        for (h, want) in cases {
            assert_eq!(describe(&hand(h)), want, "{h}");
        }
        for c in Category::ALL {
            assert_eq!(hand(example(c)).category(), c);
        }
        let z = Rules::zha_jin_hua_235();
        assert!(note(&hand("2c 3d 5h"), &Rules::zha_jin_hua()).is_none());
        assert!(note(&hand("2c 3d 5h"), &z).is_some());
        assert!(note(&hand("2c 3c 5c"), &z).is_none());
        assert!(note(&hand("2c 3d 5h"), &Rules::casino()).is_none());
        assert_eq!(
            share_text(Category::Straight),
            "720 of the 22,100 three-card hands (3.3%)"
        );
    }

    /// Under every preset: the 741 classes have 741 names, each hand's name
    /// is its class's, the ordinals are 1..=741 in rank order, and the
    /// counts are the census's.
    #[test]
    fn every_class_has_a_distinct_name_and_ordinal() {
        for (_, rules) in Rules::PRESETS {
            let mut by_rank: HashMap<u16, String> = HashMap::new();
            let mut ordinals: HashMap<u16, u32> = HashMap::new();
            let cards: Vec<crate::Card> = crate::Card::all().collect();
            for (i, &a) in cards.iter().enumerate() {
                for (j, &b) in cards.iter().enumerate().skip(i + 1) {
                    for &c in &cards[j + 1..] {
                        let h = Hand::new([a, b, c]).unwrap();
                        let rank = h.rank(&rules);
                        let name = describe(&h);
                        let known = by_rank.entry(rank.value()).or_insert_with(|| name.clone());
                        assert_eq!(*known, name, "{h}");
                        ordinals.insert(rank.value(), rank.ordinal(&rules));
                    }
                }
            }
            let names: std::collections::HashSet<&String> = by_rank.values().collect();
            assert_eq!(names.len(), 741);
            let mut by_value: Vec<(u16, u32)> = ordinals.into_iter().collect();
            by_value.sort_unstable();
            let got: Vec<u32> = by_value.iter().map(|&(_, o)| o).collect();
            assert_eq!(got, (1..=741).rev().collect::<Vec<u32>>());
            assert_eq!(census(&rules).counts, COUNTS);
        }
        assert_eq!(
            hand("As Ks Qs")
                .rank(&Rules::casino())
                .ordinal(&Rules::casino()),
            1
        );
        assert_eq!(
            hand("Ac Ad Ah")
                .rank(&Rules::teen_patti())
                .ordinal(&Rules::teen_patti()),
            1
        );
    }
}
