//! The strength export (`src/wasm/strength.rs`): the published example
//! through chunks, two opponents in any striding, sampled chunks with
//! standard errors, counts as decimal text.

use super::*;

fn open(players: &[&str], hero: usize, board: &str, method: &str) -> StrengthJob {
    StrengthJob::open(&strings(players), hero, board, "", method).unwrap()
}

fn run_all(job: &StrengthJob, stride: u32) -> Vec<String> {
    let mut all = Vec::new();
    for first in 0..stride {
        all.extend(job.run_strided(first, stride).unwrap());
    }
    all
}

fn texts(value: &JsValue) -> Vec<String> {
    js_sys::Array::from(value)
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect()
}

fn strs(list: Vec<String>) -> JsValue {
    JsValue::from(
        list.into_iter()
            .map(JsValue::from)
            .collect::<js_sys::Array>(),
    )
}

/// A♦Q♣ on 3♥4♣J♥ against one random hand, the page's player 2 holding
/// it: 628/9/444, HS 0.585, PPot 0.208, NPot 0.274, exact.
#[wasm_bindgen_test]
fn published_example() {
    let job = open(&["random", "AdQc"], 1, "3h4cJh", "auto");
    assert!(job.exact() && job.flop());
    assert_eq!(job.opponents(), 1);
    assert_eq!(job.total_units(), 1081);
    let s = job.summary(strs(run_all(&job, 7))).unwrap();
    assert_eq!(get(&s, "ahead").as_string().unwrap(), "628");
    assert_eq!(get(&s, "tied").as_string().unwrap(), "9");
    assert_eq!(get(&s, "behind").as_string().unwrap(), "444");
    assert!((num(&s, "hs") - 0.5851).abs() < 5e-5);
    assert!((num(&s, "ppot") - 0.2083).abs() < 5e-5);
    assert!((num(&s, "npot") - 0.2737).abs() < 5e-5);
    assert!(get(&s, "errors").is_null());
    assert!(get(&s, "exact").is_truthy());
    assert_eq!(num(&s, "hsOneRandom"), num(&s, "hs"));
}

/// Two opponents: any striding, merged by `strength_merge` or by the
/// summary, gives the same counts.
#[wasm_bindgen_test]
fn two_opponents_in_any_striding() {
    let job = open(&["AdQc", "random", "76s, 98s, A5s"], 0, "3h4cJh2s", "auto");
    assert!(job.exact());
    assert_eq!(job.opponents(), 2);
    let whole = job.run_strided(0, 1).unwrap();
    for stride in [2, 5, job.total_units()] {
        let merged = texts(&JsValue::from(
            strength_merge(strs(run_all(&job, stride)))
                .unwrap()
                .into_iter()
                .map(JsValue::from)
                .collect::<js_sys::Array>(),
        ));
        assert_eq!(merged, whole, "stride {stride}");
    }
    let s = job.summary(strs(whole)).unwrap();
    let hs = num(&s, "hs");
    assert!(hs > 0.0 && hs < 1.0);
    assert!((num(&s, "hsN") - num(&s, "hsOneRandom").powi(2)).abs() < 1e-12);
}

/// Sampled: reliable from 1,000 trials, with a standard error per
/// statistic; the same chunk gives the same counts.
#[wasm_bindgen_test]
fn sampled_with_errors() {
    let job = open(
        &["AdQc", "random", "random", "random"],
        0,
        "3h4cJh",
        "monte-carlo",
    );
    assert!(!job.exact());
    assert_eq!(job.total_units(), 0);
    assert_eq!(
        job.run_trials(9, 3, 500).unwrap(),
        job.run_trials(9, 3, 500).unwrap()
    );
    let few = job
        .summary(strs(job.run_trials(9, 0, 500).unwrap()))
        .unwrap();
    assert!(!get(&few, "reliable").is_truthy());
    let mut counts = Vec::new();
    for chunk in 0..4 {
        counts.extend(job.run_trials(9, chunk, 1000).unwrap());
    }
    let s = job.summary(strs(counts)).unwrap();
    assert!(get(&s, "reliable").is_truthy());
    assert_eq!(get(&s, "total").as_string().unwrap(), "4000");
    let se = num(&s, "errors.ehs");
    assert!(se > 0.0 && se < 0.02, "{se}");
}

/// Auto samples what it cannot afford, saying why.
#[wasm_bindgen_test]
fn auto_samples_big_jobs() {
    let job = open(
        &["AdQc", "random", "random", "random", "random", "random"],
        0,
        "3h4cJh",
        "auto",
    );
    assert!(!job.exact());
    assert!(
        job.why_sampled().unwrap().contains("sampled"),
        "{:?}",
        job.why_sampled()
    );
}
