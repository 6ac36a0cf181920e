//! Five-card showdowns with some cards unknown: each player holds 0 to 5
//! known cards (five-card stud with some cards seen, or a complete hand),
//! the rest dealt from the cards left (the deck minus every known and dead
//! card); best hand wins, ties split. Every way to complete the hands is
//! equally likely.
//!
//! **Exact**: every completion, player by player (player `i`'s missing
//! cards as a combination of the cards the earlier players left), each
//! hand's rank computed once at its own level of the loop. Unit `u` is the
//! `u`-th combination of the first incomplete player's missing cards, so
//! chunks add up ([`FiveCardJob::run`]). **Monte Carlo**: trials chunked by
//! `(seed, chunk, trials)`, each a partial shuffle of the cards left.
//!
//! Results are a [`Tally`] (counts by winner set), like Hold'em equity.

use crate::board_game::best_set;
use crate::card::{parse_cards, Card, CardSet};
use crate::combination::{choose, completions, unrank};
use crate::equity::rng::Rng;
use crate::equity::Tally;
use crate::eval::{Hand, HandRank};
use crate::job::units::UnitJob;
use crate::quote::quote;
use std::fmt;

/// Players at most (10 × 5 = 50 cards of 52).
pub const MAX_PLAYERS: usize = 10;

/// `auto` enumerates up to this many completions (a few tenths of a second).
pub const AUTO_EXACT_DEALS: u64 = 50_000_000;

/// Asked for by name, up to this many (minutes at worst).
pub const FORCED_EXACT_DEALS: u64 = 20_000_000_000;

/// Why a five-card job cannot be set up.
#[derive(Clone, PartialEq, Debug)]
pub enum FiveCardError {
    /// 2..=10 players.
    PlayerCount(usize),
    /// Player `index` (0-based): the text is not 0–5 cards; the message says why.
    Player(usize, String),
    /// The dead cards' text.
    Dead(String),
    /// A card in two places.
    Overlap(Card, String, String),
    /// More cards needed than the deck holds.
    TooManyCards { needed: usize },
    /// `exact` asked for beyond what can be enumerated.
    TooBig { deals: u64 },
}

fn place(i: usize) -> String {
    format!("player {}", i + 1)
}

impl fmt::Display for FiveCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FiveCardError::PlayerCount(n) => {
                write!(
                    f,
                    "five-card showdowns need 2 to {MAX_PLAYERS} players, not {n}"
                )
            }
            FiveCardError::Player(i, why) => write!(f, "{}: {why}", place(*i)),
            FiveCardError::Dead(why) => write!(f, "dead cards: {why}"),
            FiveCardError::Overlap(c, a, b) => write!(f, "{c} is in {a} and in {b}"),
            FiveCardError::TooManyCards { needed } => write!(
                f,
                "{needed} cards are needed but the deck has 52: fewer players or dead cards"
            ),
            FiveCardError::TooBig { deals } => write!(
                f,
                "exact would deal {deals:.1e} completions (hours); use Monte Carlo",
                deals = *deals as f64
            ),
        }
    }
}

impl std::error::Error for FiveCardError {}

/// An opened five-card job.
pub struct FiveCardJob {
    known: Vec<Vec<Card>>,
    /// Missing cards per player.
    need: Vec<usize>,
    /// The cards left to deal, in id order.
    live: Vec<Card>,
    labels: Vec<String>,
}

impl FiveCardJob {
    /// Parses each player's known cards (0 to 5: `AhKh`, `random`, `?` or
    /// empty for none) and the dead cards.
    pub fn parse(players: &[&str], dead: &str) -> Result<FiveCardJob, FiveCardError> {
        if !(2..=MAX_PLAYERS).contains(&players.len()) {
            return Err(FiveCardError::PlayerCount(players.len()));
        }
        let mut seen: Vec<(Card, String)> = Vec::new();
        let mut take = |c: Card, here: String| -> Result<(), FiveCardError> {
            if let Some((_, there)) = seen.iter().find(|(s, _)| *s == c) {
                return Err(FiveCardError::Overlap(c, there.clone(), here));
            }
            seen.push((c, here));
            Ok(())
        };
        let mut known = Vec::new();
        let mut labels = Vec::new();
        for (i, text) in players.iter().enumerate() {
            let t = text.trim();
            let cards = if t.is_empty() || t == "?" || t.eq_ignore_ascii_case("random") {
                Vec::new()
            } else {
                parse_cards(t).map_err(|e| FiveCardError::Player(i, e.to_string()))?
            };
            if cards.len() > 5 {
                return Err(FiveCardError::Player(
                    i,
                    format!(
                        "{} has {} cards: a five-card hand has at most 5",
                        quote(t),
                        cards.len()
                    ),
                ));
            }
            for &c in &cards {
                take(c, place(i))?;
            }
            labels.push(if cards.is_empty() {
                "random".to_string()
            } else {
                crate::card::format_cards_compact(&cards)
            });
            known.push(cards);
        }
        let dead_cards = if dead.trim().is_empty() {
            Vec::new()
        } else {
            parse_cards(dead).map_err(|e| FiveCardError::Dead(e.to_string()))?
        };
        for &c in &dead_cards {
            take(c, "the dead cards".to_string())?;
        }
        let needed = 5 * players.len() + dead_cards.len();
        if needed > 52 {
            return Err(FiveCardError::TooManyCards { needed });
        }
        let used: CardSet = seen.iter().map(|(c, _)| *c).collect();
        let live = Card::all().filter(|c| !used.contains(*c)).collect();
        Ok(FiveCardJob {
            need: known.iter().map(|k| 5 - k.len()).collect(),
            known,
            live,
            labels,
        })
    }

    pub fn players(&self) -> usize {
        self.known.len()
    }

