//! The table's size, apart so that [`super::error`] can name it without
//! importing its parent.

/// Players at most (the counts are kept by set of winners: 2^10 entries).
pub const MAX_PLAYERS: usize = 10;
