//! Omaha ranges (issue 37): the cases of `tests/data/omaha_ranges.txt`,
//! each success line also counted by a brute-force filter written here
//! from the syntax's documented meaning (card counts per rank and suit,
//! nothing from the parser), over every hand of the game; and the
//! canonical text parses back to the same counts.

use crate::check::{check_io, unescape};
use crate::omaha_ranking::in_top;
use allin::card::{Card, CardSet};
use allin::omaha::range::for_each_hand;
use allin::omaha::OmahaRange;

/// Ranks 0 = deuce … 12 = ace (9 is 7, 8 is 6, 7 is 5).
const A: u8 = 12;
const K: u8 = 11;
const Q: u8 = 10;
const J: u8 = 9;
const T: u8 = 8;

fn of_rank(h: &[Card], r: u8) -> usize {
    h.iter().filter(|c| c.rank() == r).count()
}

fn of_suit(h: &[Card], s: u8) -> usize {
    h.iter().filter(|c| c.suit() == s).count()
}

fn has(h: &[Card], rank: u8, suit: u8) -> bool {
    h.contains(&Card::new(rank, suit))
}

/// Suits holding two or more cards.
fn suited(h: &[Card]) -> usize {
    (0..4).filter(|&s| of_suit(h, s) >= 2).count()
}

fn paired(h: &[Card]) -> bool {
    (0..13).any(|r| of_rank(h, r) >= 2)
}

/// All ranks different and spanning at most `n + gaps` ranks, the ace
/// high or low (written out by rank lists, not masks).
fn rundown(h: &[Card], gaps: usize) -> bool {
    if paired(h) {
        return false;
    }
    let high: Vec<i32> = h.iter().map(|c| i32::from(c.rank())).collect();
    let low: Vec<i32> = high.iter().map(|&r| if r == 12 { -1 } else { r }).collect();
    let span = |v: &[i32]| v.iter().max().unwrap() - v.iter().min().unwrap() + 1;
    let most = (h.len() + gaps) as i32;
    span(&high) <= most || span(&low) <= most
}

/// An ace and a king of one suit.
fn suited_ak(h: &[Card]) -> bool {
    (0..4).any(|s| has(h, A, s) && has(h, K, s))
}

/// 1000 (a full weight) if `b`, else 0.
fn full(b: bool) -> u64 {
    u64::from(b) * 1000
}

