//! Why a board game's deal cannot be set up: the place and the reason.

use crate::card::Card;
use std::fmt;

use super::limits::MAX_PLAYERS;

/// Why a deal was refused. `Display` gives the message people see.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BoardGameError {
    /// 2..=10 players.
    PlayerCount { game: &'static str, got: usize },
    /// Player `index` (0-based): the message says why.
    Player(usize, String),
    /// The board's text.
    Board(String),
    /// The dead cards' text.
    Dead(String),
    /// A card in two places.
    Overlap(Card, String, String),
    /// A card the deck does not hold (2 to 5 in the short deck).
    NotInDeck { card: Card, place: String },
    /// More cards needed than the deck holds.
    TooManyCards {
        game: &'static str,
        players: usize,
        hole: usize,
        needed: usize,
        deck: usize,
    },
    /// Exact asked for where it cannot be: the reason.
    NotExact(String),
}

impl fmt::Display for BoardGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardGameError::PlayerCount { game, got } => {
                write!(f, "{game} needs 2 to {MAX_PLAYERS} players, not {got}")
            }
            BoardGameError::Player(i, why) => write!(f, "player {}: {why}", i + 1),
            BoardGameError::Board(why) => write!(f, "board: {why}"),
            BoardGameError::Dead(why) => write!(f, "dead cards: {why}"),
            BoardGameError::Overlap(c, a, b) => write!(f, "{c} is in {a} and in {b}"),
            BoardGameError::NotInDeck { card, place } => {
                let place = place.strip_prefix("the ").unwrap_or(place);
                write!(f, "{place}: {card} is not in the short deck (6 to A)")
            }
            BoardGameError::TooManyCards {
                game: _,
                players,
                hole,
                needed,
                deck,
            } => write!(
                f,
                "{players} hands of {hole} cards, a board of 5 and the dead cards need {needed} \
                 cards but the deck has {deck}: fewer players"
            ),
            BoardGameError::NotExact(why) => write!(f, "exact is not possible: {why}"),
        }
    }
}

impl std::error::Error for BoardGameError {}
