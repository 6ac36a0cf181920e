//! The card parser: data-file cases (`tests/data/cards.txt`) and a seeded
//! fuzz test (no input panics; every successful parse round-trips).

use crate::check::{check_io, unescape, Rng};
use allin::card::{
    format_cards, format_cards_compact, parse_between, parse_cards, parse_exact, CardError,
};
use allin::Card;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs one `MODE: INPUT` case and renders the outcome as the data file does.
fn run_case(case: &str) -> String {
    let Some((mode, input)) = case.split_once(": ") else {
        return "malformed case: expected `MODE: INPUT`".into();
    };
    let input = input.trim();
    let input = input
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(input);
    let input = match unescape(input) {
        Ok(s) => s,
        Err(e) => return format!("malformed case: {e}"),
    };
    let parsed = match mode.split_once(' ') {
        None if mode == "any" => parse_cards(&input),
        Some(("exact", n)) => match n.parse() {
            Ok(n) => parse_exact(&input, n),
            Err(_) => return format!("malformed case: bad count {n:?}"),
        },
        Some(("between", range)) => {
            match range
                .split_once('-')
                .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
            {
                Some((lo, hi)) => parse_between(&input, lo..=hi),
                None => return format!("malformed case: bad range {range:?}"),
            }
        }
        _ => return format!("malformed case: unknown mode {mode:?}"),
    };
    match parsed {
        Ok(cards) => {
            if let Err(e) = round_trips(&cards) {
                return e;
            }
            if cards.is_empty() {
                "(no cards)".into()
            } else {
                format_cards(&cards)
            }
        }
        Err(e) => format!("error: {e}"),
    }
}

/// Canonical text (spaced and compact) parses back to the same cards.
fn round_trips(cards: &[Card]) -> Result<(), String> {
    for text in [format_cards(cards), format_cards_compact(cards)] {
        match parse_cards(&text) {
            Ok(back) if back == cards => {}
            other => return Err(format!("{text:?} does not round-trip: {other:?}")),
        }
    }
    Ok(())
}

#[test]
fn parser_cases() {
    check_io("cards.txt", run_case);
}

/// Pieces the fuzzer strings together: card characters, suit symbols, digits,
/// separators, and multi-byte text that looks nothing like cards.
const PIECES: &[&str] = &[
    "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "t", "j", "q", "k", "a", "1",
    "0", "10", "c", "d", "h", "s", "C", "D", "H", "S", "♣", "♦", "♥", "♠", "♧", "♢", "♡", "♤",
    "\u{FE0F}", " ", ",", ";", "|", "/", "-", "[", "]", "(", ")", "\t", "\n", "\r\n", "x", "e",
    "é", "漢", "🂡", "👍🏽", "\u{301}", "\u{200B}", "\u{202E}", "\u{0}", "\u{FFFD}", "ß", "İ", "ﬀ",
];

/// One random input; `kind` picks the generator.
fn random_input(rng: &mut Rng, kind: usize) -> String {
    match kind {
        // Random bytes, made valid UTF-8 (invalid sequences become U+FFFD).
        0 => {
            let len = rng.below(24);
            let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        // Random Unicode scalar values, weighted towards ASCII.
        1 => (0..rng.below(12))
            .map(|_| {
                let max = [0x80, 0x800, 0x11_0000][rng.below(3)];
                char::from_u32(rng.below(max) as u32).unwrap_or('\u{FFFD}')
            })
            .collect(),
        // A random mix of pieces.
        2 => (0..rng.below(16))
            .map(|_| PIECES[rng.below(PIECES.len())])
            .collect(),
        // Real cards with random separators, then a few random edits: mostly
        // parses, sometimes nearly does.
        _ => {
            let n = 1 + rng.below(9);
            let cards = rng.cards(n);
            let mut s = String::new();
            for c in cards {
                let text = c.to_string();
                let mut ch = text.chars();
                let (rank, suit) = (ch.next().unwrap_or('A'), ch.next().unwrap_or('s'));
                let rank = match (rank, rng.below(4)) {
                    ('T', 0) => "10".to_string(),
                    (r, 1) => r.to_ascii_lowercase().to_string(),
                    (r, _) => r.to_string(),
                };
                let suit = match rng.below(4) {
                    0 => ["♣", "♦", "♥", "♠"][c.suit() as usize].to_string(),
                    1 => suit.to_ascii_uppercase().to_string(),
                    _ => suit.to_string(),
                };
                s.push_str(&rank);
                s.push_str(&suit);
                s.push_str(["", " ", ", ", "\t", "|", "\u{FE0F} "][rng.below(6)]);
            }
            let edits = rng.below(3);
            rng.mutate(&s, PIECES, edits)
        }
    }
}

/// What must hold for any input, whether it parses or not.
fn check_input(input: &str) -> Result<bool, String> {
    let chars: Vec<char> = input.chars().collect();
    match parse_cards(input) {
        Ok(cards) => {
            round_trips(&cards)?;
            let set: allin::CardSet = cards.iter().copied().collect();
            if set.len() as usize != cards.len() {
                return Err(format!("duplicate cards accepted: {cards:?}"));
            }
            Ok(true)
        }
        Err(e) => {
            let message = e.to_string();
            if message.is_empty() {
                return Err("empty error message".into());
            }
            // Positions are 1-based character positions that point at the
            // character the error names.
            match &e {
                CardError::UnknownRank { ch, position, .. }
                | CardError::UnknownSuit { ch, position, .. } => {
                    if chars.get(position.wrapping_sub(1)) != Some(ch) {
                        return Err(format!("{message}: position does not point at {ch:?}"));
                    }
                }
                CardError::MissingSuit { position, .. } => {
                    if *position == 0 || *position > chars.len() + 1 {
                        return Err(format!("{message}: position out of range"));
                    }
                }
                CardError::Duplicate { .. } | CardError::WrongCount { .. } => {}
            }
            Ok(false)
        }
    }
}

#[test]
fn parser_never_panics_and_round_trips() {
    let mut rng = Rng::new(0x00A1_1CA2_D5EE_D001);
    let mut failures = Vec::new();
    let (mut ok, mut err) = (0u32, 0u32);
    for i in 0..400_000 {
        let input = random_input(&mut rng, i % 4);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            // The counted variants must not panic either.
            let _ = parse_exact(&input, i % 8);
            let _ = parse_between(&input, 5..=7);
            check_input(&input)
        }));
        match outcome {
            Ok(Ok(true)) => ok += 1,
            Ok(Ok(false)) => err += 1,
            Ok(Err(why)) => failures.push(format!("{input:?}: {why}")),
            Err(_) => failures.push(format!("{input:?}: panicked")),
        }
        if failures.len() >= 20 {
            break;
        }
    }
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
    // The generators reach both outcomes plenty of times.
    assert!(ok > 50_000 && err > 50_000, "ok {ok}, errors {err}");
}
