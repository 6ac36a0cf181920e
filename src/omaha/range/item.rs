//! One item of Omaha range text: its terms joined by `:` (and) and `!`
//! (but not), its weight, and the text as typed (for explain and errors).

use super::pattern::{Join, Shape, Term};
use crate::card::Card;
use crate::range::Weight;
use std::fmt;

/// One item: terms joined by `:`/`!`, and a weight.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Item {
    pub(super) token: String,
    pub(super) position: usize,
    pub(super) terms: Vec<(Join, Term)>,
    pub(super) weight: Weight,
}

impl Item {
    pub(crate) fn new(
        token: String,
        position: usize,
        terms: Vec<(Join, Term)>,
        weight: Weight,
    ) -> Item {
        Item {
            token,
            position,
            terms,
            weight,
        }
    }

    pub(crate) fn holds(&self, cards: &[Card], shape: &Shape) -> bool {
        self.terms.iter().all(|(join, term)| match join {
            Join::And => term.holds(cards, shape),
            Join::Not => !term.holds(cards, shape),
        })
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, (join, term)) in self.terms.iter().enumerate() {
            if k > 0 {
                f.write_str(if *join == Join::And { ":" } else { "!" })?;
            }
            f.write_str(&term.text())?;
        }
        if self.weight != Weight::FULL {
            let permille = self.weight.permille();
            match permille % 10 {
                0 => write!(f, "@{}", permille / 10)?,
                d => write!(f, "@{}.{d}", permille / 10)?,
            }
        }
        Ok(())
    }
}
