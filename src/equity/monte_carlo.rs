//! Monte Carlo estimation: random deals of everything unknown.
//!
//! Each trial deals the range players' combos, exactly distributed as
//! "uniform over the compatible assignments (no card twice), weighted by the
//! product of the combo weights" (see [`deal`] for how, without degrading
//! when ranges are tight), then the cards to come, uniformly from the cards
//! left (drawn from a list of them, so a trial always ends).
//!
//! Reproducible and chunkable: `(seed, chunk index, trials)` fixes a chunk's
//! tally, and chunks merge by addition like exact units.

pub(super) mod deal;

use super::rng::Rng;
use super::spec::Spec;
use super::tally::Tally;
use crate::card::Card;
use crate::eval::Hand;
use deal::{Dealer, Limits};

/// An opened Monte Carlo job.
#[derive(Clone, Debug)]
pub struct MonteCarlo {
    /// Every seat's hole cards: known hands; range players' are dealt.
    seats: Vec<[Card; 2]>,
    dealer: Dealer,
    board: Hand,
    to_come: usize,
}

impl MonteCarlo {
    /// Opens a job.
    pub fn new(spec: &Spec) -> MonteCarlo {
        // Range players' seats are filled by the dealer on every trial.
        let dealt_later = [Card::new(0, 0); 2];
        let seats = spec
            .players()
            .iter()
            .map(|p| p.known_cards().unwrap_or(dealt_later))
            .collect();
        MonteCarlo {
            seats,
            dealer: Dealer::new(spec, Limits::DEFAULT),
            board: Hand::from_cards(spec.board()),
            to_come: spec.cards_to_come(),
        }
    }

    /// Runs `trials` random deals for chunk `chunk` of a job seeded `seed`.
    /// Every trial is a showdown: `showdowns()` is `trials`.
    pub fn run(&self, seed: u64, chunk: u64, trials: u64) -> Tally {
        let mut rng = Rng::for_chunk(seed, chunk);
        let mut tally = Tally::new(self.seats.len());
        let mut seats = self.seats.clone();
        // Known hands once; the dealt seats again every trial.
        let mut holes: Vec<Hand> = seats.iter().map(|c| Hand::from_cards(c)).collect();
        let dealt = self.dealer.dealt_seats();
        let mut deck = [Card::new(0, 0); 52];
        for _ in 0..trials {
            // The board comes from the cards left, by the same partial
            // shuffle (a validated spec leaves enough of them).
            let mut left = self.dealer.deal(&mut rng, &mut seats, &mut deck);
            let mut board = self.board;
            for _ in 0..self.to_come {
                let j = rng.below(left as u32) as usize;
                left -= 1;
                deck.swap(j, left);
                board = board.add(deck[left]);
            }
            for &seat in &dealt {
                holes[seat] = Hand::from_cards(&seats[seat]);
            }
            tally.record(super::showdown::winners(&holes, board), 1);
        }
        tally
    }
}
