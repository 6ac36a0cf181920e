//! Hand strength and potential jobs (HS, PPot, NPot, EHS) for the worker
//! pool: one player's hand on a flop or a turn against every other player.
//!
//! The JS-facing shape (stable: the page and the bot API wrap it):
//!
//! ```text
//!   const job = new StrengthJob(players, hero, board, dead, method);
//!     // players: one text per seat, as the equity Job takes them (two
//!     //   cards, a range, "random"); hero: the index (0-based) of the seat
//!     //   whose strength is asked; every other seat is an opponent.
//!     // method: "auto" (exact when affordable), "exact" (exact up to a far
//!     //   higher cost, else sampled, saying why), "monte-carlo".
//!     // Throws an Error with the core's message and a `field`: "p1"…"p10",
//!     //   "board", "dead", "players", "hero" or "method".
//!   job.exact            // bool: exact units, else sampled trials
//!   job.opponents        // number of opponents (1..9)
//!   job.flop             // bool: the board is a flop (else a turn)
//!   job.why_sampled      // string | undefined: why "auto" samples
//!   job.cost             // decimal text: steps of an exact run
//!   job.hs_one_random    // HS against one random hand (HS^N beside HS)
//!   job.total_units()    // exact units (0 when sampled)
//!   job.run_strided(first, stride)          // units first, first+stride, …
//!   job.run_chunks(Uint32Array firsts, stride)  // several, concatenated
//!   job.run_trials(seed, chunk, trials)     // sampled chunk (u32 each)
//!     // each returns COUNTS: an array of 21 decimal strings per chunk
//!     // (now[3], hp[3][3], next[3][3]: rows ahead, tied, behind), which
//!     // merge by addition; never JS numbers (exact counts can pass 2^53)
//!   strength_merge(counts)   // 21·k decimal strings → their sum (21)
//!   job.summary(counts)      // 21·k decimal strings (merged here) →
//!     // {exact, reliable, opponents, flop, hs, ppot, npot, ehs,
//!     //  ppotWholeTie, npotWholeTie, ppot1, npot1 (numbers),
//!     //  errors: {hs, ppot, …: standard errors} | null when exact,
//!     //  hsOneRandom, hsN (HS vs one random hand, and to the N),
//!     //  ahead, tied, behind (decimal text), transitions, next (3×3
//!     //  decimal text), total (decimal text: the deals, or trials)}
//! ```
//!
//! Exact counts are weights (each opponent's relative weights, 1 for a
//! known hand or `random`, multiplied) × runouts; sampled counts are
//! trials. `reliable` is false for fewer than 1,000 trials: show no
//! numbers then. Units are the one-opponent job's opponent combos, or the
//! several-opponent job's turn (flop) or river (turn) cards.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::card::CardSet;
use crate::equity::potential::multi::{StrengthError, StrengthJob as Multi};
use crate::equity::potential::stats::{Stat, StrengthCounts, StrengthSummary};
use crate::equity::potential::{PotentialError, PotentialJob};
use crate::equity::{Spec, MIN_TRIALS};
use crate::range::{HoleCards, Range, Weight};

use super::{args, check::FieldError, error, estimate::MAX_TALLY_COUNTS, field_error, to_js};

/// The counts of one chunk: now (3), hp (9), next (9).
const WIDTH: usize = 21;

/// An opened strength job (see the module docs).
#[wasm_bindgen]
pub struct StrengthJob {
    /// One opponent: the one-opponent engine's units (opponent combos).
    one: Option<PotentialJob>,
    /// The several-opponent engine: its units, and sampling for any
    /// number of opponents.
    multi: Multi,
    exact: bool,
    why_sampled: Option<String>,
    opponents: usize,
    flop: bool,
    hs_one: f64,
    cost: u64,
}

