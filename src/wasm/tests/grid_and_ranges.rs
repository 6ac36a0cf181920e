//! The grid, the deck, the preflop table and ranges, as the page uses them.

use super::*;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn grid_and_deck_come_from_the_engine() {
    let classes = hand_classes().unwrap();
    assert_eq!(num(&classes, "length"), 169.0);
    assert_eq!(get(&classes, "1.label").as_string().as_deref(), Some("AKs"));
    assert_eq!(
        get(&classes, "13.label").as_string().as_deref(),
        Some("AKo")
    );
    assert_eq!(
        get(&classes, "13.kind").as_string().as_deref(),
        Some("offsuit")
    );
    assert_eq!(num(&classes, "13.row"), 1.0);
    assert_eq!(num(&classes, "13.col"), 0.0);
    assert!((num(&classes, "0.vsRandom") - 0.852).abs() < 1e-3);
    assert_eq!(
        get(&classes, "1.name").as_string().as_deref(),
        Some("Ace King suited")
    );
    assert_eq!(num(&classes, "168.combos"), 6.0);
    let deck = deck().unwrap();
    assert_eq!(num(&deck, "length"), 52.0);
    assert_eq!(get(&deck, "51.code").as_string().as_deref(), Some("As"));
    assert_eq!(num(&deck, "51.rankIndex"), 12.0);
    assert_eq!(pick_combo_str("aks", &[]).unwrap(), "AsKs");
    assert_eq!(
        pick_combo_str("AKs", &strings(&["As", "Kh", "junk"])).unwrap(),
        "AdKd"
    );
    let err = pick_combo_str("AA", &strings(&["As", "Ah", "Ad"])).unwrap_err();
    assert_eq!(message(err), "every AA combo uses a card already taken");
    assert_eq!(class_of_str("Kh Ah").as_deref(), Some("AKs"));
    assert_eq!(class_of_str("7c2d").as_deref(), Some("72o"));
    assert_eq!(warm_up(), 1_713_294.0);
}

#[wasm_bindgen_test]
fn the_old_evaluator_still_answers() {
    let hand = evaluate_hand_str("As Ks Qs Js Ts").unwrap();
    assert_eq!(
        get(&hand, "category").as_string().as_deref(),
        Some("StraightFlush")
    );
    let err = evaluate_hand_str("As Ks").unwrap_err();
    assert_eq!(message(err), "expected 5 to 7 cards, got 2");
    assert_eq!(num(&categories().unwrap(), "length"), 9.0);
}

/// The committed heads-up preflop table, as the page fetches it.
const TABLE: &[u8] = include_bytes!("../../../www/data/preflop-hu.bin");

fn unload_table() {
    PREFLOP.with(|t| *t.borrow_mut() = None);
}

fn run_all(job: &Job) -> JsValue {
    let c = job.total_units();
    let firsts: Vec<u32> = (0..c).collect();
    let tallies = job.run_chunks(&firsts, c).unwrap();
    estimate_counts(job.players(), &tallies, c, true).unwrap()
}