/// The brute force of a case's text: the weight of a hand, in thousandths.
fn brute(text: &str) -> Option<fn(&[Card]) -> u64> {
    let f: fn(&[Card]) -> u64 = match text {
        "AA" | "AxAy" => |h| full(of_rank(h, A) >= 2),
        "AA!AAA" => |h| full(of_rank(h, A) == 2),
        "$ds" | "xxyy" => |h| full(suited(h) == 2),
        "$r" => |h| full(suited(h) == 0),
        "random" => |_| 1000,
        "AAKK" => |h| full(of_rank(h, A) >= 2 && of_rank(h, K) >= 2),
        "AAA" => |h| full(of_rank(h, A) >= 3),
        "KK!AA" => |h| full(of_rank(h, K) >= 2 && of_rank(h, A) < 2),
        "AsKs" | "AsKs**" => |h| full(has(h, A, 3) && has(h, K, 3)),
        "AcAd" => |h| full(has(h, A, 0) && has(h, A, 1)),
        "AxKx" => |h| full(suited_ak(h)),
        "Ax**" => |h| full(of_rank(h, A) >= 1),
        "JT98" => |h| full([J, T, 7, 6].iter().all(|&r| of_rank(h, r) >= 1)),
        "10987" => |h| full([T, 7, 6, 5].iter().all(|&r| of_rank(h, r) >= 1)),
        "AxKxQyJy" => |h| {
            let mut n = 0;
            for s in 0..4 {
                for t in 0..4 {
                    n += u64::from(
                        s != t && has(h, A, s) && has(h, K, s) && has(h, Q, t) && has(h, J, t),
                    );
                }
            }
            full(n > 0)
        },
        "ss" => |h| full(of_suit(h, 3) >= 2),
        "xx" => |h| full(suited(h) >= 1),
        "\"aa, kk\"" | "AA KK" => |h| full(of_rank(h, A) >= 2 || of_rank(h, K) >= 2),
        "$ss" => |h| full(suited(h) == 1),
        "$np" => |h| full(!paired(h)),
        "$pair" => |h| full(paired(h)),
        "$rd" => |h| full(rundown(h, 0)),
        "$rd1" => |h| full(rundown(h, 1)),
        "AA:$ds" => |h| full(of_rank(h, A) >= 2 && suited(h) == 2),
        "$rd:$ds" => |h| full(rundown(h, 0) && suited(h) == 2),
        "$ds!$pair" => |h| full(suited(h) == 2 && !paired(h)),
        "$ss:AA" => |h| full(suited(h) == 1 && of_rank(h, A) >= 2),
        "QQ:xx!$ds" => |h| full(of_rank(h, Q) >= 2 && suited(h) == 1),
        "AA@50" => |h| 500 * u64::from(of_rank(h, A) >= 2),
        "random@10, AA" => |h| if of_rank(h, A) >= 2 { 1000 } else { 100 },
        "AA@12.5%" => |h| 125 * u64::from(of_rank(h, A) >= 2),
        "10%" => |h| full(in_top(h, 1000)),
        "15%:$ds" => |h| full(in_top(h, 1500) && suited(h) == 2),
        "30%!$pair" => |h| full(in_top(h, 3000) && !paired(h)),
        "AA:5%" => |h| full(of_rank(h, A) >= 2 && in_top(h, 500)),
        "\"random@10, 2.5%\"" => |h| if in_top(h, 250) { 1000 } else { 100 },
        _ => return None,
    };
    Some(f)
}

fn hole_of(game: &str) -> Option<usize> {
    match game {
        "omaha" => Some(4),
        "omaha5" => Some(5),
        _ => None,
    }
}

fn show(hands: u64, permille: u64) -> String {
    if permille == hands * 1000 {
        format!("{hands} hands")
    } else {
        let w = format!("{}.{:03}", permille / 1000, permille % 1000);
        format!(
            "{hands} hands, weighted {}",
            w.trim_end_matches('0').trim_end_matches('.')
        )
    }
}

fn run_case(input: &str) -> String {
    let Some((game, text)) = input.split_once(" | ") else {
        return "malformed case: GAME | TEXT".into();
    };
    let Some(hole) = hole_of(game.trim()) else {
        return format!("malformed case: unknown game {game}");
    };
    let key = text.trim();
    let text = key
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(key);
    let text = match unescape(text) {
        Ok(s) => s,
        Err(e) => return format!("malformed case: {e}"),
    };
    let range = match OmahaRange::parse(&text, hole) {
        Ok(r) => r,
        Err(e) => return format!("error: {e}"),
    };
    let counts = range.counts(CardSet::EMPTY);
    let got = show(counts.hands, counts.weight_permille);
    let Some(filter) = brute(key) else {
        // A panic, not an answer: bless mode must not write it down.
        panic!("no brute-force filter for {key} in tests/it/omaha_range.rs");
    };
    let (mut hands, mut permille) = (0, 0);
    for_each_hand(hole, CardSet::EMPTY, |h| {
        let w = filter(h);
        hands += u64::from(w > 0);
        permille += w;
    });
    if (hands, permille) != (counts.hands, counts.weight_permille) {
        panic!("parser: {got}, brute force: {}", show(hands, permille));
    }
    let canonical = range.to_string();
    match OmahaRange::parse(&canonical, hole) {
        // Recounted for Omaha only (five-card hands take a second).
        Ok(again)
            if again.to_string() == canonical
                && (hole > 4 || again.counts(CardSet::EMPTY) == counts) => {}
        _ => panic!("canonical text {canonical} does not parse back to the same counts"),
    }
    format!("{canonical} ({got})")
}

#[test]
fn omaha_range_cases() {
    check_io("omaha_ranges.txt", run_case);
}
