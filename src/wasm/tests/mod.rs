//! The binding layer, run by `wasm-bindgen-test-runner` in Node and in a
//! dedicated worker in headless Chromium (`cargo xtask test wasm`).

// Each file's tests are gated on the module (Cargo.toml's features) whose
// exports they call; `cargo xtask test` runs them with all.
#[cfg(feature = "wasm-mixed")]
use super::mixed_eval::*;
#[cfg(feature = "wasm-board")]
use super::{board_eval::*, omaha_range::*, short_range::*};
use super::{check::check_texts, estimate::*, eval::*, job::*, range::*, *};
#[cfg(feature = "wasm-extra")]
use super::{
    combos::*, describe::*, detail::*, distribution::*, pot_odds::*, range_formats::*, ranks::*,
    streets::*, strength::*, texture::*, three_card::*,
};
#[cfg(feature = "wasm-core")]
use super::{grid::*, table::*};
use wasm_bindgen_test::wasm_bindgen_test;

use wasm_bindgen::prelude::*;

use crate::card::Card;
use crate::equity::preflop;
use crate::equity::strength::MAX_OPPONENTS;
use crate::equity::Spec;

/// `new Job({players, board, dead, method, table})` from JS values.
fn job_of(
    players: JsValue,
    board: JsValue,
    dead: JsValue,
    method: JsValue,
    table: Option<bool>,
) -> Result<Job, JsValue> {
    let mut fields = vec![
        ("players", players),
        ("board", board),
        ("dead", dead),
        ("method", method),
    ];
    fields.extend(table.map(|t| ("table", JsValue::from(t))));
    Job::new(spec_object("holdem", &fields))
}

