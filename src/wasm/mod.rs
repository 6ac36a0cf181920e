//! The JavaScript binding: the one module that knows JS exists.
//!
//! Compiled only for wasm32. It turns text from the page into calls on the
//! core and the core's answers into plain JS values (via serde), so core
//! types are never `#[wasm_bindgen]` and JS never re-derives poker rules:
//! card text, category names, hand-class labels and error messages all come
//! from here. No input, however malformed, makes these functions panic.
//!
//! Exports that take text take `JsValue`s and check them first ([`args`]:
//! text of at most 100,000 characters, lists of texts, whole numbers), so a
//! value that is not what it should be (`Object.prototype`, `NaN`, an
//! array-like with a negative length) is a clear `Error`, never a trap in
//! wasm-bindgen's copying glue.
//!
//! # Errors: one style for every export
//!
//! An export that can fail returns `Result<T, JsValue>`, and its error is
//! always built here, by [`error`] or [`field_error`]: a JS `Error` whose
//! `message` is the core's own, verbatim, with a `field` property when the
//! error belongs to one input field (`"p1"` … `"p10"`, `"board"`, `"dead"`,
//! `"players"` for the table as a whole, `"method"`, `"table"`). The page
//! reads `err.message` and `err.field` (`engine-worker.js` sends both back,
//! `worker-pool.js` puts `field` back on the `Error`), so both are part of
//! the interface. Never `JsError`, `throw_val` or a thrown string:
//!
//! ```text
//!   #[wasm_bindgen]
//!   pub fn my_export(text: JsValue) -> Result<JsValue, JsValue> {
//!       let text = args::text(&text, "the hand").map_err(error)?;        // Error: "the hand: expected text, got a number"
//!       let hand = parse(&text).map_err(error)?;                          // any Display: the core's message
//!       let board = args::text(&b, "the board").map_err(|m| field_error("board", m))?;
//!       to_js(&answer)                                                    // serialising fails with an `error` too
//!   }
//! ```
//!
//! A new file here takes them with `use super::{args, error, field_error,
//! to_js};`. Functions documented as never throwing (`check`,
//! `parse_range`, `explain_range`) put `{message, …}` in their answer
//! instead. Every export's failure is a line of
//! `tests/data/wasm_errors.txt`, checked in Node and in a worker
//! (`tests/errors.rs`, which fails for an export it does not know): a new
//! export gets an arm in that file's `call` and its lines in the table (or
//! joins `CANNOT_FAIL` there, for a getter or a function that cannot fail).
//!
//! Numbers that can exceed 2^53 never cross as numbers: the cost of an
//! exact enumeration is decimal text (`check.cost`, `job.cost`); counts
//! sent back ([`estimate`](estimate::estimate)) are sums checked to stay below 2^53.
//!
//! # Equity jobs
//!
//! One class, `Job`, for every game (`job.rs`; the core's `EquityJob`):
//!
//! ```text
//!   const job = new Job({game: "holdem", players: ["AhKh", "QQ+, AKs"], board: "2h7hTc", method: "auto"});
//!   job.exact, job.total_units()          // exact when affordable
//!   job.why_sampled                       // else why: "too many boards for exact (≈9.6e15 evaluations): Monte Carlo"
//!   job.run_strided(c, C)                 // chunk c of C: Float64Array, job.counts_width counts
//!   job.run_trials(seed, chunk, trials)   // Monte Carlo chunk: same shape
//!   job.estimate(counts, C)               // {exact, reliable, players: [{win, tie, equity, stdError…}]…}
//!   check({game, players, board, dead, rules})   // never throws
//!   job_games()                           // the games this module opens
//! ```
//!
//! A Hold'em spec takes `table`: whether to answer heads-up preflop range
//! jobs from the preflop table ([`load_preflop_table`](table::load_preflop_table); each
//! wasm instance holds its own copy). Absent, it is used when loaded and
//! fits; `true` requires it when it fits (so that every worker splits the
//! job into the same units as the page planned); `false` never uses it.
//!
//! # Ranges
//!
//! ```text
//!   parse_range("QQ+, AKs")        // {ok, text, combos, weighted, percent, fill[169], counts[169], error}
//!   edit_range(text, ["AKo"], 500) // the same, after setting classes to a weight (per mille)
//!   range_top(1000)                // top 10.00% by the standard ranking
//!   explain_range("qq+ AhKh")      // {ok, items: [{token, position, text, standsFor, classes, combos, comboCount, weight}], error}
//! ```
//!
//! A **tally** crosses the boundary as a `Float64Array` of `2^players`
//! counts, indexed by the bit mask of the players who won (or split) a
//! showdown. Several tallies travel concatenated. Counts are integers below
//! 2^53 (a job of known hands has at most C(48,5) = 1,712,304 boards; a
//! range job counts weighted showdowns, and is only exact when a bound on
//! their sum stays below 2^53, else it samples; a Monte Carlo chunk has at
//! most 2^32 trials), so `f64` holds them exactly, JS can add them with
//! `+`, and the arrays move between workers without copying.
//! [`estimate`](estimate::estimate) rejects any array that is not such a list of counts.

