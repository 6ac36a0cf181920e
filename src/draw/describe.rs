//! The draw games' hand names, for `allin eval --game …` and the
//! evaluator page: "8-7 low", "wheel", "pair of 8s", "straight, 6 high",
//! "badugi, 7 high", "three-card badugi, 7 high"; and which cards play.

use super::eval::{ace_five_score, badugi_best, deuce_seven_score};
use super::lowball::Lowball;
use crate::card::Card;
use std::fmt::Write;

/// A hand's name, value and the cards that play.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Described {
    /// The name: "8-7 low", "wheel", "three-card badugi, 7 high".
    pub name: String,
    /// Higher wins (the game's value).
    pub value: u32,
    /// The cards that play (all five; Badugi's best subset), high to low.
    pub best: Vec<Card>,
}

const RANKS: &[u8; 13] = b"23456789TJQKA";

/// A rank's letter, ace high (`rank` 0 = 2 … 12 = A).
fn letter(rank: u8) -> char {
    RANKS[rank as usize] as char
}

/// A rank's plural: "8s", "aces".
fn plural(rank: u8) -> String {
    match rank {
        12 => "aces".into(),
        11 => "kings".into(),
        10 => "queens".into(),
        9 => "jacks".into(),
        8 => "tens".into(),
        4 => "sixes".into(),
        r => format!("{}s", letter(r)),
    }
}

/// Names a complete hand of `game` (`game.hand_cards()` cards, checked
/// by the caller).
pub fn describe(game: Lowball, cards: &[Card]) -> Described {
    let value = game.value(cards);
    match game {
        Lowball::Badugi => badugi_name(cards, value),
        Lowball::DeuceSeven | Lowball::AceFive => {
            let five: [Card; 5] = cards.try_into().expect("five cards");
            let ace_low = game == Lowball::AceFive;
            let score = if ace_low {
                ace_five_score(&five)
            } else {
                deuce_seven_score(&five)
            };
            let mut best = five.to_vec();
            let key = |c: &Card| {
                if ace_low {
                    super::eval::ace_low(*c)
                } else {
                    c.rank()
                }
            };
            best.sort_by_key(|c| std::cmp::Reverse(key(c)));
            Described {
                name: five_name(score, ace_low),
                value,
                best,
            }
        }
    }
}

/// A five-card low's name from its score (category << 20 | ranks).
fn five_name(score: u32, ace_low: bool) -> String {
    let nib = |i: u32| (score >> (16 - 4 * i) & 15) as u8;
    // The score's ranks back to ace-high rank numbers.
    let rank = |i: u32| {
        let r = nib(i);
        if ace_low {
            (r + 12) % 13
        } else {
            r
        }
    };
    let category = score >> 20;
    let ranked = (0..5).map(rank).collect::<Vec<_>>();
    match (ace_low, category) {
        (true, 0) if ranked == [3, 2, 1, 0, 12] => "wheel (5-4-3-2-A)".into(),
        (false, 0) if ranked == [5, 3, 2, 1, 0] => "7-5 low (7-5-4-3-2, the best hand)".into(),
        (_, 0) => {
            let mut all = String::new();
            for (i, &r) in ranked.iter().enumerate() {
                if i > 0 {
                    all.push('-');
                }
                all.push(letter(r));
            }
            format!("{}-{} low ({all})", letter(ranked[0]), letter(ranked[1]))
        }
        (_, 1) => format!("pair of {}", plural(ranked[0])),
        (_, 2) => format!("two pair, {} and {}", plural(ranked[0]), plural(ranked[2])),
        (_, 3) => format!("three {}", plural(ranked[0])),
        (false, 4) => format!("straight, {} high", letter(ranked[0])),
        (false, 5) => format!("flush, {} high", letter(ranked[0])),
        (false, 6) | (true, 4) => format!(
            "full house, {} full of {}",
            plural(ranked[0]),
            plural(ranked[3])
        ),
        (false, 7) | (true, 5) => format!("four {}", plural(ranked[0])),
        _ => format!("straight flush, {} high", letter(ranked[0])),
    }
}

fn badugi_name(cards: &[Card], value: u32) -> Described {
    let four: [Card; 4] = cards.try_into().expect("four cards");
    let mask = badugi_best(&four);
    let mut best: Vec<Card> = (0..4)
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| four[i])
        .collect();
    best.sort_by_key(|c| std::cmp::Reverse(super::eval::ace_low(*c)));
    let size = best.len();
    let high = letter(best[0].rank());
    let mut name = match size {
        4 => String::from("badugi"),
        3 => String::from("three-card badugi"),
        2 => String::from("two-card badugi"),
        _ => String::from("one-card badugi"),
    };
    let _ = write!(name, ", {high} high");
    Described { name, value, best }
}
