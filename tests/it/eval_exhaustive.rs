//! The fast Hold'em evaluator held to the reference (`reference.rs`) and to
//! the published category counts.
//!
//! Default run: every 5-card hand, a seeded sample of 7-, 6- and 5-card hands,
//! incremental building in any card order, `census::holdem5`.
//! Release sweeps (`cargo test --release --test it -- --ignored`): every 6-
//! and 7-card hand (the 7-card ones also through `evaluate_many`),
//! `census::holdem7`.

use crate::check::Rng;
use crate::reference::reference;
use allin::card::{format_cards, parse_cards};
use allin::eval::{census, evaluate, evaluate_many, Category, Hand, HandRank};
use allin::Card;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Five-card hands per category, weakest first (high card … straight flush).
const COUNTS5: [u64; 9] = [
    1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40,
];

/// Seven-card hands per category, weakest first.
const COUNTS7: [u64; 9] = [
    23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584,
];

fn deck() -> Vec<Card> {
    Card::all().collect()
}

/// Collects the first few mismatches and counts them all.
#[derive(Default)]
struct Mismatches {
    count: u64,
    examples: Vec<String>,
}

impl Mismatches {
    fn add(&mut self, cards: &[Card], fast: u16, reference: u16) {
        self.count += 1;
        if self.examples.len() < 10 {
            self.examples.push(format!(
                "{}: fast {fast} ({:?}), reference {reference}",
                format_cards(cards),
                HandRank::from_value(fast).map(HandRank::category)
            ));
        }
    }

    fn merge(&mut self, other: Mismatches) {
        self.count += other.count;
        for e in other.examples {
            if self.examples.len() < 10 {
                self.examples.push(e);
            }
        }
    }

    fn assert_none(&self, what: &str) {
        assert!(
            self.count == 0,
            "{what}: {} mismatches, first ones:\n{}",
            self.count,
            self.examples.join("\n")
        );
    }
}

fn tally(counts: &mut [u64; 9], value: u16) {
    // An out-of-range category shows up as a count mismatch, not a panic.
    if let Some(c) = counts.get_mut(usize::from(value >> 12)) {
        *c += 1;
    }
}

#[test]
fn category_names_and_encoding() {
    let names: Vec<&str> = Category::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(
        names,
        [
            "HighCard",
            "Pair",
            "TwoPair",
            "Trips",
            "Straight",
            "Flush",
            "FullHouse",
            "Quads",
            "StraightFlush"
        ]
    );
    for (i, c) in Category::ALL.into_iter().enumerate() {
        assert_eq!(c as usize, i);
        assert_eq!(Category::from_name(c.name()), Some(c));
        assert_eq!(
            HandRank::from_value((i as u16) << 12).unwrap().category(),
            c
        );
    }
    // Issue 12: HandRank(u16::MAX).category() panicked; values are checked.
    assert_eq!(HandRank::from_value(u16::MAX), None);
    assert_eq!(HandRank::from_value(9 << 12), None);
    assert_eq!(HandRank::from_value(1277), None);
    assert_eq!(
        HandRank::from_value(1276).map(HandRank::category),
        Some(Category::HighCard)
    );
    assert_eq!(
        HandRank::from_value(8 << 12 | 9).map(HandRank::category),
        Some(Category::StraightFlush)
    );
    assert_eq!(HandRank::from_value(8 << 12 | 10), None);
    assert_eq!(Category::HighCard.label(), "High card");
    assert_eq!(Category::StraightFlush.label(), "Straight flush");
    let royal = evaluate(&parse_cards("As Ks Qs Js Ts").unwrap());
    assert_eq!(royal.value(), 32777);
    assert_eq!(royal.category(), Category::StraightFlush);
}

/// (a) Every 5-card hand: fast == reference (exact values, so order too),
/// the memoised reference == the direct one, category counts, 7,462 values.
#[test]
fn five_card_every_hand() {
    let r = reference();
    let d = deck();
    let mut counts = [0u64; 9];
    let mut seen = vec![false; 1 << 16];
    let mut bad = Mismatches::default();
    let mut memo_bad = Mismatches::default();
    for a in 0..48 {
        for b in a + 1..49 {
            for c in b + 1..50 {
                for e in c + 1..51 {
                    for f in e + 1..52 {
                        let cards = [d[a], d[b], d[c], d[e], d[f]];
                        let fast = evaluate(&cards).value();
                        let naive = r.rank5_naive(cards);
                        if fast != naive {
                            bad.add(&cards, fast, naive);
                        }
                        let memo = r.rank5(cards);
                        if memo != naive {
                            memo_bad.add(&cards, memo, naive);
                        }
                        tally(&mut counts, fast);
                        seen[usize::from(fast)] = true;
                    }
                }
            }
        }
    }
    bad.assert_none("5-card fast vs reference");
    memo_bad.assert_none("5-card reference memo vs direct scoring");
    assert_eq!(counts, COUNTS5);
    assert_eq!(counts.iter().sum::<u64>(), 2_598_960);
    assert_eq!(seen.iter().filter(|&&s| s).count(), 7_462);
}

