//! `allin census`: category counts over every possible hand.

use crate::eval::parse_rules;
use crate::usage::did_you_mean;
use crate::{print, CliError, TEMPLATE};
use allin::eval::census as holdem;
use allin::eval::Category;
use allin::quote::quote;
use allin::three_card;
use serde::ser::{Serialize, SerializeMap, Serializer};

const NOTES: &str = "\
Ranks every hand of the game and prints the counts as JSON, strongest
category first, e.g.

  {\"game\":\"holdem5\",\"hands\":2598960,\"distinct\":7462,\"categories\":{\"StraightFlush\":40,…}}

Games:
  holdem5     all 2,598,960 five-card hands
  holdem7     all 133,784,560 seven-card hands (takes a moment)
  three-card  all 22,100 three-card hands

Example:
  allin census --game three-card --rules zha-jin-hua";

#[derive(clap::Args)]
#[command(
    before_help = "allin census: count every possible hand by category",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// The game (required): holdem5, holdem7 or three-card
    #[arg(long, value_name = "GAME", value_parser = crate::usage::game_name)]
    game: Option<String>,
    /// Three-card rules (see allin eval --help); sets the category order
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
}

const GAMES: [&str; 3] = ["holdem5", "holdem7", "three-card"];

/// Category counts in the order given (a JSON object keeps it).
struct Ordered(Vec<(&'static str, u64)>);

impl Serialize for Ordered {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

#[derive(serde::Serialize)]
struct CensusJson {
    game: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    hands: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    distinct: Option<u64>,
    categories: Ordered,
}

/// The document for a Hold'em census: `counts` by category, strongest first.
fn holdem_doc(game: &'static str, counts: &holdem::Counts, distinct: Option<usize>) -> CensusJson {
    CensusJson {
        game,
        rules: None,
        hands: counts.iter().sum(),
        distinct: distinct.map(|d| d as u64),
        categories: Ordered(
            Category::ALL
                .into_iter()
                .rev()
                .map(|cat| (cat.name(), counts[cat as usize]))
                .collect(),
        ),
    }
}

pub fn run(a: Args) -> Result<(), CliError> {
    let Some(game) = a.game.as_deref() else {
        return Err(CliError::usage(
            "census",
            "missing --game (holdem5, holdem7 or three-card)",
        ));
    };
    if game != "three-card" && a.rules.is_some() {
        return Err(CliError::usage(
            "census",
            "--rules applies only to --game three-card",
        ));
    }
    let doc = match game {
        "holdem5" => holdem_doc("holdem5", &holdem::holdem5(), Some(holdem::distinct5())),
        "holdem7" => holdem_doc("holdem7", &holdem::holdem7(), None),
        "three-card" => {
            let rules = parse_rules("census", a.rules.as_deref())?;
            let c = three_card::census(&rules);
            CensusJson {
                game: "three-card",
                rules: Some(rules.to_string()),
                hands: c.hands as u64,
                distinct: Some(c.distinct as u64),
                categories: Ordered(
                    rules
                        .order()
                        .iter()
                        .rev()
                        .map(|cat| (cat.name(), c.count(*cat) as u64))
                        .collect(),
                ),
            }
        }
        other => {
            return Err(CliError::usage(
                "census",
                format!(
                    "unknown game {} (games: holdem5, holdem7, three-card){}",
                    quote(other),
                    did_you_mean(other, &GAMES)
                ),
            ))
        }
    };
    print(&crate::json::line(&doc))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape `--game holdem7` prints (no `distinct`), from the published
    /// counts: the counts themselves are computed and checked once, by the
    /// library's census test (tests/it/eval_exhaustive.rs `census_holdem7`),
    /// and `--game holdem5` runs end to end in cli.txt.
    #[test]
    fn holdem7_json_shape() {
        let counts = [
            23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584,
        ];
        assert_eq!(
            crate::json::line(&holdem_doc("holdem7", &counts, None)),
            "{\"game\":\"holdem7\",\"hands\":133784560,\"categories\":{\"StraightFlush\":41584,\
             \"Quads\":224848,\"FullHouse\":3473184,\"Flush\":4047644,\"Straight\":6180020,\
             \"Trips\":6461620,\"TwoPair\":31433400,\"Pair\":58627800,\"HighCard\":23294460}}\n"
        );
    }
}
