//! `allin eval --game 2-7-draw|a-5-draw|badugi`: a final hand of a draw
//! game (5 cards, Badugi 4), its name ("8-7 low (8-7-4-3-2)", "wheel",
//! "three-card badugi, 7 high"), the cards that play and its value
//! (higher wins, within one game).

use allin::card::{format_cards, parse_cards};
use allin::draw::{describe, Lowball};
use serde::Serialize;
use std::io::{self, Write};

/// Names one hand and writes its line; the inner error says why the hand
/// is not one of the game.
pub fn eval_one(
    out: &mut impl Write,
    game: Lowball,
    json: bool,
    text: &str,
) -> io::Result<Result<(), String>> {
    let cards = match parse_cards(text) {
        Ok(cards) => cards,
        Err(e) => return Ok(Err(e.to_string())),
    };
    let size = game.hand_cards();
    if cards.len() != size {
        return Ok(Err(format!(
            "expected {size} cards (a final hand of {}), got {}",
            game.game().label(),
            cards.len()
        )));
    }
    let d = describe(game, &cards);
    let compact = |cards: &[allin::Card]| cards.iter().map(|c| c.to_string()).collect::<String>();
    if json {
        #[derive(Serialize)]
        struct HandJson<'a> {
            cards: String,
            /// Always "low" (the draw games have no categories of their own).
            category: &'static str,
            name: &'a str,
            best: String,
            rank: u32,
        }
        serde_json::to_writer(
            &mut *out,
            &HandJson {
                cards: compact(&cards),
                category: "low",
                name: &d.name,
                best: compact(&d.best),
                rank: d.value,
            },
        )?;
        out.write_all(b"\n")?;
    } else {
        writeln!(
            out,
            "{}  {}  (plays {}; rank {})",
            format_cards(&cards),
            d.name,
            format_cards(&d.best),
            d.value
        )?;
    }
    Ok(Ok(()))
}
