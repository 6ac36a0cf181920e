//! Properties over random valid specs (seeded): 2–10 players holding known
//! hands or small ranges, boards of 0, 3, 4 or 5 cards, dead cards; one in
//! six a table of tight, clashing ranges (`AA,KK` × 4 on a turn). Every
//! spec is kept cheap enough to enumerate exactly (its exact cost is
//! bounded), so each property compares against the exact answer:
//!
//! - equities sum to 1: the pot shares of all players add up to every
//!   showdown's pot, exactly, in integers;
//! - swapping seats swaps results: the tally of a permuted table is the
//!   original's with the winner sets permuted;
//! - relabelling suits (a permutation of c, d, h, s applied to every card
//!   and range combo) changes nothing;
//! - any chunking gives the same tally (random cuts, random strides);
//! - Monte Carlo lands within 4σ of exact (σ from the exact distribution;
//!   a run longer than the default widens the bound to keep the chance of
//!   a false alarm over all its comparisons near 1 in 1000).
//!
//! `ALLIN_PROPERTY_CASES=N` sets the specs per property (default
//! [`DEFAULT_CASES`]); each property prints its case count and time.

use crate::check::Rng;
use allin::card::{format_cards_compact, Card};
use allin::equity::{self, Combo, ExactJob, MonteCarlo, Player, Spec, Tally, SHARE};
use allin::range::HandClass;
use std::time::Instant;

/// Specs per property in a default run.
pub const DEFAULT_CASES: usize = 200;
/// Most evaluations one spec's exact enumeration may cost.
const MAX_COST: u64 = 4_000_000;

