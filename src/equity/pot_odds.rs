//! Pot odds and bet sizing for a call: given the pot (everything in the
//! middle, the bet faced included) and the amount to call, the equity a call
//! needs, the call's expected value at a given equity, and the Kelly
//! fraction `(b·p − q) / b` with `b = pot / call` (p the equity, q = 1 − p).
//!
//! Amounts are in whatever unit the caller uses (chips, big blinds, money):
//! only their ratio matters, and the EV comes back in the same unit.

use std::fmt;

/// The largest amount taken: beyond it `f64` sums lose whole units.
pub const MAX_AMOUNT: f64 = 1e15;

/// A pot and an amount to call, both checked: finite, above zero, at most
/// [`MAX_AMOUNT`].
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
}

impl fmt::Display for PotOddsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PotOddsError::NotANumber(what) => write!(f, "{what} must be a number"),
            PotOddsError::NotPositive(what, x) => {
                write!(f, "{what} must be more than 0, got {x}")
            }
            PotOddsError::TooLarge(what, x) => {
                write!(f, "{what} must be at most 1e15, got {x:e}")
            }
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
    } else {
        Ok(x)
    }
}

impl PotOdds {
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
            "the call must be at most 1e15, got inf"
        );
    }
}
