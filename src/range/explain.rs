//! "Explain": for each item of range text, what it expanded to and how many
//! combos, as data the CLI and the page render.

use super::class::{HandClass, HoleCards};
use super::error::RangeError;
use super::parse::{parse_items, Item};
use super::ranking::Ranking;
use super::set::Range;
use super::weight::Weight;

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
    /// What it stands for, for people, in other words than its text (which
    /// may read just like the token): one class's combos (`AKs` → `AsKs AhKh
    /// AdKd AcKc`), several classes' labels (`QQ+` → `AA, KK, QQ`), a single
    /// combo's class (`AhKh` → `one combo of AKs`); see [`stands_for`].
    pub stands_for: String,
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
            Ok(explain_item(item, &covered))
        })
        .collect()
}

/// `item` explained, given the combos it `covered` (at full weight): the
/// short deck explains its items without the combos it does not hold.
pub fn explain_item(item: Item, covered: &Range) -> ExplainItem {
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
    ExplainItem {
        token: item.token,
        position: item.position,
        stands_for: stands_for(&classes, &combos),
        text: covered.to_string(),
        classes,
        combos,
        combo_count: covered.combo_count(),
        weight: item.weight,
    }
}

/// Classes listed one by one up to this many; beyond, the canonical text
/// and the count.
const LIST_CLASSES: usize = 30;

/// What an item covering whole `classes` and single `combos` (in canonical
/// order) stands for, in words that add to its canonical text:
/// - nothing: `no hand`;
/// - one class: its combos, high suit first (`AsKs AhKh AdKd AcKc`);
/// - all 169 classes: `every hand: all 169 classes`;
/// - up to [`LIST_CLASSES`] classes: their labels (`AA, KK, QQ`);
/// - more: their canonical text and how many (`22+, A2s+, … (87 classes)`);
/// - single combos: each with its class (`AhKh (one of AKs)`), after the
///   classes.
pub fn stands_for(classes: &[HandClass], combos: &[HoleCards]) -> String {
    let mut parts = Vec::new();
    match classes {
        [] => {}
        [class] => parts.push(
            class
                .combos()
                .rev()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        ),
        _ if classes.len() == HandClass::all().len() => {
            parts.push(format!("every hand: all {} classes", classes.len()));
        }
        _ if classes.len() <= LIST_CLASSES => {
            parts.push(
                classes
                    .iter()
                    .map(|c| c.label())
                    .collect::<Vec<_>>()
                    .join(", "),
            );
        }
        _ => parts.push(format!(
            "{} ({} classes)",
            Range::from_classes(classes.iter().copied()),
            classes.len()
        )),
    }
    for combo in combos {
        parts.push(format!("{combo} (one of {})", combo.class()));
    }
    if parts.is_empty() {
        return "no hand".to_string();
    }
    parts.join("; ")
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

    #[test]
    fn stands_for_never_repeats_the_item() {
        let ranking = crate::equity::strength::committed::standard_ranking();
        let said = |text: &str| {
            explain(text, Some(ranking))
                .unwrap()
                .into_iter()
                .map(|item| item.stands_for)
                .collect::<Vec<_>>()
        };
        assert_eq!(said("AKs"), ["AsKs AhKh AdKd AcKc"]);
        assert_eq!(said("qq+"), ["AA, KK, QQ"]);
        assert_eq!(said("A5s-A2s"), ["A5s, A4s, A3s, A2s"]);
        assert_eq!(
            said("AhKh, KK"),
            ["AhKh (one of AKs)", "KsKh KsKd KsKc KhKd KhKc KdKc"]
        );
        assert_eq!(said("random"), ["every hand: all 169 classes"]);
        assert_eq!(
            said("10%"),
            ["AA, KK, QQ, JJ, TT, 99, 88, 77, AKs, AQs, AJs, ATs, A9s, KQs, KJs, KTs, QJs, QTs, AKo, AQo, AJo, KQo"]
        );
        assert_eq!(stands_for(&[], &[]), "no hand");
        // Many classes: the canonical text, and how many.
        let half = &said("50%")[0];
        assert!(half.ends_with(" classes)"), "{half}");
        assert!(!half.contains('%'), "{half}");
    }
}
