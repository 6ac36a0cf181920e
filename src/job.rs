//! One job abstraction for every game: [`EquityJob`], opened by
//! [`Game::open`] from a [`JobSpec`].
//!
//! A job is opened once (the scenario parsed, the plan made: exact or
//! Monte Carlo, and why), then run in pieces: exact **units** (`0 ..
//! total_units()`, any range or stride computed independently) or Monte
//! Carlo **chunks** fixed by `(seed, chunk, trials)`. Every piece answers
//! flat integer counts of [`counts_width`](EquityJob::counts_width)
//! entries that merge by addition, so any chunking gives the counts of
//! [`run_all`](EquityJob::run_all):
//!
//! ```text
//!   let job = Game::Omaha.open(&spec)?;          // Box<dyn EquityJob>
//!   job.exact(), job.total_units(), job.why_sampled()
//!   job.run_strided(c, C)                        // chunk c of C: counts_width() counts
//!   job.run_trials(seed, chunk, trials)          // a Monte Carlo chunk: the same shape
//!   job.counts_kind()                            // how to read them: a Hold'em-shaped tally or Omaha's pot counts
//! ```
//!
//! Game-specific facts are methods with a neutral default (`hilo`,
//! `hand_counts`, `uses_table`, `note`), not job families. The concrete
//! jobs (`equity::ExactJob`, `ThreeCardJob`, `FiveCardJob`, `OmahaJob`,
//! `ShortDeckJob`, `DrawJob`, `StudJob`) keep their own APIs;
//! [`UnitJob`] (`job/units.rs`, a leaf) gives the ones whose work is units
//! added into one result their `run`, `run_strided` and `run_all`.
//! `Game::open` is `job/games.rs`, with Hold'em's adapter; every other
//! game's job goes behind one adapter, `job/dealt.rs` (each family's
//! `DealtJob` beside its opener: `job/games.rs`, `job/draw.rs`,
//! `job/stud.rs`). Like the rest of the core: no clock, no entropy.

pub mod dealt;
pub mod draw;
pub mod games;
pub mod stud;
pub mod units;

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use crate::board_game::BoardGameError;
use crate::draw::DrawError;
use crate::equity::preflop::PreflopTable;
use crate::equity::SpecError;
use crate::five_card::FiveCardError;
use crate::game::Game;
use crate::stud::StudError;
use crate::three_card::equity::ThreeCardError;

pub use units::UnitJob;

/// How a job is asked to run.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum JobMethod {
    /// Exact when the game's policy affords it, else Monte Carlo (saying why).
    #[default]
    Auto,
    /// Exact up to a far higher limit (Hold'em samples beyond it, saying
    /// why; the other games refuse).
    Exact,
    MonteCarlo,
}

impl JobMethod {
    /// `auto`, `exact` or `monte-carlo`.
    pub fn parse(text: &str) -> Option<JobMethod> {
        match text {
            "auto" => Some(JobMethod::Auto),
            "exact" => Some(JobMethod::Exact),
            "monte-carlo" => Some(JobMethod::MonteCarlo),
            _ => None,
        }
    }
}

/// A scenario of any game, as typed.
#[derive(Clone, Debug, Default)]
pub struct JobSpec {
    /// Each player's text (hole cards, `random`, a range: what the game takes).
    pub players: Vec<String>,
    pub board: String,
    pub dead: String,
    /// The game's rules (three-card, Short Deck); empty: the default.
    pub rules: String,
    /// Three-card: the deck (`full` or `short`; empty: full).
    pub deck: String,
    /// Three-card: card removal (false: the write-up's independent draws).
    pub removal: bool,
    pub method: JobMethod,
    /// Hold'em: the preflop table to answer heads-up preflop ranges from
    /// (used when the job fits it).
    pub table: Option<Arc<PreflopTable>>,
}

impl JobSpec {
    /// A spec of these texts, method `auto`, card removal on, no table.
    pub fn new<S: AsRef<str>>(players: &[S], board: &str, dead: &str) -> JobSpec {
        JobSpec {
            players: players.iter().map(|p| p.as_ref().to_string()).collect(),
            board: board.into(),
            dead: dead.into(),
            removal: true,
            ..JobSpec::default()
        }
    }
}

