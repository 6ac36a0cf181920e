//! What each hand makes and hits (`equity::detail`) for the worker pool:
//! a [`DetailJob`] opened from the scenario's text, run in strided chunks
//! (exact) or seeded trial chunks (Monte Carlo), each returning its flat
//! integer counts; the page adds them up and [`detail_report`] turns the
//! sum into fractions with their errors.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::card::Card;
use crate::equity::detail::{
    self, DetailCounts, DetailPlan, DetailReport, DetailSampler, MatrixCell,
};
use crate::equity::{Spec, MAX_PLAYERS};

use super::estimate::MAX_COUNT;
use super::{args, check::scenario_args, check::FieldError, error, field_error, to_js};

/// An opened detail job (each worker opens its own copy).
#[wasm_bindgen]
pub struct DetailJob {
    players: usize,
    with_next: bool,
    exact: Option<detail::DetailJob>,
    units: u32,
    sampler: DetailSampler,
    why_sampled: Option<String>,
}

#[wasm_bindgen]
impl DetailJob {
    /// Opens a job from text as typed (as `Job`). `method` is `"auto"`
    /// (exact unless the detail policy samples it; `why_sampled` then says
    /// why) or `"monte-carlo"`. Throws an `Error` with a `field` as `Job`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        players: JsValue,
        board: JsValue,
        dead: JsValue,
        method: JsValue,
    ) -> Result<DetailJob, JsValue> {
        let (players, board, dead) = scenario_args(&players, &board, &dead)?;
        let method = args::text(&method, "the method").map_err(|m| field_error("method", m))?;
        DetailJob::open(&players, &board, &dead, &method)
    }

    #[wasm_bindgen(getter)]
    pub fn players(&self) -> usize {
        self.players
    }

    /// Whether the job is enumerated exactly (else: Monte Carlo).
    #[wasm_bindgen(getter)]
    pub fn exact(&self) -> bool {
        self.exact.is_some()
    }

    /// On a flop or a turn: outs and the next-card breakdown exist.
    #[wasm_bindgen(getter)]
    pub fn has_next(&self) -> bool {
        self.with_next
    }

    /// Why "auto" samples, for people; `undefined` when exact or asked.
    #[wasm_bindgen(getter)]
    pub fn why_sampled(&self) -> Option<String> {
        self.why_sampled.clone()
    }

    /// Units of the exact job (0 for Monte Carlo).
    #[wasm_bindgen(getter)]
    pub fn total_units(&self) -> u32 {
        self.units
    }

    /// Counts per chunk (the length of one chunk's answer).
    #[wasm_bindgen(getter)]
    pub fn counts_len(&self) -> usize {
        DetailCounts::flat_len(self.players, self.with_next)
    }

    /// Strided chunks `firsts` of `stride`, their counts concatenated.
    /// Throws unless the job is exact and every first is below `stride`.
    pub fn run_chunks(&self, firsts: &[u32], stride: u32) -> Result<Vec<f64>, JsValue> {
        let exact = self
            .exact
            .as_ref()
            .ok_or_else(|| error("this job is Monte Carlo: run trials, not chunks"))?;
        if let Some(bad) = firsts.iter().find(|&&c| c >= stride) {
            return Err(error(format!(
                "chunk {bad} is not one of the {stride} chunks"
            )));
        }
        let mut out = Vec::with_capacity(firsts.len() * self.counts_len());
        for &first in firsts {
            let counts = exact.run_strided(u64::from(first), u64::from(stride));
            out.extend(counts.to_flat().iter().map(|&n| n as f64));
        }
        Ok(out)
    }

    /// Monte Carlo chunks of `trials` each (at most 1,000,000), counts
    /// concatenated. Reproducible on any worker.
    pub fn run_trial_chunks(
        &self,
        seed: u32,
        chunks: &[u32],
        trials: u32,
    ) -> Result<Vec<f64>, JsValue> {
        if trials > 1_000_000 {
            return Err(error(format!(
                "{trials} trials in one chunk; at most 1000000"
            )));
        }
        let mut out = Vec::with_capacity(chunks.len() * self.counts_len());
        for &chunk in chunks {
            let counts = self
                .sampler
                .run(u64::from(seed), u64::from(chunk), u64::from(trials));
            out.extend(counts.to_flat().iter().map(|&n| n as f64));
        }
        Ok(out)
    }
}