#[wasm_bindgen]
impl StrengthJob {
    /// Opens a job (see the module docs).
    #[wasm_bindgen(constructor)]
    pub fn new(
        players: JsValue,
        hero: f64,
        board: JsValue,
        dead: JsValue,
        method: JsValue,
    ) -> Result<StrengthJob, JsValue> {
        let (players, board, dead) = super::check::scenario_args(&players, &board, &dead)?;
        let method = args::text(&method, "the method").map_err(|m| field_error("method", m))?;
        let hero = args::whole(hero, "the hero", 0, players.len().saturating_sub(1) as u32)
            .map_err(|m| field_error("hero", m))? as usize;
        StrengthJob::open(&players, hero, &board, &dead, &method)
    }
}

impl StrengthJob {
    /// [`StrengthJob::new`] for texts.
    pub(super) fn open(
        players: &[String],
        hero: usize,
        board: &str,
        dead: &str,
        method: &str,
    ) -> Result<StrengthJob, JsValue> {
        let method = super::job::parse_method(method)?;
        // A board that parses but is no flop or turn: say so for strength
        // (the scenario's own rule allows 0 and 5 cards).
        if let Ok(cards) = crate::card::parse_cards(board) {
            if !(3..=4).contains(&cards.len()) {
                return Err(field_error("board", PotentialError::BoardSize(cards.len())));
            }
        }
        let spec = Spec::parse(players, board, dead).map_err(|err| FieldError::from(&err))?;
        let seat = format!("p{}", hero + 1);
        let Some([a, b]) = spec.players()[hero].known_cards() else {
            return Err(field_error(
                &seat,
                format!(
                    "hand strength is for a known hand: give player {} two cards, e.g. AdQc",
                    hero + 1
                ),
            ));
        };
        let hole = HoleCards::new(a, b).ok_or_else(|| field_error(&seat, "the same card twice"))?;
        let dead: CardSet = spec.dead().iter().copied().collect();
        let others: Vec<usize> = (0..spec.players().len()).filter(|&i| i != hero).collect();
        let ranges: Vec<Range> = others
            .iter()
            .map(|&i| {
                let mut r = Range::new();
                for c in &spec.players()[i].combos {
                    if let (Some(h), Some(w)) = (
                        HoleCards::new(c.cards[0], c.cards[1]),
                        u16::try_from(c.weight).ok().and_then(Weight::from_permille),
                    ) {
                        r.set(h, w);
                    }
                }
                r
            })
            .collect();
        let refs: Vec<&Range> = ranges.iter().collect();
        let fail = |e: StrengthError| -> JsValue {
            let field = match &e {
                StrengthError::Cards(PotentialError::BoardSize(_)) => "board".to_string(),
                StrengthError::Cards(_) | StrengthError::Deck { .. } => "dead".to_string(),
                StrengthError::NoHand(i) => format!("p{}", others[*i] + 1),
                _ => "players".to_string(),
            };
            let message = match &e {
                StrengthError::NoHand(i) => format!(
                    "player {}'s range has no hand left with these cards",
                    others[*i] + 1
                ),
                _ => e.to_string(),
            };
            field_error(&field, message)
        };
        let multi = Multi::open(hole, spec.board(), dead, &refs).map_err(fail)?;
        let one = if refs.len() == 1 {
            Some(
                PotentialJob::open(hole, spec.board(), dead, refs[0])
                    .map_err(|e| fail(e.into()))?,
            )
        } else {
            None
        };
        let cost = multi.exact_cost();
        let (exact, why_sampled) = match method {
            crate::job::JobMethod::Auto => (
                one.is_some() || multi.affordable(),
                Some(format!(
                    "too many deals for exact (≈{:.1e} steps): sampled",
                    cost as f64
                )),
            ),
            crate::job::JobMethod::Exact => (
                one.is_some() || multi.can_force(),
                Some(format!(
                    "too many deals even for exact on request (≈{:.1e} steps): sampled",
                    cost as f64
                )),
            ),
            crate::job::JobMethod::MonteCarlo => (false, None),
        };
        let why_sampled = if exact { None } else { why_sampled };
        Ok(StrengthJob {
            exact,
            why_sampled,
            opponents: refs.len(),
            flop: spec.board().len() == 3,
            hs_one: multi.hs_one_random(),
            cost,
            one,
            multi,
        })
    }

