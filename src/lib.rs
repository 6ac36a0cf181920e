//! allin: exact, fast poker odds.
//!
//! The core (every module but `wasm`: `card`, `eval`, `equity`, `range`,
//! `three_card`, `five_card`, `draw`, `board_game`, `omaha`, `short_deck`, `game`, `job`,
//! `three_card`, `five_card`, `board_game`, `omaha`, `short_deck`, `stud`, `game`, `job`,
//! `deal`, `quote`) is sans-IO, sans-clock and sans-entropy (seeds come from
//! the caller), and knows nothing of JavaScript: it builds and is tested
//! natively. The one module that knows JS exists is `wasm` (wasm32 only).
//!
//! The hot path of the Hold'em evaluator is [`eval::Hand::evaluate`].

pub mod board_game;
pub mod card;
mod combination;
pub mod deal;
pub mod draw;
pub mod equity;
pub mod eval;
pub mod five_card;
pub mod game;
pub mod job;
pub mod omaha;
pub mod quote;
pub mod range;
pub mod short_deck;
pub mod stud;
pub mod three_card;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use card::{Card, CardError, CardSet};
pub use eval::{Category, Hand, HandRank};
