//! Stud hands for people: the high hand (Hold'em's names), the Razz low
//! (`8-7 low`, `wheel`, `Pair of 3s, 7-5-2`) and the eight-or-better low
//! (`8-5-4-2-A`, or none), each with the best five cards.

use super::eval::{low_rank, razz_category, Seen};
use super::rules::Rules;
use crate::card::Card;
use crate::eval::describe::{describe as describe_high, Described};
use crate::omaha::low::Low;

/// A low for people, with its five cards.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DescribedLow {
    pub text: String,
    pub best: [Card; 5],
    /// Razz: the score (smaller is better); Hi-Lo: the low byte.
    pub value: u32,
}

/// A stud hand (5 to 7 distinct cards) for people.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StudDescribed {
    /// The high hand (Seven-card Stud, Stud Hi-Lo).
    pub high: Option<Described>,
    /// The low: Razz's, or Hi-Lo's eight-or-better (`None`: no low).
    pub low: Option<DescribedLow>,
}

const NAMES: [char; 13] = [
    'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
];

/// The five-card subsets of `cards`, in order.
fn fives(cards: &[Card]) -> Vec<[Card; 5]> {
    let n = cards.len();
    let mut out = Vec::new();
    for m in 0u32..1 << n {
        if m.count_ones() == 5 {
            let mut five = [cards[0]; 5];
            let mut k = 0;
            for (i, &c) in cards.iter().enumerate() {
                if m >> i & 1 == 1 {
                    five[k] = c;
                    k += 1;
                }
            }
            out.push(five);
        }
    }
    out
}

/// The five sorted for reading a low: the biggest group first, then high to low.
fn low_order(mut five: [Card; 5]) -> [Card; 5] {
    let count = |c: &Card| five.iter().filter(|d| d.rank() == c.rank()).count();
    let counts: Vec<(usize, u8)> = five.iter().map(|c| (count(c), low_rank(*c))).collect();
    let mut idx: Vec<usize> = (0..5).collect();
    idx.sort_by(|&a, &b| counts[b].cmp(&counts[a]));
    let copy = five;
    for (k, &i) in idx.iter().enumerate() {
        five[k] = copy[i];
    }
    five
}

fn ranks_text(ranks: &[u8]) -> String {
    let names: Vec<String> = ranks
        .iter()
        .map(|&r| NAMES[r as usize].to_string())
        .collect();
    names.join("-")
}

/// Razz's name of a best five in [`low_order`].
fn razz_name(five: &[Card; 5], score: u32) -> String {
    let r: Vec<u8> = five.iter().map(|&c| low_rank(c)).collect();
    let n = |i: usize| NAMES[r[i] as usize];
    match razz_category(score) {
        0 if r == [4, 3, 2, 1, 0] => "wheel (5-4-3-2-A)".into(),
        0 => format!("{}-{} low ({})", n(0), n(1), ranks_text(&r)),
        1 => format!("Pair of {}s, {}", n(0), ranks_text(&r[2..])),
        2 => format!("Two pair, {}s and {}s, {}", n(0), n(2), n(4)),
        3 => format!("Three {}s, {}", n(0), ranks_text(&r[3..])),
        4 => format!("Full house, {}s full of {}s", n(0), n(3)),
        _ => format!("Four {}s, {}", n(0), n(4)),
    }
}

/// Describes 5 to 7 distinct cards under `rules`; `None` for anything else.
pub fn describe(rules: Rules, cards: &[Card]) -> Option<StudDescribed> {
    let distinct = cards.iter().copied().collect::<crate::CardSet>().len() as usize;
    if !(5..=7).contains(&cards.len()) || distinct != cards.len() {
        return None;
    }
    let high = (rules != Rules::Razz)
        .then(|| describe_high(cards))
        .flatten();
    let low = match rules {
        Rules::High => None,
        Rules::Razz => fives(cards)
            .into_iter()
            .map(|f| (Seen::of(&f).razz(), f))
            .min_by_key(|(s, _)| *s)
            .map(|(score, f)| {
                let best = low_order(f);
                DescribedLow {
                    text: razz_name(&best, score),
                    best,
                    value: score,
                }
            }),
        Rules::HiLo => fives(cards)
            .into_iter()
            .filter_map(|f| Seen::of(&f).low8().map(|b| (b, f)))
            .min_by_key(|(b, _)| *b)
            .map(|(bits, f)| {
                let best = low_order(f);
                let low = Low::from_bits(bits).expect("five low ranks");
                DescribedLow {
                    text: low.to_string(),
                    best,
                    value: u32::from(bits),
                }
            }),
    };
    Some(StudDescribed { high, low })
}
