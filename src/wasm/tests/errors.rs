//! How every export fails: the table `tests/data/wasm_errors.txt`, one call
//! per line, checked against the one error style of the module doc (a JS
//! `Error`, its message verbatim, a `field` where it belongs to one input).
//! The instance's own export list makes sure no export is left out.

use super::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

const CASES: &str = include_str!("../../../tests/data/wasm_errors.txt");

/// Exports that cannot fail: getters, and functions without arguments or
/// whose arguments cannot be wrong. Every other export needs a line in the
/// table. (Names as in the table: `job.x` for a method of `Job`.)
const CANNOT_FAIL: &[&str] = &[
    "games",
    "holdem_ladder",
    "strength.exact",
    "strength.opponents",
    "strength.flop",
    "strength.why_sampled",
    "strength.cost",
    "strength.hs_one_random",
    "strength.total_units",
    "job.ranges",
    "job.table_fits",
    "job.uses_table",
    "job.players",
    "job.exact",
    "job.labels",
    "job.boards",
    "job.cost",
    "job.why_sampled",
    "job.total_units",
    "job.exact_chunks",
    "job.game",
    "job.hilo",
    "job.hand_counts",
    "job.counts_width",
    "job_games",
    "warm_up",
    "detail.players",
    "detail.exact",
    "detail.has_next",
    "detail.why_sampled",
    "detail.total_units",
    "detail.counts_len",
    "tcc.progress",
    "tcc.result",
];