/// (d) A seeded sample of random hands: fast == reference, and every way of
/// building the hand (slice, incremental in a shuffled order, the 7-card
/// ones all at once with `evaluate_many`) agrees.
#[test]
fn random_hands_match_reference() {
    let r = reference();
    let mut rng = Rng::new(0x5EED_0007);
    let mut bad = Mismatches::default();
    let mut order_bad = Vec::new();
    let mut batch = Batch::new();
    let mut batch_bad = Mismatches::default();
    for i in 0..200_000 {
        let n = [7, 7, 7, 6, 5][i % 5];
        let mut cards = rng.cards(n);
        let want = r.best(&cards).unwrap_or(u16::MAX);
        let fast = evaluate(&cards).value();
        if fast != want {
            bad.add(&cards, fast, want);
        }
        let from_cards = Hand::from_cards(&cards).evaluate().value();
        if let Ok(seven) = <[Card; 7]>::try_from(&cards[..]) {
            batch.push(seven, want, &mut batch_bad);
        }
        rng.shuffle(&mut cards);
        let added = cards
            .iter()
            .fold(Hand::new(), |h, &c| h.add(c))
            .evaluate()
            .value();
        if from_cards != fast || added != fast {
            order_bad.push(format!(
                "{}: evaluate {fast}, from_cards {from_cards}, add in this order {added}",
                format_cards(&cards)
            ));
        }
    }
    batch.check(&mut batch_bad);
    bad.assert_none("random hands, fast vs reference");
    batch_bad.assert_none("random 7-card hands, evaluate_many vs reference");
    assert!(
        order_bad.is_empty(),
        "{}",
        order_bad[..order_bad.len().min(10)].join("\n")
    );
}

