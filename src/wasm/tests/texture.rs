//! `range_texture`: the page's breakdown panel, the same numbers as the
//! core and `allin range --board`.

use super::*;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn texture_rows_and_grid_shares() {
    let t = range_texture_str("QQ+, AK, JTs", "QhJh2c", "").unwrap();
    assert_eq!(
        get(&t, "range").as_string().as_deref(),
        Some("QQ+, AKs, JTs, AKo")
    );
    assert_eq!(get(&t, "board").as_string().as_deref(), Some("QhJh2c"));
    assert_eq!(num(&t, "combos"), 34.0);
    assert_eq!(num(&t, "removed"), 4.0);
    assert_eq!(num(&t, "rows.length"), 22.0);
    assert_eq!(get(&t, "rows.5.row").as_string().as_deref(), Some("set"));
    assert_eq!(num(&t, "rows.5.weighted"), 3.0);
    assert!((num(&t, "rows.5.share") - 3.0 / 34.0).abs() < 1e-12);
    assert_eq!(num(&t, "classWeighted.length"), 169.0);
    assert_eq!(num(&t, "classShares.length"), 22.0);
    // QQ (grid index 2 * 13 + 2): all three live combos are sets.
    assert_eq!(num(&t, "classShares.5.28"), 1.0);
    assert_eq!(num(&t, "classWeighted.28"), 3.0);
    // AKs (index 1): 1 of 4 combos has a flush draw.
    assert_eq!(num(&t, "classShares.15.1"), 0.25);
    let err = range_texture_str("AA", "Qh", "").unwrap_err();
    assert_eq!(
        message(err),
        "what a range makes needs a flop or a turn: the board has 1 card, give 3 or 4"
    );
}
