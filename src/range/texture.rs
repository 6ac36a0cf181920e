//! What a range makes and draws on a flop or a turn (Flopzilla's question):
//! for every live combo of a weighted [`Range`], its made class now and the
//! draws it holds, counted by weight, in all and per class of the 169.
//!
//! A combo is *live* when neither card is on the board or dead; combos of
//! the range that clash are removed and reported
//! ([`TextureJob::removed`]).
//!
//! **Made classes** ([`Made`], exactly one per combo, strongest first):
//! - *Straight flush, four of a kind, full house, flush, straight*: the
//!   evaluator's category of the best five of hand + board. With 3 or 4
//!   board cards only quads can come from the board alone (a board of four
//!   of a kind): then every hand has "four of a kind".
//! - Below a straight, the class says how the **hole cards** pair the board
//!   ("top" is the board's highest rank, "second" its second-highest
//!   distinct rank):
//!   - *Set*: a pocket pair with one board card of its rank;
//!   - *Trips*: one hole card whose rank the board holds twice;
//!   - *Two pair*: both hole cards (of different ranks) pair board cards;
//!   - *Overpair*: a pocket pair above every board card;
//!   - *Top pair*: one hole card pairs the board's top rank;
//!   - *Pocket pair below top*: a pocket pair below the top card, not
//!     paired with the board (underpairs included);
//!   - *Middle pair*: one hole card pairs the second rank;
//!   - *Weak pair*: one hole card pairs a lower rank (third or fourth);
//!   - *Ace high*: none of the above and an ace among the hole cards;
//!   - *No made hand*: the rest.
//!
//!   A pair, two pair or trips that lies on the board alone is not the
//!   hand's: on K♠7♦7♣, K♥Q♦ is top pair, A♥2♦ is ace high.
//!
//! **Draws** ([`Draw`], any number per combo):
//! - *Flush draw*: no flush yet, and a suit holds exactly 4 of the hand's
//!   and the board's cards, at least one of them a hole card.
//! - *Open-ended straight draw*: no straight yet, and at least two ranks
//!   each of which, as the next card, gives the hand a straight higher than
//!   the one the board alone would then make (if any), with a live card of
//!   that rank. So a double gutshot (9-7-6-5-3: an 8 or a 4) counts as
//!   open-ended, as 8 outs do; A-K-Q-J or A-2-3-4 (one rank) is a gutshot.
//! - *Gutshot*: exactly one such rank.
//! - *Flush draw + open-ended*, *flush draw + gutshot*: both at once (the
//!   combo is also counted in each single row).
//! - *Backdoor flush draw*: on the flop only, no flush or flush draw, and a
//!   suit holds exactly 3 of the five cards, at least one a hole card.
//! - *Overcards*: made class ace high or no made hand, and both hole cards
//!   above the board's top card.
//!
//! Counts are integers by weight (per mille, see [`Weight`]): a combo of
//! weight `w` adds `w` to its made row and to each of its draw rows. Unit
//! `i` is combo `i` ([`HoleCards::from_index`]); [`TextureJob::run`] over
//! any split of the units adds up to the same counts.

mod classify;

pub use classify::{classify, Classified, Draw, Draws, Made};

use super::{HandClass, HoleCards, Range, Weight, CLASSES, COMBOS};
use crate::card::{Card, CardSet};
use std::fmt;

/// Rows of the table: the made classes, then the draws.
pub const ROWS: usize = Made::ALL.len() + Draw::ALL.len();

/// A row of the breakdown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Row {
    Made(Made),
    Draw(Draw),
}

impl Row {
    /// Every row, in table order.
    pub fn all() -> impl Iterator<Item = Row> {
        Made::ALL
            .into_iter()
            .map(Row::Made)
            .chain(Draw::ALL.into_iter().map(Row::Draw))
    }

    /// Its index in [`TextureCounts::rows`].
    pub const fn index(self) -> usize {
        match self {
            Row::Made(m) => m as usize,
            Row::Draw(d) => Made::ALL.len() + d as usize,
        }
    }

    pub const fn key(self) -> &'static str {
        match self {
            Row::Made(m) => m.key(),
            Row::Draw(d) => d.key(),
        }
    }

    pub const fn label(self) -> &'static str {
        match self {
            Row::Made(m) => m.label(),
            Row::Draw(d) => d.label(),
        }
    }

    /// `"made"` or `"draw"`.
    pub const fn kind(self) -> &'static str {
        match self {
            Row::Made(_) => "made",
            Row::Draw(_) => "draw",
        }
    }
}

/// Why a breakdown cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextureError {
    /// The board holds this many cards; it needs a flop (3) or a turn (4).
    BoardSize(usize),
    /// A card is in two places (`"the board"`, `"the dead cards"`).
    Overlap(Card, &'static str, &'static str),
    /// No combo of the range is left: `removed` combos used a board or
    /// dead card (0: the range was empty).
    Empty { removed: u32 },
}

impl fmt::Display for TextureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextureError::BoardSize(n) => write!(
                f,
                "what a range makes needs a flop or a turn: the board has {n} card{}, give 3 or 4",
                if *n == 1 { "" } else { "s" }
            ),
            TextureError::Overlap(c, a, b) if a == b => write!(f, "{c} is in {a} twice"),
            TextureError::Overlap(c, a, b) => write!(f, "{c} is in {a} and in {b}"),
            TextureError::Empty { removed: 0 } => write!(f, "the range is empty"),
            TextureError::Empty { removed: 1 } => write!(
                f,
                "the range has no hand left: its only combo uses a board or dead card"
            ),
            TextureError::Empty { removed } => write!(
                f,
                "the range has no hand left: all its {removed} combos use a board or dead card"
            ),
        }
    }
}

