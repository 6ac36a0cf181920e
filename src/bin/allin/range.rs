//! `allin range` (what a range holds) and `allin table169` (the 169 classes'
//! preflop strength).

use crate::args::{self, Opt};
use crate::{print, CliError};
use allin::card::{format_cards, parse_cards, CardSet};
use allin::equity::strength::{self, MAX_OPPONENTS};
use allin::range::{self, HandClass};
use std::fmt::Write as _;

pub const HELP: &str = "\
allin range: what a range holds, in canonical form

Usage: allin range TEXT [--explain] [--dead CARDS] [--json]

TEXT uses the PokerStove/Equilab syntax: AA, AKs, AKo, AK, AhKh, QQ+, 22-55,
A2s-A5s, T9s-65s, KTo+, random (or any), 10% (top 10% by equity against
three random hands), weights AKs:0.5 or AK@50; items separated by commas,
semicolons or spaces.

Options:
  --explain      each item: what it expanded to and how many combos
  --dead CARDS   remove combos that use these cards (board, dead cards)
  --json         {\"text\":\"QQ+, AKs\",\"combos\":22,\"weighted\":22,\"classes\":[…]}
  -h, --help     Show this help

Examples:
  allin range 'QQ+,AKs'
  allin range 10% --explain
  allin range 'AK@50, 22-55' --dead 'As 5c' --json
";

const OPTS: [Opt; 3] = [
    Opt {
        name: "--explain",
        takes_value: false,
    },
    Opt {
        name: "--dead",
        takes_value: true,
    },
    Opt {
        name: "--json",
        takes_value: false,
    },
];

/// A JSON string literal.
fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub fn run(argv: &[String]) -> Result<(), CliError> {
    let p = args::parse("range", argv, &OPTS)?;
    if p.help {
        return print(HELP);
    }
    if p.positionals.is_empty() {
        return Err(CliError::usage("range", "no range given"));
    }
    // Items may be split over several arguments (`allin range QQ+ AKs`).
    let text = p.positionals.join(" ");
    let ranking = strength::standard_ranking();
    let mut r = range::parse(&text, Some(&ranking)).map_err(|e| CliError::Failed(e.to_string()))?;
    let dead: CardSet = match p.value("--dead") {
        Some(d) => parse_cards(d)
            .map_err(|e| CliError::Failed(format!("--dead: {e}")))?
            .into_iter()
            .collect(),
        None => CardSet::EMPTY,
    };
    r.remove_dead(dead)
        .map_err(|e| CliError::Failed(e.to_string()))?;
    let explained = if p.switch("--explain") {
        Some(range::explain(&text, Some(&ranking)).map_err(|e| CliError::Failed(e.to_string()))?)
    } else {
        None
    };
    let classes: Vec<HandClass> = HandClass::all_canonical()
        .filter(|&c| r.class_combo_count(c) > 0)
        .collect();
    let mut out = String::new();
    if p.switch("--json") {
        let _ = write!(
            out,
            "{{\"text\":{},\"combos\":{},\"weighted\":{},\"classes\":[",
            json_str(&r.to_string()),
            r.combo_count(),
            r.weighted_count()
        );
        for (i, c) in classes.iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            let _ = write!(
                out,
                "{sep}{{\"class\":{},\"combos\":{}}}",
                json_str(&c.label()),
                r.class_combo_count(*c)
            );
        }
        out.push(']');
        if let Some(items) = &explained {
            out.push_str(",\"explain\":[");
            for (i, item) in items.iter().enumerate() {
                let sep = if i > 0 { "," } else { "" };
                let _ = write!(
                    out,
                    "{sep}{{\"token\":{},\"position\":{},\"expands_to\":{},\"combos\":{}}}",
                    json_str(&item.token),
                    item.position,
                    json_str(&item.text),
                    item.combo_count
                );
            }
            out.push(']');
        }
        out.push_str("}\n");
    } else {
        let _ = writeln!(out, "{r}");
        let _ = writeln!(
            out,
            "{} combos ({:.1}% of 1,326){}",
            r.combo_count(),
            100.0 * r.weighted_count() / 1326.0,
            if dead.is_empty() {
                String::new()
            } else {
                format!(
                    ", without {}",
                    format_cards(&dead.iter().collect::<Vec<_>>())
                )
            }
        );
        if let Some(items) = &explained {
            out.push('\n');
            for item in items {
                let _ = writeln!(
                    out,
                    "{:<12} -> {}  ({} combos)",
                    item.token, item.text, item.combo_count
                );
            }
        }
    }
    print(&out)
}

