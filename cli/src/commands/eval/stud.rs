//! `allin eval --game stud|stud8|razz`: a HAND is 5 to 7 cards (down cards
//! may be in brackets); the line names the high hand (Seven-card Stud, Stud
//! Hi-Lo), the Razz low (`8-7 low (8-7-4-3-2)`, `wheel (5-4-3-2-A)`) or
//! the eight-or-better low (`8-5-4-2-A`, `no low`), each with its best five.

use allin::card::format_cards;
use allin::stud::describe::describe;
use allin::stud::equity::parse_hand;
use allin::stud::Rules;
use allin::Card;
use serde::Serialize;
use std::io::{self, Write};

/// Names one stud hand and writes its line; the inner error says why the
/// hand is invalid.
pub fn eval_one(
    out: &mut impl Write,
    rules: Rules,
    json: bool,
    text: &str,
) -> io::Result<Result<(), String>> {
    let cards = match parse_hand(text) {
        Ok((cards, _)) => cards,
        Err(e) => return Ok(Err(e)),
    };
    if !(5..=7).contains(&cards.len()) {
        return Ok(Err(format!(
            "expected 5 to 7 cards (a stud hand so far), got {}",
            cards.len()
        )));
    }
    let Some(d) = describe(rules, &cards) else {
        return Ok(Err("a card is given twice".into()));
    };
    let compact = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<String>();
    if json {
        #[derive(Serialize)]
        struct LowJson<'a> {
            name: &'a str,
            best: String,
        }
        #[derive(Serialize)]
        struct HandJson<'a> {
            cards: String,
            #[serde(skip_serializing_if = "Option::is_none")]
            category: Option<&'a str>,
            name: &'a str,
            best: String,
            /// The high hand's rank (higher wins), or Razz's low (lower wins).
            #[serde(skip_serializing_if = "Option::is_none")]
            rank: Option<u16>,
            #[serde(skip_serializing_if = "Option::is_none")]
            low_rank: Option<u32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            low: Option<Option<LowJson<'a>>>,
        }
        let doc = match (&d.high, rules) {
            (Some(h), _) => HandJson {
                cards: compact(&cards),
                category: Some(h.rank.category().name()),
                name: &h.text,
                best: compact(&h.best),
                rank: Some(h.rank.value()),
                low_rank: None,
                low: (rules == Rules::HiLo).then(|| {
                    d.low.as_ref().map(|l| LowJson {
                        name: &l.text,
                        best: compact(&l.best),
                    })
                }),
            },
            (None, _) => {
                let l = d.low.as_ref().expect("Razz always has a low");
                HandJson {
                    cards: compact(&cards),
                    category: None,
                    name: &l.text,
                    best: compact(&l.best),
                    rank: None,
                    low_rank: Some(l.value),
                    low: None,
                }
            }
        };
        serde_json::to_writer(&mut *out, &doc)?;
        out.write_all(b"\n")?;
        return Ok(Ok(()));
    }
    write!(out, "{}", format_cards(&cards))?;
    if let Some(h) = &d.high {
        write!(
            out,
            "  {}  (best {}; rank {})",
            h.text,
            format_cards(&h.best),
            h.rank.value()
        )?;
    }
    match (rules, &d.low) {
        (Rules::Razz, Some(l)) => writeln!(out, "  {}  (best {})", l.text, format_cards(&l.best))?,
        (Rules::HiLo, Some(l)) => {
            writeln!(out, "  low {}  (best {})", l.text, format_cards(&l.best))?
        }
        (Rules::HiLo, None) => writeln!(out, "  no low")?,
        _ => writeln!(out)?,
    }
    Ok(Ok(()))
}