impl std::error::Error for TextureError {}

/// The counts of a breakdown; they merge by addition.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TextureCounts {
    /// Live combos of the range (weight above zero).
    pub combos: u32,
    /// Their weight, per mille.
    pub total: u64,
    /// Weight per row (see [`Row::index`]).
    pub rows: [u64; ROWS],
    /// Combos per row, unweighted.
    pub row_combos: [u32; ROWS],
    /// Per hand class ([`HandClass::index`]): weight per row.
    pub class_rows: [[u32; ROWS]; CLASSES],
    /// Per hand class: weight of its live combos.
    pub class_total: [u32; CLASSES],
}

impl Default for TextureCounts {
    fn default() -> TextureCounts {
        TextureCounts {
            combos: 0,
            total: 0,
            rows: [0; ROWS],
            row_combos: [0; ROWS],
            class_rows: [[0; ROWS]; CLASSES],
            class_total: [0; CLASSES],
        }
    }
}

impl TextureCounts {
    pub fn add(&mut self, o: &TextureCounts) {
        self.combos += o.combos;
        self.total += o.total;
        for r in 0..ROWS {
            self.rows[r] += o.rows[r];
            self.row_combos[r] += o.row_combos[r];
        }
        for c in 0..CLASSES {
            self.class_total[c] += o.class_total[c];
            for r in 0..ROWS {
                self.class_rows[c][r] += o.class_rows[c][r];
            }
        }
    }

    /// A row's share of the live weight, in `[0, 1]` (a view).
    pub fn share(&self, row: Row) -> f64 {
        match self.total {
            0 => 0.0,
            t => self.rows[row.index()] as f64 / t as f64,
        }
    }

    /// The share of `class`'s live weight in `row` (`None`: no live combo).
    pub fn class_share(&self, class: HandClass, row: Row) -> Option<f64> {
        let t = self.class_total[class.index()];
        (t > 0).then(|| f64::from(self.class_rows[class.index()][row.index()]) / f64::from(t))
    }
}

/// A checked breakdown job: the live range, the board and the live cards.
#[derive(Clone, Debug)]
pub struct TextureJob {
    range: Range,
    board: Vec<Card>,
    live: CardSet,
    removed: u32,
    removed_weight: u64,
}

impl TextureJob {
    /// Checks the board (3 or 4 cards), that no card is twice among the
    /// board and `dead`, and that a combo of `range` is left.
    pub fn open(range: &Range, board: &[Card], dead: &[Card]) -> Result<TextureJob, TextureError> {
        if !(3..=4).contains(&board.len()) {
            return Err(TextureError::BoardSize(board.len()));
        }
        let mut seen = CardSet::EMPTY;
        let mut board_set = CardSet::EMPTY;
        for (cards, place) in [(board, "the board"), (dead, "the dead cards")] {
            for &c in cards {
                if seen.contains(c) {
                    let first = if board_set.contains(c) {
                        "the board"
                    } else {
                        place
                    };
                    return Err(TextureError::Overlap(c, first, place));
                }
                seen.insert(c);
                if place == "the board" {
                    board_set.insert(c);
                }
            }
        }
        let mut live_range = Range::new();
        let (mut removed, mut removed_weight) = (0, 0);
        for (combo, w) in range.combos() {
            if combo.card_set().intersects(seen) {
                removed += 1;
                removed_weight += u64::from(w.permille());
            } else {
                live_range.set(combo, w);
            }
        }
        if live_range.is_empty() {
            return Err(TextureError::Empty { removed });
        }
        Ok(TextureJob {
            range: live_range,
            board: board.to_vec(),
            live: seen.complement(),
            removed,
            removed_weight,
        })
    }

    /// The range without the removed combos.
    pub fn range(&self) -> &Range {
        &self.range
    }

    pub fn board(&self) -> &[Card] {
        &self.board
    }

    /// Combos of the range removed by the board and the dead cards, and
    /// their weight (per mille).
    pub fn removed(&self) -> (u32, u64) {
        (self.removed, self.removed_weight)
    }

    /// Units: one per combo index.
    pub const fn units(&self) -> usize {
        COMBOS
    }

    /// The counts of the units `range` (clamped to `0..units()`).
    pub fn run(&self, units: std::ops::Range<usize>) -> TextureCounts {
        let mut out = TextureCounts::default();
        for i in units.start.min(COMBOS)..units.end.min(COMBOS) {
            let Some(combo) = HoleCards::from_index(i) else {
                continue;
            };
            let w = self.range.weight(combo);
            if w == Weight::ZERO {
                continue;
            }
            let c = classify(combo.cards(), &self.board, self.live);
            let wk = u32::from(w.permille());
            let class = combo.class().index();
            out.combos += 1;
            out.total += u64::from(wk);
            out.class_total[class] += wk;
            let rows = std::iter::once(Row::Made(c.made)).chain(c.draws.iter().map(Row::Draw));
            for row in rows {
                let r = row.index();
                out.rows[r] += u64::from(wk);
                out.row_combos[r] += 1;
                out.class_rows[class][r] += wk;
            }
        }
        out
    }

    /// Every unit.
    pub fn counts(&self) -> TextureCounts {
        self.run(0..COMBOS)
    }
}
