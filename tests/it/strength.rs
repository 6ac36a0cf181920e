//! The 169-class strength table (`src/equity/strength_table.rs`) and the
//! rankings derived from it.

use allin::equity::preflop::PreflopTable;
use allin::equity::strength::{self, VS_RANDOM};
use allin::range::{HandClass, Percent, Range};

fn table() -> PreflopTable {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/www/data/preflop-hu.bin"
    ))
    .unwrap();
    PreflopTable::from_bytes(&bytes).unwrap()
}

fn top(opponents: usize, hundredths: u16) -> (String, u32) {
    let ranking = strength::ranking(opponents);
    let classes = ranking.top(Percent::from_hundredths(hundredths).unwrap());
    let range = Range::from_classes(classes.iter().copied());
    (range.to_string(), range.combo_count())
}

/// What PokerStove and Equilab call the top 10% and 5% (ranking by equity
/// against three random hands).
#[test]
fn standard_top_percent() {
    assert_eq!(
        top(3, 1000),
        ("77+, A9s+, KTs+, QTs+, AJo+, KQo".to_string(), 136)
    );
    assert_eq!(top(3, 500), ("88+, AJs+, KQs, AKo".to_string(), 70));
}

/// The vs-1 column is exact: it equals the table's answer for every class.
#[test]
fn vs_one_is_exact() {
    let t = table();
    for class in HandClass::all() {
        let exact = strength::exact_vs_one(&t, class).unwrap();
        assert_eq!(
            VS_RANDOM[class.index()][0],
            (exact * 1e6).round() as u32,
            "{class}"
        );
    }
    // AKs vs a random hand: 67.04%.
    let aks = HandClass::from_label("AKs").unwrap();
    assert_eq!(strength::vs_random(aks, 1), Some(670_446));
}

#[test]
fn aces_lead_every_column_and_equity_falls_with_opponents() {
    let aa = HandClass::from_label("AA").unwrap();
    for k in 1..=9 {
        assert_eq!(strength::ranking(k).order()[0], aa);
    }
    for class in HandClass::all() {
        let row = VS_RANDOM[class.index()];
        assert!(row.windows(2).all(|w| w[0] > w[1]), "{class}: {row:?}");
    }
}

/// One Monte Carlo cell recomputed with fewer trials lands near the table.
#[test]
fn monte_carlo_spot_check() {
    let class = HandClass::from_label("T9s").unwrap();
    let trials = 40_000;
    let e = strength::monte_carlo_vs(class, 3, trials, 99);
    let table = f64::from(VS_RANDOM[class.index()][2]) / 1e6;
    // Standard error of a 4-way share is below 0.5 / sqrt(trials).
    assert!(
        (e - table).abs() < 4.0 * 0.5 / (trials as f64).sqrt(),
        "{e} vs {table}"
    );
}

// release sweep: ALLIN_EXHAUSTIVE
/// The committed table is exactly what the generator produces.
#[test]
#[ignore = "release sweep: ~1.9 billion Monte Carlo deals, run with --ignored"]
fn strength_table_matches_generator() {
    let t = table();
    let classes: Vec<HandClass> = HandClass::all().collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per = classes.len().div_ceil(threads);
    let rows: Vec<[u32; 9]> = std::thread::scope(|s| {
        let parts: Vec<_> = classes
            .chunks(per)
            .map(|part| {
                let t = &t;
                s.spawn(move || {
                    part.iter()
                        .map(|&c| strength::row(t, c))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        parts.into_iter().flat_map(|p| p.join().unwrap()).collect()
    });
    let fresh = strength::generate_source(&rows);
    let committed = include_str!("../../src/equity/strength_table.rs");
    assert!(
        fresh == committed,
        "src/equity/strength_table.rs is stale: allin table strength --out …"
    );
}
