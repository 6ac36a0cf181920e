//! Hands for people: the full name of a hand with its kickers, the best five
//! of 6 or 7 cards, and where a rank stands among all of them.
//!
//! # The naming style
//!
//! The category first, then every rank that decides a showdown within it,
//! highest first, spelled out; kickers joined by hyphens. One name per rank
//! class, so two hands have the same name exactly when they tie (a test
//! proves it over all 7,462 classes, and over all 2,598,960 five-card hands
//! in the release sweep):
//!
//! | category        | example                                        |
//! |-----------------|------------------------------------------------|
//! | straight flush  | `Royal flush`, `Straight flush, nine-high`, `Straight flush, five-high` (A-2-3-4-5) |
//! | four of a kind  | `Four of a kind, jacks, king kicker`           |
//! | full house      | `Full house, nines full of fours`              |
//! | flush           | `Flush, ace-jack-nine-six-three`               |
//! | straight        | `Straight, ten-high`, `Straight, five-high` (the wheel) |
//! | three of a kind | `Three of a kind, sevens, ace-queen kickers`   |
//! | two pair        | `Two pair, kings and sevens, ace kicker`       |
//! | pair            | `Pair of queens, ace-king-ten kickers`         |
//! | high card       | `High card, ace-king-nine-seven-two`           |
//!
//! The best five are listed in the order they are read: the biggest group
//! first (quads, trips, the higher pair), then by rank; a straight from its
//! top card, the wheel as 5-4-3-2-A.

use super::rank::RANKS_PER_CATEGORY;
use super::{evaluate, Category, HandRank};
use crate::card::Card;

/// Rank names, deuce (0) to ace (12).
pub const RANK_NAMES: [&str; 13] = [
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
    "king", "ace",
];

/// Plural rank names: `"twos"` … `"sixes"` … `"aces"`.
pub const RANK_PLURALS: [&str; 13] = [
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
    "queens", "kings", "aces",
];

/// Distinct five-card ranks (the number of `HandRank` values).
pub const DISTINCT_RANKS: u32 = 7_462;

/// Hands per category, `HighCard` first, over all 2,598,960 five-card hands.
pub const FIVE_CARD_COUNTS: [u64; 9] = [
    1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40,
];
/// The same over all 20,358,520 six-card hands (best five of six).
pub const SIX_CARD_COUNTS: [u64; 9] = [
    6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_844,
];
/// The same over all 133,784,560 seven-card hands (best five of seven).
pub const SEVEN_CARD_COUNTS: [u64; 9] = [
    23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584,
];

