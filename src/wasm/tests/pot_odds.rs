//! Pot odds and range combos through the binding: the numbers are the
//! core's, the messages the core's `Display` written without Rust's float
//! formatting (`pot_odds::message`), and the combos the range's.

use super::*;
use crate::equity::pot_odds::{PotOdds, PotOddsError};

fn get(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).unwrap()
}

#[wasm_bindgen_test]
fn the_binding_writes_the_cores_messages() {
    let values = [
        -5.0,
        -0.0,
        0.0,
        -1e-300,
        -123.456,
        -1e300,
        1e16,
        1.5e16,
        2.5e15,
        1e15 + 1.0,
        123456789e20,
        9.87654321e300,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MAX,
    ];
    for x in values {
        for (pot, call) in [(x, 1.0), (1.0, x)] {
            let err = PotOdds::new(pot, call).unwrap_err();
            assert_eq!(
                crate::wasm::pot_odds::message(&err),
                err.to_string(),
                "{pot} {call}"
            );
        }
    }
    for err in [
        PotOddsError::NotANumber("the pot"),
        PotOddsError::TooSmall("the call"),
        PotOddsError::NotAnAmount("the call", "1\u{200b}0".into()),
        PotOddsError::AmbiguousComma("the pot", "2,500".into()),
    ] {
        assert_eq!(crate::wasm::pot_odds::message(&err), err.to_string());
    }
    for x in [1.0, 10.0, 1e15, 1.5e16, 123.456, 1e300, f64::MAX, 5e-1] {
        assert_eq!(
            exp_text(x),
            if x < 1.0 {
                args::number_text(x)
            } else {
                format!("{x:e}")
            }
        );
    }
}

#[wasm_bindgen_test]
fn pot_odds_are_the_cores() {
    let answer = pot_odds(100.0.into(), "50".into(), 0.5.into()).unwrap();
    let core = PotOdds::new(100.0, 50.0).unwrap();
    assert_eq!(get(&answer, "odds").as_f64(), Some(core.odds()));
    assert_eq!(get(&answer, "needed").as_f64(), Some(core.needed()));
    assert_eq!(get(&answer, "evCall").as_f64(), Some(core.ev_call(0.5)));
    assert_eq!(get(&answer, "kelly").as_f64(), Some(core.kelly(0.5)));
    // Text as typed: the same amounts as the core's own parser reads.
    for text in [
        "2,5",
        "1 000",
        "1_000.25",
        ".5",
        "1e3",
        "0.1",
        "3.3333333333333335",
    ] {
        let answer = pot_odds(text.into(), 1.0.into(), JsValue::UNDEFINED).unwrap();
        let core = crate::equity::pot_odds::parse_amount("the pot", text).unwrap();
        assert_eq!(get(&answer, "pot").as_f64(), Some(core), "{text}");
        assert!(get(&answer, "evCall").is_null());
    }
}

#[cfg(feature = "wasm-extra")]
#[wasm_bindgen_test]
fn range_combos_lists_each_combo_with_its_weight() {
    let answer = range_combos("QQ+, AKs@50".into()).unwrap();
    assert_eq!(get(&answer, "count").as_f64(), Some(22.0));
    assert_eq!(get(&answer, "weighted").as_f64(), Some(20.0));
    let combos: js_sys::Array = get(&answer, "combos").into();
    assert_eq!(combos.length(), 22);
    let halves = combos
        .iter()
        .filter(|c| get(c, "permille").as_f64() == Some(500.0))
        .map(|c| get(&c, "cards").as_string().unwrap())
        .collect::<Vec<_>>();
    assert_eq!(halves.len(), 4);
    assert!(halves
        .iter()
        .all(|c| c.starts_with('A') && c.as_bytes()[1] == c.as_bytes()[3]));
}
