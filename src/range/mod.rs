//! Ranges: weights over the 1,326 two-card combos, the 169 hand classes, and
//! the PokerStove/Equilab range syntax.
//!
//! - [`class`](HandClass): the 169 classes on the 13×13 grid, and
//!   [`HoleCards`], the canonical index of each of the 1,326 combos.
//! - [`Range`]: a [`Weight`] for every combo; card removal; per-class views
//!   for the grid.
//! - [`parse`]: `QQ+, A2s-A5s, KTo+, AhKh, AK@50, 10%` (and PioSolver's
//!   `AKs:0.5`, GTO+'s `[50]AKs[/50]`) → [`Range`], with
//!   errors that name the token and position. Items apply left to right and
//!   a later item overrides the weight an earlier one gave the same combo
//!   (`random, 72o:0` is every hand but 72o).
//! - `Display` for [`Range`]: canonical text that parses back to the same
//!   range (`QQ+, 55-22, A5s-A2s, KTo+, AKs:0.5, AhKh`).
//! - [`explain`]: each token, what it expanded to and how many combos.
//! - [`formats`]: the range written for PioSolver or GTO+ (both read back).
//! - [`texture`]: what a range makes and draws on a flop or a turn.
//! - [`Ranking`]: an order of the 169 classes, for `X%` ("top X% of hands").
//!   The data comes from elsewhere; this module only uses it.
//!
//! Pure core: no IO, clock or randomness.

pub(crate) mod class;
mod display;
pub(crate) mod error;
mod explain;
pub mod formats;
mod parse;
pub(crate) mod ranking;
mod set;
pub mod texture;
mod weight;

pub use class::{HandClass, HoleCards, Shape, CLASSES, COMBOS};
pub use error::RangeError;
pub use explain::{explain, explain_item, ExplainItem};
pub use parse::{parse, parse_items, Expr, Item};
pub use ranking::{is_short, Percent, Ranking, RankingError, SHORT_CLASSES, SHORT_COMBOS};
pub use set::Range;
pub use weight::Weight;

impl std::str::FromStr for Range {
    type Err = RangeError;
    /// [`parse`] without a ranking (`X%` is an error).
    fn from_str(s: &str) -> Result<Range, RangeError> {
        parse(s, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, CardSet};

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
