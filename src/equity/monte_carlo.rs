//! Monte Carlo estimation: uniform random deals of the cards to come.
//!
//! Reproducible and chunkable: `(seed, chunk index, trials)` fixes a chunk's
//! tally, and chunks merge by addition like exact units.

use super::rng::Rng;
use super::{Spec, Tally};
use crate::card::Card;
use crate::eval::Hand;

/// An opened Monte Carlo job.
#[derive(Clone, Debug)]
pub struct MonteCarlo {
    holes: Vec<Hand>,
    board: Hand,
    deck: Vec<Card>,
    to_come: usize,
}

impl MonteCarlo {
    /// Opens a job.
    ///
    /// # Panics
    /// If a player holds a range (more than one combo).
    pub fn new(spec: &Spec) -> MonteCarlo {
        MonteCarlo {
            holes: spec
                .players()
                .iter()
                .map(|p| Hand::from_cards(&p.known_cards().expect("known hole cards")))
                .collect(),
            board: Hand::from_cards(spec.board()),
            deck: spec.known_cards().complement().iter().collect(),
            to_come: spec.cards_to_come(),
        }
    }

    /// Runs `trials` random deals for chunk `chunk` of a job seeded `seed`.
    pub fn run(&self, seed: u64, chunk: u64, trials: u64) -> Tally {
        let mut rng = Rng::for_chunk(seed, chunk);
        let mut tally = Tally::new(self.holes.len());
        let n = self.deck.len() as u32;
        for _ in 0..trials {
            let mut used = 0u64;
            let mut board = self.board;
            for _ in 0..self.to_come {
                loop {
                    let i = rng.below(n);
                    if used >> i & 1 == 0 {
                        used |= 1 << i;
                        board = board.add(self.deck[i as usize]);
                        break;
                    }
                }
            }
            tally.record(super::winners(&self.holes, board), 1);
        }
        tally
    }
}
