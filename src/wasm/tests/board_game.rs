//! The Omaha and Short Deck exports: the job in any chunking against the
//! core's whole, Omaha's estimate against the core's numbers, Monte Carlo
//! chunks reproducible, the check's fields.

use super::super::job::{check, spec_object, Job};
use super::super::pot_estimate::*;
use super::{get, num};
use crate::omaha::{Game, OmahaJob};
use crate::short_deck::{Rules, ShortDeckJob};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

fn list(items: &[&str]) -> JsValue {
    items
        .iter()
        .map(|s| JsValue::from(*s))
        .collect::<js_sys::Array>()
        .into()
}

fn job(game: &str, players: &[&str], board: &str, rules: &str, method: &str) -> Job {
    Job::new(spec_object(
        game,
        &[
            ("players", list(players)),
            ("board", board.into()),
            ("rules", rules.into()),
            ("method", method.into()),
        ],
    ))
    .unwrap()
}

/// `check({game, players, board, dead, rules})`.
fn check_board_game(
    game: &str,
    players: JsValue,
    board: JsValue,
    dead: JsValue,
    rules: JsValue,
) -> Result<JsValue, JsValue> {
    check(spec_object(
        game,
        &[
            ("players", players),
            ("board", board),
            ("dead", dead),
            ("rules", rules),
        ],
    ))
}

/// Strided chunks `0..stride`, added up count by count.
fn summed(j: &Job, stride: u32) -> Vec<f64> {
    let firsts: Vec<u32> = (0..stride).collect();
    let all = j.run_chunks(&firsts, stride).unwrap();
    let width = j.counts_width();
    assert_eq!(all.len(), width * stride as usize);
    let mut sum = vec![0.0; width];
    for chunk in all.chunks(width) {
        for (s, n) in sum.iter_mut().zip(chunk) {
            *s += n;
        }
    }
    sum
}

#[wasm_bindgen_test]
fn omaha_hilo_in_any_chunking_equals_the_core() {
    let players = ["As2sKhKd", "Ac2c9h9d"];
    let j = job("omaha-hilo", &players, "3h4c8d", "", "auto");
    assert!(j.exact() && j.hilo() && (j.counts_width() > 4) && !j.ranges());
    let core = OmahaJob::parse(
        Game::from_name("omaha-hilo").unwrap(),
        &players,
        "3h4c8d",
        "",
    )
    .unwrap()
    .run_all();
    let whole: Vec<f64> = core.flat().into_iter().map(|n| n as f64).collect();
    assert_eq!(j.run_strided(0, 1).unwrap(), whole);
    for stride in [2, 7, j.total_units(), 100] {
        assert_eq!(summed(&j, stride), whole, "stride {stride}");
    }
    // The estimate of all chunks is the core's answer, exact.
    let stride = 7;
    let firsts: Vec<u32> = (0..stride).collect();
    let counts = js_sys::Float64Array::from(&j.run_chunks(&firsts, stride).unwrap()[..]);
    let est = pot_estimate(2.0, counts.into(), f64::from(stride), true).unwrap();
    assert!(get(&est, "exact").as_bool().unwrap());
    assert_eq!(num(&est, "showdowns"), core.showdowns() as f64);
    for p in 0..2 {
        assert_eq!(num(&est, &format!("players.{p}.equity")), core.equity(p));
        assert_eq!(num(&est, &format!("players.{p}.stdError")), 0.0);
        assert_eq!(
            num(&est, &format!("players.{p}.wins")),
            core.scoops(p) as f64
        );
        assert_eq!(
            num(&est, &format!("players.{p}.quartered")),
            core.quartered(p) as f64
        );
        assert_eq!(
            num(&est, &format!("players.{p}.lowWins")),
            core.low_wins(p) as f64
        );
        for key in [
            "high",
            "highTies",
            "low",
            "lowTies",
            "quartered",
            "highShare",
            "lowShare",
        ] {
            assert_eq!(num(&est, &format!("players.{p}.{key}Error")), 0.0, "{key}");
        }
        let n = core.showdowns() as f64 * crate::equity::SHARE as f64;
        assert_eq!(
            num(&est, &format!("players.{p}.highShare")),
            core.high_share_units(p) as f64 / n
        );
        assert_eq!(
            num(&est, &format!("players.{p}.lowShare")),
            core.low_share_units(p) as f64 / n
        );
    }
    // Each kind of share adds up across players (low: with no low).
    let sum = |key: &str| {
        (0..2)
            .map(|p| num(&est, &format!("players.{p}.{key}")))
            .sum::<f64>()
    };
    assert!((sum("highShare") - 1.0).abs() < 1e-12);
    assert!((sum("lowShare") + num(&est, "noLowShare") - 1.0).abs() < 1e-12);
    assert!((sum("equity") - 1.0).abs() < 1e-12);
    assert_eq!(num(&est, "noLowError"), 0.0);
    assert_eq!(num(&est, "splitError"), 0.0);
    assert!(core.quartered(0) > 0);
    // Three chunks of seven: each share with an error, but the low: both
    // players hold A2, which makes A-2-3-4-8 with this flop, so every
    // board splits the low, in every chunk alike (no error to estimate).
    let counts = js_sys::Float64Array::from(&j.run_chunks(&firsts[..3], stride).unwrap()[..]);
    let part = pot_estimate(2.0, counts.into(), f64::from(stride), true).unwrap();
    assert!(!get(&part, "exact").as_bool().unwrap());
    for key in ["high", "quartered"] {
        let se = num(&part, &format!("players.0.{key}Error"));
        assert!(se > 0.0 && se < 0.5, "{key}: {se}");
    }
    assert_eq!(num(&part, "players.0.lowTies"), num(&part, "showdowns"));
    assert_eq!(num(&part, "players.0.lowError"), 0.0);
}