/// `check({players, board, dead})` from JS values.
fn check_scenario(players: JsValue, board: JsValue, dead: JsValue) -> Result<JsValue, JsValue> {
    check(spec_object(
        "holdem",
        &[("players", players), ("board", board), ("dead", dead)],
    ))
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn get(value: &JsValue, path: &str) -> JsValue {
    path.split('.').fold(value.clone(), |v, key| {
        let key = match key.parse::<u32>() {
            Ok(i) => JsValue::from(i),
            Err(_) => JsValue::from(key),
        };
        js_sys::Reflect::get(&v, &key).unwrap()
    })
}

fn num(value: &JsValue, path: &str) -> f64 {
    get(value, path).as_f64().unwrap()
}

fn message(err: JsValue) -> String {
    js_sys::Error::from(err).message().into()
}

/// `rank_hands` ranks as `evaluate_hand` does, hand by hand (seeded
/// pseudo-random 5-, 6- and 7-card hands).
#[cfg(all(feature = "wasm-core", feature = "wasm-extra"))]
#[wasm_bindgen_test]
fn rank_hands_matches_evaluate_hand() {
    let mut s = 0x5eed_u64;
    for size in 5..=7usize {
        let mut ids = Vec::new();
        for _ in 0..300 {
            let mut used = 0u64;
            while (used.count_ones() as usize) < size {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                let id = (s % 52) as u8;
                if used >> id & 1 == 0 {
                    used |= 1 << id;
                    ids.push(id);
                }
            }
        }
        let array = js_sys::Uint8Array::from(&ids[..]);
        let ranks = rank_hands(array.into(), size as f64).unwrap().to_vec();
        assert_eq!(ranks.len(), 300);
        for (hand, &rank) in ids.chunks_exact(size).zip(&ranks) {
            let text: Vec<String> = hand
                .iter()
                .map(|&id| Card::from_id(id).unwrap().to_string())
                .collect();
            let one = evaluate_hand(JsValue::from(text.join(" "))).unwrap();
            assert_eq!(num(&one, "rank"), f64::from(rank), "{text:?}");
        }
    }
}

#[cfg(feature = "wasm-core")]
#[wasm_bindgen_test]
fn exact_heads_up_preflop_in_chunks() {
    let job = Job::open(&strings(&["AhKh", "QsQd"]), "", "", "auto", None).unwrap();
    assert!(job.exact());
    assert_eq!(job.players(), 2);
    assert_eq!(job.labels(), ["AhKh", "QsQd"]);
    assert_eq!(job.boards(), 1_712_304);
    let stride = 7;
    let order = [3u32, 0, 6, 1, 5, 2, 4];
    let tallies = job.run_chunks(&order, stride).unwrap();
    assert_eq!(tallies.len(), 7 * 4);
    // Each chunk alone equals run_strided.
    assert_eq!(job.run_strided(6, stride).unwrap(), tallies[8..12]);
    let all = estimate_counts(2, &tallies, stride, true).unwrap();
    assert_eq!(get(&all, "exact").as_bool(), Some(true));
    assert_eq!(num(&all, "showdowns"), 1_712_304.0);
    assert_eq!(num(&all, "players.0.wins"), 787_966.0);
    assert_eq!(num(&all, "players.1.wins"), 917_606.0);
    assert_eq!(num(&all, "players.0.ties"), 6_732.0);
    assert_eq!(num(&all, "players.0.stdError"), 0.0);
    assert!((num(&all, "players.0.equity") - 0.462145).abs() < 5e-7);
    assert_eq!(num(&all, "splits.0.count"), 6_732.0);
    assert_eq!(num(&all, "splits.0.players.1"), 2.0);
    assert_eq!(num(&all, "splitError"), 0.0);
    // Three chunks of seven: an estimate with an error, not exact.
    let part = estimate_counts(2, &tallies[..12], stride, true).unwrap();
    assert_eq!(get(&part, "exact").as_bool(), Some(false));
    assert_eq!(num(&part, "chunks"), 3.0);
    assert_eq!(num(&part, "totalChunks"), 7.0);
    assert!(num(&part, "players.0.stdError") > 0.0);
    // The split pots, all together, with theirs (here one split: the same).
    let total = num(&part, "splitError");
    assert!(
        total > 0.0 && total == num(&part, "splits.0.stdError"),
        "{total}"
    );
}

#[cfg(feature = "wasm-core")]
#[wasm_bindgen_test]
fn flop_counts() {
    let job = Job::open(&strings(&["AhKh", "QsQd"]), "2h 7h Tc", "", "exact", None).unwrap();
    let c = job.total_units();
    let firsts: Vec<u32> = (0..c).collect();
    let tallies = job.run_chunks(&firsts, c).unwrap();
    let r = estimate_counts(2, &tallies, c, true).unwrap();
    assert_eq!(num(&r, "showdowns"), 990.0);
    assert_eq!(num(&r, "players.0.wins"), 539.0);
    assert_eq!(num(&r, "players.1.wins"), 451.0);
    assert!((num(&r, "players.0.equity") - 0.544444).abs() < 1e-6);
}

#[cfg(feature = "wasm-core")]
#[wasm_bindgen_test]
fn monte_carlo_is_reproducible_and_marked_inexact() {
    let job = Job::open(&strings(&["AhKh", "QsQd"]), "", "", "monte-carlo", None).unwrap();
    assert!(!job.exact());
    assert_eq!(job.total_units(), 0);
    let a = job.run_trial_chunks(9, &[0, 1, 2], 5_000).unwrap();
    assert_eq!(a, job.run_trial_chunks(9, &[0, 1, 2], 5_000).unwrap());
    assert_eq!(job.run_trials(9, 1, 5_000).unwrap(), a[4..8]);
    assert_eq!(a.iter().sum::<f64>(), 15_000.0);
    let r = estimate_counts(2, &a, 3, false).unwrap();
    assert_eq!(get(&r, "exact").as_bool(), Some(false));
    let (eq, se) = (num(&r, "players.0.equity"), num(&r, "players.0.stdError"));
    assert!(se > 0.0 && (eq - 0.462145).abs() < 5.0 * se, "{eq} ± {se}");
    assert!(job.run_strided(0, 1).is_err());
}

#[cfg(feature = "wasm-core")]
#[wasm_bindgen_test]
fn errors_name_the_field_and_keep_the_core_message() {
    let cases = [
        (
            &["AhKh", "QsQd"][..],
            "2h 7x",
            "",
            "board",
            "the board: \"7x\": unknown suit 'x' at position 5 (suits are c, d, h, s or ♣ ♦ ♥ ♠)",
        ),
        (
            &["AhKh", "QsQd"][..],
            "2c 3c Kh",
            "",
            "board",
            "duplicate card Kh: in player 1 and in the board",
        ),
        (
            &["AhKh", "QsQd"][..],
            "2c3c",
            "",
            "board",
            "the board must have 0, 3, 4 or 5 cards, got 2",
        ),
        (
            &["AhKh"][..],
            "",
            "",
            "players",
            "need at least 2 players, got 1",
        ),
        (
            &["AhKh", "Qs"][..],
            "",
            "",
            "p2",
            "player 2: expected 2 hole cards, got 1",
        ),
        (
            &["AhKh", "QsQd"][..],
            "",
            "Ah",
            "dead",
            "duplicate card Ah: in player 1 and in the dead cards",
        ),
    ];
    for (players, board, dead, field, want) in cases {
        let err = Job::open(&strings(players), board, dead, "auto", None)
            .err()
            .unwrap();
        assert_eq!(get(&err, "field").as_string().as_deref(), Some(field));
        assert_eq!(message(err), want);
        // check_scenario reports the same, without throwing.
        let check = check_texts(&strings(players), board, dead).unwrap();
        assert_eq!(
            get(&check, "error.field").as_string().as_deref(),
            Some(field)
        );
        assert_eq!(
            get(&check, "error.message").as_string().as_deref(),
            Some(want)
        );
        assert!(get(&check, "method").is_null());
    }
    let err = Job::open(&strings(&["AhKh", "QsQd"]), "", "", "guess", None)
        .err()
        .unwrap();
    assert_eq!(get(&err, "field").as_string().as_deref(), Some("method"));
}

#[cfg(feature = "wasm-core")]
#[wasm_bindgen_test]
fn check_scenario_reads_every_field() {
    let check = check_texts(&strings(&["A♥K♦", "qs qd", "Zz"]), "2h7hTc", "").unwrap();
    assert_eq!(
        get(&check, "players.0.cards.1").as_string().as_deref(),
        Some("Kd")
    );
    assert_eq!(
        get(&check, "players.1.cards.0").as_string().as_deref(),
        Some("Qs")
    );
    assert_eq!(num(&check, "players.2.cards.length"), 0.0);
    assert_eq!(num(&check, "board.cards.length"), 3.0);
    assert_eq!(
        get(&check, "error.field").as_string().as_deref(),
        Some("p3")
    );
    let ok = check_texts(&strings(&["AhKh", "QsQd"]), "", "").unwrap();
    assert!(get(&ok, "error").is_null());
    assert_eq!(get(&ok, "method").as_string().as_deref(), Some("exact"));
    assert_eq!(num(&ok, "boards"), 1_712_304.0);
}

#[cfg(feature = "wasm-core")]
#[wasm_bindgen_test]
fn bad_input_never_panics() {
    for (players, board) in [
        (vec![String::new(); 11], ""),
        (vec!["\u{0}".into(), "♠♠♠".into()], "10h 10h"),
        (vec!["A".into(), "K".into()], "AhKhQhJhTh9h"),
    ] {
        assert!(Job::open(&players.clone(), board, "", "auto", None).is_err());
        assert!(!check_texts(&players, board, "").unwrap().is_undefined());
    }
    // Exact enumeration that cannot be addressed, counted or finished
    // is sampled, forced or not, and says why.
    let four = strings(&["random"; 4]);
    // Asked for exact, it would never end: sampled, saying why.
    let job = Job::open(&four.clone(), "", "", "exact", None).unwrap();
    assert!(!job.exact());
    assert_eq!(
        job.why_sampled().as_deref(),
        Some("too many boards for exact (≈1.3e19 evaluations): Monte Carlo")
    );
    let three = strings(&["random"; 3]);
    let job = Job::open(&three, "", "", "exact", None).unwrap();
    assert!(!job.exact(), "feasible, but 9.6e15 evaluations");
    let job = Job::open(&four, "", "", "auto", None).unwrap();
    assert!(!job.exact());
    assert_eq!(job.total_units(), 0);
    assert_eq!(
        job.run_trials(1, 0, 100).unwrap().iter().sum::<f64>(),
        100.0
    );
    for text in [
        "", "\u{0}", "AK@", "random:2", "0%", "101%", "♠♠", "AhAh", "AA:0",
    ] {
        assert_eq!(
            get(&parse_range_str(text).unwrap(), "ok").as_bool(),
            Some(false),
            "{text:?}"
        );
        // An item of weight 0 is explained, not an error.
        #[cfg(feature = "wasm-extra")]
        {
            let explained = get(&explain_range_str(text).unwrap(), "ok").as_bool();
            assert_eq!(explained, Some(text == "AA:0"), "{text:?}");
        }
        assert!(edit_range_str(text, &strings(&["AKs"]), 1000).is_ok());
        assert!(!check_texts(&strings(&[text, "AhKh"]), "", "")
            .unwrap()
            .is_undefined());
    }
    assert!(edit_range_str("QQ+", &strings(&["AKx"]), 1000).is_err());
    assert!(edit_range_str("QQ+", &strings(&["AKs"]), 1001).is_err());
    assert!(range_top_u32(10_001).is_err());
    assert!(range_top_u32(u32::MAX).is_err());
    assert!(load_preflop_bytes(&[]).is_err());
    for bad in hostile_values() {
        assert!(load_preflop_table(bad).is_err());
    }
    assert!(load_preflop_bytes(b"ALLINHU1\xff\xff\xff\xff").is_err());
    let job = Job::open(&strings(&["AhKh", "QsQd"]), "", "", "auto", None).unwrap();
    assert!(job.run_strided(5, 5).is_err());
    assert!(job.run_chunks(&[0], 0).is_err());
    assert_eq!(job.run_chunks(&[], 3).unwrap(), Vec::<f64>::new());
    for (players, tallies) in [
        (1, vec![1.0, 2.0]),
        (11, vec![0.0; 2048]),
        (2, vec![]),
        (2, vec![1.0, 2.0, 3.0]),
        (2, vec![1.0, -1.0, 0.0, 0.0]),
        (2, vec![0.5, 1.0, 0.0, 0.0]),
        (2, vec![f64::NAN, 1.0, 0.0, 0.0]),
        (2, vec![f64::INFINITY, 1.0, 0.0, 0.0]),
        (2, vec![MAX_COUNT, MAX_COUNT, 0.0, 0.0]),
    ] {
        assert!(
            estimate_counts(players, &tallies, 1, true).is_err(),
            "{tallies:?}"
        );
    }
    // All-zero tallies are fine: nothing counted yet.
    assert!(estimate_counts(2, &[0.0; 4], 1, true).is_ok());
    assert!(pick_combo_str("AXs", &[]).is_err());
    assert_eq!(class_of_str("Ah"), None);
    assert_eq!(class_of_str("Ah Ah"), None);
}

fn js_list(items: &[JsValue]) -> JsValue {
    items.iter().collect::<js_sys::Array>().into()
}

fn texts(items: &[&str]) -> JsValue {
    js_list(
        &items
            .iter()
            .map(|&s| JsValue::from_str(s))
            .collect::<Vec<_>>(),
    )
}

/// Values a careless lookup or a hostile caller hands the exports.
fn hostile_values() -> Vec<JsValue> {
    let object = js_sys::Object::new();
    vec![
        JsValue::UNDEFINED,
        JsValue::NULL,
        JsValue::from_f64(f64::NAN),
        JsValue::from_f64(1e300),
        JsValue::from_bool(true),
        object.clone().into(),
        // What `METHODS["__proto__"]` gives: Object.prototype.
        js_sys::Object::get_prototype_of(&object).into(),
        // `METHODS["constructor"]`, `METHODS["toString"]`: functions.
        object.constructor().into(),
        js_sys::Reflect::get(&object, &"toString".into()).unwrap(),
        js_list(&[JsValue::from_str("AhKh")]),
        js_sys::Symbol::for_("x").into(),
    ]
}

#[cfg(feature = "wasm-board")]
mod board_game;
#[cfg(feature = "wasm-extra")]
mod describe;
#[cfg(feature = "wasm-extra")]
mod detail;
#[cfg(all(
    feature = "wasm-core",
    feature = "wasm-extra",
    feature = "wasm-board",
    feature = "wasm-mixed"
))]
mod errors;
#[cfg(feature = "wasm-extra")]
mod five_card;
#[cfg(feature = "wasm-core")]
mod grid_and_ranges;
#[cfg(all(
    feature = "wasm-core",
    feature = "wasm-extra",
    feature = "wasm-board",
    feature = "wasm-mixed"
))]
mod hostile;
#[cfg(feature = "wasm-extra")]
mod pot_odds;
#[cfg(feature = "wasm-extra")]
mod strength;
#[cfg(feature = "wasm-extra")]
mod texture;
#[cfg(feature = "wasm-extra")]
mod three_card;
