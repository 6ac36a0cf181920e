//! [`Lowball`]: which draw game, its final hand's size and value (a leaf
//! but for the evaluators).

use super::eval;
use crate::card::Card;
use crate::game::Game;

/// Which low game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Lowball {
    /// 2-7: aces high, straights and flushes count against.
    DeuceSeven,
    /// aces low, straights and flushes ignored.
    AceFive,
    /// Badugi: four cards, distinct ranks and suits.
    Badugi,
}

impl Lowball {
    /// The draw game a catalogue entry plays, if it is one.
    pub const fn of(game: Game) -> Option<Lowball> {
        match game {
            Game::DeuceSeven => Some(Lowball::DeuceSeven),
            Game::AceFive => Some(Lowball::AceFive),
            Game::Badugi => Some(Lowball::Badugi),
            _ => None,
        }
    }

    /// The catalogue entry.
    pub const fn game(self) -> Game {
        match self {
            Lowball::DeuceSeven => Game::DeuceSeven,
            Lowball::AceFive => Game::AceFive,
            Lowball::Badugi => Game::Badugi,
        }
    }

    /// Cards in a final hand: 5, or 4 for Badugi.
    pub const fn hand_cards(self) -> usize {
        match self {
            Lowball::Badugi => 4,
            _ => 5,
        }
    }

    /// The value of a complete hand (`hand_cards()` cards), higher wins.
    ///
    /// # Panics
    /// If `cards` has not `hand_cards()` cards (the job never asks so).
    pub fn value(self, cards: &[Card]) -> u32 {
        match self {
            Lowball::DeuceSeven => eval::deuce_seven(&five(cards)),
            Lowball::AceFive => eval::ace_five(&five(cards)),
            Lowball::Badugi => eval::badugi(&cards.try_into().expect("four cards")),
        }
    }
}

fn five(cards: &[Card]) -> [Card; 5] {
    cards.try_into().expect("five cards")
}