pub const TABLE169_HELP: &str = "\
allin table169: the 169 starting hands' equity against 1 to 9 random hands

Usage: allin table169 [--json] [--sort N]
       allin table169 --out FILE [--threads N]

Prints the table the page's grid shows and the X% rankings come from
(exact against one opponent, from the heads-up preflop table; seeded Monte
Carlo with 1,000,000 deals against more, 4,000,000 against three). With
--out, computes it afresh (about 1.5 minutes on 2 cores) and writes it as
the Rust source the engine builds in (src/equity/strength_table.rs).

Options:
  --sort N     order by equity against N opponents (default: grid order)
  --json       {\"opponents\":[1,…,9],\"classes\":[{\"class\":\"AA\",\"equity\":[0.852037,…]},…]}
  --out FILE   regenerate the table into FILE
  --threads N  worker threads for --out (default: all cores)
  -h, --help   Show this help

Examples:
  allin table169 --sort 3
  allin table169 --out src/equity/strength_table.rs
";

const TABLE169_OPTS: [Opt; 4] = [
    Opt {
        name: "--json",
        takes_value: false,
    },
    Opt {
        name: "--out",
        takes_value: true,
    },
    Opt {
        name: "--threads",
        takes_value: true,
    },
    Opt {
        name: "--sort",
        takes_value: true,
    },
];

pub fn table169(argv: &[String]) -> Result<(), CliError> {
    let p = args::parse("table169", argv, &TABLE169_OPTS)?;
    if p.help {
        return print(TABLE169_HELP);
    }
    if let Some(extra) = p.positionals.first() {
        return Err(CliError::usage(
            "table169",
            format!("unexpected argument '{extra}'"),
        ));
    }
    if let Some(out) = p.value("--out") {
        let mut argv = vec!["strength".to_string(), "--out".to_string(), out.to_string()];
        if let Some(t) = p.value("--threads") {
            argv.extend(["--threads".to_string(), t.to_string()]);
        }
        return crate::table::run(&argv);
    }
    let classes: Vec<HandClass> = match p.value("--sort") {
        None => HandClass::all().collect(),
        Some(v) => match v.parse::<usize>() {
            Ok(k) if (1..=MAX_OPPONENTS).contains(&k) => strength::ranking(k).order().to_vec(),
            _ => {
                return Err(CliError::usage(
                    "table169",
                    format!("--sort needs an opponent count from 1 to 9, got '{v}'"),
                ))
            }
        },
    };
    let mut out = String::new();
    if p.switch("--json") {
        out.push_str("{\"opponents\":[1,2,3,4,5,6,7,8,9],\"classes\":[");
        for (i, c) in classes.iter().enumerate() {
            let eq: Vec<String> = (1..=MAX_OPPONENTS)
                .map(|k| {
                    format!(
                        "{}",
                        f64::from(strength::vs_random(*c, k).unwrap_or(0)) / 1e6
                    )
                })
                .collect();
            let sep = if i > 0 { "," } else { "" };
            let _ = write!(
                out,
                "{sep}{{\"class\":\"{}\",\"equity\":[{}]}}",
                c.label(),
                eq.join(",")
            );
        }
        out.push_str("]}\n");
    } else {
        let _ = write!(out, "{:<6}", "hand");
        for k in 1..=MAX_OPPONENTS {
            let _ = write!(out, " {:>6}", format!("vs {k}"));
        }
        out.push('\n');
        for c in &classes {
            let _ = write!(out, "{:<6}", c.label());
            for k in 1..=MAX_OPPONENTS {
                let e = f64::from(strength::vs_random(*c, k).unwrap_or(0)) / 1e4;
                let _ = write!(out, " {e:>6.2}");
            }
            out.push('\n');
        }
    }
    print(&out)
}
