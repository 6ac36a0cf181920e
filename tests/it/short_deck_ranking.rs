//! The short-deck ranking behind `X%` (`src/short_deck/ranking.rs`): the
//! committed table (`ranking_table.rs`) is what the generator gives (some
//! classes recomputed in every run, all 81 in the sweeps, or rewritten with
//! `ALLIN_BLESS=1`), and what `X%` means in a Short Deck range.

use allin::range::{HandClass, Percent, Range};
use allin::short_deck::ranking::{self, short_classes, VS_RANDOM_SHORT};
use allin::short_deck::{Rules, ShortDeckJob};

const TABLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/short_deck/ranking_table.rs"
);

/// `class`'s equity in millionths against one random short-deck hand:
/// [`ranking::TRIALS`] deals seeded [`ranking::class_seed`], its first combo
/// against `random` (what the table holds).
fn equity_vs_random(class: HandClass) -> u32 {
    let [a, b] = class.combos().next().unwrap().cards();
    let hand = format!("{a}{b}");
    let job = ShortDeckJob::parse(Rules::default(), &[&hand, "random"], "", "").unwrap();
    let tally = job.run_trials(ranking::class_seed(class), 0, ranking::TRIALS);
    (tally.equity(0) * 1e6).round() as u32
}

fn all_equities() -> Vec<u32> {
    let classes: Vec<HandClass> = short_classes().collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per = classes.len().div_ceil(threads);
    std::thread::scope(|s| {
        let parts: Vec<_> = classes
            .chunks(per)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|&c| equity_vs_random(c))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        parts.into_iter().flat_map(|p| p.join().unwrap()).collect()
    })
}

/// A few classes recomputed: the same seeded deals give the same numbers.
#[test]
fn short_deck_ranking_spot_check() {
    if std::env::var_os("ALLIN_BLESS").is_some() {
        let fresh = ranking::generate_source(&all_equities());
        std::fs::write(TABLE, fresh).unwrap();
        return;
    }
    assert_eq!(VS_RANDOM_SHORT.len(), 81);
    for label in ["AA", "T9s"] {
        let class = HandClass::from_label(label).unwrap();
        assert_eq!(
            ranking::committed_equity(class),
            Some(equity_vs_random(class)),
            "{label}: src/short_deck/ranking_table.rs is stale (ALLIN_BLESS=1 cargo test --test it short_deck_ranking)"
        );
    }
}

// release sweep: the whole table
#[test]
#[ignore = "release sweep: 32 million short-deck deals (some seconds), run with --ignored"]
fn short_deck_ranking_matches_generator() {
    let fresh = ranking::generate_source(&all_equities());
    let committed = std::fs::read_to_string(TABLE).unwrap();
    assert!(
        fresh == committed,
        "src/short_deck/ranking_table.rs is stale: ALLIN_BLESS=1 cargo test --test it short_deck_ranking"
    );
}

/// What `X%` takes in Short Deck: the ranking's classes until 630 × X%.
#[test]
fn short_deck_top_percent() {
    let r = ranking::short_ranking();
    assert_eq!(r.order().len(), 81);
    assert_eq!(r.order()[0], HandClass::from_label("AA").unwrap());
    let top = |h| {
        let classes = r.top(Percent::from_hundredths(h).unwrap());
        let range = Range::from_classes(classes.iter().copied());
        (range.to_string(), range.combo_count())
    };
    let (_, n) = top(10_000);
    assert_eq!(n, 630);
    let (text, n) = top(1000);
    // 10% of 630 is 63 combos: the classes up to the one passing it.
    assert_eq!((text.as_str(), n), ("TT+, AJs+, KQs, AQo+", 70));
    // A job reads X% with the short-deck ranking.
    let job = ShortDeckJob::parse(Rules::default(), &["10%", "random"], "", "").unwrap();
    assert_eq!(job.deal().labels()[0], text);
}