/// Calls export `name` with `args` as wasm-bindgen's glue would pass them:
/// the answer, or the value it throws; `None` for a name this runner does
/// not know. `job` and `mc_job` are the receivers of `job.…` and
/// `mc_job.…` calls.
fn call(
    name: &str,
    receiver: Option<&Job>,
    strength: Option<&StrengthJob>,
    a: &[JsValue],
) -> Option<Result<JsValue, JsValue>> {
    let arg = |i: usize| a.get(i).cloned().unwrap_or(JsValue::UNDEFINED);
    let number = |i: usize| arg(i).as_f64().unwrap_or(f64::NAN);
    let uint = |i: usize| number(i) as u32;
    let uints = |i: usize| js_sys::Uint32Array::new(&arg(i)).to_vec();
    let floats = |v: Vec<f64>| JsValue::from(js_sys::Float64Array::from(&v[..]));
    let done = |_| JsValue::UNDEFINED;
    let strs =
        |v: Vec<String>| JsValue::from(v.into_iter().map(JsValue::from).collect::<js_sys::Array>());
    Some(match (name, receiver) {
        ("new Job", _) => Job::new(arg(0)).map(done),
        ("check", _) => check(arg(0)),
        ("job.run_strided", Some(job)) => job.run_strided(uint(0), uint(1)).map(floats),
        ("job.run_chunks", Some(job)) => job.run_chunks(&uints(0), uint(1)).map(floats),
        ("job.run_trials", Some(job)) => job.run_trials(uint(0), uint(1), uint(2)).map(floats),
        ("job.run_trial_chunks", Some(job)) => job
            .run_trial_chunks(uint(0), &uints(1), uint(2))
            .map(floats),
        ("job.cost_at_most", Some(job)) => Ok(job.cost_at_most(number(0)).into()),
        ("job.estimate", Some(job)) => job.estimate(arg(0), number(1)),
        ("job.target_reached", Some(job)) => job
            .target_reached(&js_sys::Float64Array::new(&arg(0)).to_vec(), number(1))
            .map(JsValue::from),
        ("new DetailJob", _) => {
            DetailJob::new(arg(0), arg(1), arg(2), arg(3)).map(|_| JsValue::UNDEFINED)
        }
        ("detail.run_chunks", _) => detail_job(false).run_chunks(&uints(0), uint(1)).map(floats),
        ("detail.run_trial_chunks", _) => detail_job(true)
            .run_trial_chunks(uint(0), &uints(1), uint(2))
            .map(floats),
        ("new ThreeCardCount", _) => ThreeCardCountJs::new(arg(0), arg(1), arg(2), arg(3), arg(4))
            .map(|_| JsValue::UNDEFINED),
        ("tcc.step", _) => tc_count().step(number(0)).map(JsValue::from),
        ("tc.run_strided", _) => tc_job().run_strided(uint(0), uint(1)).map(floats),
        ("tc.run_chunks", _) => tc_job().run_chunks(&uints(0), uint(1)).map(floats),
        ("fc.run_strided", _) => fc_job().run_strided(uint(0), uint(1)).map(floats),
        ("fc.run_chunks", _) => fc_job().run_chunks(&uints(0), uint(1)).map(floats),
        ("bg.run_strided", _) => bg_job("auto").run_strided(uint(0), uint(1)).map(floats),
        ("bg.run_chunks", _) => bg_job("auto").run_chunks(&uints(0), uint(1)).map(floats),
        ("bg.run_trials", _) => bg_job("monte-carlo")
            .run_trials(uint(0), uint(1), uint(2))
            .map(floats),
        ("bg.run_trial_chunks", _) => bg_job("monte-carlo")
            .run_trial_chunks(uint(0), &uints(1), uint(2))
            .map(floats),
        ("bg.estimate", _) => bg_job("auto").estimate(arg(0), number(1)),
        ("three_card_census", _) => three_card_census(arg(0), arg(1)),
        ("three_card_strength", _) => {
            three_card_strength(arg(0), arg(1), number(2), arg(3), arg(4))
        }
        ("detail_report", _) => {
            detail_report(number(0), arg(1).is_truthy(), arg(2), arg(3).is_truthy())
        }
        ("new StrengthJob", _) => {
            StrengthJob::new(arg(0), number(1), arg(2), arg(3), arg(4)).map(|_| JsValue::UNDEFINED)
        }
        ("strength.run_strided", _) => strength?.run_strided(uint(0), uint(1)).map(strs),
        ("strength.run_chunks", _) => strength?.run_chunks(&uints(0), uint(1)).map(strs),
        ("strength.run_trials", _) => strength?.run_trials(uint(0), uint(1), uint(2)).map(strs),
        ("strength.summary", _) => strength?.summary(arg(0)),
        ("strength_merge", _) => strength_merge(arg(0)).map(strs),
        ("estimate", _) => estimate(number(0), arg(1), number(2), arg(3).is_truthy()),
        ("evaluate_hand", _) => evaluate_hand(arg(0)),
        ("rank_hands", _) => rank_hands(arg(0), number(1)).map(JsValue::from),
        ("rank_card_set", _) => rank_card_set(number(0)).map(JsValue::from),
        ("card_ids", _) => card_ids(arg(0)).map(|v| js_sys::Uint8Array::from(&v[..]).into()),
        ("evaluate_three_card", _) => evaluate_three_card(arg(0), arg(1)),
        ("categories", _) => categories(),
        ("deck", _) => deck(),
        ("hand_classes", _) => hand_classes(),
        ("ranking_info", _) => ranking_info(),
        ("pick_combo", _) => pick_combo(arg(0), arg(1)).map(JsValue::from),
        ("class_of", _) => Ok(class_of(arg(0)).into()),
        ("parse_range", _) => parse_range(arg(0)),
        ("explain_range", _) => explain_range(arg(0)),
        ("write_range", _) => write_range(arg(0), arg(1)).map(JsValue::from),
        ("explain_omaha_range", _) => explain_omaha_range(arg(0), arg(1)),
        ("short_hand_classes", _) => short_hand_classes(),
        ("short_ranking_info", _) => short_ranking_info(),
        ("parse_short_range", _) => parse_short_range(arg(0)),
        ("edit_short_range", _) => edit_short_range(arg(0), arg(1), number(2)),
        ("short_range_top", _) => short_range_top(number(0)),
        ("explain_short_range", _) => explain_short_range(arg(0)),
        ("write_short_range", _) => write_short_range(arg(0), arg(1)).map(JsValue::from),
        ("short_range_from_holdem", _) => short_range_from_holdem(arg(0)),
        ("holdem_range_from_short", _) => Ok(holdem_range_from_short(arg(0)).into()),
        ("range_combos", _) => range_combos(arg(0)),
        ("pot_odds", _) => pot_odds(arg(0), arg(1), arg(2)),
        ("edit_range", _) => edit_range(arg(0), arg(1), number(2)),
        ("range_top", _) => range_top(number(0)),
        ("range_texture", _) => range_texture(arg(0), arg(1), arg(2)),
        ("equity_streets", _) => equity_streets(arg(0), arg(1), arg(2), number(3)),
        ("equity_distribution", _) => {
            equity_distribution(arg(0), arg(1), arg(2), number(3), number(4))
        }
        ("load_preflop_table", _) => load_preflop_table(arg(0)).map(JsValue::from),
        ("preflop_table_loaded", _) => Ok(preflop_table_loaded().into()),
        ("describe_hand", _) => describe_hand(arg(0)),
        ("describe_three_card", _) => describe_three_card(arg(0), arg(1)),
        ("describe_board_hand", _) => describe_board_hand(arg(0), arg(1), arg(2), arg(3)),
        ("describe_mixed_hand", _) => describe_mixed_hand(arg(0), arg(1)),
        ("three_card_rules", _) => three_card_rules(arg(0)),
        ("deal_max_players", _) => deal_max_players(number(0)).map(JsValue::from),
        ("deal_hands", _) => deal_hands(
            number(0),
            number(1),
            arg(2),
            arg(3),
            number(4),
            number(5),
            arg(6),
        ),
        _ => return None,
    })
}