    fn units(&self) -> usize {
        if !self.exact {
            return 0;
        }
        match &self.one {
            Some(j) => j.opponents().len(),
            None => self.multi.total_units(),
        }
    }

    fn strided(&self, first: usize, stride: usize) -> StrengthCounts {
        let mut counts = StrengthCounts::default();
        let n = self.units();
        match &self.one {
            Some(j) if stride == 1 => counts = StrengthCounts::from(&j.run(first..n)),
            Some(j) => {
                let mut c = crate::equity::potential::PotentialCounts::default();
                for i in (first..n).step_by(stride) {
                    c.add(&j.run(i..i + 1));
                }
                counts = StrengthCounts::from(&c);
            }
            None => {
                for i in (first..n).step_by(stride) {
                    counts.add(&self.multi.run(i..i + 1));
                }
            }
        }
        counts
    }
}

fn texts(c: &StrengthCounts, out: &mut Vec<String>) {
    out.extend(c.to_array().iter().map(u128::to_string));
}

#[wasm_bindgen]
impl StrengthJob {
    #[wasm_bindgen(getter)]
    pub fn exact(&self) -> bool {
        self.exact
    }

    #[wasm_bindgen(getter)]
    pub fn opponents(&self) -> usize {
        self.opponents
    }

    #[wasm_bindgen(getter)]
    pub fn flop(&self) -> bool {
        self.flop
    }

    #[wasm_bindgen(getter)]
    pub fn why_sampled(&self) -> Option<String> {
        self.why_sampled.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn cost(&self) -> String {
        self.cost.to_string()
    }

    #[wasm_bindgen(getter)]
    pub fn hs_one_random(&self) -> f64 {
        self.hs_one
    }

    /// Units of the exact job (0 when sampled).
    pub fn total_units(&self) -> u32 {
        self.units() as u32
    }

    /// Units `first`, `first + stride`, …: 21 decimal counts. Throws unless
    /// the job is exact and `first < stride`.
    pub fn run_strided(&self, first: u32, stride: u32) -> Result<Vec<String>, JsValue> {
        self.run_chunks(&[first], stride)
    }

    /// Several strided chunks, their counts concatenated.
    pub fn run_chunks(&self, firsts: &[u32], stride: u32) -> Result<Vec<String>, JsValue> {
        if !self.exact {
            return Err(error("this job is sampled: run trials, not chunks"));
        }
        if let Some(bad) = firsts.iter().find(|&&c| c >= stride) {
            return Err(error(format!(
                "chunk {bad} is not one of the {stride} chunks"
            )));
        }
        let mut out = Vec::with_capacity(firsts.len() * WIDTH);
        for &first in firsts {
            texts(&self.strided(first as usize, stride as usize), &mut out);
        }
        Ok(out)
    }

    /// `trials` sampled deals for chunk `chunk` of a job seeded `seed`: 21
    /// decimal counts. Reproducible on any worker.
    pub fn run_trials(&self, seed: u32, chunk: u32, trials: u32) -> Result<Vec<String>, JsValue> {
        let counts = self
            .multi
            .sample(u64::from(seed), u64::from(chunk), u64::from(trials))
            .map_err(|e| field_error("players", e))?;
        let mut out = Vec::with_capacity(WIDTH);
        texts(&counts, &mut out);
        Ok(out)
    }

    /// The statistics of the counts given (21·k decimal strings, merged by
    /// addition): see the module docs.
    pub fn summary(&self, counts: JsValue) -> Result<JsValue, JsValue> {
        let c = merge(&counts)?;
        let s = c.summary(!self.exact);
        let total: u128 = c.now.iter().sum();
        let n = self.opponents as i32;
        let show = |x: &[u128; 3]| x.map(|v| v.to_string());
        to_js(&Summary {
            exact: self.exact,
            reliable: self.exact || total >= u128::from(MIN_TRIALS),
            opponents: self.opponents,
            flop: self.flop,
            hs: s.hs.value,
            ppot: s.ppot.value,
            npot: s.npot.value,
            ehs: s.ehs.value,
            ppot_whole_tie: s.ppot_whole_tie.value,
            npot_whole_tie: s.npot_whole_tie.value,
            ppot1: s.ppot1.value,
            npot1: s.npot1.value,
            errors: (!self.exact).then(|| Errors::of(&s)),
            hs_one_random: self.hs_one,
            hs_n: self.hs_one.powi(n),
            ahead: c.now[0].to_string(),
            tied: c.now[1].to_string(),
            behind: c.now[2].to_string(),
            transitions: c.hp.map(|r| show(&r)),
            next: c.next.map(|r| show(&r)),
            total: total.to_string(),
        })
    }
}

/// What [`StrengthJob::summary`] returns.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Summary {
    exact: bool,
    reliable: bool,
    opponents: usize,
    flop: bool,
    hs: f64,
    ppot: f64,
    npot: f64,
    ehs: f64,
    ppot_whole_tie: f64,
    npot_whole_tie: f64,
    ppot1: f64,
    npot1: f64,
    errors: Option<Errors>,
    hs_one_random: f64,
    hs_n: f64,
    ahead: String,
    tied: String,
    behind: String,
    transitions: [[String; 3]; 3],
    next: [[String; 3]; 3],
    total: String,
}

