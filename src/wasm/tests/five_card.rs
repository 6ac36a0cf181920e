//! The five-card exports: the job in chunks against the core's whole, the
//! Project Euler showdown, the check's showdown and fields.

use super::super::job::{check, spec_object, Job};
use super::{get, message, num};
use crate::five_card::FiveCardJob as Core;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

fn list(items: &[&str]) -> JsValue {
    items
        .iter()
        .map(|s| JsValue::from(*s))
        .collect::<js_sys::Array>()
        .into()
}

fn job(players: &[&str], dead: &str, method: &str) -> Result<Job, JsValue> {
    Job::new(spec_object(
        "five-card",
        &[
            ("players", list(players)),
            ("dead", dead.into()),
            ("method", method.into()),
        ],
    ))
}

/// `check({game: "five-card", players, dead})`.
fn check_five_card(players: JsValue, dead: JsValue) -> Result<JsValue, JsValue> {
    check(spec_object(
        "five-card",
        &[("players", players), ("dead", dead)],
    ))
}

#[wasm_bindgen_test]
fn partial_hands_in_any_chunking_equal_the_core() {
    let players = ["AhAdKc7d", "QsQhJc"];
    let j = job(&players, "2c", "auto").unwrap();
    assert!(j.exact() && j.ranges());
    let core = Core::parse(&players, "2c").unwrap();
    let whole: Vec<f64> = core
        .run_all()
        .by_winners()
        .iter()
        .map(|&n| n as f64)
        .collect();
    // 44 cards left: 44 for the first hand × C(43, 2) for the second.
    assert_eq!(whole.iter().sum::<f64>(), (44 * 903) as f64);
    assert_eq!(j.cost(), (44 * 903).to_string());
    assert_eq!(j.total_units(), 44);
    assert_eq!(j.run_strided(0, 1).unwrap(), whole);
    for stride in [2, 5, 44, 100] {
        let firsts: Vec<u32> = (0..stride).collect();
        let parts = j.run_chunks(&firsts, stride).unwrap();
        let mut sum = [0f64; 4];
        for (i, n) in parts.iter().enumerate() {
            sum[i % 4] += n;
        }
        assert_eq!(sum.to_vec(), whole, "stride {stride}");
    }
    let mc = job(&players, "2c", "monte-carlo").unwrap();
    assert!(!mc.exact());
    assert_eq!(mc.total_units(), 0);
    assert!(mc.run_strided(0, 1).is_err());
    let trials = mc.run_trial_chunks(7, &[0, 1], 500).unwrap();
    assert_eq!(trials.len(), 8);
    assert_eq!(trials.iter().sum::<f64>(), 1000.0);
}

#[wasm_bindgen_test]
fn project_euler_first_row_player_two_wins_one_showdown() {
    // 5H 5C 6S 7S KD (pair of fives) vs 2C 3S 8S 8D TD (pair of eights).
    let players = ["5H 5C 6S 7S KD", "2C 3S 8S 8D TD"];
    let j = job(&players, "", "auto").unwrap();
    assert!(j.exact() && !j.ranges());
    assert_eq!(j.total_units(), 1);
    // Mask 2: player 2 alone.
    assert_eq!(j.run_strided(0, 1).unwrap(), vec![0.0, 0.0, 1.0, 0.0]);
    let check = check_five_card(list(&players), "".into()).unwrap();
    assert!(get(&check, "error").is_null());
    assert_eq!(get(&check, "method").as_string().unwrap(), "exact");
    assert_eq!(num(&check, "showdown.winners.0"), 1.0);
    assert_eq!(
        js_sys::Array::from(&get(&check, "showdown.winners")).length(),
        1
    );
    assert_eq!(
        get(&check, "showdown.hands.0.label").as_string().unwrap(),
        "Pair"
    );
    assert!(get(&check, "showdown.hands.1.name")
        .as_string()
        .unwrap()
        .contains("eights"));
}

#[wasm_bindgen_test]
fn the_check_reads_partial_hands_and_says_what_is_wrong() {
    let check = check_five_card(list(&["AhAdKc7d", "QsQhJc", "random"]), "".into()).unwrap();
    assert!(get(&check, "error").is_null());
    assert!(get(&check, "showdown").is_null());
    assert_eq!(get(&check, "method").as_string().unwrap(), "monte-carlo");
    assert!(get(&check, "whySampled")
        .as_string()
        .unwrap()
        .contains("Monte Carlo"));
    assert_eq!(num(&check, "missing.0"), 1.0);
    assert_eq!(num(&check, "missing.2"), 5.0);
    assert_eq!(get(&check, "players.1.cards.2").as_string().unwrap(), "Jc");
    let bad = check_five_card(list(&["AhAdKc7d", "QsQhAh"]), "".into()).unwrap();
    assert_eq!(get(&bad, "error.field").as_string().unwrap(), "p2");
    assert_eq!(
        get(&bad, "error.message").as_string().unwrap(),
        "Ah is in player 1 and in player 2"
    );
    let dead = check_five_card(list(&["AhAd", "random"]), "Ad".into()).unwrap();
    assert_eq!(get(&dead, "error.field").as_string().unwrap(), "dead");
    let err = job(&["AhAdKc7d2s3s", "random"], "", "auto").err().unwrap();
    assert!(message(err).contains("at most 5"));
    // 20 million+ deals are sampled by default but may be asked for exactly.
    let big = job(&["random", "random"], "", "auto").unwrap();
    assert!(!big.exact() && big.why_sampled().is_some());
}
