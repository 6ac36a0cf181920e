//! Values that are not what an export expects, huge input, and numbers in messages.

use super::*;
use wasm_bindgen_test::wasm_bindgen_test;

/// Issue 11, finding 3: `method=__proto__` handed `Object.prototype` to
/// the `&str` glue, which called the allocator with undefined sizes and
/// trapped ("memory access out of bounds"). Every export taking text
/// now checks its values: a clear error (or an error in the answer for
/// those documented never to throw), never a trap.
#[wasm_bindgen_test]
fn exports_refuse_values_that_are_not_text() {
    let players = texts(&["AhKh", "QsQd"]);
    let empty = JsValue::from_str("");
    let auto = JsValue::from_str("auto");
    for bad in hostile_values() {
        let what = format!("{bad:?}");
        let err = job_of(
            players.clone(),
            empty.clone(),
            empty.clone(),
            bad.clone(),
            None,
        )
        .err()
        .unwrap();
        assert_eq!(
            get(&err, "field").as_string().as_deref(),
            Some("method"),
            "{what}"
        );
        let err = job_of(
            players.clone(),
            bad.clone(),
            empty.clone(),
            auto.clone(),
            None,
        )
        .err()
        .unwrap();
        assert_eq!(
            get(&err, "field").as_string().as_deref(),
            Some("board"),
            "{what}"
        );
        assert!(message(err).starts_with("the board: expected text, got "));
        let check = check_scenario(players.clone(), empty.clone(), bad.clone()).unwrap();
        assert_eq!(
            get(&check, "error.field").as_string().as_deref(),
            Some("dead"),
            "{what}"
        );
        let check = check_scenario(
            js_list(std::slice::from_ref(&bad)),
            empty.clone(),
            empty.clone(),
        )
        .unwrap();
        assert_eq!(
            get(&check, "error.field").as_string().as_deref(),
            Some("p1"),
            "{what}"
        );
        if !js_sys::Array::is_array(&bad) {
            let check = check_scenario(bad.clone(), empty.clone(), empty.clone()).unwrap();
            assert_eq!(
                get(&check, "error.field").as_string().as_deref(),
                Some("players"),
                "{what}"
            );
        }
        assert_eq!(
            get(&parse_range(bad.clone()).unwrap(), "ok").as_bool(),
            Some(false)
        );
        assert_eq!(
            get(&explain_range(bad.clone()).unwrap(), "ok").as_bool(),
            Some(false)
        );
        assert!(
            edit_range(bad.clone(), texts(&["AKs"]), 1000.0).is_err(),
            "{what}"
        );
        assert!(edit_range(empty.clone(), js_list(std::slice::from_ref(&bad)), 1000.0).is_err());
        assert!(evaluate_hand(bad.clone()).is_err(), "{what}");
        assert!(evaluate_three_card(bad.clone(), JsValue::from_str("casino")).is_err());
        assert!(evaluate_three_card(JsValue::from_str("Ah 2c 3d"), bad.clone()).is_err());
        assert!(pick_combo(bad.clone(), texts(&[])).is_err(), "{what}");
        assert_eq!(class_of(bad.clone()), None);
        assert!(estimate(2.0, bad.clone(), 1.0, true).is_err(), "{what}");
    }
    let err = check_scenario(JsValue::from_f64(3.0), empty.clone(), empty.clone()).unwrap();
    assert_eq!(
        get(&err, "error.message").as_string().as_deref(),
        Some("the players: expected a list of texts, got a number")
    );
    let proto = hostile_values().swap_remove(6);
    let err = job_of(players.clone(), empty.clone(), empty.clone(), proto, None)
        .err()
        .unwrap();
    assert_eq!(message(err), "the method: expected text, got an object");
    // An unknown method as text is quoted, escapes and all.
    let err = job_of(
        players,
        empty.clone(),
        empty,
        "__proto__\u{1b}[31m".into(),
        None,
    )
    .err()
    .unwrap();
    assert_eq!(
        message(err),
        "unknown method \"__proto__\\u{1b}[31m\" (methods are auto, exact, monte-carlo)"
    );
}