/// The ranks of five cards in reading order (see the module documentation),
/// with the card indices in that order.
fn reading_order(five: &[Card; 5]) -> [usize; 5] {
    let mut count = [0u8; 13];
    for c in five {
        count[usize::from(c.rank())] += 1;
    }
    // Biggest group first, then by rank, then suit (insertion sort: five
    // items, and no generic sort code in the WebAssembly build).
    let key = |i: usize| {
        let c = five[i];
        (count[usize::from(c.rank())], c.rank(), c.suit())
    };
    let mut order = [0, 1, 2, 3, 4];
    for i in 1..5 {
        let mut j = i;
        while j > 0 && key(order[j - 1]) < key(order[j]) {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    // The wheel (A-5-4-3-2 by rank) reads 5-4-3-2-A.
    let ranks = order.map(|i| five[i].rank());
    if ranks == [12, 3, 2, 1, 0] {
        order.rotate_left(1);
    }
    order
}

/// The 5-card subsets of `N` cards as index lists, in lexicographic order.
const fn subsets<const N: usize, const K: usize>() -> [[usize; 5]; K] {
    let mut out = [[0; 5]; K];
    let mut k = 0;
    let mut mask = 0u32;
    // Lexicographic order of index lists is the order of the masks read
    // with index 0 as the most significant bit: count down in that order.
    while mask < 1 << N {
        let m = (1 << N) - 1 - mask;
        if m.count_ones() == 5 {
            let (mut slot, mut i) = (0, 0);
            while i < N {
                if m >> (N - 1 - i) & 1 == 1 {
                    out[k][slot] = i;
                    slot += 1;
                }
                i += 1;
            }
            k += 1;
        }
        mask += 1;
    }
    assert!(k == K);
    out
}

const SUBSETS_OF_5: [[usize; 5]; 1] = subsets::<5, 1>();
const SUBSETS_OF_6: [[usize; 5]; 6] = subsets::<6, 6>();
const SUBSETS_OF_7: [[usize; 5]; 21] = subsets::<7, 21>();

/// The five of `cards` that make the hand's rank, in reading order; `None`
/// unless `cards` are 5, 6 or 7 distinct cards. Where several fives tie
/// (`As Ad Ks Kd Qs Qd 2c` has two), the one taking the earliest cards as
/// given wins.
pub fn best_five(cards: &[Card]) -> Option<[Card; 5]> {
    let n = cards.len();
    if !(5..=7).contains(&n)
        || crate::card::CardSet::from_iter(cards.iter().copied()).len() as usize != n
    {
        return None;
    }
    let want = evaluate(cards);
    let subsets: &[[usize; 5]] = match n {
        5 => &SUBSETS_OF_5,
        6 => &SUBSETS_OF_6,
        _ => &SUBSETS_OF_7,
    };
    let best = subsets
        .iter()
        .map(|s| s.map(|i| cards[i]))
        .find(|five| evaluate(five) == want)?;
    Some(reading_order(&best).map(|i| best[i]))
}

/// `names` of `ranks` joined by hyphens: `"ace-king-ten"`.
fn joined(ranks: &[u8]) -> String {
    let names: Vec<&str> = ranks.iter().map(|&r| RANK_NAMES[usize::from(r)]).collect();
    names.join("-")
}

/// The full name of a five-card hand (see the module documentation).
pub fn describe_five(five: &[Card; 5]) -> String {
    let category = evaluate(five).category();
    let r = reading_order(five).map(|i| five[i].rank());
    let name = |i: usize| RANK_NAMES[usize::from(r[i])];
    let plural = |i: usize| RANK_PLURALS[usize::from(r[i])];
    match category {
        Category::StraightFlush if r[0] == 12 => "Royal flush".into(),
        Category::StraightFlush => format!("Straight flush, {}-high", name(0)),
        Category::Quads => format!("Four of a kind, {}, {} kicker", plural(0), name(4)),
        Category::FullHouse => format!("Full house, {} full of {}", plural(0), plural(3)),
        Category::Flush => format!("Flush, {}", joined(&r)),
        Category::Straight => format!("Straight, {}-high", name(0)),
        Category::Trips => format!(
            "Three of a kind, {}, {} kickers",
            plural(0),
            joined(&r[3..])
        ),
        Category::TwoPair => format!(
            "Two pair, {} and {}, {} kicker",
            plural(0),
            plural(2),
            name(4)
        ),
        Category::Pair => format!("Pair of {}, {} kickers", plural(0), joined(&r[2..])),
        Category::HighCard => format!("High card, {}", joined(&r)),
    }
}

/// A hand of 5 to 7 cards for people.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Described {
    /// The rank of the best five.
    pub rank: HandRank,
    /// The best five, in reading order.
    pub best: [Card; 5],
    /// Its full name: `"Pair of queens, ace-king-ten kickers"`.
    pub text: String,
}

/// Describes 5, 6 or 7 distinct cards; `None` for anything else.
pub fn describe(cards: &[Card]) -> Option<Described> {
    let best = best_five(cards)?;
    Some(Described {
        rank: evaluate(&best),
        text: describe_five(&best),
        best,
    })
}

impl HandRank {
    /// Where this rank stands among the 7,462: 1 is a royal flush, 7,462
    /// is 7-5-4-3-2 off-suit.
    pub fn ordinal(self) -> u32 {
        let category = usize::from(self.0 >> 12);
        let above: u32 = RANKS_PER_CATEGORY[category + 1..]
            .iter()
            .map(|&n| u32::from(n))
            .sum();
        above + u32::from(RANKS_PER_CATEGORY[category]) - u32::from(self.0 & 0xfff)
    }
}

/// `n` with thousands separators: `4,213`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// `n` as an English ordinal with separators: `1st`, `22nd`, `4,213th`, `111th`.
pub fn ordinal(n: u64) -> String {
    let suffix = match (n % 100, n % 10) {
        (11..=13, _) => "th",
        (_, 1) => "st",
        (_, 2) => "nd",
        (_, 3) => "rd",
        _ => "th",
    };
    format!("{}{suffix}", grouped(n))
}

/// `"4,213th best of 7,462 distinct five-card ranks"` (`"the best of …"`,
/// `"the lowest of …"` at the ends); `what` names the ranks (`"five-card"`).
pub fn ordinal_text(ordinal_: u32, total: u32, what: &str) -> String {
    if ordinal_ == 1 {
        return format!(
            "the best of {} distinct {what} ranks",
            grouped(total.into())
        );
    }
    if ordinal_ == total {
        return format!(
            "the lowest of {} distinct {what} ranks",
            grouped(total.into())
        );
    }
    format!(
        "{} best of {} distinct {what} ranks",
        ordinal(ordinal_.into()),
        grouped(total.into())
    )
}

/// `part / whole` as a percentage for people: one decimal from 1% up, two
/// significant digits below (`42.3%`, `0.20%`, `0.0015%`).
pub fn percent(part: u64, whole: u64) -> String {
    // Integer arithmetic only: float formatting would add kilobytes to the
    // WebAssembly build. `scaled(d)` is the percentage × 10^d, rounded.
    // Below 2^64: `part` is at most 133,784,560 (< 2^28) and at most 8
    // decimals are used (100 × 10^8 < 2^34).
    let whole = whole.max(1);
    let part = part.min(whole);
    let scaled = |d: u32| (part * 100 * 10u64.pow(d) * 2 + whole) / (2 * whole);
    let mut decimals = 1;
    if part != 0 && part * 100 < whole {
        // Two significant digits: decimals until the truncated value has two.
        let truncated = |d: u32| part * 100 * 10u64.pow(d) / whole;
        while truncated(decimals) < 10 && decimals < 8 {
            decimals += 1;
        }
    }
    let digits = format!(
        "{:0>width$}",
        scaled(decimals),
        width = decimals as usize + 1
    );
    let (int, frac) = digits.split_at(digits.len() - decimals as usize);
    format!("{int}.{frac}%")
}

/// How common `category` is among all hands of `cards` cards (5, 6 or 7):
/// `"1,098,240 of the 2,598,960 five-card hands (42.3%)"`.
pub fn share_text(category: Category, cards: usize) -> String {
    let (counts, what) = match cards {
        6 => (&SIX_CARD_COUNTS, "six-card"),
        7 => (&SEVEN_CARD_COUNTS, "seven-card"),
        _ => (&FIVE_CARD_COUNTS, "five-card"),
    };
    let part = counts[category as usize];
    let whole: u64 = counts.iter().sum();
    format!(
        "{} of the {} {what} hands ({})",
        grouped(part),
        grouped(whole),
        percent(part, whole)
    )
}

/// A hand of each category, for people to try (`"7c 7d 7h Ks Kd"`).
pub const fn example(category: Category) -> &'static str {
    match category {
        Category::StraightFlush => "9h 8h 7h 6h 5h",
        Category::Quads => "Jc Jd Jh Js Kd",
        Category::FullHouse => "9c 9d 9s 4h 4d",
        Category::Flush => "Ad Jd 9d 6d 3d",
        Category::Straight => "Tc 9d 8h 7s 6c",
        Category::Trips => "7c 7d 7h As Qd",
        Category::TwoPair => "Kc Kd 7h 7s Ad",
        Category::Pair => "Qh Qs Ac Kd Th",
        Category::HighCard => "Ac Kd 9h 7s 2c",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{format_cards, parse_cards};
    use std::collections::HashMap;

    fn d(s: &str) -> (String, String) {
        let got = describe(&parse_cards(s).unwrap()).unwrap();
        (got.text, format_cards(&got.best))
    }

    #[test]
    fn names_in_the_documented_style() {
        let cases = [
            ("As Ks Qs Js Ts", "Royal flush", "As Ks Qs Js Ts"),
            (
                "9h 8h 7h 6h 5h 2c As",
                "Straight flush, nine-high",
                "9h 8h 7h 6h 5h",
            ),
            (
                "Ad 2d 3d 4d 5d",
                "Straight flush, five-high",
                "5d 4d 3d 2d Ad",
            ),
            (
                "Jc Jd Jh Js Kd 2c 3c",
                "Four of a kind, jacks, king kicker",
                "Js Jh Jd Jc Kd",
            ),
            (
                "9c 9d 9s 4h 4d 4c",
                "Full house, nines full of fours",
                "9s 9d 9c 4h 4d",
            ),
            (
                "Ad Jd 9d 6d 3d 2d",
                "Flush, ace-jack-nine-six-three",
                "Ad Jd 9d 6d 3d",
            ),
            ("Tc 9d 8h 7s 6c", "Straight, ten-high", "Tc 9d 8h 7s 6c"),
            ("Ah 2c 3d 4s 5h Kd", "Straight, five-high", "5h 4s 3d 2c Ah"),
            (
                "7c 7d 7h As Qd 2s 3s",
                "Three of a kind, sevens, ace-queen kickers",
                "7h 7d 7c As Qd",
            ),
            (
                "Kc Kd 7h 7s Ad",
                "Two pair, kings and sevens, ace kicker",
                "Kd Kc 7s 7h Ad",
            ),
            (
                "Qh Qs Ac Kd Th 2c",
                "Pair of queens, ace-king-ten kickers",
                "Qs Qh Ac Kd Th",
            ),
            (
                "Ac Kd 9h 7s 2c",
                "High card, ace-king-nine-seven-two",
                "Ac Kd 9h 7s 2c",
            ),
        ];
        for (hand, text, best) in cases {
            assert_eq!(d(hand), (text.to_string(), best.to_string()), "{hand}");
        }
        let c = |s: &str| parse_cards(s).unwrap();
        assert_eq!(describe(&c("As Ks Qs Js")), None);
        assert_eq!(describe(&c("As Ks Qs Js Ts 9s 8s 7s")), None);
        assert_eq!(describe(&[Card::new(0, 0); 5]), None);
        assert_eq!(SUBSETS_OF_7[0], [0, 1, 2, 3, 4]);
        assert_eq!(SUBSETS_OF_7[1], [0, 1, 2, 3, 5]);
        assert_eq!(SUBSETS_OF_7[20], [2, 3, 4, 5, 6]);
        assert!(SUBSETS_OF_7.windows(2).all(|w| w[0] < w[1]));
        assert!(SUBSETS_OF_6.windows(2).all(|w| w[0] < w[1]));
        // Ties between fives: the earliest cards as given.
        assert_eq!(d("As Ad Ks Kd Qs Qd 2c").1, "As Ad Ks Kd Qs");
        assert_eq!(d("Qs Qd As Ad Ks Kd 2c").1, "As Ad Ks Kd Qs");
        // Three pairs: the lowest pair's card can be the kicker.
        assert_eq!(
            d("Ks Kd 2h 2c 3d 3h 4s").0,
            "Two pair, kings and threes, four kicker"
        );
        assert_eq!(
            d("Ks Kd 2h 2c 3d 3h").0,
            "Two pair, kings and threes, two kicker"
        );
        // A flush beats the straight in the same seven.
        assert_eq!(
            d("2h 5h 9h Jh Kh Qd Tc").0,
            "Flush, king-jack-nine-five-two"
        );
        for c in Category::ALL {
            let cards = parse_cards(example(c)).unwrap();
            assert_eq!(evaluate(&cards).category(), c, "{}", example(c));
        }
    }

    #[test]
    fn ordinals_and_numbers() {
        let rank = |s: &str| evaluate(&parse_cards(s).unwrap());
        assert_eq!(rank("As Ks Qs Js Ts").ordinal(), 1);
        assert_eq!(rank("Ks Qs Js Ts 9s").ordinal(), 2);
        assert_eq!(rank("7h 5c 4d 3s 2h").ordinal(), 7_462);
        assert_eq!(rank("Ac Ad Ah As Kd").ordinal(), 11);
        let mut seen = vec![false; 7_463];
        for v in 0..=u16::MAX {
            if let Some(r) = HandRank::from_value(v) {
                let o = r.ordinal() as usize;
                assert!((1..=7_462).contains(&o) && !seen[o], "{v}");
                seen[o] = true;
            }
        }
        let words: Vec<String> = [
            1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 4_213, 1_000_001,
        ]
        .map(ordinal)
        .to_vec();
        assert_eq!(
            words,
            [
                "1st",
                "2nd",
                "3rd",
                "4th",
                "11th",
                "12th",
                "13th",
                "21st",
                "22nd",
                "23rd",
                "101st",
                "111th",
                "112th",
                "4,213th",
                "1,000,001st"
            ]
        );
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(133_784_560), "133,784,560");
        assert_eq!(
            ordinal_text(4_213, 7_462, "five-card"),
            "4,213th best of 7,462 distinct five-card ranks"
        );
        assert_eq!(
            ordinal_text(1, 7_462, "five-card"),
            "the best of 7,462 distinct five-card ranks"
        );
        assert_eq!(
            ordinal_text(7_462, 7_462, "five-card"),
            "the lowest of 7,462 distinct five-card ranks"
        );
        assert_eq!(percent(1_098_240, 2_598_960), "42.3%");
        assert_eq!(percent(40, 2_598_960), "0.0015%");
        assert_eq!(percent(5_108, 2_598_960), "0.20%");
        assert_eq!(percent(0, 10), "0.0%");
        assert_eq!(percent(10, 10), "100.0%");
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(2, 3), "66.7%");
        assert_eq!(percent(1, 100), "1.0%");
        assert_eq!(percent(999, 100_000), "1.00%");
        assert_eq!(percent(99, 100_000), "0.099%");
        assert_eq!(percent(41_584, 133_784_560), "0.031%");
        assert_eq!(
            share_text(Category::Pair, 5),
            "1,098,240 of the 2,598,960 five-card hands (42.3%)"
        );
        assert_eq!(
            share_text(Category::StraightFlush, 7),
            "41,584 of the 133,784,560 seven-card hands (0.031%)"
        );
    }

    /// One hand of every one of the 7,462 rank classes: every multiset of
    /// five ranks (at most four of a rank) off-suit, and every set of five
    /// ranks suited.
    fn one_hand_per_class() -> Vec<[Card; 5]> {
        let mut hands = Vec::new();
        super::super::direct::for_each_multiset(|counts| {
            if counts.iter().sum::<u8>() != 5 {
                return;
            }
            let mut cards = Vec::new();
            for (r, &n) in counts.iter().enumerate() {
                for k in 0..n {
                    cards.push(Card::new(r as u8, k));
                }
            }
            if cards.iter().all(|c| c.suit() == 0) {
                cards[4] = Card::new(cards[4].rank(), 1);
            }
            hands.push(<[Card; 5]>::try_from(cards).unwrap());
        });
        for mask in 0u16..1 << 13 {
            if mask.count_ones() == 5 {
                let suited: Vec<Card> = (0..13u8)
                    .filter(|r| mask >> r & 1 == 1)
                    .map(|r| Card::new(r, 3))
                    .collect();
                hands.push(<[Card; 5]>::try_from(suited).unwrap());
            }
        }
        hands
    }

    /// Every rank class has its own name: 7,462 classes, 7,462 names, and
    /// (on a seeded sample of random hands) a hand's name is its class's.
    #[test]
    fn every_rank_class_has_a_distinct_name() {
        let hands = one_hand_per_class();
        assert_eq!(hands.len(), 7_462);
        let mut by_rank = HashMap::new();
        let mut by_name = HashMap::new();
        for five in &hands {
            let (rank, name) = (evaluate(five), describe_five(five));
            assert!(by_rank.insert(rank, name.clone()).is_none(), "{name}");
            assert!(by_name.insert(name.clone(), rank).is_none(), "{name} twice");
        }
        let mut rng = crate::equity::rng::Rng::new(13);
        let deck: Vec<Card> = Card::all().collect();
        for _ in 0..20_000 {
            let mut d = deck.clone();
            for i in 0..7 {
                d.swap(i, i + rng.below(52 - i as u32) as usize);
            }
            let n = 5 + rng.below(3) as usize;
            let got = describe(&d[..n]).unwrap();
            assert_eq!(got.rank, evaluate(&d[..n]), "{}", format_cards(&d[..n]));
            assert_eq!(by_rank[&got.rank], got.text);
            assert!(got.best.iter().all(|c| d[..n].contains(c)));
            assert_eq!(crate::card::CardSet::from_iter(got.best).len(), 5);
        }
    }

    /// Any list of cards, duplicates and all: a description exactly when
    /// it is 5 to 7 distinct cards, never a panic.
    #[test]
    fn any_cards_are_described_or_refused() {
        let mut rng = crate::equity::rng::Rng::new(5);
        for _ in 0..20_000 {
            let n = rng.below(10) as usize;
            let cards: Vec<Card> = (0..n)
                .map(|_| Card::from_id(rng.below(52) as u8).unwrap())
                .collect();
            let distinct = crate::card::CardSet::from_iter(cards.iter().copied()).len() as usize;
            let ok = (5..=7).contains(&n) && distinct == n;
            assert_eq!(describe(&cards).is_some(), ok, "{}", format_cards(&cards));
        }
    }

    /// The category counts match a census (five-card here; six- and
    /// seven-card in the release sweep).
    #[test]
    fn five_card_counts_match_the_census() {
        assert_eq!(super::super::census::holdem5(), FIVE_CARD_COUNTS);
        assert_eq!(
            FIVE_CARD_COUNTS.iter().sum::<u64>()
                + RANKS_PER_CATEGORY
                    .iter()
                    .map(|&n| u64::from(n))
                    .sum::<u64>(),
            2_598_960 + u64::from(DISTINCT_RANKS)
        );
    }
}