#[wasm_bindgen_test]
fn short_deck_chunks_are_tallies_equal_to_the_core() {
    let players = ["6s6h", "7h8h"];
    for (rules, trips) in [("", false), ("trips-beat-straight", true)] {
        let j = job("shortdeck", &players, "6c9dTc", rules, "auto");
        assert!(j.exact() && !j.hilo() && j.counts_width() == 4);
        assert_eq!(j.counts_width(), 4);
        let core = ShortDeckJob::parse(
            Rules {
                trips_beat_straight: trips,
            },
            &players,
            "6c9dTc",
            "",
        )
        .unwrap()
        .run_all();
        let whole: Vec<f64> = core.by_winners().iter().map(|&n| n as f64).collect();
        assert_eq!(summed(&j, 3), whole);
    }
}

#[wasm_bindgen_test]
fn random_hands_are_sampled_reproducibly_with_errors() {
    let j = job("omaha", &["AsAhKsKh", "random", "random"], "", "", "auto");
    assert!(!j.exact() && j.ranges());
    assert_eq!(
        j.why_sampled().as_deref(),
        Some("random hands are sampled (exact needs every hand known)")
    );
    assert_eq!(j.total_units(), 0);
    assert!(j.run_chunks(&[0], 1).is_err());
    let a = j.run_trial_chunks(9, &[0, 1], 2_000).unwrap();
    assert_eq!(a, j.run_trial_chunks(9, &[0, 1], 2_000).unwrap());
    let counts = js_sys::Float64Array::from(&a[..]);
    let est = pot_estimate(3.0, counts.into(), 1.0, false).unwrap();
    assert!(!get(&est, "exact").as_bool().unwrap());
    assert!(get(&est, "reliable").as_bool().unwrap());
    assert_eq!(num(&est, "showdowns"), 4_000.0);
    let se = num(&est, "players.0.stdError");
    assert!(se > 0.0 && se < 0.02, "{se}");
    // Monte Carlo: the binomial error of each share, at least 1 / trials.
    let high = num(&est, "players.0.highWins") + num(&est, "players.0.highTies");
    let share = high / 4_000.0;
    let expected = (share * (1.0 - share) / 3_999.0).sqrt().max(1.0 / 4_000.0);
    assert!((num(&est, "players.0.highError") - expected).abs() < 1e-12);
    // The shares of the halves: a mean of parts (1/k for a tie of k), with
    // the per-trial error (never more than the binomial one of the halves
    // won or split).
    for key in ["highShare", "lowShare"] {
        let se = num(&est, &format!("players.0.{key}Error"));
        assert!((1.0 / 4_000.0..0.02).contains(&se), "{key}: {se}");
    }
    assert!(num(&est, "players.0.highShareError") <= num(&est, "players.0.highError") + 1e-12);
    let high: f64 = (0..3)
        .map(|p| num(&est, &format!("players.{p}.highShare")))
        .sum();
    assert!((high - 1.0).abs() < 1e-12);
    assert!(num(&est, "noLowError") > 0.0);
}

#[wasm_bindgen_test]
fn the_check_reads_every_field() {
    let check = check_board_game(
        "omaha5-hilo",
        list(&["AsAhKsKh2c", "random"]),
        "3c4c5d".into(),
        "9d".into(),
        JsValue::UNDEFINED,
    )
    .unwrap();
    assert!(get(&check, "error").is_null());
    assert!(get(&check, "hilo").as_bool().unwrap());
    assert_eq!(get(&check, "method").as_string().unwrap(), "monte-carlo");
    assert_eq!(num(&check, "players.0.cards.length"), 5.0);
    assert_eq!(num(&check, "board.cards.length"), 3.0);
    assert_eq!(get(&check, "dead.cards.0").as_string().unwrap(), "9d");
}
