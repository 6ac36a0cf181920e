//! Canonical range text: the shortest usual shorthand, in a fixed order, that
//! [`parse`](super::parse) reads back to the same range.
//!
//! - Every combo at one weight: `random` (`random:0.5`).
//! - Otherwise, classes whose combos all share one weight, in PokerStove's
//!   order: pairs high to low (`QQ+`, `99-77`, `44`), then suited by high card
//!   (`ATs+`, `K9s-K6s`, `Q5s`), then offsuit the same way (`KTo+`). Each run
//!   of neighbouring classes with the same weight is one item, the weight
//!   after it when below 1 (`AKs:0.5`). Runs go high to low (`55-22`,
//!   `A5s-A2s`); a run reaching the top becomes `+`.
//! - Last, single combos of the classes that are not whole (some combos
//!   missing, or weights differing), high to low: `AsAh, AhKh:0.5`.
//!
//! The empty range prints as the empty string (which does not parse: an
//! empty range is not a valid input).

use super::class::{HandClass, Shape};
use super::set::Range;
use super::weight::Weight;
use crate::card::RANK_CHARS;
use std::fmt;

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Items { f, first: true };
        if let Some(w) = uniform(self) {
            return out.item(format_args!("random"), w);
        }
        // The weight of each class whose combos all share one weight (zero
        // for a class that is out); `None` where its combos' weights differ.
        let mut shared: [Option<Weight>; 169] = [None; 169];
        for c in HandClass::all() {
            shared[c.index()] = self.class_weight(c);
        }
        // The classes that are whole: in, every combo at one weight.
        let at = |high: u8, low: u8, shape: Shape| {
            shared[HandClass::make(high, low, shape).index()].filter(|w| !w.is_zero())
        };

        // Pairs: runs over ranks from aces down.
        for (top, bottom, w) in runs((0..13).rev(), |r| at(r, r, Shape::Pair)) {
            let (t, b) = (RANK_CHARS[top as usize], RANK_CHARS[bottom as usize]);
            if top == bottom {
                out.item(format_args!("{t}{t}"), w)?;
            } else if top == 12 {
                out.item(format_args!("{b}{b}+"), w)?;
            } else {
                out.item(format_args!("{t}{t}-{b}{b}"), w)?;
            }
        }
        // Suited, then offsuit: per high card, runs over kickers from the top.
        for (shape, mark) in [(Shape::Suited, 's'), (Shape::Offsuit, 'o')] {
            for high in (1..13u8).rev() {
                let h = RANK_CHARS[high as usize];
                for (top, bottom, w) in runs((0..high).rev(), |l| at(high, l, shape)) {
                    let (t, b) = (RANK_CHARS[top as usize], RANK_CHARS[bottom as usize]);
                    if top == bottom {
                        out.item(format_args!("{h}{t}{mark}"), w)?;
                    } else if top == high - 1 {
                        out.item(format_args!("{h}{b}{mark}+"), w)?;
                    } else {
                        out.item(format_args!("{h}{t}{mark}-{h}{b}{mark}"), w)?;
                    }
                }
            }
        }
        // Single combos of the classes that are not whole (a class wholly
        // out has none to print).
        for c in HandClass::all_canonical() {
            if shared[c.index()].is_none() {
                for combo in c.combos().rev() {
                    let w = self.weight(combo);
                    if !w.is_zero() {
                        out.item(format_args!("{combo}"), w)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// The weight every combo has, if all share one non-zero weight.
fn uniform(r: &Range) -> Option<Weight> {
    let first = r.weights[0];
    (!first.is_zero() && r.weights.iter().all(|&w| w == first)).then_some(first)
}

/// Maximal runs of consecutive keys with the same `Some` weight, as
/// `(first key, last key, weight)` in iteration order.
fn runs(
    keys: impl Iterator<Item = u8>,
    weight: impl Fn(u8) -> Option<Weight>,
) -> Vec<(u8, u8, Weight)> {
    let mut out: Vec<(u8, u8, Weight)> = Vec::new();
    let mut open = false;
    for k in keys {
        match weight(k) {
            Some(w) => match out.last_mut() {
                Some(last) if open && last.2 == w => last.1 = k,
                _ => {
                    out.push((k, k, w));
                    open = true;
                }
            },
            None => open = false,
        }
    }
    out
}

/// Writes items separated by `, `, each with `:weight` when below 1.
struct Items<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    first: bool,
}

impl Items<'_, '_> {
    fn item(&mut self, text: fmt::Arguments<'_>, w: Weight) -> fmt::Result {
        if !self.first {
            self.f.write_str(", ")?;
        }
        self.first = false;
        self.f.write_fmt(text)?;
        if w != Weight::FULL {
            write!(self.f, ":{w}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::range::parse;

    fn canon(s: &str) -> String {
        parse(s, None).unwrap().to_string()
    }

    #[test]
    fn shorthand() {
        assert_eq!(canon("AA KK QQ"), "QQ+");
        assert_eq!(canon("22 33 44 55"), "55-22");
        assert_eq!(canon("A2s-A5s"), "A5s-A2s");
        assert_eq!(canon("KQo KJo KTo"), "KTo+");
        assert_eq!(canon("AKs:0.5"), "AKs:0.5");
        assert_eq!(canon("any"), "random");
        assert_eq!(canon("* :0.25"), "random:0.25");
        assert_eq!(canon("AA, KK:0.5, QQ"), "AA, KK:0.5, QQ");
        assert_eq!(canon("AhKh, QQ+"), "QQ+, AhKh");
        assert_eq!(canon("T9s-65s"), "T9s, 98s, 87s, 76s, 65s");
        assert_eq!(canon("AK, KK"), "KK, AKs, AKo");
    }

    #[test]
    fn partial_classes_print_as_combos() {
        assert_eq!(canon("AA, AsAh:0"), "AsAd, AsAc, AhAd, AhAc, AdAc");
        assert_eq!(canon("AKs, AsKs:0.5"), "AsKs:0.5, AhKh, AdKd, AcKc");
    }

    #[test]
    fn empty_prints_empty() {
        assert_eq!(Range::new().to_string(), "");
    }
}
