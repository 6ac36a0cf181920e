//! Omaha equity (high or Hi-Lo): every board exactly, or seeded Monte Carlo.
//!
//! **Exact** (every hand known): units are the board's completions by their
//! first one or two cards (`board_game`), walked as four cards and every
//! fifth: the four cards' own triples are evaluated once for all fifths,
//! then each fifth card only the six triples that hold it ([`Pairs`]);
//! each player's [`Hole`] (and low table) is prepared once per job.
//! **Monte Carlo**: trials chunked by `(seed, chunk, trials)`, each a
//! partial shuffle of the live cards dealing the random hands and the
//! board; players holding ranges are dealt by `equity/ranges.rs`.
//! **Narrow ranges on a turn or river** (`equity/exact_ranges.rs`): every
//! joint holding × every river, weighted, exactly. Either way the result
//! is [`PotCounts`], which add up.

use super::counts::PotCounts;
use super::eval::{best_high, Board, Hole, Pairs};
use super::game::Game;
use super::low::{low_bit, low_mask, low_winners, HoleLow, NO_LOW};
use crate::board_game::{best_set, BoardGameError, BoardPlan, Deal};
use crate::card::Card;
use crate::equity::rng::Rng;
use std::ops::Range;

mod exact_ranges;
mod ranges;

/// A known hand prepared once per job.
#[derive(Clone, Debug)]
struct Prepared {
    high: Hole,
    /// Best low byte by the board's low ranks (Hi-Lo only).
    low: Box<[u8; 256]>,
}

impl Prepared {
    fn new(cards: &[Card], hilo: bool) -> Prepared {
        Prepared {
            high: Hole::new(cards),
            low: Box::new(if hilo {
                HoleLow::new(cards).table()
            } else {
                [NO_LOW; 256]
            }),
        }
    }
}

/// An opened Omaha job.
#[derive(Clone, Debug)]
pub struct OmahaJob {
    game: Game,
    deal: Deal,
    /// The known hands, prepared (`None`: random or a range).
    hands: Vec<Option<Prepared>>,
    /// The players holding ranges.
    ranges: ranges::Ranges,
    /// Narrow ranges on a turn or river, enumerated (`None`: not that).
    exact_ranges: Option<exact_ranges::ExactRanges>,
}

impl OmahaJob {
    /// Checks the hands (`AsKsQhJh`, `random` or a range: `AA:$ds`,
    /// docs/omaha-ranges.md), board and dead cards.
    pub fn parse(
        game: Game,
        players: &[&str],
        board: &str,
        dead: &str,
    ) -> Result<OmahaJob, BoardGameError> {
        // A range is dealt as a random hand is, from its own dealer.
        let mut texts = players.to_vec();
        let mut found = Vec::with_capacity(players.len());
        for (i, text) in players.iter().enumerate() {
            let range = ranges::as_range(text, game.hole())
                .map_err(|e| BoardGameError::Player(i, e.to_string()))?;
            if range.is_some() {
                texts[i] = "random";
            }
            found.push(range);
        }
        let mut deal = Deal::parse(game.dealing(), &texts, board, dead)?;
        for (i, r) in found.iter().enumerate() {
            if let Some(r) = r {
                deal.mark_range(i, r.to_string());
            }
        }
        let exact_ranges = exact_ranges::ExactRanges::new(&found, &deal, game.hilo());
        let ranges = ranges::Ranges::new(found, &deal)?;
        let hands = deal
            .hands()
            .iter()
            .map(|h| h.as_ref().map(|cards| Prepared::new(cards, game.hilo())))
            .collect();
        Ok(OmahaJob {
            game,
            deal,
            hands,
            ranges,
            exact_ranges,
        })
    }

