//! The table's size, apart so that `spec/error.rs` and `tally.rs` can name
//! it without importing the modules that use them.

/// Most players at one table (10 × 2 hole cards + 5 board cards fit in a deck).
pub const MAX_PLAYERS: usize = 10;
