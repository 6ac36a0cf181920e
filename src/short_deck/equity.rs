//! Short Deck equity: every board of the 36-card deck exactly, or seeded
//! Monte Carlo, counted as a [`Tally`] (by set of winners), like Hold'em.
//! Units and dealing are `board_game`'s.

use super::hand::{evaluate_short, Rules, ShortRank};
use crate::board_game::{best_set, BoardGameError, BoardPlan, Deal, Dealing, Deck};
use crate::card::Card;
use crate::equity::rng::Rng;
use crate::equity::Tally;
use std::ops::Range;

use super::ranges::{as_range, known_cards, Ranges};

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
    /// The players holding ranges (`ranges.rs`).
    ranges: Ranges,
}

impl ShortDeckJob {
    /// Checks the hands (`AsKs`, `random` or a range: `QQ+, AKs`), board
    /// and dead cards: six to ace only.
    pub fn parse(
        rules: Rules,
        players: &[&str],
        board: &str,
        dead: &str,
    ) -> Result<ShortDeckJob, BoardGameError> {
        // A range is dealt as a random hand is, from its own list.
        let mut texts = players.to_vec();
        let mut found = Vec::with_capacity(players.len());
        for (i, text) in players.iter().enumerate() {
            let range = as_range(text).map_err(|why| BoardGameError::Player(i, why))?;
            if range.is_some() {
                texts[i] = "random";
            }
            found.push(range);
        }
        let mut deal = Deal::parse(DEALING, &texts, board, dead)?;
        for (i, r) in found.iter().enumerate() {
            if let Some(r) = r {
                deal.mark_range(i, r.to_string());
            }
        }
        let ranges = Ranges::new(&found, &deal)?;
        Ok(ShortDeckJob {
            rules,
            deal,
            ranges,
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
        if self.ranges.any() {
            return self.run_range_trials(seed, chunk, trials);
        }
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

    /// [`ShortDeckJob::run_trials`] with players holding ranges.
    fn run_range_trials(&self, seed: u64, chunk: u64, trials: u64) -> Tally {
        let mut rng = Rng::for_chunk(seed, chunk);
        let mut tally = Tally::new(self.players());
        let known = known_cards(&self.deal);
        let live: Vec<Card> = Deck::Short
            .cards()
            .filter(|c| !known.contains(*c))
            .collect();
        let (mut dealt, mut deck) = (Vec::new(), Vec::new());
        let mut board = [Card::new(0, 0); 5];
        let mut ranks = Vec::with_capacity(self.players());
        let given = self.deal.board();
        for _ in 0..trials {
            self.ranges.deal(&mut rng, &mut dealt);
            let used = dealt.iter().fold(0u64, |m, h| m | h.bits());
            deck.clear();
            deck.extend(live.iter().copied().filter(|c| used >> c.id() & 1 == 0));
            let mut next = 0;
            let mut draw = |deck: &mut Vec<Card>| {
                let j = next + rng.below((deck.len() - next) as u32) as usize;
                deck.swap(next, j);
                next += 1;
                deck[next - 1]
            };
            board[..given.len()].copy_from_slice(given);
            for slot in board.iter_mut().skip(given.len()) {
                *slot = draw(&mut deck);
            }
            let mut ranged = dealt.iter();
            ranks.clear();
            for (p, hand) in self.deal.hands().iter().enumerate() {
                let hole: [Card; 2] = match hand {
                    Some(h) => [h[0], h[1]],
                    None if self.ranges.holds(p) => {
                        let mut cards = ranged.next().expect("a hand per range").iter();
                        [
                            cards.next().expect("two cards"),
                            cards.next().expect("two cards"),
                        ]
                    }
                    None => [draw(&mut deck), draw(&mut deck)],
                };
                ranks.push(self.rank(&hole, &board));
            }
            tally.record(best_set(&ranks, |a, b| a > b), 1);
        }
        tally
    }
}