    /// Each player as typed back (`AhKh`, `random`).
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// Every completion of the hands (saturating).
    pub fn deals(&self) -> u64 {
        completions(self.live.len(), self.need.iter().copied()).0
    }

    /// Whether `auto` enumerates it.
    pub fn exact_by_default(&self) -> bool {
        self.deals() <= AUTO_EXACT_DEALS
    }

    /// Checks that `exact` may be asked for.
    pub fn check_exact(&self) -> Result<(), FiveCardError> {
        if self.deals() <= FORCED_EXACT_DEALS {
            Ok(())
        } else {
            Err(FiveCardError::TooBig {
                deals: self.deals(),
            })
        }
    }

    /// The first player missing cards, if any.
    fn first_incomplete(&self) -> Option<usize> {
        self.need.iter().position(|&n| n > 0)
    }

    /// Units of the exact enumeration: the first incomplete player's
    /// combinations (1 when every hand is complete).
    pub fn units(&self) -> u64 {
        match self.first_incomplete() {
            None => 1,
            Some(p) => {
                let before: usize = self.need[..p].iter().sum();
                choose((self.live.len() - before) as u64, self.need[p] as u64)
            }
        }
    }

    /// Exact units `range` (clamped).
    pub fn run(&self, range: std::ops::Range<u64>) -> Tally {
        self.run_range(range)
    }

    /// Units `first, first + stride, …` (a strided chunk).
    pub fn run_strided(&self, first: u64, stride: u64) -> Tally {
        self.run_stride(first, stride)
    }

    /// Every unit: the exact answer.
    pub fn run_all(&self) -> Tally {
        self.run_every()
    }

    fn unit_into(&self, u: u64, tally: &mut Tally) {
        let players = self.players();
        let mut ranks = vec![any_rank(); players];
        let mut free = vec![true; self.live.len()];
        match self.first_incomplete() {
            None => {
                for (p, k) in self.known.iter().enumerate() {
                    ranks[p] = Hand::from_cards(k).evaluate();
                }
                tally.record(winners(&ranks), 1);
            }
            Some(first) => {
                // Players before `first` are complete.
                for (rank, known) in ranks.iter_mut().zip(&self.known[..first]) {
                    *rank = Hand::from_cards(known).evaluate();
                }
                // Unit u: the u-th combination (colex) of the free cards.
                let pool: Vec<usize> = (0..self.live.len()).collect();
                let combo = unrank(u, self.need[first], pool.len());
                let mut hand = Hand::from_cards(&self.known[first]);
                for &i in &combo {
                    free[pool[i]] = false;
                    hand = hand.add(self.live[pool[i]]);
                }
                ranks[first] = hand.evaluate();
                self.deal_from(first + 1, &mut free, &mut ranks, tally);
            }
        }
    }

    /// Every completion of players `p..` from the `free` cards.
    fn deal_from(&self, p: usize, free: &mut [bool], ranks: &mut [HandRank], tally: &mut Tally) {
        if p == self.players() {
            tally.record(winners(ranks), 1);
            return;
        }
        let base = Hand::from_cards(&self.known[p]);
        let need = self.need[p];
        if need == 0 {
            ranks[p] = base.evaluate();
            self.deal_from(p + 1, free, ranks, tally);
            return;
        }
        let pool: Vec<usize> = (0..free.len()).filter(|&i| free[i]).collect();
        let mut idx: Vec<usize> = (0..need).collect();
        loop {
            let mut hand = base;
            for &i in &idx {
                hand = hand.add(self.live[pool[i]]);
                free[pool[i]] = false;
            }
            ranks[p] = hand.evaluate();
            self.deal_from(p + 1, free, ranks, tally);
            for &i in &idx {
                free[pool[i]] = true;
            }
            // Next combination (lexicographic).
            let mut k = need;
            loop {
                if k == 0 {
                    return;
                }
                k -= 1;
                if idx[k] < pool.len() - need + k {
                    idx[k] += 1;
                    for j in k + 1..need {
                        idx[j] = idx[j - 1] + 1;
                    }
                    break;
                }
            }
        }
    }

    /// `trials` random completions of chunk `chunk` of a job seeded `seed`.
    pub fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Tally {
        let mut rng = Rng::for_chunk(seed, chunk);
        let mut tally = Tally::new(self.players());
        let mut deck = self.live.clone();
        let mut ranks = vec![any_rank(); self.players()];
        for _ in 0..trials {
            let mut next = 0;
            for (p, k) in self.known.iter().enumerate() {
                let mut hand = Hand::from_cards(k);
                for _ in 0..self.need[p] {
                    let j = next + rng.below((deck.len() - next) as u32) as usize;
                    deck.swap(next, j);
                    hand = hand.add(deck[next]);
                    next += 1;
                }
                ranks[p] = hand.evaluate();
            }
            tally.record(winners(&ranks), 1);
        }
        tally
    }
}

/// A rank for initialising arrays (every entry is overwritten before use).
fn any_rank() -> HandRank {
    crate::eval::evaluate(&[
        Card::new(0, 0),
        Card::new(1, 1),
        Card::new(2, 2),
        Card::new(3, 3),
        Card::new(5, 0),
    ])
}

#[cfg(test)]
mod tests;

impl UnitJob for FiveCardJob {
    type Counts = Tally;
    fn empty_counts(&self) -> Tally {
        Tally::new(self.players())
    }
    fn unit_count(&self) -> u64 {
        self.units()
    }
    fn run_unit(&self, u: u64, tally: &mut Tally) {
        self.unit_into(u, tally);
    }
}

/// Bit set of the players with the best rank.
fn winners(ranks: &[HandRank]) -> usize {
    best_set(ranks, |a, b| a > b)
}
