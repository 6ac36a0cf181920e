//! Exact equity of narrow Omaha ranges on a turn or river (issue 37):
//! every joint holding × every river, counted with integer weights,
//! equal count for count to a brute force written here (every tuple of
//! the ranges' hands, found by filters written out by hand, each tuple's
//! exact counts from the job with known hands, added weight times).

use allin::card::{format_cards_compact, parse_cards, Card, CardSet};
use allin::omaha::range::for_each_hand;
use allin::omaha::{Game, OmahaJob, PotCounts};

fn set(cards: &[Card]) -> CardSet {
    cards.iter().copied().collect()
}

fn has(h: &[Card], card: &str) -> bool {
    h.contains(&card.parse::<Card>().unwrap())
}

type Filter = fn(&[Card]) -> u64;

/// Every tuple of hands (one per filter, its integer weight), no card
/// twice, each tuple's exact counts added weight-product times.
fn brute(game: Game, filters: &[Filter], board: &str) -> PotCounts {
    let known = set(&parse_cards(board).unwrap());
    let lists: Vec<Vec<(Vec<Card>, u64)>> = filters
        .iter()
        .map(|f| {
            let mut l = Vec::new();
            for_each_hand(game.hole(), known, |h| {
                if f(h) > 0 {
                    l.push((h.to_vec(), f(h)));
                }
            });
            l
        })
        .collect();
    let mut total = PotCounts::new(filters.len());
    let mut pick = vec![0usize; lists.len()];
    'tuples: loop {
        let hands: Vec<&(Vec<Card>, u64)> = pick.iter().zip(&lists).map(|(&i, l)| &l[i]).collect();
        let mut used = CardSet::EMPTY;
        let mut clash = false;
        for (h, _) in &hands {
            clash |= set(h).intersects(used);
            used = CardSet::from_bits(used.bits() | set(h).bits()).unwrap();
        }
        if !clash {
            let texts: Vec<String> = hands.iter().map(|(h, _)| format_cards_compact(h)).collect();
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let counts = OmahaJob::parse(game, &refs, board, "").unwrap().run_all();
            for _ in 0..hands.iter().map(|(_, w)| w).product::<u64>() {
                total += &counts;
            }
        }
        for k in (0..pick.len()).rev() {
            pick[k] += 1;
            if pick[k] < lists[k].len() {
                continue 'tuples;
            }
            pick[k] = 0;
        }
        break;
    }
    total
}

fn exact(game: Game, players: &[&str], board: &str) -> PotCounts {
    let job = OmahaJob::parse(game, players, board, "").unwrap();
    assert!(
        job.plan().affordable(),
        "{players:?} on {board}: not enumerated"
    );
    // Two halves add up to the whole.
    let mut counts = job.run(0..job.units() / 2);
    counts += &job.run(job.units() / 2..job.units());
    assert_eq!(counts, job.run_all());
    counts
}

/// Two ranges on a turn, high and Hi-Lo (`@25` against full weight: the
/// weights 1 and 4).
#[test]
fn narrow_ranges_on_a_turn_are_exact() {
    let board = "Ts Js 2d 7c";
    let p1: Filter = |h| {
        if has(h, "As") && has(h, "Ah") && has(h, "Kd") {
            4
        } else if has(h, "As") && has(h, "Ah") && has(h, "Kc") {
            1
        } else {
            0
        }
    };
    let p2: Filter = |h| u64::from(has(h, "Qc") && has(h, "Qd") && has(h, "9c"));
    for name in ["omaha", "omaha-hilo"] {
        let game = Game::from_name(name).unwrap();
        let got = exact(game, &["AsAhKc@25, AsAhKd", "QcQd9c*"], board);
        assert_eq!(got, brute(game, &[p1, p2], board), "{name}");
    }
}

/// Three players on a river: a range, a known hand, a range.
#[test]
fn narrow_ranges_on_a_river_are_exact() {
    let board = "Ts Js 2d 7c 3h";
    let p1: Filter = |h| {
        let kings = h.iter().filter(|c| c.rank() == 11).count();
        u64::from(kings >= 2 && has(h, "Ac") && has(h, "4c"))
    };
    let p2: Filter = |h| u64::from(set(h) == set(&parse_cards("9h8h6d5d").unwrap()));
    let p3: Filter = |h| {
        let fives = h.iter().filter(|c| c.rank() == 3).count();
        u64::from(has(h, "Qd") && has(h, "Qh") && has(h, "Ad") && fives == 1)
    };
    for name in ["omaha", "omaha-hilo"] {
        let game = Game::from_name(name).unwrap();
        let got = exact(game, &["KKAc4c", "9h8h6d5d", "QdQhAd5"], board);
        assert_eq!(got, brute(game, &[p1, p2, p3], board), "{name}");
    }
}

/// Wide ranges, a flop or a random hand stay sampled.
#[test]
fn wide_or_early_stays_sampled() {
    let game = Game::from_name("omaha").unwrap();
    for (players, board) in [
        (["AA", "random"], "Ts Js 2d 7c"),
        (["AA:$ds", "KK:$ds"], "Ts Js 2d"),
        (["$ss", "KK"], "Ts Js 2d 7c"),
    ] {
        let job = OmahaJob::parse(game, &players, board, "").unwrap();
        assert!(!job.plan().affordable(), "{players:?} on {board}");
    }
}