#[wasm_bindgen_test]
fn numbers_in_errors_are_written_as_rust_writes_them() {
    let mut cases = vec![
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
        -1.0,
        0.5,
        1e300,
        1e-7,
        1.5e-7,
        1e21,
        1.2e22,
        123_456_789_012_345_680_000.0,
        4_294_967_298.0,
        0.1 + 0.2,
        f64::MIN_POSITIVE,
        5e-324,
        f64::MAX,
        -f64::MAX,
        1000.25,
        2.5,
    ];
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..2_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        cases.push(f64::from_bits(x));
        cases.push((x % 1_000_000) as f64 / 1000.0);
    }
    for n in cases {
        // As Rust writes it, but infinity as JS does (`Infinity`, not `inf`).
        let rust = format!("{n}").replace("inf", "Infinity");
        assert_eq!(args::number_text(n), rust, "{:?}", n.to_bits());
    }
    assert_eq!(
        message(range_top(0.5).unwrap_err()),
        "the top hundredths of a percent: 0.5 is not a whole number from 0 to 10000"
    );
}

#[wasm_bindgen_test]
fn exports_refuse_huge_and_hidden_input_clearly() {
    let huge = JsValue::from_str(&"A".repeat(args::MAX_TEXT as usize + 1));
    let empty = JsValue::from_str("");
    let err = evaluate_hand(huge.clone()).unwrap_err();
    assert_eq!(
        message(err),
        "the hand: too long (100001 characters; at most 100000)"
    );
    let check = check_scenario(texts(&["AhKh", "QsQd"]), huge.clone(), empty.clone()).unwrap();
    assert_eq!(
        get(&check, "error.field").as_string().as_deref(),
        Some("board")
    );
    assert!(job_of(
        js_list(std::slice::from_ref(&huge)),
        empty.clone(),
        empty.clone(),
        "auto".into(),
        None
    )
    .is_err());
    assert_eq!(
        get(&parse_range(huge.clone()).unwrap(), "ok").as_bool(),
        Some(false)
    );
    // Long text within the limit: parsed, and the error quotes it short.
    let long = "Ah".repeat(20_000);
    let check = check_scenario(texts(&[&long, "QsQd"]), empty.clone(), empty.clone()).unwrap();
    let message = get(&check, "error.message").as_string().unwrap();
    assert!(message.len() < 200, "{message}");
    for text in [
        "\u{0}",
        "\u{1b}[2J",
        "\u{200b}",
        "\u{feff}AhKh",
        "__proto__",
        "constructor",
        "toString",
        "hasOwnProperty",
        "valueOf",
    ] {
        let v = JsValue::from_str(text);
        assert!(
            !check_scenario(js_list(&[v.clone(), v.clone()]), v.clone(), v.clone())
                .unwrap()
                .is_undefined()
        );
        let _ = job_of(
            js_list(&[v.clone(), "AhKh".into()]),
            v.clone(),
            empty.clone(),
            v.clone(),
            None,
        );
        let _ = evaluate_hand(v.clone());
        let _ = evaluate_three_card(v.clone(), v.clone());
        let _ = pick_combo(v.clone(), js_list(std::slice::from_ref(&v)));
        let _ = class_of(v.clone());
        assert!(get(&parse_range(v.clone()).unwrap(), "ok")
            .as_bool()
            .is_some());
        let _ = explain_range(v.clone()).unwrap();
        let _ = edit_range(v.clone(), js_list(std::slice::from_ref(&v)), 500.0);
    }
    // Numbers that are not what they should be.
    for n in [f64::NAN, f64::INFINITY, -1.0, 0.5, 1e300, 4_294_967_298.0] {
        assert!(range_top(n).is_err(), "{n}");
        assert!(edit_range("QQ+".into(), texts(&["AKs"]), n).is_err(), "{n}");
        let counts = js_sys::Float64Array::from(&[1.0, 2.0, 3.0, 4.0][..]);
        assert!(
            estimate(n, counts.clone().into(), 1.0, true).is_err(),
            "{n}"
        );
        assert!(estimate(2.0, counts.into(), n, true).is_err(), "{n}");
    }
    let too_many = js_sys::Float64Array::new_with_length(MAX_TALLY_COUNTS + 4);
    assert!(estimate(2.0, too_many.into(), 1.0, true).is_err());
    let plain = js_list(&[1.0.into(), 2.0.into(), "x".into(), 4.0.into()]);
    assert!(estimate(2.0, plain, 1.0, true).is_err());
    let plain = js_list(&[1.0.into(), 2.0.into(), 3.0.into(), 4.0.into()]);
    assert!(estimate(2.0, plain, 1.0, true).is_ok());
    assert!(pick_combo("AKs".into(), JsValue::from_f64(f64::NAN)).is_err());
    let used = js_sys::Array::new_with_length(args::MAX_LIST + 1);
    assert!(pick_combo("AKs".into(), used.into()).is_err());
}

