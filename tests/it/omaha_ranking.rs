//! The Omaha ranking behind `X%` (`src/omaha/range/ranking.rs`): the
//! committed equities (`ranking_table.rs`) are what the engine gives (some
//! classes recomputed in every run, all 16,432 in the sweeps, or rewritten
//! with `ALLIN_BLESS=1`); and a reference for `X%` written here (classes by
//! the smallest suit renaming, not the parser's key), used by
//! `omaha_range.rs`'s brute force.

use allin::card::{Card, CardSet};
use allin::omaha::range::for_each_hand;
use allin::omaha::range::ranking::{self, omaha_ranking, EQUITY};
use allin::omaha::{Game, OmahaJob};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

const TABLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/omaha/range/ranking_table.rs"
);

/// A class's equity in basis points: its first hand against one random
/// hand, [`ranking::TRIALS`] deals seeded [`ranking::class_seed`].
fn equity_of(class: usize, hand: [Card; 4]) -> u16 {
    let text: String = hand.iter().map(|c| c.to_string()).collect();
    let game = Game::new(4, false).unwrap();
    let job = OmahaJob::parse(game, &[&text, "random"], "", "").unwrap();
    let counts = job.run_trials(ranking::class_seed(class), 0, ranking::TRIALS);
    (counts.equity(0) * 10_000.0).round() as u16
}

fn all_equities() -> Vec<u16> {
    equities(&(0..omaha_ranking().classes()).collect::<Vec<_>>())
}

/// The equities of `classes`, recomputed on every core.
fn equities(classes: &[usize]) -> Vec<u16> {
    let r = omaha_ranking();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per = classes.len().div_ceil(threads);
    std::thread::scope(|s| {
        let parts: Vec<_> = classes
            .chunks(per)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|&c| equity_of(c, r.first_hand(c)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        parts.into_iter().flat_map(|p| p.join().unwrap()).collect()
    })
}

/// Some classes recomputed: the same seeded deals give the same numbers.
#[test]
fn omaha_ranking_spot_check() {
    if std::env::var_os("ALLIN_BLESS").is_some() {
        std::fs::write(TABLE, ranking::generate_source(&all_equities())).unwrap();
        return;
    }
    let r = omaha_ranking();
    assert_eq!(EQUITY.len(), ranking::CLASSES);
    for class in [0, 7_777, ranking::CLASSES - 1] {
        assert_eq!(
            EQUITY[class],
            equity_of(class, r.first_hand(class)),
            "class {class}: src/omaha/range/ranking_table.rs is stale (ALLIN_BLESS=1 cargo test --test it omaha_ranking_spot)"
        );
    }
}

// release sweep: every eighth class of the table (the whole takes 82
// million deals, over a minute on two cores: the bless regenerates it all)
#[test]
#[ignore = "release sweep: 10 million Omaha deals, run with --ignored"]
fn omaha_ranking_matches_generator() {
    let classes: Vec<usize> = (0..ranking::CLASSES).step_by(8).collect();
    let fresh = equities(&classes);
    for (&class, &equity) in classes.iter().zip(&fresh) {
        assert_eq!(
            EQUITY[class], equity,
            "class {class}: src/omaha/range/ranking_table.rs is stale: ALLIN_BLESS=1 cargo test --test it omaha_ranking_spot"
        );
    }
}

/// The reference: every hand's class number (first appearance in card-id
/// order, classes by the smallest of the 24 suit renamings of the sorted
/// hand), and the classes best first by the committed equity.
struct Reference {
    class: HashMap<[u8; 4], usize>,
    order: Vec<usize>,
    /// Per class, its place in `order`.
    place: Vec<usize>,
    sizes: Vec<u64>,
}

fn smallest_renaming(h: &[Card]) -> [u8; 4] {
    static PERMS: OnceLock<Vec<[u8; 4]>> = OnceLock::new();
    let perms = PERMS.get_or_init(|| {
        let mut out = Vec::new();
        for n in 0..256u32 {
            let p = [n & 3, n >> 2 & 3, n >> 4 & 3, n >> 6 & 3].map(|x| x as u8);
            if (0..4).all(|i| (i + 1..4).all(|j| p[i] != p[j])) {
                out.push(p);
            }
        }
        out
    });
    let mut best = [u8::MAX; 4];
    for perm in perms {
        let mut ids = [0u8; 4];
        for (id, x) in ids.iter_mut().zip(h) {
            *id = x.rank() * 4 + perm[usize::from(x.suit())];
        }
        ids.sort_unstable();
        best = best.min(ids);
    }
    best
}

fn reference() -> &'static Reference {
    static REF: OnceLock<Reference> = OnceLock::new();
    REF.get_or_init(|| {
        let mut class = HashMap::new();
        let mut sizes = Vec::new();
        for_each_hand(4, CardSet::EMPTY, |h| {
            let n = class.len();
            let c = *class.entry(smallest_renaming(h)).or_insert(n);
            if c == sizes.len() {
                sizes.push(0);
            }
            sizes[c] += 1;
        });
        let mut order: Vec<usize> = (0..sizes.len()).collect();
        order.sort_by_key(|&c| (std::cmp::Reverse(EQUITY[c]), c));
        let mut place = vec![0; order.len()];
        for (p, &c) in order.iter().enumerate() {
            place[c] = p;
        }
        Reference {
            class,
            order,
            place,
            sizes,
        }
    })
}

/// How many of the best classes the top `hundredths` / 100 % takes
/// (classes best first while the hands taken are below that share of
/// 270,725).
fn cutoff(hundredths: u64) -> usize {
    let r = reference();
    let target = hundredths * 270_725;
    let (mut taken, mut n) = (0u64, 0);
    while n < r.order.len() && taken * 10_000 < target {
        taken += r.sizes[r.order[n]];
        n += 1;
    }
    n
}

/// Whether a hand is in the top `hundredths` / 100 %.
pub fn in_top(h: &[Card], hundredths: u64) -> bool {
    static CUTOFFS: OnceLock<Mutex<HashMap<u64, usize>>> = OnceLock::new();
    let n = *CUTOFFS
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(hundredths)
        .or_insert_with(|| cutoff(hundredths));
    let r = reference();
    r.place[r.class[&smallest_renaming(h)]] < n
}

#[test]
fn reference_classes_agree() {
    let r = reference();
    assert_eq!(r.sizes.len(), ranking::CLASSES);
    let ours = omaha_ranking();
    for c in (0..ranking::CLASSES).step_by(97) {
        let h = ours.first_hand(c);
        assert_eq!(r.class[&smallest_renaming(&h)], c);
        assert_eq!(u64::from(ours.size(c)), r.sizes[c]);
    }
}
