//! [`Range`]: a weight for each of the 1,326 combos, card removal, and the
//! per-class views of the grid.

use super::class::{HandClass, HoleCards, COMBOS};
use super::error::RangeError;
use super::weight::Weight;
use crate::card::CardSet;
use std::fmt;

/// A weight for each of the 1,326 combos (see [`Weight`] for why fixed
/// point). The empty range is the `Default`.
///
/// `Display` gives the canonical text (see the module docs), `FromStr` parses
/// range text without a ranking (use [`parse`] to allow `X%`).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Range {
    pub(super) weights: [Weight; COMBOS],
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

impl fmt::Debug for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Range({:?})", self.to_string())
    }
}
