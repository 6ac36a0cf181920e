//! Ranges: weights over the 1,326 two-card combos, the 169 hand classes, and
//! the PokerStove/Equilab range syntax.
//!
//! - [`class`](HandClass): the 169 classes on the 13×13 grid, and
//!   [`HoleCards`], the canonical index of each of the 1,326 combos.
//! - [`Range`]: a [`Weight`] for every combo; card removal; per-class views
//!   for the grid.
//! - [`parse`]: `QQ+, A2s-A5s, KTo+, AhKh, AK@50, 10%` → [`Range`], with
//!   errors that name the token and position. Items apply left to right and
//!   a later item overrides the weight an earlier one gave the same combo
//!   (`random, 72o:0` is every hand but 72o).
//! - `Display` for [`Range`]: canonical text that parses back to the same
//!   range (`QQ+, 55-22, A5s-A2s, KTo+, AKs:0.5, AhKh`).
//! - [`explain`]: each token, what it expanded to and how many combos.
//! - [`texture`]: what a range makes and draws on a flop or a turn.
//! - [`Ranking`]: an order of the 169 classes, for `X%` ("top X% of hands").
//!   The data comes from elsewhere; this module only uses it.
//!
//! Pure core: no IO, clock or randomness.

mod class;
mod display;
mod error;
mod explain;
mod parse;
mod ranking;
pub mod texture;

pub use class::{HandClass, HoleCards, Shape, CLASSES, COMBOS};
pub use error::RangeError;
pub use explain::{explain, ExplainItem};
pub use parse::{parse, parse_items, Expr, Item};
pub use ranking::{Percent, Ranking, RankingError};

use crate::card::CardSet;
use std::fmt;

/// How much of a combo a range holds, from 0 to 1 in steps of 0.001.
///
/// Fixed point (per mille in a `u16`, `0..=1000`) rather than `f32`:
/// - equality is exact, so `parse(display(r)) == r` holds for every range and
///   ranges can be compared and hashed;
/// - weights stay integers all the way into the equity engine, whose results
///   are integer tallies that merge by addition (`Combo::weight` is a `u32`;
///   the product of two players' weights is at most 10⁶);
/// - 0.001 is finer than any slider, and matches what people write: `:0.5`,
///   `:0.125`, solver exports with three decimals, `@12.5` (percent with one
///   decimal) are all exact. Finer input is rounded to the nearest 0.001.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Debug)]
pub struct Weight(u16);

impl Weight {
    /// Not in the range.
    pub const ZERO: Weight = Weight(0);
    /// Fully in the range.
    pub const FULL: Weight = Weight(1000);
    /// Steps per unit weight.
    pub const SCALE: u16 = 1000;

    /// The weight `permille / 1000`, if `permille <= 1000`.
    pub const fn from_permille(permille: u16) -> Option<Weight> {
        if permille <= Self::SCALE {
            Some(Weight(permille))
        } else {
            None
        }
    }

    /// The weight in thousandths, `0..=1000`.
    #[inline]
    pub const fn permille(self) -> u16 {
        self.0
    }

    #[inline]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// As a float in `[0, 1]` (a view; the value is the integer).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / f64::from(Self::SCALE)
    }
}

/// `1`, `0.5`, `0.125`, `0`: the shortest decimal, as range text writes it.
impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, frac) = (self.0 / Self::SCALE, self.0 % Self::SCALE);
        if frac == 0 {
            return write!(f, "{whole}");
        }
        let digits = format!("{frac:03}");
        write!(f, "{whole}.{}", digits.trim_end_matches('0'))
    }
}

/// A weight for each of the 1,326 combos (see [`Weight`] for why fixed
/// point). The empty range is the `Default`.
///
/// `Display` gives the canonical text (see the module docs), `FromStr` parses
/// range text without a ranking (use [`parse`] to allow `X%`).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Range {
    weights: [Weight; COMBOS],
}

impl Default for Range {
    fn default() -> Range {
        Range::new()
    }
}

impl Range {
    /// The empty range.
    pub const fn new() -> Range {
        Range {
            weights: [Weight::ZERO; COMBOS],
        }
    }

    /// Every combo at full weight (`random`, `any`).
    pub const fn random() -> Range {
        Range {
            weights: [Weight::FULL; COMBOS],
        }
    }

    /// The given classes at full weight.
    pub fn from_classes(classes: impl IntoIterator<Item = HandClass>) -> Range {
        let mut r = Range::new();
        for c in classes {
            r.set_class(c, Weight::FULL);
        }
        r
    }

    /// The weight of one combo.
    #[inline]
    pub fn weight(&self, combo: HoleCards) -> Weight {
        self.weights[combo.index()]
    }

