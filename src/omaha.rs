//! Omaha: 4, 5 or 6 hole cards, a hand is exactly two of them and exactly
//! three of the board; high only, or Hi-Lo eight or better.
//!
//! - `eval.rs`: the high hand (per player its pairs, per board its triples).
//! - `low.rs`: the eight-or-better low (rank sets as bytes, smaller wins).
//! - `counts.rs`: [`PotCounts`], integer counts that add (halves, scoops,
//!   quarters).
//! - `game.rs`: [`Game`], the variant (hole cards, Hi-Lo) and its dealing.
//! - `equity.rs`: [`OmahaJob`], exact by units of boards or Monte Carlo.
//! - `range.rs`: [`OmahaRange`], the Omaha range syntax (`AA:$ds`, `AxKx**`).

pub mod counts;
pub mod equity;
pub mod eval;
mod game;
pub mod low;
pub mod range;

pub use counts::{flat_len, PotCounts};
pub use equity::OmahaJob;
pub use game::Game;
pub use range::{OmahaRange, OmahaRangeError};

pub use crate::board_game::MAX_PLAYERS;
