//! The Omaha variant: hole cards and Hi-Lo, and how its hands are dealt.

use crate::board_game::{Dealing, Deck};

/// An Omaha game: hole cards (4, 5 or 6) and whether the pot is split
/// high-low. Built only by [`Game::new`] or [`Game::from_name`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Game {
    hole: u8,
    hilo: bool,
}

impl Game {
    /// Omaha with `hole` cards (4, 5 or 6), Hi-Lo or not.
    pub fn new(hole: usize, hilo: bool) -> Option<Game> {
        (4..=6).contains(&hole).then_some(Game {
            hole: hole as u8,
            hilo,
        })
    }

    /// The game of this name (`omaha`, `omaha5`, `omaha6`, `omaha-hilo`,
    /// `omaha5-hilo`).
    pub fn from_name(name: &str) -> Option<Game> {
        let game: crate::game::Game = name.parse().ok()?;
        Game::of(game)
    }

    /// The catalogue's game as Omaha (hole cards and Hi-Lo from its entry),
    /// if it is one of the Omaha family.
    pub fn of(game: crate::game::Game) -> Option<Game> {
        use crate::game::Family;
        (game.family() == Family::Omaha).then(|| Game {
            hole: game.hand_cards() as u8,
            hilo: game.hilo(),
        })
    }

    /// Hole cards per hand.
    pub fn hole(self) -> usize {
        usize::from(self.hole)
    }

    /// Whether the pot is split high-low (eight or better).
    pub fn hilo(self) -> bool {
        self.hilo
    }

    /// For people: `Omaha`, `Five-card Omaha Hi-Lo (eight or better)`.
    pub fn title(self) -> String {
        let size = match self.hole {
            4 => "",
            5 => "Five-card ",
            _ => "Six-card ",
        };
        let hilo = if self.hilo {
            " Hi-Lo (eight or better)"
        } else {
            ""
        };
        format!("{size}Omaha{hilo}")
    }

    /// How the hands are dealt (for `board_game::Deal`).
    pub fn dealing(self) -> Dealing {
        Dealing {
            game: match (self.hole, self.hilo) {
                (4, false) => "Omaha",
                (5, false) => "five-card Omaha",
                (_, false) => "six-card Omaha",
                (4, true) => "Omaha Hi-Lo",
                (5, true) => "five-card Omaha Hi-Lo",
                (_, true) => "six-card Omaha Hi-Lo",
            },
            hole: self.hole(),
            hint: if self.hilo { hint_hilo } else { hint_high },
            deck: Deck::Full,
        }
    }
}

/// Which game of the catalogue deals `n` cards, Hi-Lo or not (a hint for
/// a hand of the wrong size): `omaha5 deals 5`.
fn hint(n: usize, hilo: bool) -> Option<String> {
    crate::game::Game::ALL
        .into_iter()
        .find(|g| Game::of(*g).is_some_and(|o| o.hole() == n && o.hilo == hilo))
        .map(|g| format!("{} deals {n}", g.name()))
}

fn hint_high(n: usize) -> Option<String> {
    hint(n, false)
}

fn hint_hilo(n: usize) -> Option<String> {
    hint(n, true)
}
