//! What the games' jobs (three-card, five-card) share with `Job`'s chunk
//! methods: strided chunks and Monte Carlo chunks as concatenated tallies.

use wasm_bindgen::JsValue;

use crate::equity::Tally;

use super::error;

/// Strided chunks `firsts` of `stride` (`run(first, stride)` is one
/// chunk's tally), concatenated in the order asked. Throws unless the job
/// is `exact` and every `first < stride`.
pub(super) fn strided(
    exact: bool,
    players: usize,
    firsts: &[u32],
    stride: u32,
    run: impl Fn(u64, u64) -> Tally,
) -> Result<Vec<f64>, JsValue> {
    if !exact {
        return Err(error("this job is Monte Carlo: run trials, not chunks"));
    }
    if let Some(bad) = firsts.iter().find(|&&c| c >= stride) {
        return Err(error(format!(
            "chunk {bad} is not one of the {stride} chunks"
        )));
    }
    let mut out = Vec::with_capacity(firsts.len() << players);
    for &first in firsts {
        out.extend(
            run(u64::from(first), u64::from(stride))
                .by_winners()
                .iter()
                .map(|&n| n as f64),
        );
    }
    Ok(out)
}

/// Monte Carlo chunks `chunks` of `trials` each, seeded `seed`
/// (`run(seed, chunk, trials)`), tallies concatenated.
pub(super) fn trials(
    players: usize,
    seed: u32,
    chunks: &[u32],
    trials: u32,
    run: impl Fn(u64, u64, u64) -> Tally,
) -> Vec<f64> {
    let mut out = Vec::with_capacity(chunks.len() << players);
    for &chunk in chunks {
        let tally = run(u64::from(seed), u64::from(chunk), u64::from(trials));
        out.extend(tally.by_winners().iter().map(|&n| n as f64));
    }
    out
}
