//! [`DrawJob`]: a single-draw showdown. Each player keeps 0 to
//! `hand_cards` known cards and draws the rest from the cards left (the
//! deck minus every kept and dead card), every way equally likely; the
//! best value of the game wins, ties split.
//!
//! **Exact**: every way to complete the hands, player by player, each
//! player's value computed once at their own level. Unit `u` is the
//! `u`-th combination (lexicographic) of the first drawing player's
//! draws from all the cards left, so any ranges of units add up to
//! [`DrawJob::run_all`]. **Monte Carlo**: chunks fixed by `(seed, chunk,
//! trials)`, each trial a partial shuffle of the cards left. Counts are a
//! [`Tally`] (by the set of winners).

use super::lowball::Lowball;
use crate::board_game::best_set;
use crate::card::{format_cards_compact, parse_cards, Card, CardSet};
use crate::combination::{choose, completions, unrank};
use crate::equity::rng::Rng;
use crate::equity::Tally;
use crate::job::units::UnitJob;
use crate::quote::quote;
use std::fmt;
use std::ops::Range;

/// Players at most (10 × 5 = 50 cards of 52; Badugi the same limit).
pub const MAX_PLAYERS: usize = 10;

/// `auto` enumerates up to this many completions (about a second natively).
pub const AUTO_EXACT_DEALS: u64 = 20_000_000;

/// `exact` asked for by name, up to this many (minutes at worst).
pub const FORCED_EXACT_DEALS: u64 = 5_000_000_000;

/// Why a draw job cannot be set up.
#[derive(Clone, PartialEq, Debug)]
pub enum DrawError {
    /// 2..=MAX_PLAYERS players.
    PlayerCount(usize),
    /// Player `index` (0-based): the message says why.
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

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::PlayerCount(n) => {
                write!(f, "draw games need 2 to {MAX_PLAYERS} players, not {n}")
            }
            DrawError::Player(i, why) => write!(f, "{}: {why}", place(*i)),
            DrawError::Dead(why) => write!(f, "dead cards: {why}"),
            DrawError::Overlap(c, a, b) => write!(f, "{c} is in {a} and in {b}"),
            DrawError::TooManyCards { needed } => write!(
                f,
                "{needed} cards are needed (every final hand and the dead cards) \
                 but the deck has 52: fewer players or dead cards"
            ),
            DrawError::TooBig { deals } => write!(
                f,
                "exact would deal {deals:.1e} draws (hours); use Monte Carlo",
                deals = *deals as f64
            ),
        }
    }
}

impl std::error::Error for DrawError {}

/// An opened single-draw job.
pub struct DrawJob {
    game: Lowball,
    kept: Vec<Vec<Card>>,
    /// Cards each player draws.
    need: Vec<usize>,
    /// The cards left to draw from, in id order.
    live: Vec<Card>,
    labels: Vec<String>,
}

