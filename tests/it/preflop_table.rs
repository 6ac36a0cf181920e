//! The shipped heads-up preflop table (`www/data/preflop-hu.bin`): its keys
//! are exactly the canonical matchups, its counts agree with enumeration,
//! and range jobs answered from it equal range jobs enumerated.

use crate::check::Rng;
use allin::card::{parse_exact, Card};
use allin::equity::preflop::{self, PreflopTable};
use allin::equity::{Combo, Exact, Player, RangeExact, Spec, Tally};
use std::sync::Arc;

fn table_bytes() -> Vec<u8> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/www/data/preflop-hu.bin");
    std::fs::read(path).expect("www/data/preflop-hu.bin (allin table preflop-hu --out …)")
}

fn table() -> Arc<PreflopTable> {
    Arc::new(PreflopTable::from_bytes(&table_bytes()).expect("valid table"))
}

fn hand(s: &str) -> [Card; 2] {
    let c = parse_exact(s, 2).unwrap();
    [c[0], c[1]]
}

fn enumerate(h1: [Card; 2], h2: [Card; 2]) -> (u64, u64, u64) {
    let spec = Spec::new(vec![Player::known(h1), Player::known(h2)], vec![], vec![]).unwrap();
    let t = Exact::new(&spec).run_all();
    (t.wins(0), t.wins(1), t.ties(0))
}

#[test]
fn keys_are_the_canonical_matchups() {
    let t = table();
    assert_eq!(t.len(), 47_008);
    // Every canonical matchup answers (in both seatings).
    for (_, h1, h2) in preflop::canonical_matchups() {
        let a = t.lookup(h1, h2).expect("listed");
        let b = t.lookup(h2, h1).expect("listed");
        assert_eq!((a.0, a.1, a.2), (b.1, b.0, b.2));
        assert_eq!(a.0 + a.1 + a.2, preflop::HEADS_UP_BOARDS);
    }
}

#[test]
fn reference_matchup() {
    assert_eq!(
        table().lookup(hand("AhKh"), hand("QsQd")),
        Some((787_966, 917_606, 6_732))
    );
}

/// Random matchups, in random seats and suits, against enumeration.
#[test]
fn spot_checks_against_enumeration() {
    let t = table();
    let mut rng = Rng::new(0x4E_AD5);
    let n = if cfg!(debug_assertions) { 6 } else { 200 };
    for _ in 0..n {
        let c = rng.cards(4);
        let (h1, h2) = ([c[0], c[1]], [c[2], c[3]]);
        assert_eq!(
            t.lookup(h1, h2),
            Some(enumerate(h1, h2)),
            "{h1:?} vs {h2:?}"
        );
    }
}

// release sweep: ALLIN_EXHAUSTIVE
/// The whole table, regenerated from scratch by enumeration, is identical.
#[test]
#[ignore = "release sweep: ~47,000 preflop enumerations, run with --ignored"]
fn regenerates_identically() {
    let matchups = preflop::canonical_matchups();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per = matchups.len().div_ceil(threads);
    let records: Vec<(u32, u32, u32)> = std::thread::scope(|s| {
        let parts: Vec<_> = matchups
            .chunks(per)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|&(key, h1, h2)| {
                            let (w, t) = preflop::solve(h1, h2);
                            (key, w, t)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        parts.into_iter().flat_map(|p| p.join().unwrap()).collect()
    });
    assert!(
        preflop::encode(&records) == table_bytes(),
        "www/data/preflop-hu.bin is stale"
    );
}

fn range(label: &str, hands: &[&str]) -> Player {
    Player::range(
        label,
        hands
            .iter()
            .map(|h| Combo {
                cards: hand(h),
                weight: 1,
            })
            .collect(),
    )
}

/// A range job answered from the table equals the same job enumerated.
#[test]
fn table_and_enumeration_agree_on_ranges() {
    let p1 = range("AKs", &["AhKh", "AsKs"]);
    let mut p2 = range("QQ:weighted", &["QsQd", "QhQc", "QhQs"]);
    p2.combos[2].weight = 3;
    let spec = Spec::new(vec![p1, p2], vec![], vec![]).unwrap();
    let with = RangeExact::new(&spec, Some(table()));
    let without = RangeExact::new(&spec, None);
    assert!(with.uses_table() && !without.uses_table());
    assert_eq!(with.run_all(), without.run_all());
}

/// AhKh against every other hand: the table answers, exactly.
#[test]
fn hand_vs_random() {
    let t = table();
    let hero = hand("AhKh");
    let others: Vec<Combo> = Card::all()
        .flat_map(|a| Card::all().map(move |b| (a, b)))
        .filter(|&(a, b)| a < b && ![a, b].contains(&hero[0]) && ![a, b].contains(&hero[1]))
        .map(|(a, b)| Combo {
            cards: [a, b],
            weight: 1,
        })
        .collect();
    assert_eq!(others.len(), 1225);
    let spec = Spec::new(
        vec![Player::known(hero), Player::range("random", others)],
        vec![],
        vec![],
    )
    .unwrap();
    let job = RangeExact::new(&spec, Some(t));
    let tally: Tally = job.run_all();
    assert_eq!(tally.showdowns(), 1225 * preflop::HEADS_UP_BOARDS);
    // Known figure: AKs vs a random hand is about 67.0%.
    assert!(
        (tally.equity(0) - 0.670).abs() < 0.002,
        "{}",
        tally.equity(0)
    );
}