/// The receiver of `detail.…` calls: AhKh vs QsQd on 2h7hTc, exact or
/// under "monte-carlo".
fn detail_job(sampled: bool) -> DetailJob {
    let method = if sampled { "monte-carlo" } else { "auto" };
    DetailJob::open(&strings(&["AhKh", "QsQd"]), "2h7hTc", "", method).unwrap()
}

/// The receiver of `tcc.…` calls: 2h2s2d vs three random hands, Zha Jin Hua.
fn tc_count() -> ThreeCardCountJs {
    let players: js_sys::Array = ["2h2s2d", "random", "random", "random"]
        .iter()
        .map(|s| JsValue::from(*s))
        .collect();
    ThreeCardCountJs::new(
        players.into(),
        "".into(),
        "zha-jin-hua-235".into(),
        "full".into(),
        true.into(),
    )
    .unwrap()
}

/// The receiver of `tc.…` calls: 2h2s2d vs random, Zha Jin Hua, exact.
fn tc_job() -> Job {
    open_job(r#"{game: "three-card", players: ["2h2s2d", "random"], rules: "zha-jin-hua-235"}"#)
}

/// The receiver of `fc.…` calls: AhAdKc7d vs QsQhJc, exact (42,570 deals).
fn fc_job() -> Job {
    open_job(r#"{game: "five-card", players: ["AhAdKc7d", "QsQhJc"]}"#)
}

/// The receiver of `bg.…` calls: Omaha Hi-Lo AsAhKsKh vs 9c8c7d6d on
/// 2c3h4s, under `method`.
fn bg_job(method: &str) -> Job {
    open_job(&format!(
        r#"{{game: "omaha-hilo", players: ["AsAhKsKh", "9c8c7d6d"], board: "2c3h4s", method: "{method}"}}"#
    ))
}

/// `new Job(spec)`, `spec` a JS object literal.
fn open_job(spec: &str) -> Job {
    Job::new(js_sys::eval(&format!("({spec})")).unwrap()).unwrap()
}

/// What a call did, as the table's OUTCOME column writes it.
fn outcome(result: Result<JsValue, JsValue>) -> String {
    let with_field = |verb: &str, field: JsValue, message: String| match field.as_string() {
        Some(field) => format!("{verb} [{field}] {message}"),
        None if field.is_undefined() => format!("{verb} {message}"),
        None => format!("{verb} [{field:?}] {message}"),
    };
    match result {
        Err(thrown) => match thrown.dyn_ref::<js_sys::Error>() {
            Some(err) => with_field(
                "throws",
                js_sys::Reflect::get(err, &"field".into()).unwrap_or_default(),
                err.message().into(),
            ),
            None => format!("throws something that is not an Error: {thrown:?}"),
        },
        Ok(answer) => {
            // `Reflect.get` throws for primitives: no `error` in them.
            let error = js_sys::Reflect::get(&answer, &"error".into()).unwrap_or_default();
            if error.is_undefined() || error.is_null() {
                return "ok".into();
            }
            let message = js_sys::Reflect::get(&error, &"message".into()).unwrap_or_default();
            with_field(
                "answers",
                js_sys::Reflect::get(&error, &"field".into()).unwrap_or_default(),
                message
                    .as_string()
                    .unwrap_or_else(|| format!("{message:?}")),
            )
        }
    }
}

/// `name(ARGS)` → the export's name as [`call`] knows it, the receiver's
/// name (`job`, `mc_job`) if any, and ARGS.
fn parse_call(call: &str) -> Result<(String, Option<&str>, &str), String> {
    let (head, rest) = call.split_once('(').ok_or("expected `name(ARGS)`")?;
    let args = rest.strip_suffix(')').ok_or("expected `name(ARGS)`")?;
    Ok(match head.split_once('.') {
        Some(("detail", method)) => (format!("detail.{method}"), None, args),
        Some((receiver @ ("strength" | "strength_mc"), method)) => {
            (format!("strength.{method}"), Some(receiver), args)
        }
        Some(("tc", method)) => (format!("tc.{method}"), None, args),
        Some(("tcc", method)) => (format!("tcc.{method}"), None, args),
        Some(("fc", method)) => (format!("fc.{method}"), None, args),
        Some(("bg", method)) => (format!("bg.{method}"), None, args),
        Some((receiver, method)) => (format!("job.{method}"), Some(receiver), args),
        None => (head.to_string(), None, args),
    })
}

/// The exports of this instance, named as in the table: `new Job`,
/// `job.run_strided`, `estimate`. Left out: wasm-bindgen's own (`memory`,
/// `__wbindgen_…`, closure shims), `start` (run at instantiation, not
/// callable from JS) and the test harness's (`main`, `wasmbindgentest…`).
fn exports() -> Vec<String> {
    let keys = js_sys::Object::keys(wasm_bindgen::exports().unchecked_ref::<js_sys::Object>());
    keys.iter()
        .filter_map(|k| k.as_string())
        .filter(|k| {
            !["memory", "start", "main"].contains(&k.as_str())
                && !k.starts_with("__")
                && !k.starts_with("wasm_bindgen__")
                && !k.starts_with("wasmbindgentest")
        })
        .map(|k| {
            if k == "job_games" {
                return k;
            }
            if k == "threecardcount_new" {
                return "new ThreeCardCount".into();
            }
            if let Some(method) = k.strip_prefix("threecardcount_") {
                return format!("tcc.{method}");
            }
            if let Some(method) = k.strip_prefix("strengthjob_") {
                return match method {
                    "new" => "new StrengthJob".into(),
                    _ => format!("strength.{method}"),
                };
            }
            match (k.strip_prefix("job_"), k.strip_prefix("detailjob_")) {
                (Some("new"), _) => "new Job".into(),
                (Some(method), _) => format!("job.{method}"),
                (_, Some("new")) => "new DetailJob".into(),
                (_, Some(method)) => format!("detail.{method}"),
                _ => k,
            }
        })
        .collect()
}

#[wasm_bindgen_test]
fn every_export_fails_with_one_error_style() {
    PREFLOP.with(|t| *t.borrow_mut() = None);
    let open = |method| Job::open(&strings(&["AhKh", "QsQd"]), "", "", method, None).unwrap();
    let (job, mc_job) = (open("auto"), open("monte-carlo"));
    let open_strength = |method| {
        StrengthJob::open(
            &strings(&["AdQc", "random", "random"]),
            0,
            "3h4cJh",
            "",
            method,
        )
        .unwrap()
    };
    let (strength, strength_mc) = (open_strength("auto"), open_strength("monte-carlo"));
    let (mut failures, mut cases) = (Vec::new(), 0);
    let mut covered = std::collections::BTreeSet::new();
    for (n, line) in CASES.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        cases += 1;
        let mut fail =
            |why: String| failures.push(format!("wasm_errors.txt:{}: {line}\n    {why}", n + 1));
        let Some((input, want)) = line.split_once(" => ") else {
            fail("malformed: expected `CALL => OUTCOME`".into());
            continue;
        };
        let (name, receiver, args) = match parse_call(input) {
            Ok(parsed) => parsed,
            Err(why) => {
                fail(why);
                continue;
            }
        };
        let (receiver, strength) = match receiver {
            None => (None, None),
            Some("job") => (Some(&job), None),
            Some("mc_job") => (Some(&mc_job), None),
            Some("strength") => (None, Some(&strength)),
            Some("strength_mc") => (None, Some(&strength_mc)),
            Some(other) => {
                fail(format!(
                    "unknown receiver {other:?} (job, mc_job, strength or strength_mc)"
                ));
                continue;
            }
        };
        let args: Vec<JsValue> = match js_sys::eval(&format!("[{args}]")) {
            Ok(list) => js_sys::Array::from(&list).iter().collect(),
            Err(err) => {
                fail(format!("ARGS do not evaluate: {err:?}"));
                continue;
            }
        };
        let Some(result) = call(&name, receiver, strength, &args) else {
            fail(format!("no export {name:?} in errors.rs's `call`"));
            continue;
        };
        covered.insert(name);
        let got = outcome(result);
        if got != want {
            fail(format!("got: {input} => {got}"));
        }
    }
    assert!(cases > 40, "only {cases} cases in wasm_errors.txt");
    let exports = exports();
    assert!(exports.iter().any(|e| e == "new Job"), "{exports:?}");
    for export in &exports {
        if !covered.contains(export) && !CANNOT_FAIL.contains(&export.as_str()) {
            failures.push(format!(
                "export {export:?} has no line in tests/data/wasm_errors.txt \
                 (add its failures, or list it in errors.rs's CANNOT_FAIL)"
            ));
        }
    }
    for name in CANNOT_FAIL {
        if !exports.iter().any(|e| e == name) {
            failures.push(format!("CANNOT_FAIL names {name:?}, not an export"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