#[wasm_bindgen_test]
fn range_jobs_are_exact_with_the_preflop_table() {
    unload_table();
    assert!(!preflop_table_loaded());
    let qq_tt = strings(&["QQ+", "TT+"]);
    // Without the table: exact over every deal of the ranges (its 540
    // deals grouped by the ranks held, a unit per multiset of five board
    // ranks: `ranged/shared.rs`), still affordable.
    let job = Job::open(&qq_tt.clone(), "", "", "auto", None).unwrap();
    assert!(job.exact() && job.ranges() && job.table_fits() && !job.uses_table());
    assert_eq!(job.total_units(), 6_175);
    assert_eq!(job.labels(), ["QQ+", "TT+"]);
    // A planner that had the table cannot be matched: refused.
    let err = Job::open(&qq_tt.clone(), "", "", "auto", Some(true))
        .err()
        .unwrap();
    assert_eq!(get(&err, "field").as_string().as_deref(), Some("table"));
    let check = check_texts(&qq_tt.clone(), "", "").unwrap();
    assert_eq!(get(&check, "tableFits").as_bool(), Some(true));
    assert_eq!(get(&check, "tableLoaded").as_bool(), Some(false));

    assert_eq!(load_preflop_bytes(TABLE).unwrap(), 47_008);
    assert!(preflop_table_loaded());
    let check = check_texts(&qq_tt.clone(), "", "").unwrap();
    assert_eq!(get(&check, "tableLoaded").as_bool(), Some(true));
    assert_eq!(get(&check, "method").as_string().as_deref(), Some("exact"));
    assert_eq!(get(&check, "cost").as_string().as_deref(), Some("540")); // lookups, clashing pairs included
    for table in [None, Some(true)] {
        let job = Job::open(&qq_tt.clone(), "", "", "auto", table).unwrap();
        assert!(job.exact() && job.uses_table());
        assert_eq!(job.total_units(), 18, "a unit is one of player 1's combos");
        let r = run_all(&job);
        assert_eq!(get(&r, "exact").as_bool(), Some(true));
        assert_eq!(num(&r, "players.0.wins"), 484_876_704.0);
        assert_eq!(num(&r, "players.1.wins"), 252_971_328.0);
        assert_eq!(num(&r, "players.0.ties"), 32_688_768.0);
        assert_eq!(num(&r, "showdowns"), 450.0 * 1_712_304.0);
        assert!((num(&r, "players.0.equity") - 0.650483).abs() < 5e-7);
    }
    // Asked not to: the table-less plan again.
    let job = Job::open(&qq_tt, "", "", "auto", Some(false)).unwrap();
    assert!(!job.uses_table());
    assert_eq!(job.total_units(), 6_175);

    // A hand against a range: one unit, 1,225 lookups.
    let job = Job::open(&strings(&["AhKh", "random"]), "", "", "auto", None).unwrap();
    assert!(job.uses_table());
    assert_eq!(job.total_units(), 1);
    let r = run_all(&job);
    assert_eq!(num(&r, "showdowns"), 2_097_572_400.0);
    assert_eq!(num(&r, "players.0.wins"), 1_389_004_215.0);
    assert_eq!(num(&r, "players.0.ties"), 34_610_976.0);
    assert!((num(&r, "players.0.equity") - 0.670446).abs() < 5e-7);

    // Top 10% against top 10%: 136 units, exact at once.
    let job = Job::open(&strings(&["10%", "10%"]), "", "", "auto", None).unwrap();
    assert!(job.exact());
    assert_eq!(job.total_units(), 136);
    assert_eq!(job.cost(), (136 * 136).to_string());
    let r = run_all(&job);
    assert!(
        (num(&r, "players.0.equity") - 0.5).abs() < 1e-12,
        "symmetric"
    );
    // Without the table it is exact too, by the ranks held (~3e8
    // evaluations' time, `ranged/shared.rs`); 40% against 40% is not.
    let job = Job::open(&strings(&["10%", "10%"]), "", "", "auto", Some(false)).unwrap();
    assert!(job.exact() && !job.uses_table());
    assert_eq!(job.total_units(), 6_175);
    let job = Job::open(&strings(&["40%", "40%"]), "", "", "auto", Some(false)).unwrap();
    assert!(!job.exact());

    // The table serves heads-up preflop only: a board, a dead card or a
    // third player enumerate boards.
    for (players, board, dead) in [
        (&["QQ+", "AhKh"][..], "2c 7d 9s", ""),
        (&["QQ+", "AhKh"][..], "", "2c"),
        (&["QQ+", "AhKh", "5c5d"][..], "", ""),
    ] {
        let job = Job::open(&strings(players), board, dead, "auto", Some(true)).unwrap();
        assert!(!job.table_fits() && !job.uses_table());
    }
    let job = Job::open(&strings(&["QQ+", "AhKh"]), "2c 7d 9s", "", "auto", None).unwrap();
    assert!(job.exact());
    let r = run_all(&job);
    let direct = crate::equity::calculate(
        &Spec::parse(&["QQ+", "AhKh"], "2c 7d 9s", "").unwrap(),
        crate::equity::Method::Exact,
    );
    assert_eq!(num(&r, "players.0.wins"), direct.tally.wins(0) as f64);
    assert_eq!(num(&r, "players.1.ties"), direct.tally.ties(1) as f64);
}

