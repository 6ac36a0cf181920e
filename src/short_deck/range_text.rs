//! Short Deck range text: Hold'em's syntax (`QQ+, AKs`, `AK@50`,
//! PioSolver's `AKs:0.5`, GTO+'s `[50]AKs[/50]`) read for the 36-card deck
//! (six to ace): the 81 classes, 630 combos. `random` is every short-deck
//! combo and `X%` a share of the 630 by the short-deck ranking
//! (`ranking.rs`); any other item that names a hand with a card below six
//! (`22`, `A2s+`, `5h4h`) is an error that names the token, rather than a
//! hand silently dropped. The CLI (`allin range --game shortdeck`), the
//! equity job and the page's grid read ranges through [`parse_short`].

use std::fmt;

use crate::card::{Card, CardSet};
use crate::quote::quote;
use crate::range::{
    explain_item, is_short, parse_items, ExplainItem, Expr, HandClass, HoleCards, Range,
    RangeError, Weight,
};

use super::ranking::short_ranking;

/// Why Short Deck range text was rejected. `Display` is the message users see.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ShortRangeError {
    /// The text is not range text (Hold'em's errors).
    Range(RangeError),
    /// An item names hands with a card below six.
    BelowSix {
        /// The item as typed.
        token: String,
        /// Its 1-based character position.
        position: usize,
        /// The classes it names that the short deck cannot deal.
        classes: Vec<HandClass>,
    },
}

impl ShortRangeError {
    /// The 1-based character position the error points at, if any.
    pub fn position(&self) -> Option<usize> {
        match self {
            ShortRangeError::Range(e) => e.position(),
            ShortRangeError::BelowSix { position, .. } => Some(*position),
        }
    }
}

impl From<RangeError> for ShortRangeError {
    fn from(e: RangeError) -> Self {
        ShortRangeError::Range(e)
    }
}

impl fmt::Display for ShortRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShortRangeError::Range(e) => e.fmt(f),
            ShortRangeError::BelowSix {
                token,
                position,
                classes,
            } => {
                let names: Vec<String> = classes.iter().take(3).map(|c| c.label()).collect();
                let more = match classes.len() {
                    n if n > 3 => format!(" and {} more", n - 3),
                    _ => String::new(),
                };
                write!(
                    f,
                    "{}: {}{more} {} a card below six, and the short deck is 6 to A (36 cards) at position {position}",
                    quote(token),
                    names.join(", "),
                    if classes.len() == 1 { "has" } else { "have" },
                )
            }
        }
    }
}

impl std::error::Error for ShortRangeError {}

/// The cards the short deck does not hold (deuces to fives).
pub fn small_cards() -> CardSet {
    Card::all().filter(|c| c.rank() < 4).collect()
}

/// Whether the short deck can deal `combo` (both cards six or higher).
fn in_short_deck(combo: HoleCards) -> bool {
    is_short(combo.class())
}

/// The combos of one item in the short deck, at full weight; an error for
/// an item that names a hand below six (`random` and `X%` never do).
fn covered(item: &crate::range::Item) -> Result<Range, ShortRangeError> {
    let mut covered = Range::new();
    let mut below = Vec::new();
    item.for_each_combo(Some(short_ranking()), |c| {
        if in_short_deck(c) {
            covered.set(c, Weight::FULL);
        } else if !below.contains(&c.class()) {
            below.push(c.class());
        }
    })?;
    if !below.is_empty() && !matches!(item.expr, Expr::Random | Expr::Percent(_)) {
        // In canonical order (pairs, suited, offsuit; high first).
        let classes = HandClass::all_canonical()
            .filter(|c| below.contains(c))
            .collect();
        return Err(ShortRangeError::BelowSix {
            token: item.token.clone(),
            position: item.position,
            classes,
        });
    }
    Ok(covered)
}

/// Short Deck range text → the range of short-deck combos (see the module
/// docs). Items apply left to right, a later one setting the weight of
/// combos an earlier one gave, as in Hold'em.
///
/// # Errors
/// Hold'em's syntax errors, [`RangeError::EmptyRange`] when every combo
/// ends at weight 0, [`ShortRangeError::BelowSix`] for an item below six.
pub fn parse_short(text: &str) -> Result<Range, ShortRangeError> {
    let mut range = Range::new();
    for item in parse_items(text)? {
        for (c, _) in covered(&item)?.combos() {
            range.set(c, item.weight);
        }
    }
    if range.is_empty() {
        return Err(RangeError::EmptyRange.into());
    }
    Ok(range)
}

/// Each item of Short Deck range text explained (as `range::explain`), its
/// combos those of the short deck.
///
/// # Errors
/// As [`parse_short`], for the first bad item.
pub fn explain_short(text: &str) -> Result<Vec<ExplainItem>, ShortRangeError> {
    parse_items(text)?
        .into_iter()
        .map(|item| {
            let covered = covered(&item)?;
            Ok(explain_item(item, &covered))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_short_deck() {
        assert_eq!(parse_short("random").unwrap().combo_count(), 630);
        assert_eq!(parse_short("66+").unwrap().combo_count(), 54);
        let r = parse_short("QQ+, AK@50").unwrap();
        assert_eq!((r.combo_count(), r.weight_sum()), (34, 18_000 + 8_000));
        assert_eq!(
            parse_short("A2s+").unwrap_err().to_string(),
            "\"A2s+\": A5s, A4s, A3s and 1 more have a card below six, and the short deck is 6 to A (36 cards) at position 1"
        );
        assert_eq!(
            parse_short("KK 5h4h").unwrap_err().to_string(),
            "\"5h4h\": 54s has a card below six, and the short deck is 6 to A (36 cards) at position 4"
        );
        assert_eq!(
            parse_short("AA:0").unwrap_err(),
            ShortRangeError::Range(RangeError::EmptyRange)
        );
        let items = explain_short("random, 10%").unwrap();
        assert_eq!(items[0].combo_count, 630);
        assert!(items[1].combo_count * 10 >= 630);
    }
}
