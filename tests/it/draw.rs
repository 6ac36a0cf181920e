//! The draw games (2-7, A-5, Badugi; single draw): each evaluator against
//! a naive scorer written here from the rules (2-7 and A-5 on one hand of
//! every class, weighted by its suit patterns; Badugi on all 270,725
//! four-card hands); equity cases in `tests/data/draw_cases.txt`, each
//! exact line also counted by a brute force with the naive scorers, Monte
//! Carlo lines within 4σ of the exact answer, bad input with its error;
//! chunking invariance.

use crate::check::{check, check_io};
use allin::draw::{DrawJob, Lowball};
use allin::equity::Tally;
use allin::game::Game;
use allin::job::{JobMethod, JobSpec};
use allin::Card;

/// Ranks in the order a rule reads them.
const ACE_HIGH: &str = "23456789TJQKA";
const ACE_LOW: &str = "A23456789TJQK";

fn rank_in(c: Card, order: &str) -> u8 {
    let letter = "23456789TJQKA".as_bytes()[c.rank() as usize] as char;
    order.find(letter).unwrap() as u8
}

/// A naive *badness* of a five-card low (smaller is better): the number
/// of equal pairs decides the shape, then straights and flushes (2-7 only),
/// then the ranks by group size and rank.
fn naive_low(cards: &[Card], ace_low: bool) -> Vec<u8> {
    let order = if ace_low { ACE_LOW } else { ACE_HIGH };
    let ranks: Vec<u8> = cards.iter().map(|&c| rank_in(c, order)).collect();
    let mut pairs = 0;
    for i in 0..5 {
        for j in i + 1..5 {
            if ranks[i] == ranks[j] {
                pairs += 1;
            }
        }
    }
    let mut sorted = ranks.clone();
    sorted.sort_unstable();
    let straight = !ace_low && (0..=8).any(|lo| sorted == [lo, lo + 1, lo + 2, lo + 3, lo + 4]);
    let flush = !ace_low && cards.iter().all(|c| c.suit() == cards[0].suit());
    // High-poker categories: 0 high card … 8 straight flush.
    let category = match (pairs, straight, flush) {
        (_, true, true) => 8,
        (6, ..) => 7,
        (4, ..) => 6,
        (_, false, true) => 5,
        (_, true, false) => 4,
        (3, ..) => 3,
        (2, ..) => 2,
        (1, ..) => 1,
        _ => 0,
    };
    let mult = |r: u8| ranks.iter().filter(|&&x| x == r).count();
    let mut tiebreak = ranks.clone();
    tiebreak.sort_by(|a, b| mult(*b).cmp(&mult(*a)).then(b.cmp(a)));
    let mut key = vec![category];
    key.extend(tiebreak);
    key
}

/// A naive Badugi badness (smaller is better): every subset, kept when no
/// two of its cards share a rank or a suit; the biggest, then the lowest.
fn naive_badugi(cards: &[Card]) -> Vec<u8> {
    let mut best: Option<Vec<u8>> = None;
    for mask in 1..16u32 {
        let sub: Vec<Card> = (0..4)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        let ok = sub.iter().enumerate().all(|(i, a)| {
            sub[i + 1..]
                .iter()
                .all(|b| a.rank() != b.rank() && a.suit() != b.suit())
        });
        if !ok {
            continue;
        }
        let mut ranks: Vec<u8> = sub.iter().map(|&c| rank_in(c, ACE_LOW)).collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        let mut key = vec![4 - sub.len() as u8];
        key.extend(ranks);
        if best.as_ref().map_or(true, |b| key < *b) {
            best = Some(key);
        }
    }
    best.unwrap()
}

fn naive(game: Lowball, cards: &[Card]) -> Vec<u8> {
    match game {
        Lowball::DeuceSeven => naive_low(cards, false),
        Lowball::AceFive => naive_low(cards, true),
        Lowball::Badugi => naive_badugi(cards),
    }
}

/// Checks that `value` (higher wins) orders `hands` as the naive badness
/// does (smaller wins), ties included; returns the distinct classes.
fn same_order(game: Lowball, hands: &[Vec<Card>]) -> usize {
    let mut pairs: Vec<(u32, Vec<u8>)> = hands
        .iter()
        .map(|h| (game.value(h), naive(game, h)))
        .collect();
    pairs.sort();
    let mut classes = 1;
    for w in pairs.windows(2) {
        if w[0].0 == w[1].0 {
            assert_eq!(w[0].1, w[1].1, "{game:?}: one value, two naive classes");
        } else {
            assert!(w[0].1 > w[1].1, "{game:?}: order differs at {w:?}");
            classes += 1;
        }
    }
    classes
}

