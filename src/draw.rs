//! The draw games, single draw: 2-7 lowball, A-5 lowball and Badugi.
//!
//! A player's box holds the cards they keep (0–5, Badugi 0–4); they draw
//! the rest from the deck left (the deck minus every kept and dead card:
//! known discards go in the dead cards), every way equally likely. That
//! is a showdown with some cards unknown, as `five_card`, under a low
//! game's order: `eval.rs` (the values, higher wins), `lowball.rs`
//! ([`Lowball`]: which game, its hand size and value), `describe.rs` (the
//! hand names: "8-7 low", "wheel", "three-card badugi, 7 high"), `job.rs`
//! ([`DrawJob`]: exact units or seeded trials, a `Tally`).
//!
//! Triple draw is not offered: its result depends on how every player
//! draws three times, and a rule we state would be ours, not the table's
//! (docs/guide.md says so).

pub mod describe;
pub mod eval;
pub mod job;
pub mod lowball;

pub use describe::{describe, Described};
pub use job::{DrawError, DrawJob};
pub use lowball::Lowball;

#[cfg(test)]
mod tests;
