//! Rankings of the 169 classes, for "top X%" (`10%` in range text).
//!
//! A [`Ranking`] is any order of all 169 classes, best first. The rankings
//! the app ships (equity vs 1 or 3 random hands) are generated elsewhere by
//! our own equity engine; this module only defines the type and what `X%`
//! means: classes are added in ranking order until their combos reach X% of
//! the 1,326.

use super::class::{HandClass, CLASSES, COMBOS};
use std::fmt;

/// A share of all 1,326 combos for `X%`, in hundredths of a percent
/// (`1..=10000`, i.e. 0.01% to 100%).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Percent(u16);

impl Percent {
    /// The percentage `hundredths / 100`, if it is in `1..=10000`.
    pub const fn from_hundredths(hundredths: u16) -> Option<Percent> {
        if hundredths >= 1 && hundredths <= 10_000 {
            Some(Percent(hundredths))
        } else {
            None
        }
    }

    #[inline]
    pub const fn hundredths(self) -> u16 {
        self.0
    }
}

/// `10%`, `10.5%`, `0.25%`.
impl fmt::Display for Percent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, frac) = (self.0 / 100, self.0 % 100);
        if frac == 0 {
            write!(f, "{whole}%")
        } else {
            let digits = format!("{frac:02}");
            write!(f, "{whole}.{}%", digits.trim_end_matches('0'))
        }
    }
}

/// Why a ranking was rejected.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RankingError {
    /// A class listed twice.
    Duplicate(HandClass),
    /// A class not listed (the first one missing, in grid order).
    Missing(HandClass),
}

impl fmt::Display for RankingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankingError::Duplicate(c) => write!(f, "ranking lists {c} twice"),
            RankingError::Missing(c) => write!(f, "ranking does not list {c}"),
        }
    }
}

impl std::error::Error for RankingError {}

/// An order of all 169 classes, best first. Invariant: each class exactly once.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Ranking {
    order: Vec<HandClass>,
}

impl Ranking {
    /// A ranking from all 169 classes, best first.
    pub fn new(order: impl IntoIterator<Item = HandClass>) -> Result<Ranking, RankingError> {
        let mut seen = [false; CLASSES];
        let mut list = Vec::with_capacity(CLASSES);
        for c in order {
            if std::mem::replace(&mut seen[c.index()], true) {
                return Err(RankingError::Duplicate(c));
            }
            list.push(c);
        }
        if let Some(missing) = HandClass::all().find(|c| !seen[c.index()]) {
            return Err(RankingError::Missing(missing));
        }
        Ok(Ranking { order: list })
    }

    /// The 169 classes, best first.
    pub fn order(&self) -> &[HandClass] {
        &self.order
    }

    /// The best classes whose combos first reach `percent` of all 1,326:
    /// classes are taken in order while the combos so far are below
    /// `percent × 1326`.
    pub fn top(&self, percent: Percent) -> &[HandClass] {
        let target = u64::from(percent.hundredths()) * COMBOS as u64;
        let mut combos = 0u64;
        let mut n = 0;
        while n < self.order.len() && combos * 10_000 < target {
            combos += u64::from(self.order[n].combo_count());
            n += 1;
        }
        &self.order[..n]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates() {
        assert!(Ranking::new(HandClass::all()).is_ok());
        let aa = HandClass::from_index(0).unwrap();
        let e = Ranking::new(HandClass::all().chain([aa])).unwrap_err();
        assert_eq!(e.to_string(), "ranking lists AA twice");
        let e = Ranking::new(HandClass::all().skip(1)).unwrap_err();
        assert_eq!(e.to_string(), "ranking does not list AA");
    }

    #[test]
    fn top_takes_classes_until_the_share_is_reached() {
        let r = Ranking::new(HandClass::all_canonical()).unwrap();
        let p = |h| Percent::from_hundredths(h).unwrap();
        // 0.01% of 1326 is 0.13 combos: the first class.
        assert_eq!(r.top(p(1)).len(), 1);
        // 78 / 1326 = 5.88…%: all 13 pairs exactly reach it at 5.89%.
        assert_eq!(r.top(p(588)).len(), 13);
        assert_eq!(r.top(p(589)).len(), 14);
        assert_eq!(r.top(p(10_000)).len(), 169);
        assert_eq!(p(1050).to_string(), "10.5%");
        assert_eq!(p(1000).to_string(), "10%");
        assert_eq!(p(25).to_string(), "0.25%");
        assert_eq!(Percent::from_hundredths(0), None);
        assert_eq!(Percent::from_hundredths(10_001), None);
    }
}