/// One hand of every five-card class (ranks, and flush or not), with the
/// number of hands of 52 cards in it.
fn five_card_classes() -> Vec<(Vec<Card>, u64)> {
    let mut out = Vec::new();
    let mut count = [0u8; 13];
    fn go(r: usize, left: u8, count: &mut [u8; 13], out: &mut Vec<(Vec<Card>, u64)>) {
        if left == 0 {
            let mut cards = Vec::new();
            let mut weight = 1u64;
            let mut i = 0;
            for (rank, &n) in count.iter().enumerate() {
                for s in 0..n {
                    // Distinct ranks get suits 0,1,2,3,0: never a flush.
                    let suit = if n == 1 { (i % 4) as u8 } else { s };
                    cards.push(Card::new(rank as u8, suit));
                    i += 1;
                }
                weight *= [1, 4, 6, 4, 1][n as usize];
            }
            if count.iter().all(|&n| n <= 1) {
                let suited: Vec<Card> = cards.iter().map(|c| Card::new(c.rank(), 0)).collect();
                out.push((suited, 4));
                weight -= 4;
            }
            out.push((cards, weight));
            return;
        }
        if r == 13 {
            return;
        }
        for n in 0..=left.min(4) {
            count[r] = n;
            go(r + 1, left - n, count, out);
        }
        count[r] = 0;
    }
    go(0, 5, &mut count, &mut out);
    out
}

#[test]
fn deuce_seven_orders_every_class_as_the_rules() {
    let classes = five_card_classes();
    let hands: Vec<Vec<Card>> = classes.iter().map(|(h, _)| h.clone()).collect();
    assert_eq!(same_order(Lowball::DeuceSeven, &hands), 7_462);
    // Hands per category, A-5-4-3-2 being ace high (not a straight).
    let mut by = [0u64; 9];
    for (h, w) in &classes {
        by[naive_low(h, false)[0] as usize] += w;
    }
    assert_eq!(
        by,
        [1_303_560, 1_098_240, 123_552, 54_912, 9_180, 5_112, 3_744, 624, 36]
    );
    let best = allin::card::parse_cards("7d5h4c3s2h").unwrap();
    assert!(hands
        .iter()
        .all(|h| Lowball::DeuceSeven.value(h) <= Lowball::DeuceSeven.value(&best)));
}

#[test]
fn ace_five_orders_every_class_as_the_rules() {
    let hands: Vec<Vec<Card>> = five_card_classes().into_iter().map(|(h, _)| h).collect();
    // Suits never matter: 6,175 rank multisets.
    assert_eq!(same_order(Lowball::AceFive, &hands), 6_175);
    let wheel = allin::card::parse_cards("5h4c3d2sAh").unwrap();
    assert!(hands
        .iter()
        .all(|h| Lowball::AceFive.value(h) <= Lowball::AceFive.value(&wheel)));
}

#[test]
fn badugi_every_four_card_hand() {
    let deck: Vec<Card> = Card::all().collect();
    let mut hands = Vec::with_capacity(270_725);
    let mut badugis = 0;
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    let h = vec![deck[a], deck[b], deck[c], deck[d]];
                    if Lowball::Badugi.value(&h) >> 16 == 4 {
                        badugis += 1;
                    }
                    hands.push(h);
                }
            }
        }
    }
    assert_eq!(hands.len(), 270_725);
    // Dealt pat badugis: 13 × 12 × 11 × 10 (a rank for each suit).
    assert_eq!(badugis, 17_160);
    // Classes: C(13,4) + C(13,3) + C(13,2) + 13.
    assert_eq!(same_order(Lowball::Badugi, &hands), 715 + 286 + 78 + 13);
}

/// Every way to draw, naively: players in turn take every combination
/// of the cards left; the smallest naive badness wins.
fn brute_force(game: Lowball, kept: &[Vec<Card>], dead: &[Card]) -> Tally {
    let size = if game == Lowball::Badugi { 4 } else { 5 };
    let deck: Vec<Card> = Card::all()
        .filter(|c| !dead.contains(c) && kept.iter().all(|k| !k.contains(c)))
        .collect();
    let mut tally = Tally::new(kept.len());
    fn go(
        game: Lowball,
        size: usize,
        p: usize,
        kept: &[Vec<Card>],
        deck: &[Card],
        hands: &mut Vec<Vec<Card>>,
        tally: &mut Tally,
    ) {
        if p == kept.len() {
            let keys: Vec<Vec<u8>> = hands.iter().map(|h| naive(game, h)).collect();
            let best = keys.iter().min().unwrap();
            let winners = (0..keys.len())
                .filter(|&i| keys[i] == *best)
                .fold(0, |m, i| m | 1 << i);
            tally.record(winners, 1);
            return;
        }
        let need = size - kept[p].len();
        let mut idx: Vec<usize> = (0..need).collect();
        loop {
            if need > deck.len() {
                return;
            }
            let mut hand = kept[p].clone();
            hand.extend(idx.iter().map(|&i| deck[i]));
            let rest: Vec<Card> = (0..deck.len())
                .filter(|i| !idx.contains(i))
                .map(|i| deck[i])
                .collect();
            hands.push(hand);
            go(game, size, p + 1, kept, &rest, hands, tally);
            hands.pop();
            // Next combination.
            let Some(k) = (0..need).rev().find(|&k| idx[k] < deck.len() - need + k) else {
                return;
            };
            idx[k] += 1;
            for j in k + 1..need {
                idx[j] = idx[j - 1] + 1;
            }
        }
    }
    go(game, size, 0, kept, &deck, &mut Vec::new(), &mut tally);
    tally
}

