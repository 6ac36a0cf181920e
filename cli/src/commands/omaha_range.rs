//! `allin range --game omaha TEXT` (and omaha5, omaha6, the Hi-Lo games):
//! an Omaha range in canonical form, its hands counted, each item
//! explained (`allin::omaha::OmahaRange`, docs/omaha-ranges.md).

use crate::output::json::Float;
use crate::output::{grouped, print, CliError};
use allin::card::{format_cards, parse_cards, CardSet};
use allin::omaha::OmahaRange;
use serde::Serialize;
use std::fmt::Write as _;

#[derive(Serialize)]
struct RangeJson {
    game: &'static str,
    text: String,
    hands: u64,
    weighted: Float,
    total: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<Vec<ItemJson>>,
}

#[derive(Serialize)]
struct ItemJson {
    token: String,
    position: usize,
    expands_to: String,
    meaning: String,
    hands: u64,
    weight: Float,
}

/// The range `text` of `game` (an Omaha game), its counts without the
/// `dead` cards, explained if asked.
pub fn run(
    game: allin::game::Game,
    text: &str,
    dead: &[String],
    explain: bool,
    json: bool,
) -> Result<(), CliError> {
    let range =
        OmahaRange::parse(text, game.hand_cards()).map_err(|e| CliError::Failed(e.to_string()))?;
    let dead: CardSet = match dead.is_empty() {
        false => parse_cards(&dead.join(" "))
            .map_err(|e| CliError::Failed(format!("--dead: {e}")))?
            .into_iter()
            .collect(),
        true => CardSet::EMPTY,
    };
    let counts = range.counts(dead);
    if counts.hands == 0 {
        return Err(CliError::Failed(format!(
            "the range {} holds no hand{}",
            range,
            if dead.is_empty() {
                String::new()
            } else {
                " once the dead cards are removed".into()
            }
        )));
    }
    let items = explain.then(|| range.explain(dead));
    let weighted = counts.weight_permille as f64 / 1000.0;
    let mut out = String::new();
    if json {
        out = crate::output::json::line(&RangeJson {
            game: game.name(),
            text: range.to_string(),
            hands: counts.hands,
            weighted: Float(weighted),
            total: counts.total,
            explain: items.as_ref().map(|items| {
                items
                    .iter()
                    .map(|i| ItemJson {
                        token: i.token.clone(),
                        position: i.position,
                        expands_to: i.text.clone(),
                        meaning: i.meaning.clone(),
                        hands: i.hands,
                        weight: Float(i.weight.as_f64()),
                    })
                    .collect()
            }),
        });
    } else {
        let _ = writeln!(out, "{range}");
        let weighted_note = if counts.weight_permille == counts.hands * 1000 {
            String::new()
        } else {
            format!(", weighted {}", trim(weighted))
        };
        let _ = writeln!(
            out,
            "{} hands{weighted_note} ({:.1}% of {} {} hands){}",
            grouped(counts.hands),
            100.0 * weighted / counts.total as f64,
            grouped(counts.total),
            game.label(),
            if dead.is_empty() {
                String::new()
            } else {
                format!(
                    ", without {}",
                    format_cards(&dead.iter().collect::<Vec<_>>())
                )
            }
        );
        if let Some(items) = &items {
            out.push('\n');
            for i in items {
                let weight = if i.weight.permille() == 1000 {
                    String::new()
                } else {
                    format!(", weight {}%", trim(i.weight.as_f64() * 100.0))
                };
                let _ = writeln!(
                    out,
                    "{:<12} -> {}  ({} hands{weight}): {}",
                    i.token,
                    i.text,
                    grouped(i.hands),
                    i.meaning
                );
            }
        }
    }
    print(&out)
}

/// `3480.5`, `12.5`, `50`: a count or percentage without trailing zeros.
fn trim(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
