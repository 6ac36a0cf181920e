//! The stud games' rules and limits (a leaf: the other stud files import it).

use crate::game::Game;

/// Players at most (eight, the deck's limit with one community card).
pub const MAX_PLAYERS: usize = 8;

/// Cards in a finished stud hand.
pub const HAND: usize = 7;

/// Which stud game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rules {
    /// Seven-card Stud: the best high hand.
    High,
    /// Stud Hi-Lo: half to the best high, half to the best eight-or-better
    /// low (no low: the high takes all).
    HiLo,
    /// Razz: the best A-5 low takes all.
    Razz,
}

impl Rules {
    /// The catalogue's stud games.
    pub fn of(game: Game) -> Option<Rules> {
        match game {
            Game::Stud => Some(Rules::High),
            Game::Stud8 => Some(Rules::HiLo),
            Game::Razz => Some(Rules::Razz),
            _ => None,
        }
    }

    pub fn game(self) -> Game {
        match self {
            Rules::High => Game::Stud,
            Rules::HiLo => Game::Stud8,
            Rules::Razz => Game::Razz,
        }
    }
}