fn cases() -> usize {
    std::env::var("ALLIN_PROPERTY_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

/// A small range as text: a few classes (pairs, suited, offsuit), maybe
/// weighted, maybe a `+`.
fn small_range(rng: &mut Rng) -> String {
    let items = 1 + rng.below(2);
    (0..items)
        .map(|_| {
            let class = HandClass::all().nth(rng.below(169)).expect("169 classes");
            match rng.below(4) {
                0 => format!("{}:0.5", class.label()),
                1 => format!("{}@25", class.label()),
                _ => class.label(),
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// Tight ranges that clash often (what Monte Carlo must deal without
/// bias): a few players sharing the same few pairs, on a turn or river.
fn tight_spec(rng: &mut Rng) -> Option<Spec> {
    const TIGHT: &[&str] = &["AA,KK", "AA,KK,QQ", "KK,QQ", "AA,AKs", "QQ+,AKs", "AKs,AKo"];
    let n = 2 + rng.below(3);
    let players: Vec<String> = (0..n)
        .map(|_| TIGHT[rng.below(TIGHT.len())].to_string())
        .collect();
    // A board of low cards, so the ranges keep their combos.
    let low: Vec<Card> = rng.cards(52).into_iter().filter(|c| c.rank() < 8).collect();
    let board_n = 4 + rng.below(2);
    let board = format_cards_compact(&low[..board_n]);
    let spec = Spec::parse(&players, &board, "").ok()?;
    (equity::exact_cost(&spec) <= MAX_COST).then_some(spec)
}

/// A random valid spec whose exact enumeration is cheap.
fn random_spec(rng: &mut Rng) -> Spec {
    loop {
        if rng.below(6) == 0 {
            match tight_spec(rng) {
                Some(spec) => return spec,
                None => continue,
            }
        }
        let n = [2, 2, 2, 3, 3, 4, 5, 6, 8, 10][rng.below(10)];
        let board_n = [0, 3, 3, 4, 4, 5][rng.below(6)];
        let dead_n = [0, 0, 1, 2, 4][rng.below(5)];
        let cards = rng.cards(2 * n + board_n + dead_n);
        let players: Vec<String> = (0..n)
            .map(|p| {
                if rng.below(4) == 0 {
                    small_range(rng)
                } else {
                    format_cards_compact(&cards[2 * p..2 * p + 2])
                }
            })
            .collect();
        let board = format_cards_compact(&cards[2 * n..2 * n + board_n]);
        let dead = format_cards_compact(&cards[2 * n + board_n..]);
        let Ok(spec) = Spec::parse(&players, &board, &dead) else {
            continue; // a range clashed with the cards in play: draw again
        };
        if equity::exact_cost(&spec) <= MAX_COST {
            return spec;
        }
    }
}

fn describe(spec: &Spec) -> String {
    let players: Vec<String> = spec
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| p.range.clone().unwrap_or_else(|| spec.player_label(i)))
        .collect();
    format!(
        "{} | board {} | dead {}",
        players.join(" "),
        format_cards_compact(spec.board()),
        format_cards_compact(spec.dead())
    )
}

fn exact(spec: &Spec) -> Tally {
    ExactJob::new(spec, None).run_all()
}

/// Runs `property` on [`cases`] random specs from `seed`, printing the count.
fn for_specs(name: &str, seed: u64, mut property: impl FnMut(&mut Rng, &Spec, &Tally)) {
    let mut rng = Rng::new(seed);
    let started = Instant::now();
    let n = cases();
    for _ in 0..n {
        let spec = random_spec(&mut rng);
        let whole = exact(&spec);
        property(&mut rng, &spec, &whole);
    }
    eprintln!(
        "property {name}: {n} specs in {:.1}s",
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn equities_sum_to_one() {
    for_specs("equities sum to 1", 0x5E_0001, |_, spec, tally| {
        let players = spec.players().len();
        let shares: u128 = (0..players).map(|p| tally.shares(p)).sum();
        assert!(tally.showdowns() > 0, "{}", describe(spec));
        assert_eq!(
            shares,
            u128::from(tally.showdowns()) * u128::from(SHARE),
            "{}",
            describe(spec)
        );
        let total: f64 = (0..players).map(|p| tally.equity(p)).sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}: {}", describe(spec));
    });
}

/// The spec with seat `i` taken by the player of seat `perm[i]`.
fn permuted(spec: &Spec, perm: &[usize]) -> Spec {
    let players = perm.iter().map(|&j| spec.players()[j].clone()).collect();
    Spec::new(players, spec.board().to_vec(), spec.dead().to_vec()).expect("a permuted spec")
}

#[test]
fn swapping_seats_swaps_results() {
    for_specs("swapping seats", 0x5E_0002, |rng, spec, tally| {
        let n = spec.players().len();
        let mut perm: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut perm);
        let swapped = exact(&permuted(spec, &perm));
        for mask in 0..1usize << n {
            // New seat i is old seat perm[i].
            let old = (0..n)
                .filter(|&i| mask & (1 << i) != 0)
                .fold(0, |m, i| m | 1 << perm[i]);
            assert_eq!(
                swapped.by_winners()[mask],
                tally.by_winners()[old],
                "{} permuted {perm:?}, winners {mask:b}",
                describe(spec)
            );
        }
    });
}

/// Every card with its suit mapped through `suits`.
fn relabel(spec: &Spec, suits: &[u8; 4]) -> Spec {
    let card = |c: Card| Card::new(c.rank(), suits[c.suit() as usize]);
    let players = spec
        .players()
        .iter()
        .map(|p| Player {
            combos: p
                .combos
                .iter()
                .map(|c| Combo {
                    cards: c.cards.map(card),
                    weight: c.weight,
                })
                .collect(),
            range: p.range.clone(),
        })
        .collect();
    let board = spec.board().iter().map(|&c| card(c)).collect();
    let dead = spec.dead().iter().map(|&c| card(c)).collect();
    Spec::new(players, board, dead).expect("a relabelled spec")
}

#[test]
fn relabelling_suits_changes_nothing() {
    for_specs("relabelling suits", 0x5E_0003, |rng, spec, tally| {
        let mut suits = [0u8, 1, 2, 3];
        rng.shuffle(&mut suits);
        assert_eq!(
            &exact(&relabel(spec, &suits)),
            tally,
            "{} suits {suits:?}",
            describe(spec)
        );
    });
}

#[test]
fn any_chunking_gives_the_same_tally() {
    for_specs("any chunking", 0x5E_0004, |rng, spec, tally| {
        let job = ExactJob::new(spec, None);
        let n = job.total_units();
        let mut cuts: Vec<u64> = (0..rng.below(6))
            .map(|_| rng.below(n as usize + 1) as u64)
            .collect();
        cuts.extend([0, n]);
        cuts.sort_unstable();
        let mut pieces: Vec<(u64, u64)> = cuts.windows(2).map(|w| (w[0], w[1])).collect();
        rng.shuffle(&mut pieces);
        let mut merged = Tally::new(spec.players().len());
        for (a, b) in pieces {
            merged += &job.run(a, b);
        }
        assert_eq!(&merged, tally, "cuts {cuts:?}: {}", describe(spec));
        let stride = 1 + rng.below(9) as u64;
        let mut merged = Tally::new(spec.players().len());
        for first in 0..stride {
            merged += &job.run_strided(first, stride);
        }
        assert_eq!(&merged, tally, "stride {stride}: {}", describe(spec));
    });
}

#[test]
fn monte_carlo_within_four_sigma_of_exact() {
    const TRIALS: u64 = 20_000;
    // Up to 10 players per spec compared: 4σ, or wider for long runs
    // (a two-sided tail of e^(-t²/2) per comparison, 1/1000 in all).
    let comparisons = (cases() * 10) as f64;
    let bound = if cases() <= DEFAULT_CASES {
        4.0
    } else {
        (2.0 * (comparisons * 1000.0).ln()).sqrt().max(4.0)
    };
    for_specs("Monte Carlo within 4σ", 0x5E_0005, |rng, spec, tally| {
        let seed = rng.next_u64();
        let mc = MonteCarlo::new(spec).run(seed, 0, TRIALS);
        assert_eq!(mc.showdowns(), TRIALS, "{}", describe(spec));
        for p in 0..spec.players().len() {
            // σ of the mean of TRIALS draws from the exact distribution.
            let sigma = tally.std_error(p) * (tally.showdowns() as f64 / TRIALS as f64).sqrt();
            let diff = (mc.equity(p) - tally.equity(p)).abs();
            assert!(
                diff <= bound * sigma + 1e-12,
                "player {}: Monte Carlo {:.5} vs exact {:.5} (σ {sigma:.5}, bound {bound:.1}σ, seed {seed}): {}",
                p + 1,
                mc.equity(p),
                tally.equity(p),
                describe(spec)
            );
        }
    });
}
