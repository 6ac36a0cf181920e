//! "Explain": for each item of range text, what it expanded to and how many
//! combos, as data the CLI and the page render.

use super::class::{HandClass, HoleCards};
use super::parse::parse_items;
use super::ranking::Ranking;
use super::RangeError;
use super::{Range, Weight};

/// One item of range text and what it stands for (on its own: a later item
/// may override some of its combos' weights).
#[derive(Clone, PartialEq, Debug)]
pub struct ExplainItem {
    /// The item as typed (`qq+`, `AK @ 50`).
    pub token: String,
    /// 1-based character position of the token in the input.
    pub position: usize,
    /// Canonical text of what the item covers, at full weight (`QQ+`;
    /// `22-55` → `55-22`; `10%` → the classes of the ranking's top 10%).
    pub text: String,
    /// The whole classes it covers, in canonical order (pairs, suited,
    /// offsuit; high first).
    pub classes: Vec<HandClass>,
    /// Combos it covers outside whole classes (`AhKh`).
    pub combos: Vec<HoleCards>,
    /// How many combos it covers.
    pub combo_count: u32,
    /// The weight it gives them.
    pub weight: Weight,
}

/// Explains each item of `text` (see [`ExplainItem`]). `ranking` is what
/// `X%` takes the top of.
///
/// # Errors
/// The first syntax error, or [`RangeError::NoRanking`] for `X%` without a
/// ranking. An item of weight 0 is explained, not an error.
pub fn explain(text: &str, ranking: Option<&Ranking>) -> Result<Vec<ExplainItem>, RangeError> {
    parse_items(text)?
        .into_iter()
        .map(|item| {
            let mut covered = Range::new();
            item.for_each_combo(ranking, |c| covered.set(c, Weight::FULL))?;
            let mut classes = Vec::new();
            let mut combos = Vec::new();
            for class in HandClass::all_canonical() {
                match covered.class_weight(class) {
                    Some(w) if !w.is_zero() => classes.push(class),
                    Some(_) => {}
                    None => combos.extend(
                        class
                            .combos()
                            .filter(|&c| !covered.weight(c).is_zero())
                            .collect::<Vec<_>>()
                            .into_iter()
                            .rev(),
                    ),
                }
            }
            Ok(ExplainItem {
                token: item.token,
                position: item.position,
                text: covered.to_string(),
                classes,
                combos,
                combo_count: covered.combo_count(),
                weight: item.weight,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explains_each_token() {
        let items = explain("qq+, AhKh  A2s-A5s:0.5", None).unwrap();
        assert_eq!(items.len(), 3);
        assert_eq!(items[0].token, "qq+");
        assert_eq!(items[0].text, "QQ+");
        assert_eq!(items[0].combo_count, 18);
        assert_eq!(items[0].classes.len(), 3);
        assert_eq!(items[1].text, "AhKh");
        assert_eq!(items[1].position, 6);
        assert_eq!(items[1].combos.len(), 1);
        assert!(items[1].classes.is_empty());
        assert_eq!(items[2].token, "A2s-A5s:0.5");
        assert_eq!(items[2].text, "A5s-A2s");
        assert_eq!(items[2].weight.permille(), 500);
        assert_eq!(items[2].combo_count, 16);
    }
}
