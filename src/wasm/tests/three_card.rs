//! The three-card exports: the job in chunks against the whole, the check,
//! the census and the strength update.

use super::super::job::{check, spec_object, Job};
use super::super::three_card::*;
use super::{get, message, num};
use crate::three_card::equity::{ThreeCardJob as Core, ThreeCardSpec};
use crate::three_card::ladder::Deck;
use crate::three_card::Rules;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

fn list(items: &[&str]) -> JsValue {
    items
        .iter()
        .map(|s| JsValue::from(*s))
        .collect::<js_sys::Array>()
        .into()
}

fn job(players: &[&str], rules: &str, method: &str) -> Result<Job, JsValue> {
    Job::new(spec_object(
        "three-card",
        &[
            ("players", list(players)),
            ("rules", rules.into()),
            ("deck", "full".into()),
            ("method", method.into()),
        ],
    ))
}

/// `check({game: "three-card", players, dead, rules, deck, removal})`.
fn check_three_card(
    players: JsValue,
    dead: JsValue,
    rules: JsValue,
    deck: JsValue,
    removal: JsValue,
) -> Result<JsValue, JsValue> {
    check(spec_object(
        "three-card",
        &[
            ("players", players),
            ("dead", dead),
            ("rules", rules),
            ("deck", deck),
            ("removal", removal),
        ],
    ))
}

#[wasm_bindgen_test]
fn trips_against_one_random_hand_in_any_chunking() {
    // 2h2s2d vs random, Zha Jin Hua without the 2-3-5 rule: loses only to
    // the 48 better trips of 18,424 hands.
    let j = job(&["2h2s2d", "random"], "zha-jin-hua", "auto").unwrap();
    assert!(j.exact());
    assert_eq!(j.total_units(), 18_424);
    let whole = j.run_strided(0, 1).unwrap();
    // Mask 1 = the hero alone, 2 = the opponent alone.
    assert_eq!(whole[1], (18_424 - 48) as f64);
    assert_eq!(whole[2], 48.0);
    for stride in [2, 7, 1024] {
        let firsts: Vec<u32> = (0..stride).collect();
        let parts = j.run_chunks(&firsts, stride).unwrap();
        let mut sum = [0f64; 4];
        for (i, n) in parts.iter().enumerate() {
            sum[i % 4] += n;
        }
        assert_eq!(sum.to_vec(), whole, "stride {stride}");
    }
    assert!(j.run_trial_chunks(1, &[0], 10).unwrap().len() == 4);
}

#[wasm_bindgen_test]
fn the_job_counts_what_the_core_counts() {
    let players = ["2h2d3s", "30%", "random"];
    let j = job(&players, "teen-patti", "auto").unwrap();
    assert!(j.exact());
    let spec = ThreeCardSpec::build(&players, "", Rules::teen_patti(), Deck::Full, true).unwrap();
    let core = Core::new(spec).unwrap();
    let want: Vec<f64> = core
        .run_all()
        .by_winners()
        .iter()
        .map(|&n| n as f64)
        .collect();
    assert_eq!(j.run_strided(0, 1).unwrap(), want);
    assert_eq!(j.labels(), vec!["2h2d3s", "30%", "random"]);
    // Beyond three players: Monte Carlo, saying why; chunks refused.
    let mc = job(&["AhKhQh", "random", "random", "random"], "casino", "auto").unwrap();
    assert!(!mc.exact());
    assert_eq!(mc.total_units(), 0);
    assert!(mc.why_sampled().unwrap().contains("Monte Carlo"));
    assert!(mc.run_chunks(&[0], 1).is_err());
    let t = mc.run_trial_chunks(3, &[0, 1], 1_000).unwrap();
    assert_eq!(t.len(), 32);
    assert_eq!(t.iter().sum::<f64>(), 2_000.0);
}

#[wasm_bindgen_test]
fn errors_name_their_field() {
    let field = |e: JsValue| get(&e, "field").as_string().unwrap();
    let e = job(&["2h2s", "random"], "casino", "auto").err().unwrap();
    assert_eq!(field(e.clone()), "p1");
    assert!(message(e).contains("3 cards"), "three cards expected");
    let e = job(&["2h2s2d", "2h3h4h"], "casino", "auto").err().unwrap();
    assert_eq!(field(e), "p2");
    let e = job(&["2h2s2d", "150%"], "casino", "auto").err().unwrap();
    assert_eq!(field(e), "p2");
    let six = ["random"; 7];
    assert_eq!(field(job(&six, "casino", "auto").err().unwrap()), "players");
    assert_eq!(
        field(job(&six[..2], "nope", "auto").err().unwrap()),
        "rules"
    );
}

#[wasm_bindgen_test]
fn the_check_reads_fields_like_check_scenario() {
    let c = check_three_card(
        list(&["2h2s2d", "10%"]),
        "".into(),
        "zha-jin-hua-235".into(),
        "full".into(),
        true.into(),
    )
    .unwrap();
    assert!(get(&c, "error").is_null());
    assert_eq!(get(&c, "players.0.cards.2").as_string().unwrap(), "2d");
    assert_eq!(get(&c, "players.1.range").as_string().unwrap(), "10%");
    let combos = num(&c, "players.1.combos");
    assert!(combos > 1_500.0 && combos <= 2_210.0, "{combos}");
    assert_eq!(num(&c, "players.1.share"), 10.0);
    assert_eq!(get(&c, "method").as_string().unwrap(), "exact");
    let short = check_three_card(
        list(&["random"; 7]),
        "".into(),
        "casino".into(),
        "short".into(),
        true.into(),
    )
    .unwrap();
    assert_eq!(get(&short, "error.field").as_string().unwrap(), "players");
}

#[wasm_bindgen_test]
fn census_and_strength() {
    let c = three_card_census("casino".into(), "short".into()).unwrap();
    assert_eq!(num(&c, "hands"), 2_024.0);
    assert_eq!(
        get(&c, "categories.0.name").as_string().unwrap(),
        "StraightFlush"
    );
    assert_eq!(num(&c, "categories.0.count"), 16.0);
    assert_eq!(num(&c, "cards.length"), 24.0);
    assert_eq!(get(&c, "cards.0").as_string().unwrap(), "9c");
    let s = three_card_strength(
        "random".into(),
        "raise".into(),
        100.0,
        "casino".into(),
        "full".into(),
    )
    .unwrap();
    assert_eq!(get(&s, "text").as_string().unwrap(), "@200");
    let s = three_card_strength(
        "@22000".into(),
        "won-started".into(),
        100.0,
        "casino".into(),
        "full".into(),
    )
    .unwrap();
    assert_eq!(num(&s, "index"), 22_099.0);
}
