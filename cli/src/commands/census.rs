//! `allin census`: category counts over every possible hand.

use crate::args::rules;
use crate::output::{print, CliError, TEMPLATE};
use allin::eval::census as holdem;
use allin::eval::Category;
use allin::game::{Game, UnknownGame};
use allin::three_card;
use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use clap::ValueEnum;
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::ffi::OsStr;

const NOTES: &str = "\
Ranks every hand of the game and prints the counts as JSON, strongest
category first, e.g.

  {\"game\":\"holdem5\",\"hands\":2598960,\"distinct\":7462,\"categories\":{\"StraightFlush\":40,…}}

Example:
  allin census --game three-card --rules zha-jin-hua";

#[derive(clap::Args)]
#[command(
    before_help = "allin census: count every possible hand by category",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// The hands to count (required)
    #[arg(long, value_name = "GAME", value_parser = Counted)]
    game: Option<Census>,
    /// Three-card rules (see allin eval --help); sets the category order
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
}

/// What a census counts: Hold'em's five- and seven-card hands (names of
/// their own), or the hands of the catalogue's three-card poker.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Census {
    Holdem5,
    Holdem7,
    ThreeCard,
}

impl Census {
    const ALL: [Census; 3] = [Census::Holdem5, Census::Holdem7, Census::ThreeCard];

    fn name(self) -> &'static str {
        match self {
            Census::Holdem5 => "holdem5",
            Census::Holdem7 => "holdem7",
            Census::ThreeCard => Game::ThreeCard.name(),
        }
    }

    /// For `--help`.
    fn hands(self) -> &'static str {
        match self {
            Census::Holdem5 => "all 2,598,960 five-card hands",
            Census::Holdem7 => "all 133,784,560 seven-card hands (takes a moment)",
            Census::ThreeCard => "all 22,100 three-card hands",
        }
    }
}

impl ValueEnum for Census {
    fn value_variants<'a>() -> &'a [Self] {
        &Census::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.hands()))
    }
}

/// `--game`'s value parser: a census by name in any case; any other name
/// gets the catalogue's message ([`UnknownGame`]) with these names.
#[derive(Clone, Copy)]
struct Counted;

impl TypedValueParser for Counted {
    type Value = Census;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Census, clap::Error> {
        StringValueParser::new()
            .try_map(|text| {
                let name = text.trim().to_ascii_lowercase();
                Census::ALL
                    .into_iter()
                    .find(|c| c.name() == name)
                    .ok_or_else(|| UnknownGame::among_names(&text, &Census::ALL.map(Census::name)))
            })
            .parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Census::ALL.iter().filter_map(ValueEnum::to_possible_value),
        ))
    }
}

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
    let Some(game) = a.game else {
        let names = Census::ALL.map(Census::name);
        let (last, rest) = names.split_last().expect("censuses");
        return Err(CliError::usage(
            "census",
            format!("missing --game ({} or {last})", rest.join(", ")),
        ));
    };
    if game != Census::ThreeCard && a.rules.is_some() {
        return Err(CliError::usage(
            "census",
            format!(
                "--rules applies only to --game {}",
                Census::ThreeCard.name()
            ),
        ));
    }
    let doc = match game {
        Census::Holdem5 => holdem_doc(game.name(), &holdem::holdem5(), Some(holdem::distinct5())),
        Census::Holdem7 => holdem_doc(game.name(), &holdem::holdem7(), None),
        Census::ThreeCard => {
            let rules = rules::three_card("census", a.rules.as_deref())?;
            let c = three_card::census(&rules);
            CensusJson {
                game: game.name(),
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
    };
    print(&crate::output::json::line(&doc))
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
            crate::output::json::line(&holdem_doc("holdem7", &counts, None)),
            "{\"game\":\"holdem7\",\"hands\":133784560,\"categories\":{\"StraightFlush\":41584,\
             \"Quads\":224848,\"FullHouse\":3473184,\"Flush\":4047644,\"Straight\":6180020,\
             \"Trips\":6461620,\"TwoPair\":31433400,\"Pair\":58627800,\"HighCard\":23294460}}\n"
        );
    }
}
