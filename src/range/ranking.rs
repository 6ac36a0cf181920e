//! Rankings of the 169 classes, for "top X%" (`10%` in range text).
//!
//! A [`Ranking`] is any order of all 169 classes, best first. The rankings
//! the app ships (equity vs 1 or 3 random hands) are generated elsewhere by
//! our own equity engine; this module only defines the type and what `X%`
//! means: classes are added in ranking order until their combos reach X% of
//! the 1,326. A short-deck ranking ([`Ranking::new_short`]) orders the 81
//! classes of the 36-card deck (six to ace) and counts X% of its 630 combos.

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
    /// A class with a card below six in a short-deck ranking.
    NotShort(HandClass),
}

impl fmt::Display for RankingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankingError::Duplicate(c) => write!(f, "ranking lists {c} twice"),
            RankingError::Missing(c) => write!(f, "ranking does not list {c}"),
            RankingError::NotShort(c) => write!(f, "{c} is not in the short deck (6 to A)"),
        }
    }
}

impl std::error::Error for RankingError {}

/// Classes in the 36-card short deck (both ranks six or higher).
pub const SHORT_CLASSES: usize = 81;

/// Combos in the 36-card short deck: 36 × 35 / 2.
pub const SHORT_COMBOS: usize = 630;

/// Whether `class` can be dealt from the short deck (six to ace).
pub const fn is_short(class: HandClass) -> bool {
    class.low() >= 4
}

/// An order of all 169 classes (or the short deck's 81), best first.
/// Invariant: each class of its deck exactly once.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Ranking {
    order: Vec<HandClass>,
    /// The deck's combos: 1,326, or 630 for the short deck.
    combos: u32,
}

impl Ranking {
    /// A ranking from all 169 classes, best first.
    pub fn new(order: impl IntoIterator<Item = HandClass>) -> Result<Ranking, RankingError> {
        Ranking::of_deck(order, false)
    }

    /// A short-deck ranking from the 81 classes of six to ace, best first.
    pub fn new_short(order: impl IntoIterator<Item = HandClass>) -> Result<Ranking, RankingError> {
        Ranking::of_deck(order, true)
    }

    fn of_deck(
        order: impl IntoIterator<Item = HandClass>,
        short: bool,
    ) -> Result<Ranking, RankingError> {
        let mut seen = [false; CLASSES];
        let mut list = Vec::with_capacity(CLASSES);
        for c in order {
            if short && !is_short(c) {
                return Err(RankingError::NotShort(c));
            }
            if std::mem::replace(&mut seen[c.index()], true) {
                return Err(RankingError::Duplicate(c));
            }
            list.push(c);
        }
        let wanted = |c: &HandClass| !short || is_short(*c);
        if let Some(missing) = HandClass::all().find(|c| wanted(c) && !seen[c.index()]) {
            return Err(RankingError::Missing(missing));
        }
        let combos = if short { SHORT_COMBOS } else { COMBOS } as u32;
        Ok(Ranking {
            order: list,
            combos,
        })
    }

    /// The deck's combos `X%` is a share of: 1,326 (630 short).
    pub fn deck_combos(&self) -> u32 {
        self.combos
    }

    /// The 169 classes (81 short), best first.
    pub fn order(&self) -> &[HandClass] {
        &self.order
    }

    /// The best classes whose combos first reach `percent` of the deck's
    /// (1,326, or 630 short): classes are taken in order while the combos
    /// so far are below `percent × 1326` (`× 630`).
    pub fn top(&self, percent: Percent) -> &[HandClass] {
        let target = u64::from(percent.hundredths()) * u64::from(self.combos);
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
        let short = || HandClass::all().filter(|&c| is_short(c));
        assert_eq!(short().count(), SHORT_CLASSES);
        let r = Ranking::new_short(short()).unwrap();
        assert_eq!(r.deck_combos(), 630);
        // 0.96% of 630 is 6.05 combos: the first pair, and one more class.
        let p = Percent::from_hundredths(96).unwrap();
        assert_eq!(r.top(p).len(), 2);
        let e = Ranking::new_short(HandClass::all()).unwrap_err();
        assert_eq!(e.to_string(), "A5s is not in the short deck (6 to A)");
        let e = Ranking::new_short(short().skip(1)).unwrap_err();
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