#[wasm_bindgen_test]
fn a_damaged_table_is_refused_and_the_old_one_kept() {
    assert!(load_preflop_bytes(TABLE).is_ok());
    let mut bad = TABLE.to_vec();
    let (ah_kh, qs_qd) = (
        [Card::new(12, 2), Card::new(11, 2)],
        [Card::new(10, 3), Card::new(10, 1)],
    );
    let (key, _) = preflop::canonical(ah_kh, qs_qd);
    let at = (0..(bad.len() - 12) / 12)
        .map(|r| 12 + r * 12)
        .find(|&at| u32::from_le_bytes([bad[at], bad[at + 1], bad[at + 2], bad[at + 3]]) == key)
        .unwrap();
    bad[at + 4] ^= 1;
    let err = load_preflop_bytes(&bad).unwrap_err();
    assert!(message(err).contains("disagrees with the engine"));
    bad.truncate(bad.len() - 1);
    let err = load_preflop_bytes(&bad).unwrap_err();
    assert_eq!(
        message(err),
        "heads-up preflop table: wrong size for its record count"
    );
    assert!(preflop_table_loaded());
}

#[wasm_bindgen_test]
fn ranges_for_the_page() {
    let r = parse_range_str("qq+ , aks").unwrap();
    assert_eq!(get(&r, "ok").as_bool(), Some(true));
    assert_eq!(get(&r, "text").as_string().as_deref(), Some("QQ+, AKs"));
    assert_eq!(num(&r, "combos"), 22.0);
    assert_eq!(num(&r, "fill.length"), 169.0);
    assert_eq!(num(&r, "fill.0"), 1.0); // AA
    assert_eq!(num(&r, "fill.1"), 1.0); // AKs
    assert_eq!(num(&r, "fill.13"), 0.0); // AKo
    assert_eq!(num(&r, "counts.28"), 6.0); // QQ: row 2, col 2
    assert!(get(&r, "error").is_null());
    // Weights and single combos show as part of a class.
    let r = parse_range_str("AK@50, AhQh").unwrap();
    assert_eq!(
        get(&r, "text").as_string().as_deref(),
        Some("AKs:0.5, AKo:0.5, AhQh")
    );
    assert_eq!(num(&r, "fill.1"), 0.5);
    assert_eq!(num(&r, "fill.2"), 0.25);
    assert_eq!(num(&r, "counts.2"), 1.0);
    assert_eq!(num(&r, "weighted"), 9.0);
    // Errors point at the character.
    for (text, message, position) in [
        ("AKx", "\"AKx\": expected 's' or 'o' at position 3", 3.0),
        ("QQ+, 88s", "\"88s\": a pair cannot be suited", 8.0),
    ] {
        let r = parse_range_str(text).unwrap();
        assert_eq!(get(&r, "ok").as_bool(), Some(false));
        assert_eq!(
            get(&r, "error.message").as_string().as_deref(),
            Some(message)
        );
        assert_eq!(num(&r, "error.position"), position, "{text}");
        assert_eq!(get(&r, "text").as_string().as_deref(), Some(""));
    }
    let r = parse_range_str("").unwrap();
    assert!(get(&r, "error.position").is_null());

    // The grid edits ranges class by class; canonical text comes back.
    let r = edit_range_str("QQ+", &strings(&["AKs", "AKo"]), 1000).unwrap();
    assert_eq!(
        get(&r, "text").as_string().as_deref(),
        Some("QQ+, AKs, AKo")
    );
    let r = edit_range_str("QQ+, AKs", &strings(&["QQ"]), 0).unwrap();
    assert_eq!(get(&r, "text").as_string().as_deref(), Some("KK+, AKs"));
    let r = edit_range_str("QQ+", &strings(&["AKo"]), 500).unwrap();
    assert_eq!(get(&r, "text").as_string().as_deref(), Some("QQ+, AKo:0.5"));
    assert_eq!(num(&r, "fill.13"), 0.5);
    let r = edit_range_str("AhKh", &strings(&["QQ"]), 1000).unwrap();
    assert_eq!(get(&r, "text").as_string().as_deref(), Some("QQ, AhKh"));
    let r = edit_range_str("junk", &strings(&["22"]), 1000).unwrap();
    assert_eq!(get(&r, "text").as_string().as_deref(), Some("22"));
    let r = edit_range_str("AA", &strings(&["AA"]), 0).unwrap();
    assert_eq!(get(&r, "ok").as_bool(), Some(false));

    // Top X% by the standard ranking (equity against 3 random hands).
    let r = range_top_u32(1000).unwrap();
    assert_eq!(
        get(&r, "text").as_string().as_deref(),
        Some("77+, A9s+, KTs+, QTs+, AJo+, KQo")
    );
    assert_eq!(num(&r, "combos"), 136.0);
    let r = range_top_u32(500).unwrap();
    assert_eq!(
        get(&r, "text").as_string().as_deref(),
        Some("88+, AJs+, KQs, AKo")
    );
    let r = range_top_u32(10_000).unwrap();
    assert_eq!(get(&r, "text").as_string().as_deref(), Some("random"));
    assert_eq!(num(&r, "percent"), 100.0);
    assert_eq!(get(&range_top_u32(0).unwrap(), "ok").as_bool(), Some(false));
    let info = ranking_info().unwrap();
    assert_eq!(num(&info, "opponents"), 3.0);
    assert_eq!(
        get(&info, "description").as_string().as_deref(),
        Some("equity against 3 random hands")
    );
    // "10%" typed reads the same.
    let r = parse_range_str("10%").unwrap();
    assert_eq!(num(&r, "combos"), 136.0);

    // The scenario check names ranges and their live combos.
    let check = check_texts(&strings(&["QQ+", "AhKh"]), "", "Qs").unwrap();
    assert!(get(&check, "error").is_null());
    assert_eq!(get(&check, "ranges").as_bool(), Some(true));
    assert_eq!(
        get(&check, "tableFits").as_bool(),
        Some(false),
        "a dead card"
    );
    assert_eq!(
        get(&check, "players.0.range").as_string().as_deref(),
        Some("QQ+")
    );
    assert_eq!(num(&check, "players.0.combos"), 18.0 - 3.0 - 3.0 - 3.0);
    assert!(get(&check, "players.1.range").is_null());
    assert_eq!(num(&check, "players.1.cards.length"), 2.0);
    let check = check_texts(&strings(&["AA", "AhAd"]), "As", "").unwrap();
    assert_eq!(
        get(&check, "error.field").as_string().as_deref(),
        Some("board")
    );
    let check = check_texts(&strings(&["AA", "AhAd"]), "As 2c 3c", "").unwrap();
    assert_eq!(
        get(&check, "error.field").as_string().as_deref(),
        Some("p1")
    );
    assert_eq!(
        num(&check, "players.0.combos"),
        6.0,
        "as written: the spec failed"
    );
}