/// Standard errors of the sampled statistics.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Errors {
    hs: f64,
    ppot: f64,
    npot: f64,
    ehs: f64,
    ppot_whole_tie: f64,
    npot_whole_tie: f64,
    ppot1: f64,
    npot1: f64,
}

impl Errors {
    fn of(s: &StrengthSummary) -> Errors {
        let e = |x: Stat| x.se.unwrap_or(f64::INFINITY);
        Errors {
            hs: e(s.hs),
            ppot: e(s.ppot),
            npot: e(s.npot),
            ehs: e(s.ehs),
            ppot_whole_tie: e(s.ppot_whole_tie),
            npot_whole_tie: e(s.npot_whole_tie),
            ppot1: e(s.ppot1),
            npot1: e(s.npot1),
        }
    }
}

/// Counts as decimal strings (21·k of them) merged by addition.
fn merge(counts: &JsValue) -> Result<StrengthCounts, JsValue> {
    if !js_sys::Array::is_array(counts) {
        return Err(error(format!(
            "the counts: expected a list of decimal texts, got {}",
            args::kind(counts)
        )));
    }
    let array: &js_sys::Array = counts.unchecked_ref();
    let n = array.length();
    if n > MAX_TALLY_COUNTS {
        return Err(error(format!("{n} counts; at most {MAX_TALLY_COUNTS}")));
    }
    let list: Vec<String> = (0..n)
        .map(|i| args::text(&array.get(i), &format!("count {i}")))
        .collect::<Result<_, _>>()
        .map_err(error)?;
    merge_texts(&list).map_err(error)
}

/// The sum of 21-count blocks of decimal text.
pub(super) fn merge_texts(list: &[String]) -> Result<StrengthCounts, String> {
    if list.is_empty() || list.len() % WIDTH != 0 {
        return Err(format!(
            "expected counts in blocks of {WIDTH}, got {}",
            list.len()
        ));
    }
    let mut sum = [0u128; WIDTH];
    for (i, t) in list.iter().enumerate() {
        let digits = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let v: u128 = if digits {
            t.parse()
                .map_err(|_| format!("count {i} is too large (at most 39 digits)"))?
        } else {
            return Err(format!(
                "count {i} is not a whole number in decimal: {}",
                crate::quote::quote(t)
            ));
        };
        sum[i % WIDTH] = sum[i % WIDTH]
            .checked_add(v)
            .ok_or_else(|| format!("count {i}: the sum is too large"))?;
    }
    Ok(StrengthCounts::from_array(&sum))
}

/// The sum of counts given as 21·k decimal strings: 21 decimal strings.
#[wasm_bindgen]
pub fn strength_merge(counts: JsValue) -> Result<Vec<String>, JsValue> {
    let c = merge(&counts)?;
    let mut out = Vec::with_capacity(WIDTH);
    texts(&c, &mut out);
    Ok(out)
}
