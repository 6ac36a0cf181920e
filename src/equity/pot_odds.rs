//! Pot odds and bet sizing for a call: given the pot (everything in the
//! middle, the bet faced included) and the amount to call, the equity a call
//! needs, the call's expected value at a given equity, and the Kelly
//! fraction `(b·p − q) / b` with `b = pot / call` (p the equity, q = 1 − p).
//!
//! Amounts are in whatever unit the caller uses (chips, big blinds, money):
//! only their ratio matters, and the EV comes back in the same unit.

use std::fmt;

use crate::quote::quote;

/// The largest amount taken: beyond it `f64` sums lose whole units.
pub const MAX_AMOUNT: f64 = 1e15;

/// The smallest amount taken, a millionth of a unit: with the largest, the
/// odds stay below 1e21 : 1 and every figure finite (a call
/// of 1e-300 into a pot of 1e15 made the odds infinite and Kelly NaN).
pub const MIN_AMOUNT: f64 = 1e-6;

/// A pot and an amount to call, both checked: finite, from [`MIN_AMOUNT`]
/// to [`MAX_AMOUNT`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PotOdds {
    pot: f64,
    call: f64,
}

/// Why a pot or a call is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum PotOddsError {
    /// `what` ("the pot", "the call") is not a number.
    NotANumber(&'static str),
    /// `what` is zero or less.
    NotPositive(&'static str, f64),
    /// `what` is over [`MAX_AMOUNT`].
    TooLarge(&'static str, f64),
    /// `what` is above zero but under [`MIN_AMOUNT`].
    TooSmall(&'static str),
    /// `what` was typed as text that is not an amount (the text).
    NotAnAmount(&'static str, String),
    /// `what` was typed as `1,000`: a thousand, or one with a decimal
    /// comma? (the text)
    AmbiguousComma(&'static str, String),
}

impl PotOddsError {
    /// Which amount is wrong: `"the pot"`, `"the call"`.
    pub fn what(&self) -> &'static str {
        match self {
            PotOddsError::NotANumber(what)
            | PotOddsError::NotPositive(what, _)
            | PotOddsError::TooLarge(what, _)
            | PotOddsError::TooSmall(what)
            | PotOddsError::NotAnAmount(what, _)
            | PotOddsError::AmbiguousComma(what, _) => what,
        }
    }
}

impl fmt::Display for PotOddsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PotOddsError::NotANumber(what) => write!(f, "{what} must be a number"),
            PotOddsError::NotPositive(what, x) if x.is_infinite() => {
                write!(f, "{what} must be more than 0, got a number below -1e308")
            }
            PotOddsError::NotPositive(what, x) => {
                write!(f, "{what} must be more than 0, got {x}")
            }
            // (Not "inf": an amount past f64's range, such as 1e400.)
            PotOddsError::TooLarge(what, x) if x.is_infinite() => {
                write!(f, "{what} must be at most 1e15, got a number past 1e308")
            }
            PotOddsError::TooLarge(what, x) => {
                write!(f, "{what} must be at most 1e15, got {x:e}")
            }
            PotOddsError::TooSmall(what) => {
                write!(f, "{what} must be at least 0.000001 (a millionth)")
            }
            PotOddsError::NotAnAmount(what, text) => write!(
                f,
                "{what} needs an amount like 100, 2.5 or 1e3, got {}",
                quote(text)
            ),
            PotOddsError::AmbiguousComma(what, text) => write!(
                f,
                "{what}: is {} a thousand or one? Write 1000, or 1.5 with a point",
                quote(text)
            ),
        }
    }
}

impl std::error::Error for PotOddsError {}

fn checked(what: &'static str, x: f64) -> Result<f64, PotOddsError> {
    if x.is_nan() {
        Err(PotOddsError::NotANumber(what))
    } else if x <= 0.0 {
        Err(PotOddsError::NotPositive(what, x))
    } else if x > MAX_AMOUNT {
        Err(PotOddsError::TooLarge(what, x))
    } else if x < MIN_AMOUNT {
        Err(PotOddsError::TooSmall(what))
    } else {
        Ok(x)
    }
}

/// An amount as people type it: `100`, `2.5`, `.5`, `1e3`, with `_` or
/// spaces between digit groups (`1_000`, `1 000`), and a decimal comma
/// (`2,5`: phones in many countries offer a comma on the decimal keypad)
/// unless it could be a thousands separator (`1,000` is refused as
/// ambiguous). Checked as [`PotOdds::new`] checks it.
pub fn parse_amount(what: &'static str, text: &str) -> Result<f64, PotOddsError> {
    parse_amount_with(what, text, |s| s.parse().ok())
}

/// [`parse_amount`] with `number` reading the plain decimal text left
/// (digits, `.`, `e`, signs): the wasm binding passes JavaScript's
/// `Number`, which rounds as Rust does, without the float parser's code.
pub fn parse_amount_with(
    what: &'static str,
    text: &str,
    number: impl Fn(&str) -> Option<f64>,
) -> Result<f64, PotOddsError> {
    let not_amount = || PotOddsError::NotAnAmount(what, text.to_string());
    let mut plain: String = text
        .trim()
        .chars()
        .filter(|&c| !matches!(c, '_' | ' ' | '\u{a0}' | '\u{202f}'))
        .collect();
    if plain.matches(',').count() == 1 && !plain.contains('.') {
        let after = &plain[plain.find(',').unwrap_or(0) + 1..];
        if after.len() == 3 && after.bytes().all(|b| b.is_ascii_digit()) {
            return Err(PotOddsError::AmbiguousComma(what, text.to_string()));
        }
        plain = plain.replace(',', ".");
    }
    // Only a number's characters: Rust would also read "inf" and "NaN".
    let numeric = !plain.is_empty()
        && plain
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'));
    if !numeric {
        return Err(not_amount());
    }
    match number(&plain) {
        Some(x) if !x.is_nan() => checked(what, x),
        _ => Err(not_amount()),
    }
}

impl PotOdds {
    /// The pot and the call as typed (see [`parse_amount`]).
    pub fn parse(pot: &str, call: &str) -> Result<PotOdds, PotOddsError> {
        Ok(PotOdds {
            pot: parse_amount("the pot", pot)?,
            call: parse_amount("the call", call)?,
        })
    }

    pub fn new(pot: f64, call: f64) -> Result<PotOdds, PotOddsError> {
        Ok(PotOdds {
            pot: checked("the pot", pot)?,
            call: checked("the call", call)?,
        })
    }

    pub fn pot(self) -> f64 {
        self.pot
    }

    pub fn call(self) -> f64 {
        self.call
    }

    /// The pot odds `b = pot / call` ("b : 1").
    pub fn odds(self) -> f64 {
        self.pot / self.call
    }

    /// The equity a call needs to break even: `call / (pot + call)`.
    pub fn needed(self) -> f64 {
        self.call / (self.pot + self.call)
    }

    /// The call's expected value against folding, at `equity`: win the pot
    /// `equity` of the time, lose the call otherwise.
    pub fn ev_call(self, equity: f64) -> f64 {
        equity * self.pot - (1.0 - equity) * self.call
    }

    /// The Kelly fraction `(b·p − q) / b` at `equity` (negative: the bet
    /// loses in the long run).
    pub fn kelly(self, equity: f64) -> f64 {
        let b = self.odds();
        (b * equity - (1.0 - equity)) / b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pot_of_100_and_a_call_of_50() {
        let p = PotOdds::new(100.0, 50.0).unwrap();
        assert_eq!(p.odds(), 2.0);
        assert!((p.needed() - 1.0 / 3.0).abs() < 1e-15);
        // Break-even exactly at the needed equity.
        assert!(p.ev_call(p.needed()).abs() < 1e-12);
        assert_eq!(p.ev_call(0.5), 25.0);
        // b = 2, p = 0.5: (2 × 0.5 − 0.5) / 2 = 0.25.
        assert_eq!(p.kelly(0.5), 0.25);
        assert!(p.kelly(0.2) < 0.0);
    }

    #[test]
    fn bad_amounts_say_which_and_why() {
        let e = |pot: f64, call: f64| PotOdds::new(pot, call).unwrap_err().to_string();
        assert_eq!(e(f64::NAN, 1.0), "the pot must be a number");
        assert_eq!(e(100.0, 0.0), "the call must be more than 0, got 0");
        assert_eq!(e(-5.0, 1.0), "the pot must be more than 0, got -5");
        assert_eq!(e(1e16, 1.0), "the pot must be at most 1e15, got 1e16");
        assert_eq!(
            e(1.0, f64::INFINITY),
            "the call must be at most 1e15, got a number past 1e308"
        );
    }

    #[test]
    fn amounts_as_typed() {
        let ok = |t: &str| parse_amount("the pot", t).unwrap();
        assert_eq!(ok("100"), 100.0);
        assert_eq!(ok(" 2.5 "), 2.5);
        assert_eq!(ok(".5"), 0.5);
        assert_eq!(ok("1e3"), 1000.0);
        assert_eq!(ok("1_000"), 1000.0);
        assert_eq!(ok("1 000 000"), 1e6);
        assert_eq!(ok("2,5"), 2.5);
        assert_eq!(ok("1,50"), 1.5);
        assert_eq!(ok("1e15"), 1e15);
        let e = |pot: &str, call: &str| PotOdds::parse(pot, call).unwrap_err().to_string();
        assert_eq!(
            e("abc", "1"),
            "the pot needs an amount like 100, 2.5 or 1e3, got \"abc\""
        );
        assert_eq!(
            e("100", ""),
            "the call needs an amount like 100, 2.5 or 1e3, got \"\""
        );
        assert_eq!(
            e("inf", "1"),
            "the pot needs an amount like 100, 2.5 or 1e3, got \"inf\""
        );
        assert_eq!(
            e("NaN", "1"),
            "the pot needs an amount like 100, 2.5 or 1e3, got \"NaN\""
        );
        assert_eq!(
            e("1,000", "1"),
            "the pot: is \"1,000\" a thousand or one? Write 1000, or 1.5 with a point"
        );
        assert_eq!(
            e("1.000,5", "1").split(',').next(),
            Some("the pot needs an amount like 100")
        );
        assert_eq!(e("100", "-5"), "the call must be more than 0, got -5");
        assert_eq!(e("100", "0"), "the call must be more than 0, got 0");
        assert_eq!(
            e("1e999", "1"),
            "the pot must be at most 1e15, got a number past 1e308"
        );
        assert_eq!(
            e("__proto__", "1"),
            "the pot needs an amount like 100, 2.5 or 1e3, got \"__proto__\""
        );
        assert_eq!(PotOdds::parse("100", "-5").unwrap_err().what(), "the call");
        assert_eq!(
            PotOdds::parse("100", "50").unwrap(),
            PotOdds::new(100.0, 50.0).unwrap()
        );
    }
}