    /// Sets the weight of one combo (`Weight::ZERO` removes it).
    #[inline]
    pub fn set(&mut self, combo: HoleCards, weight: Weight) {
        self.weights[combo.index()] = weight;
    }

    /// Sets the weight of every combo of a class.
    pub fn set_class(&mut self, class: HandClass, weight: Weight) {
        for c in class.combos() {
            self.set(c, weight);
        }
    }

    /// The weight shared by all combos of `class` (`Some(Weight::ZERO)` if
    /// none is in the range), or `None` if they differ (some combos removed
    /// or weighted apart).
    pub fn class_weight(&self, class: HandClass) -> Option<Weight> {
        let mut combos = class.combos();
        let first = self.weight(combos.next()?);
        combos.all(|c| self.weight(c) == first).then_some(first)
    }

    /// How many combos of `class` have a weight above zero.
    pub fn class_combo_count(&self, class: HandClass) -> u32 {
        class
            .combos()
            .filter(|&c| !self.weight(c).is_zero())
            .count() as u32
    }

    /// The combos with a weight above zero, in index order.
    pub fn combos(&self) -> impl Iterator<Item = (HoleCards, Weight)> + '_ {
        HoleCards::all()
            .map(|c| (c, self.weight(c)))
            .filter(|(_, w)| !w.is_zero())
    }

    /// Number of combos with a weight above zero.
    pub fn combo_count(&self) -> u32 {
        self.weights.iter().filter(|w| !w.is_zero()).count() as u32
    }

    /// Sum of the weights in thousandths (exact; `1000 ×` the weighted count).
    pub fn weight_sum(&self) -> u32 {
        self.weights.iter().map(|w| u32::from(w.permille())).sum()
    }

    /// Sum of the weights: combos counted by how much of each is in the range.
    pub fn weighted_count(&self) -> f64 {
        f64::from(self.weight_sum()) / f64::from(Weight::SCALE)
    }

    /// No combo has a weight above zero.
    pub fn is_empty(&self) -> bool {
        self.weights.iter().all(|w| w.is_zero())
    }

    /// Removes every combo that uses one of the `dead` cards (known cards of
    /// other players, the board, dead cards).
    ///
    /// # Errors
    /// [`RangeError::EmptyAfterRemoval`] if nothing would be left; the range
    /// is then left unchanged.
    pub fn remove_dead(&mut self, dead: CardSet) -> Result<(), RangeError> {
        let mut live = self.clone();
        for c in HoleCards::all() {
            if c.card_set().intersects(dead) {
                live.set(c, Weight::ZERO);
            }
        }
        if live.is_empty() {
            return Err(RangeError::EmptyAfterRemoval { dead });
        }
        *self = live;
        Ok(())
    }
}

impl std::str::FromStr for Range {
    type Err = RangeError;
    /// [`parse`] without a ranking (`X%` is an error).
    fn from_str(s: &str) -> Result<Range, RangeError> {
        parse(s, None)
    }
}

impl fmt::Debug for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Range({:?})", self.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn cards(s: &str) -> CardSet {
        parse_cards(s).unwrap().into_iter().collect()
    }

    #[test]
    fn counts() {
        assert_eq!(Range::random().combo_count(), 1326);
        assert_eq!(Range::random().weight_sum(), 1_326_000);
        assert!(Range::new().is_empty());
        let aks = HandClass::from_label("AKs").unwrap();
        let r = Range::from_classes([aks]);
        assert_eq!(r.combo_count(), 4);
        assert_eq!(r.class_weight(aks), Some(Weight::FULL));
        assert_eq!(r.class_combo_count(aks), 4);
    }

    #[test]
    fn weights_print_short() {
        let w = |p| Weight::from_permille(p).unwrap().to_string();
        assert_eq!(w(1000), "1");
        assert_eq!(w(500), "0.5");
        assert_eq!(w(125), "0.125");
        assert_eq!(w(1), "0.001");
        assert_eq!(w(0), "0");
        assert_eq!(Weight::from_permille(1001), None);
    }

    #[test]
    fn card_removal() {
        let aks = HandClass::from_label("AKs").unwrap();
        let mut r = Range::from_classes([aks]);
        r.remove_dead(cards("Ah")).unwrap();
        assert_eq!(r.combo_count(), 3);
        assert_eq!(r.class_weight(aks), None);
        let before = r.clone();
        let e = r.remove_dead(cards("As Kd Kc")).unwrap_err();
        assert_eq!(
            e,
            RangeError::EmptyAfterRemoval {
                dead: cards("As Kd Kc")
            }
        );
        assert_eq!(r, before);
    }
}
