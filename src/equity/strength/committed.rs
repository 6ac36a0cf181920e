//! The committed table's answers: equity against random hands and the
//! rankings it orders (the one behind `X%`). A leaf, so that parsing a range
//! (`Spec`, `range::explain`) reaches it without the table's generator and
//! the equity engine it runs.

use crate::range::class::HandClass;
use crate::range::ranking::Ranking;

/// Opponent counts covered: 1 to 9.
pub const MAX_OPPONENTS: usize = 9;

/// Opponents of the equity behind `X%` ranges ([`standard_ranking`]): three
/// random hands, as PokerStove and Equilab rank.
pub const RANKING_OPPONENTS: usize = 3;

pub use super::super::strength_table::VS_RANDOM;

/// Equity in millionths of `class` against `opponents` random hands, from
/// the committed table.
pub fn vs_random(class: HandClass, opponents: usize) -> Option<u32> {
    (1..=MAX_OPPONENTS)
        .contains(&opponents)
        .then(|| VS_RANDOM[class.index()][opponents - 1])
}

/// The 169 classes ordered by equity against `opponents` random hands,
/// best first (ties by grid order).
pub fn ranking(opponents: usize) -> Ranking {
    let col = opponents.clamp(1, MAX_OPPONENTS) - 1;
    let mut order: Vec<HandClass> = HandClass::all().collect();
    // Insertion sort of 169 classes (some microseconds): `sort_by_key` would
    // add about 5 KB to the wasm.
    let key = |c: &HandClass| (std::cmp::Reverse(VS_RANDOM[c.index()][col]), c.index());
    for i in 1..order.len() {
        let mut j = i;
        while j > 0 && key(&order[j]) < key(&order[j - 1]) {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    Ranking::new(order).expect("every class once")
}

/// The ranking PokerStove and Equilab use for `X%`: equity against
/// [`RANKING_OPPONENTS`] (three) random hands. Sorted once, on first use:
/// every range a job parses reads it (sorting it per range player was a
/// third of opening a three-range job in the wasm).
pub fn standard_ranking() -> &'static Ranking {
    static STANDARD: std::sync::OnceLock<Ranking> = std::sync::OnceLock::new();
    STANDARD.get_or_init(|| ranking(RANKING_OPPONENTS))
}
