//! Short Deck equity: every board of the 36-card deck exactly, or seeded
//! Monte Carlo, counted as a [`Tally`] (by set of winners), like Hold'em.
//! Units and dealing are `board_game`'s.

use super::hand::{evaluate_short, Rules, ShortRank};
use crate::board_game::{best_set, BoardGameError, BoardPlan, Deal, Dealing, Deck};
use crate::card::Card;
use crate::equity::rng::Rng;
use crate::equity::Tally;
use std::ops::Range;

/// How Short Deck hands are dealt.
pub const DEALING: Dealing = Dealing {
    game: "Short Deck",
    hole: 2,
    hint: |_| None,
    deck: Deck::Short,
};

/// An opened Short Deck job.
#[derive(Clone, Debug)]
pub struct ShortDeckJob {
    rules: Rules,
    deal: Deal,
}

impl ShortDeckJob {
    /// Checks the hands (`AsKs` or `random`), board and dead cards: six to
    /// ace only.
    pub fn parse(
        rules: Rules,
        players: &[&str],
        board: &str,
        dead: &str,
    ) -> Result<ShortDeckJob, BoardGameError> {
        Ok(ShortDeckJob {
            rules,
            deal: Deal::parse(DEALING, players, board, dead)?,
        })
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn players(&self) -> usize {
        self.deal.players()
    }

    /// The policy: exact when every hand is known and affordable.
    pub fn plan(&self) -> BoardPlan {
        self.deal.plan(1)
    }

    /// Checks that exact may be asked for.
    pub fn check_exact(&self) -> Result<(), BoardGameError> {
        match self.plan().why_not_forcible() {
            None => Ok(()),
            Some(why) => Err(BoardGameError::NotExact(why)),
        }
    }

    pub fn units(&self) -> u64 {
        self.deal.units()
    }

    fn rank(&self, hole: &[Card], board: &[Card; 5]) -> ShortRank {
        let mut seven = [board[0]; 7];
        seven[..2].copy_from_slice(hole);
        seven[2..].copy_from_slice(board);
        evaluate_short(&seven, self.rules)
    }

    /// Exact units `range` (clamped); nothing is counted with a random hand.
    pub fn run(&self, range: Range<u64>) -> Tally {
        let mut tally = Tally::new(self.players());
        let known: Option<Vec<&Vec<Card>>> = self.deal.hands().iter().map(Option::as_ref).collect();
        let Some(known) = known else {
            return tally;
        };
        let mut ranks = Vec::with_capacity(known.len());
        for unit in range.start..range.end.min(self.units()) {
            self.deal.for_each_board(unit, |board| {
                ranks.clear();
                ranks.extend(known.iter().map(|h| self.rank(h, board)));
                tally.record(best_set(&ranks, |a, b| a > b), 1);
            });
        }
        tally
    }

    /// The exact answer.
    pub fn run_all(&self) -> Tally {
        self.run(0..self.units())
    }

    /// `trials` random deals of chunk `chunk` of a job seeded `seed`.
    pub fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Tally {
        let mut rng = Rng::for_chunk(seed, chunk);
        let mut tally = Tally::new(self.players());
        let (mut deck, mut holes) = (Vec::new(), Vec::new());
        let mut board = [Card::new(0, 0); 5];
        let mut ranks = Vec::with_capacity(self.players());
        for _ in 0..trials {
            self.deal
                .deal_random(&mut rng, &mut deck, &mut holes, &mut board);
            let mut dealt = holes.chunks_exact(2);
            ranks.clear();
            for hand in self.deal.hands() {
                let hole = match hand {
                    Some(h) => h.as_slice(),
                    None => dealt.next().expect("a hole per random hand"),
                };
                ranks.push(self.rank(hole, &board));
            }
            tally.record(best_set(&ranks, |a, b| a > b), 1);
        }
        tally
    }
}