fn show(labels: &[String], t: &Tally) -> String {
    let mut out = format!("deals {}", t.showdowns());
    for (p, l) in labels.iter().enumerate() {
        out += &format!(
            "; {l}: win {} tie {} equity {:.6}",
            t.wins(p),
            t.ties(p),
            100.0 * t.equity(p)
        );
    }
    out
}

/// `GAME HAND… [dead CARDS] [board CARDS] [mc TRIALS]`: `-` is a hand with no
/// card kept.
fn run_case(line: &str) -> String {
    let mut words = line.split_whitespace();
    let game: Game = words.next().unwrap().parse().unwrap();
    let (mut hands, mut dead, mut board, mut trials) = (vec![], String::new(), String::new(), 0);
    while let Some(w) = words.next() {
        match w {
            "dead" => dead = words.next().unwrap().into(),
            "board" => board = words.next().unwrap().into(),
            "mc" => trials = words.next().unwrap().parse().unwrap(),
            "-" => hands.push(String::new()),
            h => hands.push(h.to_string()),
        }
    }
    let mut spec = JobSpec::new(&hands, &board, &dead);
    if trials > 0 {
        spec.method = JobMethod::MonteCarlo;
    }
    let job = match game.open(&spec) {
        Ok(job) => job,
        Err(e) => return format!("error: {e}"),
    };
    let lowball = Lowball::of(game).unwrap();
    let players: Vec<&str> = hands.iter().map(String::as_str).collect();
    let draw = DrawJob::parse(lowball, &players, &dead).unwrap();
    let exact = draw.run_all();
    if trials > 0 {
        // Within 4σ of the exact answer, for every player.
        let counts: Vec<u64> = job
            .run_trials(38, 0, trials)
            .iter()
            .map(|&n| n as u64)
            .collect();
        let mc = Tally::from_counts(job.players(), counts).unwrap();
        for p in 0..job.players() {
            let (e, m, s) = (exact.equity(p), mc.equity(p), mc.std_error(p));
            if (e - m).abs() > 4.0 * s {
                return format!(
                    "player {}: {m:.6} ± {s:.6} is not within 4σ of {e:.6}",
                    p + 1
                );
            }
        }
        return format!("within 4σ of the exact answer ({trials} trials)");
    }
    assert!(job.exact(), "{line}: not exact");
    let counts: Vec<u64> = job.run_all().iter().map(|&n| n as u64).collect();
    assert_eq!(counts, exact.by_winners(), "{line}: job and DrawJob");
    // Chunking: 7 strided chunks and two ranges give the same counts.
    let mut strided = Tally::new(job.players());
    for c in 0..7 {
        strided += &draw.run_strided(c, 7);
    }
    assert_eq!(strided, exact, "{line}: strided");
    let half = draw.units() / 2;
    let mut halves = draw.run(0..half);
    halves += &draw.run(half..u64::MAX);
    assert_eq!(halves, exact, "{line}: halves");
    let kept: Vec<Vec<Card>> = hands
        .iter()
        .map(|h| allin::card::parse_cards(h).unwrap_or_default())
        .collect();
    let dead = allin::card::parse_cards(&dead).unwrap_or_default();
    assert_eq!(
        brute_force(lowball, &kept, &dead),
        exact,
        "{line}: brute force"
    );
    show(draw.labels(), &exact)
}

#[test]
fn equity_cases() {
    check_io("draw_cases.txt", run_case);
}

#[test]
fn names() {
    check("draw_hands.txt", |line| {
        let (input, want) = line.split_once(" => ").ok_or("no =>")?;
        let (game, cards) = input.split_once(' ').ok_or("no game")?;
        let game =
            Lowball::of(game.parse().map_err(|e| format!("{e}"))?).ok_or("not a draw game")?;
        let cards = allin::card::parse_cards(cards).map_err(|e| e.to_string())?;
        let d = allin::draw::describe(game, &cards);
        let got = format!(
            "{} [{}]",
            d.name,
            allin::card::format_cards_compact(&d.best)
        );
        if got == want {
            Ok(())
        } else {
            Err(format!("expected {want}, got {got}"))
        }
    });
}
