//! One hand of a board game (Omaha 4/5/6, Hi or Hi-Lo; Short Deck) named:
//! its best five, which of them are hole and board cards (Omaha: exactly
//! two and three), and for Hi-Lo the best eight-or-better low. What the
//! bindings' `evaluate` show (the wasm's `describe_board_hand`), the same
//! facts as `allin eval --game omaha… | shortdeck --board …` prints.
//!
//! ```text
//!   describe(Game::Omaha, None, "AsKsQd2c", "JsTs3h4d9c")   // Ok(BoardHand { name: "Royal flush", best_hole: [As, Ks], … })
//!   describe(Game::Omaha, None, "AsKs", "JsTs3h")           // Err(HandError { field: "cards", "2 cards: Omaha deals 4 cards a hand" })
//! ```

use crate::card::{parse_between, parse_cards, Card};
use crate::eval::describe as holdem;
use crate::eval::Category;
use crate::game::{Family, Game};
use crate::omaha::low::{best_low_cards, low_bit};
use crate::short_deck::{self, best_five_short, describe_short};

/// Five cards in reading order, split by where they come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    pub best: [Card; 5],
    /// The hole cards among `best`, in its order.
    pub hole: Vec<Card>,
    /// The board cards among `best`, in its order.
    pub board: Vec<Card>,
}

impl Made {
    fn split(best: [Card; 5], hole: &[Card]) -> Made {
        let (hole, board) = best.iter().partition(|c| hole.contains(c));
        Made { best, hole, board }
    }
}

/// An Omaha Hi-Lo hand's low: `"8-5-4-2-A"` and its cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowHand {
    pub name: String,
    pub made: Made,
}

/// A board game's hand, named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardHand {
    /// The hand's own cards as given (Short Deck without a board: all 5 to 7).
    pub cards: Vec<Card>,
    pub board: Vec<Card>,
    pub category: Category,
    /// The full name: `"Flush, ace-high"`, `"Straight, nine-high (ace low)"`.
    pub name: String,
    /// The best five (reading order) and which are hole and board cards.
    pub high: Made,
    /// Higher wins, within one game and rule set.
    pub rank: u16,
    /// Omaha: where the rank stands among Hold'em's 7,462 (1 = royal
    /// flush); Short Deck ranks differently: `None`.
    pub ordinal: Option<u32>,
    /// Hi-Lo only: `Some(None)` when no low qualifies.
    pub low: Option<Option<LowHand>>,
}

/// Why a hand is not one: the input it belongs to (`"cards"`, `"board"`,
/// `"rules"`, `"game"`) and the core's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandError {
    pub field: &'static str,
    pub message: String,
}

fn fail(field: &'static str, message: impl ToString) -> HandError {
    HandError {
        field,
        message: message.to_string(),
    }
}

/// A card both in the hand and on the board, said with both places.
fn overlap(hand: &[Card], board: &[Card]) -> Result<(), HandError> {
    for (i, c) in hand.iter().enumerate() {
        if let Some(j) = board.iter().position(|b| b == c) {
            return Err(fail(
                "board",
                format!(
                    "{c} is card {} of the hand and card {} of the board",
                    i + 1,
                    j + 1
                ),
            ));
        }
    }
    Ok(())
}