/// Why a job could not be opened: the game's own error.
#[derive(Clone, Debug, PartialEq)]
pub enum OpenError {
    Holdem(SpecError),
    ThreeCard(ThreeCardError),
    FiveCard(FiveCardError),
    BoardGame(BoardGameError),
    Draw(DrawError),
    Stud(StudError),
    /// Rules the game does not know (or rules for a game without any).
    Rules(String),
    /// A three-card deck that is not `full` or `short`.
    Deck(String),
    /// A board for a game without one.
    Board(String),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            OpenError::Holdem(e) => e.fmt(f),
            OpenError::ThreeCard(e) => e.fmt(f),
            OpenError::FiveCard(e) => e.fmt(f),
            OpenError::BoardGame(e) => e.fmt(f),
            OpenError::Draw(e) => e.fmt(f),
            OpenError::Stud(e) => e.fmt(f),
            OpenError::Rules(m) | OpenError::Deck(m) | OpenError::Board(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for OpenError {}

/// How a job's flat counts read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CountsKind {
    /// A [`Tally`](crate::equity::Tally): `2^players` showdowns by the set
    /// of winners.
    Tally,
    /// Omaha's [`PotCounts`](crate::omaha::PotCounts) in their flat
    /// layout (`omaha::flat_len`), high and low halves apart.
    Pot,
}

impl CountsKind {
    /// Counts of one piece of work for `players`.
    pub fn width(self, players: usize) -> usize {
        match self {
            CountsKind::Tally => 1 << players,
            CountsKind::Pot => crate::omaha::flat_len(players),
        }
    }
}

/// Whether a job's Monte Carlo counts, merged over an in-order prefix of
/// chunks (flat, as `kind` reads them), have reached `target` percentage
/// points: the run policy's [`target_reached`](crate::equity::target_reached).
/// False for counts that do not read.
pub fn target_reached(kind: CountsKind, players: usize, merged: &[u128], target: f64) -> bool {
    match kind {
        CountsKind::Tally => {
            let by_winners: Option<Vec<u64>> =
                merged.iter().map(|&c| u64::try_from(c).ok()).collect();
            by_winners
                .and_then(|b| crate::equity::Tally::from_counts(players, b))
                .is_some_and(|t| crate::equity::target_reached(&t, target))
        }
        CountsKind::Pot => crate::omaha::PotCounts::from_flat(players, merged)
            .is_some_and(|c| crate::equity::target_reached(&c, target)),
    }
}

/// Flat counts: add them entry by entry.
pub fn add_counts(into: &mut [u128], more: &[u128]) {
    for (a, b) in into.iter_mut().zip(more) {
        *a += b;
    }
}

/// An opened equity job of any game (see the module docs). `Send + Sync`:
/// a native caller (the Python binding) runs its units on several threads.
pub trait EquityJob: Send + Sync {
    /// The game it plays.
    fn game(&self) -> Game;
    fn players(&self) -> usize;
    /// Each player as typed back, canonical (`AhKh`, `random`, `QQ+, AKs`).
    fn labels(&self) -> Vec<String>;
    /// Whether the job is enumerated exactly (else Monte Carlo).
    fn exact(&self) -> bool;
    /// Units of the exact enumeration (0 for Monte Carlo).
    fn total_units(&self) -> u64;
    /// Why `auto` (or `exact` beyond its limit) chose Monte Carlo, for
    /// people; `None` when exact or Monte Carlo was asked for.
    fn why_sampled(&self) -> Option<String>;
    /// The exact enumeration's cost in the game's basic steps (saturating).
    fn cost(&self) -> u64;
    /// Whether some player is dealt from several hands (ranges, `random`).
    fn ranges(&self) -> bool;
    /// Exact units `units` (clamped) as counts.
    fn run_units(&self, units: Range<u64>) -> Vec<u128>;
    /// `trials` random deals of Monte Carlo chunk `chunk` of a job seeded `seed`.
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128>;

    /// How the counts read.
    fn counts_kind(&self) -> CountsKind {
        CountsKind::Tally
    }
    /// Counts of one piece of work.
    fn counts_width(&self) -> usize {
        self.counts_kind().width(self.players())
    }
    /// Empty counts.
    fn empty(&self) -> Vec<u128> {
        vec![0; self.counts_width()]
    }
    /// Units `first, first + stride, …` (a strided chunk).
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128> {
        let mut counts = self.empty();
        let stride = stride.max(1);
        let mut u = first;
        while u < self.total_units() {
            add_counts(&mut counts, &self.run_units(u..u + 1));
            u = u.saturating_add(stride);
        }
        counts
    }
    /// Every unit: the exact answer.
    fn run_all(&self) -> Vec<u128> {
        self.run_units(0..self.total_units())
    }
    /// Boards an exact enumeration visits per deal of hands (0 without a board).
    fn boards(&self) -> u64 {
        0
    }
    /// Whether the pot is split high-low (Omaha Hi-Lo).
    fn hilo(&self) -> bool {
        false
    }
    /// Three-card: hands each player can be dealt after the known cards.
    fn hand_counts(&self) -> Option<Vec<usize>> {
        None
    }
    /// A fact about the deal for people, beside the game's name (stud: the
    /// deck runs out, the seventh card is one community card).
    fn note(&self) -> Option<String> {
        None
    }
    /// Hold'em: whether the preflop table would answer this job (loaded or not).
    fn table_fits(&self) -> bool {
        false
    }
    /// Hold'em: whether the exact units are answered from the preflop table.
    fn uses_table(&self) -> bool {
        false
    }
}