impl DrawJob {
    /// Parses each player's kept cards (0 to `hand_cards`; `random`, `?`
    /// or empty for none) and the dead cards (known discards).
    pub fn parse(game: Lowball, players: &[&str], dead: &str) -> Result<DrawJob, DrawError> {
        if !(2..=MAX_PLAYERS).contains(&players.len()) {
            return Err(DrawError::PlayerCount(players.len()));
        }
        let size = game.hand_cards();
        let mut seen: Vec<(Card, String)> = Vec::new();
        let mut take = |c: Card, here: String| -> Result<(), DrawError> {
            if let Some((_, there)) = seen.iter().find(|(s, _)| *s == c) {
                return Err(DrawError::Overlap(c, there.clone(), here));
            }
            seen.push((c, here));
            Ok(())
        };
        let mut kept = Vec::new();
        let mut labels = Vec::new();
        for (i, text) in players.iter().enumerate() {
            let t = text.trim();
            let cards = if t.is_empty() || t == "?" || t.eq_ignore_ascii_case("random") {
                Vec::new()
            } else {
                parse_cards(t).map_err(|e| DrawError::Player(i, e.to_string()))?
            };
            if cards.len() > size {
                return Err(DrawError::Player(
                    i,
                    format!(
                        "{} has {} cards: a player keeps at most {size} and draws the rest",
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
                format_cards_compact(&cards)
            });
            kept.push(cards);
        }
        let dead_cards = if dead.trim().is_empty() {
            Vec::new()
        } else {
            parse_cards(dead).map_err(|e| DrawError::Dead(e.to_string()))?
        };
        for &c in &dead_cards {
            take(c, "the dead cards".to_string())?;
        }
        let needed = size * players.len() + dead_cards.len();
        if needed > 52 {
            return Err(DrawError::TooManyCards { needed });
        }
        let used: CardSet = seen.iter().map(|(c, _)| *c).collect();
        Ok(DrawJob {
            game,
            need: kept.iter().map(|k| size - k.len()).collect(),
            kept,
            live: Card::all().filter(|c| !used.contains(*c)).collect(),
            labels,
        })
    }

    pub fn game(&self) -> Lowball {
        self.game
    }

    pub fn players(&self) -> usize {
        self.kept.len()
    }

    /// Each player as typed back (`9h8c4d2h`, `random`).
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// Every way to complete the hands (saturating).
    pub fn deals(&self) -> u64 {
        completions(self.live.len(), self.need.iter().copied()).0
    }

    /// Whether `auto` enumerates it.
    pub fn exact_by_default(&self) -> bool {
        self.deals() <= AUTO_EXACT_DEALS
    }

    /// Checks that `exact` may be asked for.
    pub fn check_exact(&self) -> Result<(), DrawError> {
        if self.deals() <= FORCED_EXACT_DEALS {
            Ok(())
        } else {
            Err(DrawError::TooBig {
                deals: self.deals(),
            })
        }
    }

    fn first_drawing(&self) -> Option<usize> {
        self.need.iter().position(|&n| n > 0)
    }

    /// Units of the exact enumeration: the first drawing player's draws
    /// (1 when every player stands pat).
    pub fn units(&self) -> u64 {
        match self.first_drawing() {
            None => 1,
            Some(p) => choose(self.live.len() as u64, self.need[p] as u64),
        }
    }

    /// Exact units `range` (clamped).
    pub fn run(&self, range: Range<u64>) -> Tally {
        self.run_range(range)
    }

    /// Units `first, first + stride, …`.
    pub fn run_strided(&self, first: u64, stride: u64) -> Tally {
        self.run_stride(first, stride)
    }

    /// Every unit: the exact answer.
    pub fn run_all(&self) -> Tally {
        self.run_every()
    }

    fn unit_into(&self, u: u64, tally: &mut Tally) {
        let mut values = vec![0u32; self.players()];
        let Some(first) = self.first_drawing() else {
            for (v, k) in values.iter_mut().zip(&self.kept) {
                *v = self.game.value(k);
            }
            tally.record(winners(&values), 1);
            return;
        };
        for (v, k) in values.iter_mut().zip(&self.kept[..first]) {
            *v = self.game.value(k);
        }
        let mut used = 0u64;
        let mut hand = self.kept[first].clone();
        for i in unrank(u, self.need[first], self.live.len()) {
            used |= 1 << i;
            hand.push(self.live[i]);
        }
        values[first] = self.game.value(&hand);
        self.complete(first + 1, used, &mut values, tally);
    }

    /// Every completion of players `p..` from the cards not in `used`
    /// (bits over `live`).
    fn complete(&self, p: usize, used: u64, values: &mut [u32], tally: &mut Tally) {
        if p == self.players() {
            tally.record(winners(values), 1);
            return;
        }
        let mut hand = self.kept[p].clone();
        self.draw(p, 0, self.need[p], used, &mut hand, values, tally);
    }

    /// Player `p` draws `left` more cards from `live[from..]` not in `used`.
    #[allow(clippy::too_many_arguments)]
    fn draw(
        &self,
        p: usize,
        from: usize,
        left: usize,
        used: u64,
        hand: &mut Vec<Card>,
        values: &mut [u32],
        tally: &mut Tally,
    ) {
        if left == 0 {
            values[p] = self.game.value(hand);
            self.complete(p + 1, used, values, tally);
            return;
        }
        for i in from..=self.live.len() - left {
            if used >> i & 1 == 1 {
                continue;
            }
            hand.push(self.live[i]);
            self.draw(p, i + 1, left - 1, used | 1 << i, hand, values, tally);
            hand.pop();
        }
    }

    /// `trials` random draws of chunk `chunk` of a job seeded `seed`.
    pub fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Tally {
        let mut rng = Rng::for_chunk(seed, chunk);
        let mut tally = Tally::new(self.players());
        let mut deck = self.live.clone();
        let mut values = vec![0u32; self.players()];
        let mut hand = Vec::with_capacity(5);
        for _ in 0..trials {
            let mut next = 0;
            for (p, k) in self.kept.iter().enumerate() {
                hand.clear();
                hand.extend_from_slice(k);
                for _ in 0..self.need[p] {
                    let j = next + rng.below((deck.len() - next) as u32) as usize;
                    deck.swap(next, j);
                    hand.push(deck[next]);
                    next += 1;
                }
                values[p] = self.game.value(&hand);
            }
            tally.record(winners(&values), 1);
        }
        tally
    }
}

impl UnitJob for DrawJob {
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

/// Bit set of the players with the best value.
fn winners(values: &[u32]) -> usize {
    best_set(values, |a, b| a > b)
}
