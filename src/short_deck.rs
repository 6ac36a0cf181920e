//! Short Deck (6+) Hold'em: 36 cards (six to ace), two hole cards, the
//! best five of seven. Ace-six-seven-eight-nine is the lowest straight (the
//! ace plays low), a flush beats a full house, and, as an option, three of
//! a kind beats a straight.
//!
//! The rank comes from the Hold'em evaluator and three corrections, which
//! cover every difference within five to seven cards:
//!
//! - A-6-7-8-9 is no Hold'em straight: when the ranks hold it and Hold'em
//!   found less than a straight, it is the lowest straight (in the slot of
//!   Hold'em's five-high straight, which the short deck cannot make), and
//!   in the flush suit the lowest straight flush.
//! - Flush over full house: only the category order changes (five to seven
//!   cards never hold both: a full house needs two cards outside the
//!   flush suit for its three of a kind and one more for its pair).
//! - Trips over straight (option): a straight that also holds three of a
//!   kind is ranked as that three of a kind with its two best kickers.
//!
//! Within a category the order is Hold'em's. [`ShortRank`] orders hands
//! under one set of [`Rules`].
//!
//! Players may hold ranges in Hold'em's syntax (`ranges.rs`), sampled;
//! the text is read for the 36-card deck by `range_text.rs` (an item below
//! six is an error); `X%` reads the short-deck ranking (`ranking.rs`, a
//! generated table).

pub mod equity;
mod hand;
mod range_text;
mod ranges;
pub mod ranking;
mod ranking_table;

pub use equity::ShortDeckJob;
pub use hand::{best_five_short, describe_short, evaluate_short, Rules, ShortRank};
pub use range_text::{explain_short, parse_short, small_cards, ShortRangeError};
