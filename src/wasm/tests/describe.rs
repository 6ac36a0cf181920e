//! The evaluator page's exports (`describe.rs`): names, best five,
//! standing, three-card rules as a form, deals.

use super::*;
use wasm_bindgen_test::wasm_bindgen_test;

fn s(value: &JsValue, path: &str) -> String {
    get(value, path).as_string().unwrap_or_default()
}

#[wasm_bindgen_test]
fn describes_holdem_hands() {
    let d = describe_hand(JsValue::from_str("Ah Kh 7c 7d 2s 9h Qc")).unwrap();
    assert_eq!(s(&d, "name"), "Pair of sevens, ace-king-queen kickers");
    assert_eq!(s(&d, "best"), "7d 7c Ah Kh Qc");
    assert_eq!(s(&d, "category"), "Pair");
    assert_eq!(get(&d, "inBest.4").as_bool(), Some(false));
    assert_eq!(get(&d, "inBest.0").as_bool(), Some(true));
    assert_eq!(get(&d, "ordinal").as_f64(), Some(4_866.0));
    assert_eq!(
        s(&d, "standing"),
        "4,866th best of 7,462 distinct five-card ranks"
    );
    assert_eq!(
        s(&d, "share"),
        "58,627,800 of the 133,784,560 seven-card hands (43.8%)"
    );
    let err = describe_hand(JsValue::from_str("As Kx")).err().unwrap();
    assert!(message(err).contains("unknown suit 'x'"));
    let err = describe_hand(JsValue::NULL).err().unwrap();
    assert_eq!(message(err), "the hand: expected text, got null");
}

#[wasm_bindgen_test]
fn describes_three_card_hands_under_rules() {
    let casino = describe_three_card("4c5d6h".into(), "casino".into()).unwrap();
    let zjh = describe_three_card("4c5d6h".into(), "zha-jin-hua-235".into()).unwrap();
    assert_eq!(s(&casino, "name"), "Straight, six-high");
    assert_eq!(get(&casino, "ordinal").as_f64(), Some(34.0));
    assert_eq!(get(&zjh, "ordinal").as_f64(), Some(308.0));
    let t = describe_three_card("2c3d5h".into(), "zha-jin-hua-235".into()).unwrap();
    assert!(s(&t, "note").contains("beats any three of a kind"));
    let err = describe_three_card("AsKsQs".into(), "poker".into())
        .err()
        .unwrap();
    assert!(message(err).starts_with("unknown rules \"poker\""));
    let form = three_card_rules("teen-patti".into()).unwrap();
    assert_eq!(s(&form, "preset"), "teen-patti");
    assert_eq!(s(&form, "ladder.0.name"), "Trips");
    assert_eq!(s(&form, "options.2.value"), "second");
    let custom = three_card_rules("casino,a23=highest".into()).unwrap();
    assert!(get(&custom, "preset").is_null());
    assert_eq!(s(&custom, "spec"), "casino,a23=highest");
    assert_eq!(
        s(&get(&holdem_ladder().unwrap(), "0"), "name"),
        "StraightFlush"
    );
}

#[wasm_bindgen_test]
fn deals_and_names_the_winners() {
    let d = deal_hands(
        4.0,
        7.0,
        "holdem".into(),
        "".into(),
        1.0,
        2.0,
        JsValue::UNDEFINED,
    )
    .unwrap();
    assert_eq!(s(&d, "seed"), "0000000100000002");
    let hands = js_sys::Array::from(&get(&d, "hands"));
    assert_eq!(hands.length(), 4);
    let best = (0..4)
        .map(|i| get(&d, &format!("hands.{i}.rank")).as_f64().unwrap())
        .fold(0.0, f64::max);
    for i in 0..4 {
        let rank = get(&d, &format!("hands.{i}.rank")).as_f64().unwrap();
        let winner = get(&d, &format!("hands.{i}.winner")).as_bool().unwrap();
        assert_eq!(winner, rank == best);
    }
    let again = deal_hands(
        4.0,
        7.0,
        "holdem".into(),
        "".into(),
        1.0,
        2.0,
        JsValue::UNDEFINED,
    )
    .unwrap();
    assert_eq!(s(&again, "hands.0.cards"), s(&d, "hands.0.cards"));
    let err = deal_hands(
        8.0,
        7.0,
        "holdem".into(),
        "".into(),
        0.0,
        0.0,
        JsValue::UNDEFINED,
    )
    .err()
    .unwrap();
    assert!(message(err).starts_with("8 players: deal to 2 to 7 players"));
    let err = deal_hands(
        2.0,
        3.0,
        "omaha".into(),
        "".into(),
        0.0,
        0.0,
        JsValue::UNDEFINED,
    )
    .err()
    .unwrap();
    assert!(message(err).starts_with("unknown game \"omaha\""));
    let err = deal_hands(
        2.0,
        5.0,
        "holdem".into(),
        "".into(),
        -1.0,
        0.0,
        JsValue::UNDEFINED,
    )
    .err()
    .unwrap();
    assert!(message(err).starts_with("the seed's high half: -1 is not"));
    let t = deal_hands(
        10.0,
        3.0,
        "three-card".into(),
        "zha-jin-hua-235".into(),
        0.0,
        9.0,
        JsValue::UNDEFINED,
    )
    .unwrap();
    assert_eq!(js_sys::Array::from(&get(&t, "hands")).length(), 10);
    // Dead cards are never dealt; too many leave too few for every hand.
    for seed in 0..50 {
        let d = deal_hands(
            9.0,
            5.0,
            "holdem".into(),
            "".into(),
            0.0,
            f64::from(seed),
            "AsKd7c2h".into(),
        )
        .unwrap();
        let hands = js_sys::Array::from(&get(&d, "hands"));
        for h in hands.iter() {
            let cards = s(&h, "cards");
            for dead in ["As", "Kd", "7c", "2h"] {
                assert!(!cards.contains(dead), "seed {seed}: {cards}");
            }
        }
    }
    let err = deal_hands(
        10.0,
        5.0,
        "holdem".into(),
        "".into(),
        0.0,
        1.0,
        "AsKd7c".into(),
    )
    .unwrap_err();
    assert!(message(err).contains("only 49 are left"));
    assert_eq!(s(&t, "rules"), "zha-jin-hua-235");
    assert_eq!(deal_max_players(7.0).unwrap(), 7);
}