/// Names `cards` with `board` (text, empty for none) in `game`, an Omaha
/// or Short Deck game of the catalogue; `rules` Short Deck's
/// (`"trips-beat-straight"`; `None`: standard).
pub fn describe(
    game: Game,
    rules: Option<&str>,
    cards: &str,
    board: &str,
) -> Result<BoardHand, HandError> {
    let board = match board.trim() {
        "" => Vec::new(),
        text => parse_between(text, 3..=5).map_err(|e| fail("board", e))?,
    };
    let cards = parse_cards(cards).map_err(|e| fail("cards", e))?;
    match game.family() {
        Family::Omaha => {
            let omaha = crate::omaha::Game::of(game).ok_or_else(|| fail("game", game.label()))?;
            if let Some(r) = rules {
                return Err(fail(
                    "rules",
                    format!(
                        "{}: {} takes no rules",
                        crate::quote::quote(r),
                        game.label()
                    ),
                ));
            }
            if cards.len() != omaha.hole() {
                return Err(fail("cards", omaha.dealing().wrong_size(cards.len())));
            }
            if board.is_empty() {
                return Err(fail(
                    "board",
                    "an Omaha hand needs the board (3 to 5 cards)",
                ));
            }
            overlap(&cards, &board)?;
            Ok(omaha_hand(omaha.hilo(), cards, board))
        }
        Family::ShortDeck => {
            let rules: short_deck::Rules = rules
                .unwrap_or_default()
                .parse()
                .map_err(|e| fail("rules", e))?;
            let short = |field, list: &[Card]| match list.iter().find(|c| c.rank() < 4) {
                Some(c) => Err(fail(
                    field,
                    format!("{c} is not in the short deck (6 to A)"),
                )),
                None => Ok(()),
            };
            short("cards", &cards)?;
            short("board", &board)?;
            if !board.is_empty() && cards.len() != 2 {
                let why = short_deck::equity::DEALING.wrong_size(cards.len());
                return Err(fail(
                    "cards",
                    format!("{why} (with a board, the hand is its hole cards)"),
                ));
            }
            if board.is_empty() && !(5..=7).contains(&cards.len()) {
                return Err(fail(
                    "cards",
                    format!(
                        "expected 5 to 7 cards, got {} (or 2 hole cards with a board)",
                        cards.len()
                    ),
                ));
            }
            overlap(&cards, &board)?;
            Ok(short_deck_hand(rules, cards, board))
        }
        _ => Err(fail(
            "game",
            format!("{}: not a board game (Omaha, Short Deck)", game.label()),
        )),
    }
}

fn omaha_hand(hilo: bool, hole: Vec<Card>, board: Vec<Card>) -> BoardHand {
    let (five, rank) = crate::omaha::eval::best_five(&hole, &board);
    let described = holdem::describe(&five).expect("five distinct cards");
    let low = hilo.then(|| {
        best_low_cards(&hole, &board).map(|(five, low)| {
            let mut best = five;
            best.sort_by_key(|&c| std::cmp::Reverse(low_bit(c)));
            LowHand {
                name: low.to_string(),
                made: Made::split(best, &five[..2]),
            }
        })
    });
    BoardHand {
        category: rank.category(),
        name: described.text,
        high: Made::split(described.best, &five[..2]),
        rank: rank.value(),
        ordinal: Some(rank.ordinal()),
        low,
        cards: hole,
        board,
    }
}

fn short_deck_hand(rules: short_deck::Rules, cards: Vec<Card>, board: Vec<Card>) -> BoardHand {
    let mut all = cards.clone();
    all.extend_from_slice(&board);
    let (five, rank) = best_five_short(&all, rules);
    let best = holdem::best_five(&five).expect("five distinct cards");
    BoardHand {
        category: rank.category(),
        name: describe_short(&five, rules),
        high: Made::split(best, &cards),
        rank: rank.value(),
        ordinal: None,
        low: None,
        cards,
        board,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn omaha_hilo_names_both_halves() {
        let h = describe(Game::OmahaHiLo, None, "AhKh2c3d", "4s5h6dKc9c").unwrap();
        assert_eq!(h.name, "Straight, six-high");
        assert_eq!(h.high.hole.len(), 2);
        let low = h.low.unwrap().unwrap();
        assert_eq!(low.name, "6-5-4-2-A");
        assert_eq!(low.made.hole.len(), 2);
        let e = describe(Game::Omaha, None, "AhKh", "4s5hKd").unwrap_err();
        assert_eq!(e.field, "cards");
        let e = describe(Game::ShortDeck, None, "As9d", "6c7h2s").unwrap_err();
        assert_eq!(e.field, "board");
    }
}
