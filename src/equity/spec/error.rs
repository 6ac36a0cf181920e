//! Why a spec was rejected ([`SpecError`]), and where a card came from
//! ([`Place`]).

use super::super::limits::MAX_PLAYERS;
use crate::card::{Card, CardError};
use crate::range::RangeError;
use std::fmt;

/// Where a card of the spec came from (for error messages).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    Player(usize),
    Board,
    Dead,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Player(i) => write!(f, "player {}", i + 1),
            Place::Board => f.write_str("the board"),
            Place::Dead => f.write_str("the dead cards"),
        }
    }
}

/// Why a spec was rejected. `Display` is the message users see.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SpecError {
    /// A card string did not parse.
    Cards {
        place: Place,
        error: CardError,
    },
    /// A player does not hold exactly two cards.
    HoleCards {
        player: usize,
        got: usize,
    },
    TooFewPlayers {
        got: usize,
    },
    TooManyPlayers {
        got: usize,
    },
    BoardSize {
        got: usize,
    },
    /// The same card in two places (or twice in one).
    Duplicate {
        card: Card,
        first: Place,
        second: Place,
    },
    /// A range with no combo left once the cards in play are removed.
    EmptyRange {
        player: usize,
    },
    /// A player's text is neither two cards nor a valid range.
    Range {
        player: usize,
        error: RangeError,
    },
    /// The players' ranges cannot all be dealt at once (every choice of
    /// combos uses some card twice).
    RangesClash,
    /// Too few cards left in the deck (after known hole cards, board and
    /// dead cards) to deal the range players' hole cards and finish the
    /// board: `left < to_come + 2 * range_players`.
    DeckTooSmall {
        /// Board cards still to come.
        to_come: usize,
        /// Players holding a range (each needs two cards).
        range_players: usize,
        /// Cards left in the deck.
        left: usize,
    },
}

impl SpecError {
    /// Cards a [`SpecError::DeckTooSmall`] spec needs (0 for other errors).
    pub fn cards_needed(&self) -> usize {
        match self {
            SpecError::DeckTooSmall {
                to_come,
                range_players,
                ..
            } => to_come + 2 * range_players,
            SpecError::Cards { .. }
            | SpecError::HoleCards { .. }
            | SpecError::TooFewPlayers { .. }
            | SpecError::TooManyPlayers { .. }
            | SpecError::BoardSize { .. }
            | SpecError::Duplicate { .. }
            | SpecError::EmptyRange { .. }
            | SpecError::Range { .. }
            | SpecError::RangesClash => 0,
        }
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Cards { place, error } => write!(f, "{place}: {error}"),
            SpecError::HoleCards { player, got } => {
                write!(f, "player {}: expected 2 hole cards, got {got}", player + 1)
            }
            SpecError::TooFewPlayers { got } => {
                write!(f, "need at least 2 players, got {got}")
            }
            SpecError::TooManyPlayers { got } => {
                write!(f, "at most {MAX_PLAYERS} players fit at a table, got {got}")
            }
            SpecError::BoardSize { got } => {
                write!(f, "the board must have 0, 3, 4 or 5 cards, got {got}")
            }
            SpecError::Range { player, error } => write!(f, "player {}: {error}", player + 1),
            SpecError::RangesClash => f.write_str(
                "the ranges cannot all be dealt at once: every choice of hands uses a card twice",
            ),
            SpecError::DeckTooSmall {
                to_come,
                range_players,
                left,
            } => {
                f.write_str("not enough cards left to deal: ")?;
                let players = match range_players {
                    0 => String::new(),
                    1 => "1 range player needs 2".to_string(),
                    n => format!("{n} range players need {}", 2 * n),
                };
                match (*to_come, players.is_empty()) {
                    (0, _) => f.write_str(&players)?,
                    (n, true) => write!(f, "the board needs {n} more")?,
                    (n, false) => write!(f, "the board needs {n} more and {players}")?,
                }
                match left {
                    0 => f.write_str(", but no card is left"),
                    1 => f.write_str(", but only 1 card is left"),
                    n => write!(f, ", but only {n} cards are left"),
                }
            }
            SpecError::EmptyRange { player } => write!(
                f,
                "player {}: no hand of the range is possible with the cards in play",
                player + 1
            ),
            SpecError::Duplicate {
                card,
                first,
                second,
            } => {
                if first == second {
                    write!(f, "duplicate card {card} in {first}")
                } else {
                    write!(f, "duplicate card {card}: in {first} and in {second}")
                }
            }
        }
    }
}

impl std::error::Error for SpecError {}
