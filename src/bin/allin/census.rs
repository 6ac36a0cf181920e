//! `allin census`: category counts over every possible hand.

use crate::args::{self, Opt};
use crate::eval::parse_rules;
use crate::{print, CliError};
use allin::eval::census as holdem;
use allin::eval::Category;
use allin::three_card;
use std::fmt::Write as _;

pub const HELP: &str = "\
allin census: count every possible hand by category

Usage: allin census --game holdem5|holdem7|three-card [--rules RULES]

Ranks every hand of the game and prints the counts as JSON, strongest
category first, e.g.

  {\"game\":\"holdem5\",\"hands\":2598960,\"distinct\":7462,\"categories\":{\"StraightFlush\":40,…}}

Games:
  holdem5     all 2,598,960 five-card hands
  holdem7     all 133,784,560 seven-card hands (takes a moment)
  three-card  all 22,100 three-card hands

Options:
  --game GAME    the game (required)
  --rules RULES  three-card rules: casino (default), teen-patti, zha-jin-hua
                 (see allin eval --help); sets the category order
  -h, --help     Show this help

Example:
  allin census --game three-card --rules zha-jin-hua
";

const OPTS: [Opt; 2] = [
    Opt {
        name: "--game",
        takes_value: true,
    },
    Opt {
        name: "--rules",
        takes_value: true,
    },
];

const GAMES: [&str; 3] = ["holdem5", "holdem7", "three-card"];

pub fn run(argv: &[String]) -> Result<(), CliError> {
    let p = args::parse("census", argv, &OPTS)?;
    if p.help {
        return print(HELP);
    }
    if let Some(extra) = p.positionals.first() {
        return Err(CliError::usage(
            "census",
            format!("unexpected argument '{extra}'"),
        ));
    }
    let Some(game) = p.value("--game") else {
        return Err(CliError::usage(
            "census",
            "missing --game (holdem5, holdem7 or three-card)",
        ));
    };
    if game != "three-card" && p.value("--rules").is_some() {
        return Err(CliError::usage(
            "census",
            "--rules applies only to --game three-card",
        ));
    }
    let mut json = String::new();
    match game {
        "holdem5" | "holdem7" => {
            let (counts, distinct) = if game == "holdem5" {
                (holdem::holdem5(), Some(holdem::distinct5()))
            } else {
                (holdem::holdem7(), None)
            };
            let hands: u64 = counts.iter().sum();
            let _ = write!(json, "{{\"game\":\"{game}\",\"hands\":{hands}");
            if let Some(d) = distinct {
                let _ = write!(json, ",\"distinct\":{d}");
            }
            json.push_str(",\"categories\":{");
            for (i, cat) in Category::ALL.into_iter().rev().enumerate() {
                let sep = if i > 0 { "," } else { "" };
                let _ = write!(json, "{sep}\"{}\":{}", cat.name(), counts[cat as usize]);
            }
        }
        "three-card" => {
            let rules = parse_rules("census", p.value("--rules"))?;
            let c = three_card::census(&rules);
            let _ = write!(
                json,
                "{{\"game\":\"three-card\",\"rules\":\"{rules}\",\"hands\":{},\"distinct\":{},\"categories\":{{",
                c.hands, c.distinct
            );
            for (i, cat) in rules.order().iter().rev().enumerate() {
                let sep = if i > 0 { "," } else { "" };
                let _ = write!(json, "{sep}\"{}\":{}", cat.name(), c.count(*cat));
            }
        }
        other => {
            return Err(CliError::usage(
                "census",
                format!(
                    "unknown game '{other}' (games: holdem5, holdem7, three-card){}",
                    args::did_you_mean(other, &GAMES)
                ),
            ))
        }
    }
    json.push_str("}}\n");
    print(&json)
}
