//! What the parser makes: [`Item`]s and their [`Expr`]s, and the [`Ch`]
//! it reads them from.

use crate::range::class::HandClass;
use crate::range::class::HoleCards;
use crate::range::error::RangeError;
use crate::range::ranking::{Percent, Ranking};
use crate::range::weight::Weight;

/// A character of the input and its 1-based position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ch {
    pub(super) c: char,
    pub(super) pos: usize,
}

/// What one item stands for, before weights.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Expr {
    /// `random`, `any`, `*`: every combo.
    Random,
    /// `10%`: the top classes of a [`Ranking`].
    Percent(Percent),
    /// `AhKh`: one exact combo.
    Combo(HoleCards),
    /// `AA`, `AK`, `QQ+`, `A2s-A5s`, …: whole classes, in canonical order.
    Classes(Vec<HandClass>),
}

/// One item of range text: what was typed, where, what it means, its weight.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Item {
    /// The item as typed, weight included (`AK @ 50`).
    pub token: String,
    /// 1-based character position of the token's first character.
    pub position: usize,
    pub expr: Expr,
    pub weight: Weight,
}

impl Item {
    /// Calls `f` with every combo the item covers (weight aside).
    ///
    /// # Errors
    /// [`RangeError::NoRanking`] for `X%` without a ranking.
    pub fn for_each_combo(
        &self,
        ranking: Option<&Ranking>,
        mut f: impl FnMut(HoleCards),
    ) -> Result<(), RangeError> {
        match &self.expr {
            Expr::Random => HoleCards::all().for_each(f),
            Expr::Combo(c) => f(*c),
            Expr::Classes(classes) => classes.iter().flat_map(|c| c.combos()).for_each(f),
            Expr::Percent(p) => {
                let ranking = ranking.ok_or_else(|| RangeError::NoRanking {
                    token: self.token.clone(),
                    position: self.position,
                })?;
                ranking.top(*p).iter().flat_map(|c| c.combos()).for_each(f)
            }
        }
        Ok(())
    }
}
