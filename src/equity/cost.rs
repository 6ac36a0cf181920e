//! What an exact job costs: boards to visit, evaluations in all, and the
//! limit above which "auto" samples instead.

use super::preflop::PreflopTable;
use super::spec::Spec;

/// Evaluations above which [`Method::Auto`] samples instead of enumerating.
pub const EXACT_LIMIT: u64 = 2_000_000_000;

/// Whether the heads-up preflop table answers a job: ranges, two players,
/// no board, no dead cards.
pub fn table_fits(spec: &Spec) -> bool {
    spec.has_ranges()
        && spec.players().len() == 2
        && spec.board().is_empty()
        && spec.dead().is_empty()
}

/// Number of boards an exact enumeration visits per assignment of hands
/// (before suit isomorphism).
pub fn boards(spec: &Spec) -> u64 {
    let n = spec.known_cards().complement().len() as u64;
    // Range players take their two cards from the same pool.
    let n = n - 2 * spec.players().iter().filter(|p| p.is_range()).count() as u64;
    (0..spec.cards_to_come() as u64).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Upper bound on the work of an exact job, in evaluations.
pub fn exact_cost(spec: &Spec) -> u64 {
    exact_cost_with(spec, None)
}

/// [`exact_cost`] when the heads-up preflop table is at hand (a lookup
/// counts as one evaluation).
pub fn exact_cost_with(spec: &Spec, table: Option<&PreflopTable>) -> u64 {
    let assignments = spec
        .players()
        .iter()
        .map(|p| p.combos.len() as u64)
        .fold(1u64, u64::saturating_mul);
    if table.is_some() && table_fits(spec) {
        return assignments;
    }
    assignments
        .saturating_mul(boards(spec))
        .saturating_mul(spec.players().len() as u64)
}
