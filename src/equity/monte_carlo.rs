//! Monte Carlo estimation: random deals of everything unknown.
//!
//! Each trial draws a combo for every range player (by weight; the whole
//! draw is redone if two combos share a card, which keeps the draw
//! uniform over the compatible assignments), then the cards to come,
//! uniformly from what is left.
//!
//! Reproducible and chunkable: `(seed, chunk index, trials)` fixes a chunk's
//! tally, and chunks merge by addition like exact units.

use super::rng::Rng;
use super::{Combo, Spec, Tally};
use crate::card::{Card, CardSet};
use crate::eval::Hand;

/// Consecutive clashing draws after which a trial is skipped. A validated
/// spec always has a compatible assignment, so this only guards against
/// ranges that fit together in a vanishing fraction of draws.
const MAX_REDRAWS: u32 = 1_000_000;

#[derive(Clone, Debug)]
enum Holding {
    Known(Hand),
    /// Combos with their cumulative weights (for drawing by weight).
    Range {
        combos: Vec<Combo>,
        cumulative: Vec<u32>,
    },
}

/// An opened Monte Carlo job.
#[derive(Clone, Debug)]
pub struct MonteCarlo {
    holdings: Vec<Holding>,
    fixed: CardSet,
    board: Hand,
    to_come: usize,
}

impl MonteCarlo {
    /// Opens a job.
    pub fn new(spec: &Spec) -> MonteCarlo {
        let holdings = spec
            .players()
            .iter()
            .map(|p| match p.known_cards() {
                Some(cards) => Holding::Known(Hand::from_cards(&cards)),
                None => {
                    let mut total = 0u32;
                    let cumulative = p
                        .combos
                        .iter()
                        .map(|c| {
                            total += c.weight;
                            total
                        })
                        .collect();
                    Holding::Range {
                        combos: p.combos.clone(),
                        cumulative,
                    }
                }
            })
            .collect();
        MonteCarlo {
            holdings,
            fixed: spec.known_cards(),
            board: Hand::from_cards(spec.board()),
            to_come: spec.cards_to_come(),
        }
    }

    /// Runs `trials` random deals for chunk `chunk` of a job seeded `seed`.
    /// (A trial whose ranges clash `MAX_REDRAWS` times in a row is skipped,
    /// so `showdowns()` can then fall short of `trials`.)
    pub fn run(&self, seed: u64, chunk: u64, trials: u64) -> Tally {
        let mut rng = Rng::for_chunk(seed, chunk);
        let mut tally = Tally::new(self.holdings.len());
        let mut holes = vec![Hand::new(); self.holdings.len()];
        for _ in 0..trials {
            let Some(mut used) = self.draw_holdings(&mut rng, &mut holes) else {
                continue;
            };
            let mut board = self.board;
            for _ in 0..self.to_come {
                loop {
                    let card = Card::from_id(rng.below(52) as u8).expect("id < 52");
                    if !used.contains(card) {
                        used.insert(card);
                        board = board.add(card);
                        break;
                    }
                }
            }
            tally.record(super::winners(&holes, board), 1);
        }
        tally
    }

    /// Fills `holes` for one trial; returns the cards now in use.
    fn draw_holdings(&self, rng: &mut Rng, holes: &mut [Hand]) -> Option<CardSet> {
        'draw: for _ in 0..MAX_REDRAWS {
            let mut used = self.fixed;
            for (h, holding) in holes.iter_mut().zip(&self.holdings) {
                *h = match holding {
                    Holding::Known(hand) => *hand,
                    Holding::Range { combos, cumulative } => {
                        let total = *cumulative.last().expect("non-empty range");
                        let x = rng.below(total);
                        let i = cumulative.partition_point(|&c| c <= x);
                        let [a, b] = combos[i].cards;
                        if used.contains(a) || used.contains(b) {
                            continue 'draw;
                        }
                        used.insert(a);
                        used.insert(b);
                        Hand::from_cards(&[a, b])
                    }
                };
            }
            return Some(used);
        }
        None
    }
}