/// Issue 11, finding 1: three `random` players cost 9,587,631,835,493,712
/// evaluations, which serde refused to turn into a JS number, so
/// `check_scenario` threw. Now the cost is text, the answer says why it
/// samples, and a job of 3, 6 or 10 random players or 6 ranges opens as
/// Monte Carlo under "auto".
#[wasm_bindgen_test]
fn huge_scenarios_are_checked_and_sampled() {
    let empty = JsValue::from_str("");
    for players in [
        vec!["random"; 3],
        vec!["random"; 6],
        vec!["random"; 10],
        vec!["10%"; 6],
    ] {
        let n = players.len();
        let check = check_scenario(texts(&players), empty.clone(), empty.clone()).unwrap();
        assert!(get(&check, "error").is_null(), "{players:?}");
        assert_eq!(
            get(&check, "method").as_string().as_deref(),
            Some("monte-carlo")
        );
        let cost = get(&check, "cost").as_string().unwrap();
        assert!(cost.parse::<u64>().unwrap() > 2_000_000_000, "{cost}");
        let why = get(&check, "whySampled").as_string().unwrap();
        assert!(why.starts_with("too many boards for exact (≈"), "{why}");
        let job = job_of(
            texts(&players),
            empty.clone(),
            empty.clone(),
            "auto".into(),
            None,
        )
        .unwrap();
        assert!(!job.exact());
        assert_eq!(job.why_sampled(), Some(why));
        assert!(!job.cost_at_most(4e6) && !job.cost_at_most(f64::NAN));
        let counts = job.run_trials(1, 0, 2_000).unwrap();
        assert_eq!(counts.len(), 1 << n);
        let r = estimate_counts(n, &counts, 1, false).unwrap();
        assert_eq!(get(&r, "reliable").as_bool(), Some(true));
        let sum: f64 = (0..n)
            .map(|p| num(&r, &format!("players.{p}.equity")))
            .sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
        // Asked for by name: Monte Carlo, no reason needed.
        let job = job_of(
            texts(&players),
            empty.clone(),
            empty.clone(),
            "monte-carlo".into(),
            None,
        )
        .unwrap();
        assert_eq!(job.why_sampled(), None);
    }
    let three = check_scenario(texts(&["random"; 3]), empty.clone(), empty.clone()).unwrap();
    assert_eq!(
        get(&three, "cost").as_string().as_deref(),
        Some("9587631835493712")
    );
    assert_eq!(
        get(&three, "whySampled").as_string().as_deref(),
        Some("too many boards for exact (≈9.6e15 evaluations): Monte Carlo")
    );
    let ok = check_scenario(texts(&["AhKh", "QsQd"]), empty.clone(), empty).unwrap();
    assert!(get(&ok, "whySampled").is_null());
    assert_eq!(get(&ok, "cost").as_string().as_deref(), Some("3424608"));
}
