//! Pot odds for a call (the core's `PotOdds`): the page's pot-odds panel
//! and the JS API's `potOdds`.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::equity::pot_odds::{parse_amount_with, PotOdds, PotOddsError};
use crate::quote::quote;

use super::{args, field_error, to_js};

/// What [`pot_odds`] returns.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PotOddsView {
    /// The amounts as read.
    pot: f64,
    call: f64,
    /// `b = pot / call` ("b : 1").
    odds: f64,
    /// The equity a call needs: `call / (pot + call)`.
    needed: f64,
    /// The equity given, and at it the call's EV (in the amounts' unit)
    /// and the Kelly fraction; `null` without an equity.
    equity: Option<f64>,
    ev_call: Option<f64>,
    kelly: Option<f64>,
}

/// Plain decimal text as JavaScript's `Number` reads it (correctly
/// rounded, as Rust's parser): Rust's float parser would add kilobytes.
fn js_number(text: &str) -> Option<f64> {
    Some(JsValue::from_str(text).unchecked_into_f64())
}

/// `x` (at least 1, or infinite) as Rust's `{:e}` writes it (`1e16`,
/// `1.5e16`, `inf`), from its shortest digits ([`args::number_text`]).
pub(super) fn exp_text(x: f64) -> String {
    let full = args::number_text(x);
    if x.is_infinite() || x.abs() < 1.0 {
        return full;
    }
    let (sign, body) = full.split_at(usize::from(full.starts_with('-')));
    let int_len = body.find('.').unwrap_or(body.len());
    let digits: String = body.chars().filter(|c| *c != '.').collect();
    let digits = digits.trim_end_matches('0');
    let (first, rest) = digits.split_at(1.min(digits.len()));
    let point = if rest.is_empty() { "" } else { "." };
    format!("{sign}{first}{point}{rest}e{}", int_len - 1)
}

/// The core's message for `err` (its `Display`), written without Rust's
/// float formatting, which would add kilobytes to the download; a test
/// compares the two for many values.
pub(super) fn message(err: &PotOddsError) -> String {
    match err {
        PotOddsError::NotANumber(what) => format!("{what} must be a number"),
        PotOddsError::NotPositive(what, x) if x.is_infinite() => {
            format!("{what} must be more than 0, got a number below -1e308")
        }
        PotOddsError::NotPositive(what, x) => {
            format!("{what} must be more than 0, got {}", args::number_text(*x))
        }
        PotOddsError::TooLarge(what, x) if x.is_infinite() => {
            format!("{what} must be at most 1e15, got a number past 1e308")
        }
        PotOddsError::TooLarge(what, x) => {
            format!("{what} must be at most 1e15, got {}", exp_text(*x))
        }
        PotOddsError::TooSmall(what) => format!("{what} must be at least 0.000001 (a millionth)"),
        PotOddsError::NotAnAmount(what, text) => format!(
            "{what} needs an amount like 100, 2.5 or 1e3, got {}",
            quote(text)
        ),
        PotOddsError::AmbiguousComma(what, text) => format!(
            "{what}: is {} a thousand or one? Write 1000, or 1.5 with a point",
            quote(text)
        ),
    }
}

/// The input field an amount's error belongs to.
fn field_of(err: &PotOddsError) -> &'static str {
    if err.what() == "the pot" {
        "pot"
    } else {
        "call"
    }
}

/// An amount from JS: a number, or text as typed (`"100"`, `"2,5"`,
/// `"1_000"`: see `parse_amount`).
fn amount(value: &JsValue, what: &'static str, field: &str) -> Result<f64, JsValue> {
    let checked = if let Some(x) = value.as_f64() {
        PotOdds::new(x, 1.0).map(|p| p.pot())
    } else if value.is_string() {
        let text = args::text(value, what).map_err(|m| field_error(field, m))?;
        parse_amount_with(what, &text, js_number)
    } else {
        return Err(field_error(
            field,
            format!(
                "{what}: expected a number or text, got {}",
                args::kind(value)
            ),
        ));
    };
    checked.map_err(|err| {
        // The message names the amount given (`PotOdds::new` above checked
        // it as a pot).
        let err = match err {
            PotOddsError::NotANumber(_) => PotOddsError::NotANumber(what),
            PotOddsError::NotPositive(_, x) => PotOddsError::NotPositive(what, x),
            PotOddsError::TooLarge(_, x) => PotOddsError::TooLarge(what, x),
            PotOddsError::TooSmall(_) => PotOddsError::TooSmall(what),
            other => other,
        };
        field_error(field_of(&err), message(&err))
    })
}

/// Pot odds for calling `call` into `pot` (everything in the middle, the
/// bet faced included), each a number or text as typed, with the call's EV
/// and Kelly fraction at `equity` (a fraction 0 to 1; `undefined` or
/// `null` for none).
///
/// Returns `{pot, call, odds, needed, equity, evCall, kelly}` (the last
/// three `null` without an equity). Throws an `Error` with the core's
/// message and `field` `"pot"`, `"call"` or `"equity"`: not a number,
/// zero or less, over 1e15, `1,000` (a thousand, or one?).
#[wasm_bindgen]
pub fn pot_odds(pot: JsValue, call: JsValue, equity: JsValue) -> Result<JsValue, JsValue> {
    let pot = amount(&pot, "the pot", "pot")?;
    let call = amount(&call, "the call", "call")?;
    let odds = PotOdds::new(pot, call).map_err(|err| field_error(field_of(&err), message(&err)))?;
    let equity = if equity.is_undefined() || equity.is_null() {
        None
    } else {
        match equity.as_f64() {
            Some(p) if (0.0..=1.0).contains(&p) => Some(p),
            Some(p) => {
                return Err(field_error(
                    "equity",
                    format!(
                        "the equity must be a fraction from 0 to 1, got {}",
                        args::number_text(p)
                    ),
                ))
            }
            None => {
                return Err(field_error(
                    "equity",
                    format!(
                        "the equity: expected a number from 0 to 1, got {}",
                        args::kind(&equity)
                    ),
                ))
            }
        }
    };
    to_js(&PotOddsView {
        pot,
        call,
        odds: odds.odds(),
        needed: odds.needed(),
        equity,
        ev_call: equity.map(|p| odds.ev_call(p)),
        kelly: equity.map(|p| odds.kelly(p)),
    })
}