    pub fn game(&self) -> Game {
        self.game
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn players(&self) -> usize {
        self.deal.players()
    }

    /// The policy: exact when every hand is known (or a narrow range on a
    /// turn or river) and affordable.
    pub fn plan(&self) -> BoardPlan {
        // Pairs × triples per player and board.
        let pairs = (self.game.hole() * (self.game.hole() - 1) / 2) as u64;
        match &self.exact_ranges {
            Some(x) => BoardPlan::enumerated(
                x.units()
                    .saturating_mul(x.boards())
                    .saturating_mul(self.players() as u64)
                    .saturating_mul(pairs * 10),
            ),
            None => self.deal.plan(pairs * 10),
        }
    }

    /// Checks that exact may be asked for.
    pub fn check_exact(&self) -> Result<(), BoardGameError> {
        match self.plan().why_not_forcible() {
            None => Ok(()),
            Some(why) => Err(BoardGameError::NotExact(why)),
        }
    }

    /// Units of the exact enumeration (narrow ranges: the joint holdings).
    pub fn units(&self) -> u64 {
        match &self.exact_ranges {
            Some(x) => x.units(),
            None => self.deal.units(),
        }
    }

    /// Exact units `range` (clamped). Every hand must be known (see
    /// [`OmahaJob::plan`]); with a random hand nothing is counted.
    pub fn run(&self, range: Range<u64>) -> PotCounts {
        let mut counts = PotCounts::new(self.players());
        if let Some(x) = &self.exact_ranges {
            x.run(range, &mut counts);
            return counts;
        }
        let known: Option<Vec<&Prepared>> = self.hands.iter().map(Option::as_ref).collect();
        let Some(known) = known else {
            return counts;
        };
        let mut highs = vec![crate::eval::HandRank::MIN; known.len()];
        let mut lows = vec![NO_LOW; known.len()];
        let hilo = self.game.hilo();
        let mut partial = highs.clone();
        for unit in range.start..range.end.min(self.units()) {
            self.deal.for_each_prefix(unit, |four, fifths| {
                // The four cards' own triples, once for every fifth card.
                let first = Board::new(four);
                for (h, p) in partial.iter_mut().zip(&known) {
                    *h = best_high(&p.high, &first);
                }
                let pairs = Pairs::new(four);
                let four_low = low_mask(four);
                for &fifth in fifths {
                    let board = pairs.triples_with(fifth);
                    for ((h, &before), p) in highs.iter_mut().zip(&partial).zip(&known) {
                        *h = before.max(best_high(&p.high, &board));
                    }
                    let mut low = 0;
                    if hilo {
                        let mask = usize::from(four_low | low_bit(fifth));
                        for (l, p) in lows.iter_mut().zip(&known) {
                            *l = p.low[mask];
                        }
                        low = low_winners(&lows);
                    }
                    counts.record(best_set(&highs, |a, b| a > b), low);
                }
            });
        }
        counts
    }

    /// The exact answer.
    pub fn run_all(&self) -> PotCounts {
        self.run(0..self.units())
    }

    /// `trials` random deals of chunk `chunk` of a job seeded `seed`.
    pub fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> PotCounts {
        if self.ranges.any() {
            return self.run_range_trials(seed, chunk, trials);
        }
        let mut rng = Rng::for_chunk(seed, chunk);
        let players = self.players();
        let mut counts = PotCounts::new(players);
        let (mut deck, mut holes) = (Vec::new(), Vec::new());
        let mut cards = [Card::new(0, 0); 5];
        let mut highs = vec![crate::eval::HandRank::MIN; players];
        let mut lows = vec![NO_LOW; players];
        let hilo = self.game.hilo();
        let n = self.game.hole();
        for _ in 0..trials {
            self.deal
                .deal_random(&mut rng, &mut deck, &mut holes, &mut cards);
            let board = Board::new(&cards);
            let mask = low_mask(&cards);
            let mut dealt = holes.chunks_exact(n);
            for p in 0..players {
                match &self.hands[p] {
                    Some(prep) => {
                        highs[p] = best_high(&prep.high, &board);
                        lows[p] = prep.low[usize::from(mask)];
                    }
                    None => {
                        let hole = dealt.next().expect("a hole per random hand");
                        highs[p] = best_high(&Hole::new(hole), &board);
                        if hilo {
                            lows[p] = HoleLow::new(hole).best_bits(mask);
                        }
                    }
                }
            }
            let low = if hilo { low_winners(&lows) } else { 0 };
            counts.record(best_set(&highs, |a, b| a > b), low);
        }
        counts
    }

    /// [`OmahaJob::run_trials`] with players holding ranges (`equity/ranges.rs`).
    fn run_range_trials(&self, seed: u64, chunk: u64, trials: u64) -> PotCounts {
        let mut rng = Rng::for_chunk(seed, chunk);
        let players = self.players();
        let mut counts = PotCounts::new(players);
        let deal = self.deal();
        let n = self.game.hole();
        let hilo = self.game.hilo();
        let known = ranges::known_cards(deal);
        let live: Vec<Card> = Card::all().filter(|&c| !known.contains(c)).collect();
        let (mut scratch, mut dealt, mut deck) = (Vec::new(), Vec::new(), Vec::new());
        let mut highs = vec![crate::eval::HandRank::MIN; players];
        let mut lows = vec![NO_LOW; players];
        let mut board = [Card::new(0, 0); 5];
        let mut hole: Vec<Card> = Vec::with_capacity(n);
        for _ in 0..trials {
            self.ranges.deal(&mut rng, &mut scratch, &mut dealt);
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
            board[..deal.board().len()].copy_from_slice(deal.board());
            for slot in board.iter_mut().skip(deal.board().len()) {
                *slot = draw(&mut deck);
            }
            let prepared = Board::new(&board);
            let mask = low_mask(&board);
            let mut ranged = dealt.iter();
            for p in 0..players {
                if let Some(prep) = &self.hands[p] {
                    highs[p] = best_high(&prep.high, &prepared);
                    lows[p] = prep.low[usize::from(mask)];
                    continue;
                }
                hole.clear();
                if self.ranges.holds(p) {
                    hole.extend(ranged.next().expect("a hand per range").iter());
                } else {
                    for _ in 0..n {
                        hole.push(draw(&mut deck));
                    }
                }
                highs[p] = best_high(&Hole::new(&hole), &prepared);
                if hilo {
                    lows[p] = HoleLow::new(&hole).best_bits(mask);
                }
            }
            let low = if hilo { low_winners(&lows) } else { 0 };
            counts.record(best_set(&highs, |a, b| a > b), low);
        }
        counts
    }
}
