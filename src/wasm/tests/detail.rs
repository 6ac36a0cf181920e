//! The detail exports: chunks in any order add up to the core's counts,
//! and the report reads them as the core's `DetailReport` does.

use super::*;
use crate::equity::detail::{DetailCounts, DetailJob as CoreJob};

fn sum(flat: &[f64], width: usize) -> Vec<f64> {
    let mut total = vec![0.0; width];
    for chunk in flat.chunks(width) {
        total.iter_mut().zip(chunk).for_each(|(t, c)| *t += c);
    }
    total
}

#[wasm_bindgen_test]
fn detail_chunks_add_up_to_the_core_counts() {
    let players = strings(&["AhKh", "QsQd"]);
    let job = DetailJob::open(&players, "2h7hTc", "", "auto").unwrap();
    assert!(job.exact() && job.has_next());
    assert_eq!(job.total_units(), 52);
    let width = job.counts_len();
    let flat = job.run_chunks(&[4, 0, 2, 1, 3], 5).unwrap();
    assert_eq!(flat.len(), 5 * width);
    let total = sum(&flat, width);
    let spec = Spec::parse(&players, "2h7hTc", "").unwrap();
    let core = CoreJob::new(&spec).run_all();
    let want: Vec<f64> = core.to_flat().iter().map(|&n| n as f64).collect();
    assert_eq!(total, want);
    let report = report_counts(2, true, &total, true).unwrap();
    assert_eq!(num(&report, "deals"), 990.0);
    assert_eq!(
        get(&report, "players.0.categories.3.category")
            .as_string()
            .unwrap(),
        "Flush"
    );
    assert_eq!(num(&report, "players.0.categories.3.make"), 360.0 / 990.0);
    assert_eq!(num(&report, "players.0.categories.3.makeSe"), 0.0);
    assert_eq!(num(&report, "players.0.cleanOuts"), 15.0);
    assert_eq!(
        get(&report, "players.0.outs.0.card").as_string().unwrap(),
        "3h"
    );
    assert_eq!(num(&report, "players.0.outs.0.rank"), 1.0);
    assert_eq!(num(&report, "players.0.outs.0.suit"), 2.0);
    // 45 possible turn cards.
    assert_eq!(get(&report, "players.1.next.length").as_f64(), Some(45.0));
    let counts = DetailCounts::from_flat(2, true, &core.to_flat()).unwrap();
    assert_eq!(counts, core);
}

#[wasm_bindgen_test]
fn detail_trials_are_reproducible_and_have_errors() {
    let players = strings(&["AsKs", "random"]);
    let job = DetailJob::open(&players, "", "", "auto").unwrap();
    assert!(!job.exact() && !job.has_next());
    assert!(job.why_sampled().unwrap().contains("Monte Carlo"));
    let a = job.run_trial_chunks(9, &[0, 1], 500).unwrap();
    let b = job.run_trial_chunks(9, &[0, 1], 500).unwrap();
    assert_eq!(a, b);
    let total = sum(&a, job.counts_len());
    let report = report_counts(2, false, &total, false).unwrap();
    assert_eq!(num(&report, "deals"), 1000.0);
    assert!(num(&report, "players.0.categories.7.makeSe") > 0.0);
}