#[wasm_bindgen_test]
fn strength_table_and_ranking_for_the_grid() {
    let classes = hand_classes().unwrap();
    assert_eq!(num(&classes, "0.strength.length"), MAX_OPPONENTS as f64);
    assert!((num(&classes, "0.strength.0") - 0.852).abs() < 1e-3);
    assert!(num(&classes, "0.strength.8") < num(&classes, "0.strength.0"));
    assert_eq!(num(&classes, "0.rank"), 0.0, "AA is the best hand");
    // 72o (row 12, col 7) is near the bottom of every ranking.
    assert!(num(&classes, &format!("{}.rank", 12 * 13 + 7)) > 160.0);
    assert_eq!(
        get(&classes, &format!("{}.label", 12 * 13 + 7))
            .as_string()
            .as_deref(),
        Some("72o")
    );
}

/// The range editor's "Explain" (the extra module's).
#[cfg(feature = "wasm-extra")]
#[wasm_bindgen_test]
fn ranges_explained() {
    // Explain: token, expansion, combos.
    let e = explain_range_str("qq+, AhKh  A2s-A5s:0.5").unwrap();
    assert_eq!(get(&e, "ok").as_bool(), Some(true));
    assert_eq!(num(&e, "items.length"), 3.0);
    assert_eq!(get(&e, "items.0.token").as_string().as_deref(), Some("qq+"));
    assert_eq!(get(&e, "items.0.text").as_string().as_deref(), Some("QQ+"));
    assert_eq!(
        get(&e, "items.0.classes.2").as_string().as_deref(),
        Some("QQ")
    );
    assert_eq!(num(&e, "items.0.comboCount"), 18.0);
    assert_eq!(
        get(&e, "items.1.combos.0").as_string().as_deref(),
        Some("AhKh")
    );
    assert_eq!(num(&e, "items.1.position"), 6.0);
    assert_eq!(num(&e, "items.2.weight"), 0.5);
    assert_eq!(
        get(&e, "items.2.weightText").as_string().as_deref(),
        Some("0.5")
    );
    assert_eq!(num(&e, "items.2.comboCount"), 16.0);
    let e = explain_range_str("10%").unwrap();
    assert_eq!(num(&e, "items.0.comboCount"), 136.0);
    let e = explain_range_str("QQ+, AKx").unwrap();
    assert_eq!(num(&e, "error.position"), 8.0);
}