// In a build of one of the modules, what only the others' exports use is
// compiled but unused.
#![cfg_attr(
    not(all(
        feature = "wasm-core",
        feature = "wasm-extra",
        feature = "wasm-board",
        feature = "wasm-mixed"
    )),
    allow(dead_code, unused_imports)
)]

// Four modules from one crate (see Cargo.toml's features and
// `Family::wasm_module`): `wasm-core` exports what the Hold'em calculator
// needs for its first result, `wasm-extra` the Hold'em panels and the
// three- and five-card games, `wasm-board` Omaha and Short Deck,
// `wasm-mixed` the draw and stud games; the files below that all use
// (checks, job methods, range parsing) are compiled into each, their
// exports gated.
mod args;
#[cfg(feature = "wasm-board")]
mod board_eval;
#[cfg(feature = "wasm-board")]
mod board_game;
mod check;
#[cfg(feature = "wasm-extra")]
mod combos;
#[cfg(feature = "wasm-extra")]
mod describe;
#[cfg(feature = "wasm-extra")]
mod detail;
#[cfg(feature = "wasm-extra")]
mod distribution;
#[cfg(feature = "wasm-mixed")]
mod draw;
mod estimate;
mod eval;
#[cfg(any(feature = "wasm-extra", feature = "wasm-board", feature = "wasm-mixed"))]
mod family_check;
#[cfg(feature = "wasm-extra")]
mod five_card;
#[cfg(feature = "wasm-core")]
mod games;
#[cfg(feature = "wasm-core")]
mod grid;
mod job;
mod job_spec;
#[cfg(feature = "wasm-mixed")]
mod mixed_eval;
#[cfg(feature = "wasm-board")]
mod omaha_range;
#[cfg(any(feature = "wasm-board", feature = "wasm-mixed"))]
mod pot_estimate;
#[cfg(feature = "wasm-extra")]
mod pot_odds;
mod range;
#[cfg(feature = "wasm-extra")]
mod range_formats;
#[cfg(feature = "wasm-extra")]
mod ranks;
#[cfg(feature = "wasm-board")]
mod short_range;
#[cfg(feature = "wasm-extra")]
mod streets;
#[cfg(feature = "wasm-extra")]
mod strength;
#[cfg(feature = "wasm-mixed")]
mod stud;
mod table;
#[cfg(test)]
mod tests;
#[cfg(feature = "wasm-extra")]
mod texture;
#[cfg(feature = "wasm-extra")]
mod three_card;

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated, before JS can call anything:
/// panics go to the console with their message instead of a bare
/// "unreachable", and the evaluator computes its tables (see `eval::prepare`).
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
    crate::eval::prepare();
}

/// Plain JS values: objects, arrays, numbers, and `null` for `None`.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(error)
}

/// What an export throws: `new Error(message)`, `message` verbatim (the
/// core's own). Use [`field_error`] when the error belongs to one input
/// field.
fn error(message: impl std::fmt::Display) -> JsValue {
    js_error(&message.to_string(), None)
}

/// What an export throws for an error in one input field: `new
/// Error(message)` with `error.field = field` (`"p2"`, `"board"`, …).
fn field_error(field: &str, message: impl std::fmt::Display) -> JsValue {
    js_error(&message.to_string(), Some(field))
}

/// The one path from an error to JS (see the module doc).
fn js_error(message: &str, field: Option<&str>) -> JsValue {
    let error = js_sys::Error::new(message);
    if let Some(field) = field {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&error, &"field".into(), &field.into());
    }
    error.into()
}