/// Incremental building: every permutation of a few 7-card hands gives the
/// same rank, and so does every prefix once it has 5 cards.
#[test]
fn incremental_any_order() {
    let r = reference();
    for text in [
        "As Ks Qs Js Ts 2c 3d",
        "5c 4d 3h 2s Ac Ad Kh",
        "2c 2d 2h 3s 3c 3d 9h",
        "7h 8h 9h Th Jh Qh Kh",
        "Ac Ad Ah As Kc Kd Kh",
        "2c 3c 4c 5c 7d 8h 9s",
    ] {
        let cards = parse_cards(text).unwrap();
        let want = r.best(&cards).unwrap();
        // Heap's algorithm over all 5,040 orders.
        let mut perm = cards.clone();
        let mut c = [0usize; 7];
        let check = |p: &[Card]| {
            let mut h = Hand::new();
            for (k, &card) in p.iter().enumerate() {
                h = h.add(card);
                if k >= 4 {
                    let prefix = r.best(&p[..=k]).unwrap();
                    assert_eq!(h.evaluate().value(), prefix, "{}", format_cards(&p[..=k]));
                }
            }
            assert_eq!(h.evaluate().value(), want, "{}", format_cards(p));
        };
        check(&perm);
        let mut i = 1;
        while i < 7 {
            if c[i] < i {
                perm.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
                check(&perm);
                c[i] += 1;
                i = 1;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
    }
}

#[test]
fn census_holdem5() {
    assert_eq!(census::holdem5(), COUNTS5);
    assert_eq!(census::distinct5(), 7_462);
}

/// (b) Every 6-card hand against the best-of-6 reference.
// release sweep: ALLIN_EXHAUSTIVE
#[test]
#[ignore = "release sweep: cargo test --release --test it -- --ignored"]
fn six_card_every_hand() {
    let start = Instant::now();
    let r = reference();
    let d = deck();
    let mut bad = Mismatches::default();
    let mut counts = [0u64; 9];
    let mut c = [d[0]; 6];
    for i0 in 0..47 {
        c[0] = d[i0];
        let h0 = Hand::new().add(c[0]);
        for i1 in i0 + 1..48 {
            c[1] = d[i1];
            let h1 = h0.add(c[1]);
            for i2 in i1 + 1..49 {
                c[2] = d[i2];
                let h2 = h1.add(c[2]);
                for i3 in i2 + 1..50 {
                    c[3] = d[i3];
                    let h3 = h2.add(c[3]);
                    for i4 in i3 + 1..51 {
                        c[4] = d[i4];
                        let h4 = h3.add(c[4]);
                        for &card in &d[i4 + 1..] {
                            c[5] = card;
                            let fast = h4.add(c[5]).evaluate().value();
                            let want = r.best6_sorted(&c);
                            if fast != want {
                                bad.add(&c, fast, want);
                            }
                            tally(&mut counts, fast);
                        }
                    }
                }
            }
        }
    }
    bad.assert_none("6-card fast vs reference");
    assert_eq!(counts.iter().sum::<u64>(), 20_358_520);
    eprintln!("six_card_every_hand: {:.1?}", start.elapsed());
}

/// Hands queued for [`evaluate_many`], each with the rank it must get;
/// checked 4,096 at a time (mismatches go to the caller's `Mismatches`).
struct Batch {
    hands: Vec<[Card; 7]>,
    want: Vec<u16>,
    ranks: Vec<HandRank>,
}

impl Batch {
    const SIZE: usize = 4096;

    fn new() -> Batch {
        Batch {
            hands: Vec::with_capacity(Batch::SIZE),
            want: Vec::with_capacity(Batch::SIZE),
            ranks: vec![HandRank::MIN; Batch::SIZE],
        }
    }

    fn push(&mut self, hand: [Card; 7], want: u16, bad: &mut Mismatches) {
        self.hands.push(hand);
        self.want.push(want);
        if self.hands.len() == Batch::SIZE {
            self.check(bad);
        }
    }

    fn check(&mut self, bad: &mut Mismatches) {
        let ranks = &mut self.ranks[..self.hands.len()];
        evaluate_many(&self.hands, ranks);
        for ((hand, &want), got) in self.hands.iter().zip(&self.want).zip(ranks.iter()) {
            if got.value() != want {
                bad.add(hand, got.value(), want);
            }
        }
        self.hands.clear();
        self.want.clear();
    }
}

/// (c) Every 7-card hand: fast == best-of-21 reference, and `evaluate_many`
/// == fast. Two threads claim first cards from a shared counter. (The
/// category counts are checked once, by `census_holdem7`.)
// release sweep: ALLIN_EXHAUSTIVE
#[test]
#[ignore = "release sweep: cargo test --release --test it -- --ignored"]
fn seven_card_every_hand() {
    let start = Instant::now();
    let r = reference();
    let d = deck();
    let next_first = AtomicUsize::new(0);
    let total = Mutex::new((0u64, Mismatches::default(), Mismatches::default()));
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let mut hands = 0u64;
                let mut bad = Mismatches::default();
                let mut batch = Batch::new();
                let mut batch_bad = Mismatches::default();
                let mut c = [d[0]; 7];
                loop {
                    let i0 = next_first.fetch_add(1, Ordering::Relaxed);
                    if i0 >= 46 {
                        break;
                    }
                    c[0] = d[i0];
                    let h0 = Hand::new().add(c[0]);
                    for i1 in i0 + 1..47 {
                        c[1] = d[i1];
                        let h1 = h0.add(c[1]);
                        for i2 in i1 + 1..48 {
                            c[2] = d[i2];
                            let h2 = h1.add(c[2]);
                            for i3 in i2 + 1..49 {
                                c[3] = d[i3];
                                let h3 = h2.add(c[3]);
                                for i4 in i3 + 1..50 {
                                    c[4] = d[i4];
                                    let h4 = h3.add(c[4]);
                                    for i5 in i4 + 1..51 {
                                        c[5] = d[i5];
                                        let h5 = h4.add(c[5]);
                                        for &card in &d[i5 + 1..] {
                                            c[6] = card;
                                            let fast = h5.add(c[6]).evaluate().value();
                                            let want = r.best7_sorted(&c);
                                            if fast != want {
                                                bad.add(&c, fast, want);
                                            }
                                            batch.push(c, fast, &mut batch_bad);
                                            hands += 1;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                batch.check(&mut batch_bad);
                let mut t = total.lock().unwrap_or_else(|e| e.into_inner());
                t.0 += hands;
                t.1.merge(bad);
                t.2.merge(batch_bad);
            });
        }
    });
    let (hands, bad, batch_bad) = total.into_inner().unwrap_or_else(|e| e.into_inner());
    bad.assert_none("7-card fast vs best-of-21 reference");
    batch_bad.assert_none("7-card evaluate_many vs fast");
    assert_eq!(hands, 133_784_560);
    eprintln!("seven_card_every_hand: {:.1?}", start.elapsed());
}

/// The 7-card category counts, checked once: the library's own census
/// (incremental enumeration), which `allin census --game holdem7` prints.
// release sweep: ALLIN_EXHAUSTIVE
#[test]
#[ignore = "release sweep: cargo test --release --test it -- --ignored"]
fn census_holdem7() {
    let start = Instant::now();
    assert_eq!(census::holdem7(), COUNTS7);
    eprintln!("census_holdem7: {:.1?}", start.elapsed());
}
