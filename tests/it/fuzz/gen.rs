//! The fuzzers' inputs: hostile alphabets, mutations of valid inputs, and
//! valid cards, ranges and scenarios (see the parent module's docs).

use crate::check::Rng;
use allin::card::{format_cards, format_cards_compact};
use allin::range::{HandClass, HoleCards};

// ---- inputs ----

/// Characters that break naive parsers or hide in messages.
const HOSTILE: &[&str] = &[
    "\u{0}",
    "\u{7}",
    "\u{8}",
    "\t",
    "\n",
    "\r",
    "\u{1b}[31m",
    "\u{1b}]8;;x\u{7}",
    "\u{7f}",
    "\u{85}",
    "\u{a0}",
    "\u{ad}",
    "\u{200b}",
    "\u{200c}",
    "\u{200d}",
    "\u{200e}",
    "\u{202e}",
    "\u{2028}",
    "\u{2060}",
    "\u{feff}",
    "\u{fe0f}",
    "\u{301}",
    "\u{20dd}",
    "\u{fffd}",
    "\u{e000}",
    "\u{10ffff}",
    "\u{e0041}",
    "♠",
    "♥",
    "♦",
    "♣",
    "♤",
    "🂡",
    "Ａ",
    "１０",
    "٣",
    "𝟗",
    "é",
    "ß",
    "ǅ",
    "İ",
    "\"",
    "'",
    "\\",
    "<",
    ">",
    "&",
    "%",
    "@",
    "+",
    "-",
    ":",
    ",",
    ";",
    " ",
    "  ",
    "0",
    "1",
    "10",
    "100",
    "1e9",
    "99999999999999999999",
    "-1",
    ".",
    "NaN",
];

/// Pieces of valid syntax.
const PIECES: &[&str] = &[
    "A",
    "K",
    "Q",
    "J",
    "T",
    "10",
    "9",
    "2",
    "s",
    "h",
    "d",
    "c",
    "o",
    "x",
    "+",
    "-",
    "%",
    "@",
    ":",
    ",",
    " ",
    "AA",
    "AKs",
    "AKo",
    "QQ+",
    "A5s-A2s",
    "random",
    "any",
    "10%",
    "@50",
    ":0.5",
    "AhKh",
    "2c",
    "Ts",
    "casino",
    "teen-patti",
    "zha-jin-hua-235",
    "a23=highest",
    "=",
    "yes",
];

/// A random hostile string built from `valid` (a valid input of the target).
pub(super) fn hostile(rng: &mut Rng, valid: &str) -> String {
    match rng.below(9) {
        0 => {
            let bytes: Vec<u8> = (0..rng.below(40)).map(|_| rng.next_u64() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        1 => (0..rng.below(20))
            .map(|_| HOSTILE[rng.below(HOSTILE.len())])
            .collect(),
        2 => (0..rng.below(30))
            .map(|_| ["%", "@", "+", "-", ":", ",", "1", "A", "s", "5"][rng.below(10)])
            .collect(),
        // Truncated at a random character.
        3 => {
            let n = valid.chars().count();
            valid.chars().take(rng.below(n + 1)).collect()
        }
        // Duplicated, with a random separator.
        4 => format!("{valid}{}{valid}", [" ", ",", "", "+", "-"][rng.below(5)]),
        // A huge repeat (rare and bounded: the debug build stays quick).
        5 if rng.below(8) == 0 => {
            let piece = if rng.below(2) == 0 {
                valid.to_string()
            } else {
                HOSTILE[rng.below(HOSTILE.len())].to_string()
            };
            piece.repeat(1 + rng.below(20_000 / piece.len().max(1)))
        }
        6 => {
            let edits = 1 + rng.below(3);
            rng.mutate(valid, HOSTILE, edits)
        }
        7 => {
            let edits = 1 + rng.below(4);
            rng.mutate(valid, PIECES, edits)
        }
        _ => valid.to_string(),
    }
}

// ---- valid inputs ----

pub(super) fn valid_cards(rng: &mut Rng, n: usize) -> String {
    let cards = rng.cards(n);
    match rng.below(3) {
        0 => format_cards_compact(&cards),
        1 => format_cards(&cards),
        _ => format_cards(&cards).replace('T', "10").to_lowercase(),
    }
}

pub(super) fn valid_range(rng: &mut Rng) -> String {
    let items = 1 + rng.below(4);
    (0..items)
        .map(|_| {
            let class = HandClass::all().nth(rng.below(169)).expect("169 classes");
            let label = class.label();
            match rng.below(8) {
                0 => format!("{label}+"),
                1 => format!("{label}@{}", 1 + rng.below(100)),
                2 => format!("{label}:0.{}", 1 + rng.below(9)),
                3 => format!("{}%", 1 + rng.below(100)),
                4 => "random".into(),
                5 => {
                    let combo = HoleCards::all().nth(rng.below(1326)).expect("1326 combos");
                    format_cards_compact(&combo.cards())
                }
                _ => label,
            }
        })
        .collect::<Vec<_>>()
        .join([", ", ",", " "][rng.below(3)])
}

/// A random scenario as typed: 2–10 players (cards or ranges), a board,
/// dead cards; sometimes valid, sometimes hostile.
pub(super) fn scenario(rng: &mut Rng) -> (Vec<String>, String, String) {
    let n = [0, 1, 2, 2, 2, 3, 4, 6, 10, 11][rng.below(10)];
    let board_n = [0, 3, 4, 5, 1, 6][rng.below(6)];
    let dead_n = [0, 0, 1, 3, 20, 40, 44, 46][rng.below(8)];
    // One draw, so known hands, board and dead cards are distinct.
    let cards = rng.cards(2 * n + board_n + dead_n);
    let text = |cards: &[allin::Card], rng: &mut Rng| match rng.below(3) {
        0 => format_cards_compact(cards),
        1 => format_cards(cards),
        _ => format_cards(cards).replace('T', "10").to_lowercase(),
    };
    let mut players: Vec<String> = (0..n)
        .map(|p| {
            if rng.below(3) == 0 {
                valid_range(rng)
            } else {
                text(
                    &cards[(2 * p).min(cards.len())..(2 * p + 2).min(cards.len())],
                    rng,
                )
            }
        })
        .collect();
    let at = (2 * n).min(cards.len());
    let board_end = (at + board_n).min(cards.len());
    let mut board = text(&cards[at..board_end], rng);
    let mut dead = text(&cards[board_end..], rng);
    match rng.below(4) {
        0 if !players.is_empty() => {
            let i = rng.below(players.len());
            players[i] = hostile(rng, &players[i].clone());
        }
        1 => board = hostile(rng, &board),
        2 => dead = hostile(rng, &dead),
        _ => {}
    }
    (players, board, dead)
}

pub(super) fn encode(players: &[String], board: &str, dead: &str) -> String {
    let mut s = players.join("\u{1}");
    s.push('\u{2}');
    s.push_str(board);
    s.push('\u{2}');
    s.push_str(dead);
    s
}

pub(super) fn decode(s: &str) -> (Vec<String>, String, String) {
    let mut parts = s.splitn(3, '\u{2}');
    let players = parts.next().unwrap_or("");
    let players = if players.is_empty() {
        Vec::new()
    } else {
        players.split('\u{1}').map(String::from).collect()
    };
    (
        players,
        parts.next().unwrap_or("").to_string(),
        parts.next().unwrap_or("").to_string(),
    )
}