impl DetailJob {
    pub(super) fn open(
        players: &[String],
        board: &str,
        dead: &str,
        method: &str,
    ) -> Result<DetailJob, JsValue> {
        let sampled = match method {
            "auto" => false,
            "monte-carlo" => true,
            _ => {
                return Err(field_error(
                    "method",
                    format!(
                        "unknown method {} (methods are auto, monte-carlo)",
                        crate::quote::quote(method)
                    ),
                ))
            }
        };
        let spec = Spec::parse(players, board, dead).map_err(|err| FieldError::from(&err))?;
        let plan = DetailPlan::new(&spec);
        let exact = (!sampled && plan.affordable()).then(|| detail::DetailJob::new(&spec));
        Ok(DetailJob {
            players: spec.players().len(),
            with_next: matches!(spec.board().len(), 3 | 4),
            // `affordable` bounds the units by u32::MAX.
            units: exact.as_ref().map_or(0, |e| e.total_units() as u32),
            exact,
            sampler: DetailSampler::new(&spec),
            why_sampled: if sampled { None } else { plan.why_sampled() },
        })
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CategoryJs {
    /// Machine name (`"StraightFlush"`) and label (`"Straight flush"`).
    category: &'static str,
    label: &'static str,
    make: f64,
    win: f64,
    tie: f64,
    make_se: f64,
    win_se: f64,
    tie_se: f64,
}

/// A card for the page: its text (`"Ah"`), rank 0–12 (two … ace) and
/// suit 0–3 (clubs, diamonds, hearts, spades).
#[derive(Serialize)]
struct CardJs {
    card: String,
    rank: u8,
    suit: u8,
}

impl From<Card> for CardJs {
    fn from(c: Card) -> CardJs {
        CardJs {
            card: c.to_string(),
            rank: c.rank(),
            suit: c.suit(),
        }
    }
}

#[derive(Serialize)]
struct OutJs {
    #[serde(flatten)]
    card: CardJs,
    clean: f64,
    shared: f64,
}

#[derive(Serialize)]
struct NextJs {
    #[serde(flatten)]
    card: CardJs,
    equity: f64,
    se: f64,
}

/// A cell of who beat whom with what: machine names, a count of deals by
/// weight (of trials when sampled: below 2^53 by the detail policy) and its
/// standard error (0 when exact).
#[derive(Serialize)]
struct CellJs {
    mine: &'static str,
    theirs: &'static str,
    count: f64,
    se: f64,
}

impl From<&MatrixCell> for CellJs {
    fn from(c: &MatrixCell) -> CellJs {
        CellJs {
            mine: c.mine.name(),
            theirs: c.theirs.name(),
            count: c.count as f64,
            se: c.se,
        }
    }
}

#[derive(Serialize)]
struct MatrixJs {
    wins: Vec<CellJs>,
    ties: Vec<CellJs>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlayerJs {
    categories: Vec<CategoryJs>,
    matrix: MatrixJs,
    clean_outs: f64,
    shared_outs: f64,
    outs: Vec<OutJs>,
    next: Vec<NextJs>,
}

#[derive(Serialize)]
struct ReportJs {
    exact: bool,
    deals: u64,
    players: Vec<PlayerJs>,
}

/// Most counts [`detail_report`] takes (10 players with a next card).
const MAX_DETAIL_COUNTS: u32 = 1 << 16;

/// The fractions of a detail from its summed counts (a `Float64Array` of
/// one chunk's length, e.g. the sum of every chunk's): `{exact, deals,
/// players: [{categories: [{category, label, make, win, tie, makeSe, winSe,
/// tieSe}] (strongest first), matrix: {wins: [{mine, theirs, count, se}],
/// ties: [same]} (who beat whom with what, pairwise: non-zero cells, this
/// player's category strongest first; see `equity::detail::matrix`),
/// cleanOuts, sharedOuts, outs: [{card, rank, suit, clean, shared}], next:
/// [{card, rank, suit, equity, se}]}]}`.
/// `exact`: every chunk of an exact job is in (errors are then 0).
#[wasm_bindgen]
pub fn detail_report(
    players: f64,
    has_next: bool,
    counts: JsValue,
    exact: bool,
) -> Result<JsValue, JsValue> {
    let players = args::whole(players, "players", 2, MAX_PLAYERS as u32).map_err(error)? as usize;
    let Some(array) = counts.dyn_ref::<js_sys::Float64Array>() else {
        return Err(error(format!(
            "the counts: expected a Float64Array, got {}",
            args::kind(&counts)
        )));
    };
    if array.length() > MAX_DETAIL_COUNTS {
        return Err(error(format!(
            "{} counts; at most {MAX_DETAIL_COUNTS}",
            array.length()
        )));
    }
    report_counts(players, has_next, &array.to_vec(), exact)
}

pub(super) fn report_counts(
    players: usize,
    has_next: bool,
    counts: &[f64],
    exact: bool,
) -> Result<JsValue, JsValue> {
    let want = DetailCounts::flat_len(players, has_next);
    if counts.len() != want {
        return Err(error(format!(
            "expected {want} counts for {players} players{}, got {}",
            if has_next { " with a next card" } else { "" },
            counts.len()
        )));
    }
    if let Some(i) = counts
        .iter()
        .position(|&n| !(n >= 0.0 && n.fract() == 0.0 && n <= MAX_COUNT))
    {
        return Err(error(format!(
            "count {i} is not a whole number from 0 to 2^53"
        )));
    }
    let flat: Vec<u64> = counts.iter().map(|&n| n as u64).collect();
    let counts = DetailCounts::from_flat(players, has_next, &flat)
        .ok_or_else(|| error("the counts do not fit a detail"))?;
    let report = DetailReport::new(&counts, exact);
    to_js(&ReportJs {
        exact,
        deals: counts.deals(),
        players: report
            .players
            .into_iter()
            .map(|p| PlayerJs {
                categories: p
                    .categories
                    .iter()
                    .map(|c| CategoryJs {
                        category: c.category.name(),
                        label: c.category.label(),
                        make: c.make,
                        win: c.win,
                        tie: c.tie,
                        make_se: c.make_se,
                        win_se: c.win_se,
                        tie_se: c.tie_se,
                    })
                    .collect(),
                matrix: MatrixJs {
                    wins: p.matrix.wins.iter().map(CellJs::from).collect(),
                    ties: p.matrix.ties.iter().map(CellJs::from).collect(),
                },
                clean_outs: p.clean_outs,
                shared_outs: p.shared_outs,
                outs: p
                    .outs
                    .iter()
                    .map(|o| OutJs {
                        card: o.card.into(),
                        clean: o.clean,
                        shared: o.shared,
                    })
                    .collect(),
                next: p
                    .next
                    .iter()
                    .map(|x| NextJs {
                        card: x.card.into(),
                        equity: x.equity,
                        se: x.se,
                    })
                    .collect(),
            })
            .collect(),
    })
}
