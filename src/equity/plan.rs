//! The engine's policy for a job: enumerate it exactly, or sample it.
//!
//! Every caller (the page's binding, the CLI, [`RangeExact`]) asks here, so
//! the rules live in one place:
//!
//! - [`table_fits`]: the heads-up preflop table answers the job (ranges,
//!   two players, no board, no dead cards).
//! - [`Plan::cost`]: evaluations of an exact enumeration (a table lookup
//!   counts one), saturating at `u64::MAX`. Ranges on a flop or turn that
//!   run by the ranks to come (the ranged job's own test,
//!   [`RangeExact::by_board_work`]) are priced by that way's work instead,
//!   in evaluations of the same time ([`grouped_cost`]); so are preflop
//!   ranges run by classes grouped by ranks ([`RangeExact::shared_work`],
//!   [`shared_cost`]); when that bound is over the limit, the groups are
//!   counted instead ([`RangeExact::shared_work_counted`]: the pass the
//!   job itself makes first, done only when it is cheap).
//! - [`Plan::feasible`]: an exact job can be split into chunks addressed by
//!   `u32` indices, and every count it produces (weighted showdowns) stays
//!   below 2^53, so it is exact in an `f64` (what crosses to JavaScript).
//! - [`Plan::affordable`]: feasible and at most [`EXACT_LIMIT`] evaluations:
//!   what "auto" enumerates; anything else is sampled, and
//!   [`Plan::why_sampled`] says why, for people.
//!
//! [`RangeExact`]: super::RangeExact

use std::sync::Arc;

use super::cost::{boards, table_fits, EXACT_LIMIT};
use super::exact_job::ExactJob;
use super::preflop::PreflopTable;
use super::ranged::RangeExact;
use super::ranged::{SharedWork, Work};
use super::spec::{Player, Spec};

/// Counts at or below this are exact in an `f64` (2^53).
pub const MAX_EXACT_COUNT: u64 = 1 << 53;

/// Evaluations beyond which even a job asked to be exact is not enumerated
/// (about an hour at a few hundred million evaluations a second): the page
/// samples it instead, saying why.
pub const EXACT_FORCED_LIMIT: u64 = 1_000_000_000_000;

/// What an exact enumeration of a job would take, and whether to do it.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The preflop table, when the job fits it and one was given.
    table: Option<Arc<PreflopTable>>,
    /// Evaluations (or table lookups) of an exact enumeration, saturating.
    cost: u64,
    /// Units of the exact job when some player holds a range (saturating);
    /// 1 for known hands, whose units (rank multisets of the cards to come,
    /// at most a few thousand) are never a concern.
    units: u64,
    /// An upper bound on the sum of the exact job's weighted counts.
    showdowns: f64,
}

impl Plan {
    /// Plans `spec`; `table` is used only when the job fits it.
    pub fn new(spec: &Spec, table: Option<Arc<PreflopTable>>) -> Plan {
        let table = table.filter(|_| table_fits(spec));
        let combos = |p: &Player| p.combos.len() as u64;
        let assignments = spec
            .players()
            .iter()
            .map(combos)
            .fold(1u64, u64::saturating_mul);
        let units = match (&table, spec.has_ranges()) {
            (Some(_), _) => combos(&spec.players()[0]),
            (None, true) => assignments,
            (None, false) => 1,
        };
        let grouped = match &table {
            None if spec.has_ranges() => RangeExact::by_board_work(spec),
            _ => None,
        };
        let shared = match &table {
            None if spec.has_ranges() && grouped.is_none() => RangeExact::shared_work(spec, false),
            _ => None,
        };
        let cost = if table.is_some() {
            assignments
        } else if let Some(work) = grouped {
            grouped_cost(&work, spec.players().len() as u64)
        } else if let Some(work) = shared {
            let players = spec.players().len() as u64;
            let bound = shared_cost(&work, players);
            // The bounds on the groups are loose (every pair of ranks of
            // each player, every way to hold a suit): over the limit, count
            // them when the pass that finds them is itself cheap.
            if bound > EXACT_LIMIT && SHARED_PER_ASSIGNMENT * work.assignments <= EXACT_LIMIT / 32 {
                RangeExact::shared_work_counted(spec)
                    .map_or(bound, |counted| shared_cost(&counted, players))
            } else {
                bound
            }
        } else {
            assignments
                .saturating_mul(boards(spec))
                .saturating_mul(spec.players().len() as u64)
        };
        let weights: f64 = spec
            .players()
            .iter()
            .map(|p| p.combos.iter().map(|c| f64::from(c.weight)).sum::<f64>())
            .product();
        Plan {
            table,
            cost,
            units,
            showdowns: weights * boards(spec) as f64,
        }
    }

    /// Evaluations (or table lookups) of an exact enumeration, at most;
    /// `u64::MAX` when it would not even fit.
    pub fn cost(&self) -> u64 {
        self.cost
    }

    /// Units of the exact job (for ranges; 1 for known hands: see the field).
    pub fn units(&self) -> u64 {
        self.units
    }

    /// The preflop table, when the plan uses it.
    pub fn table(&self) -> Option<&Arc<PreflopTable>> {
        self.table.as_ref()
    }

    /// Whether the plan answers from the preflop table.
    pub fn uses_table(&self) -> bool {
        self.table.is_some()
    }

    /// Exact enumeration fits: every unit addressable by a `u32` chunk
    /// index, and every count exact in an `f64`.
    pub fn feasible(&self) -> bool {
        self.units <= u64::from(u32::MAX) && self.showdowns <= MAX_EXACT_COUNT as f64
    }

    /// What "auto" picks: exact when feasible and within [`EXACT_LIMIT`].
    pub fn affordable(&self) -> bool {
        self.feasible() && self.cost <= EXACT_LIMIT
    }

    /// Exact enumeration when asked for by name: feasible and at most
    /// [`EXACT_FORCED_LIMIT`] evaluations.
    pub fn can_force(&self) -> bool {
        self.feasible() && self.cost <= EXACT_FORCED_LIMIT
    }

    /// Why "auto" samples this job, for people (`None` when it is exact):
    /// `too many boards for exact (≈9.6e15 evaluations): Monte Carlo`.
    pub fn why_sampled(&self) -> Option<String> {
        (!self.affordable()).then(|| self.reason())
    }

    /// Why a job asked to be exact is sampled all the same (`None` when it
    /// can be enumerated): as [`Plan::why_sampled`].
    pub fn why_not_forcible(&self) -> Option<String> {
        (!self.can_force()).then(|| self.reason())
    }

    fn reason(&self) -> String {
        if self.feasible() || self.cost > EXACT_LIMIT {
            format!(
                "too many boards for exact (≈{} evaluations): Monte Carlo",
                approx(self.cost)
            )
        } else {
            "the weighted counts of an exact answer would be too large (over 2^53): Monte Carlo"
                .into()
        }
    }

    /// Opens the exact job this plan describes (with its table, if any).
    pub fn open(&self, spec: &Spec) -> ExactJob {
        ExactJob::new(spec, self.table.clone())
    }
}

/// Machine instructions of work counted as one evaluation: about what the
/// per-assignment enumeration of a flop spends per evaluation it is priced
/// at (callgrind, `allin equity 'QQ+' 'TT+' '99+' --board Kh7d2c --exact`
/// by assignment: 636 M instructions for 36 M evaluations, 17.6 each; 2.9 ns
/// an evaluation for `random random --board Kh9h4d`), so that
/// [`EXACT_LIMIT`] means the same time for both ways.
const INSTRUCTIONS_PER_EVALUATION: u64 = 16;

/// Instructions per item of a job run by the ranks to come, measured with
/// callgrind on flop and turn jobs (`15%` ×3 on Kh9h4d, `random` ×2 on
/// Kh9h4h and Kh9h4d2c, `20%` ×3 on Ks9s4s) and rounded up: the opening's
/// pass per assignment (74–141), and per unit a shape's rank-only rank, a
/// group's player in the showdown (≤ 12 with the rest of the unit), a finer
/// group's player per class of flush boards (9–19 against the bounds that
/// [`Work`] counts).
const PER_ASSIGNMENT: u64 = 150;
const PER_SHAPE: u64 = 100;
const PER_GROUP_PLAYER: u64 = 12;
const PER_FINER_PLAYER: u64 = 20;

/// The cost, in evaluations of the same time, of a job run by the ranks to
/// come with this `work` and `players` (saturating).
fn grouped_cost(work: &Work, players: u64) -> u64 {
    let per_unit = PER_SHAPE
        .saturating_mul(work.shapes)
        .saturating_add(
            PER_GROUP_PLAYER
                .saturating_mul(work.groups)
                .saturating_mul(players),
        )
        .saturating_add(
            PER_FINER_PLAYER
                .saturating_mul(work.finer)
                .saturating_mul(players),
        );
    PER_ASSIGNMENT
        .saturating_mul(work.assignments)
        .saturating_add(per_unit.saturating_mul(work.units))
        .div_ceil(INSTRUCTIONS_PER_EVALUATION)
}

/// Evaluations of the same time per item of a preflop job run by classes
/// grouped by ranks (`ranged/shared.rs`), fitted to native times against
/// the 2.9 ns an evaluation above and rounded up (AA,KK v QQ,JJ v AKs,AKo:
/// 4 groups, 48 finer, 9.8 ms; QQ+ v TT+ v 99+: 87 and 540, 115 ms; with
/// T9s,98s a fourth player: 8 and 192, 46 ms; 22+ v 22+ v AK: 167 and
/// 2,394, 0.55 s): the pass over the assignments (~0.7 µs each), and per
/// unit a group's player (~10 ns: its plain rank) and a finer group (~25
/// ns: its flush boards).
const SHARED_PER_ASSIGNMENT: u64 = 250;
const SHARED_PER_GROUP_PLAYER: u64 = 4;
const SHARED_PER_FINER: u64 = 10;

/// The cost, in evaluations, of a preflop job run by classes grouped by
/// ranks with this `work` and `players` (saturating).
fn shared_cost(work: &SharedWork, players: u64) -> u64 {
    let per_unit = SHARED_PER_GROUP_PLAYER
        .saturating_mul(work.groups)
        .saturating_mul(players)
        .saturating_add(SHARED_PER_FINER.saturating_mul(work.finer));
    SHARED_PER_ASSIGNMENT
        .saturating_mul(work.assignments)
        .saturating_add(per_unit.saturating_mul(work.units))
}

/// A count for people, in two significant digits beyond a million:
/// `1,234,567` stays whole below that; `9587631835493712` is `9.6e15`.
fn approx(n: u64) -> String {
    if n == u64::MAX {
        return "1.8e19 or more".into();
    }
    if n < 1_000_000 {
        return n.to_string();
    }
    // `{:.1e}` of `n as f64` (ties to even) without `.0`, in integer
    // arithmetic: float formatting would add about 15 KB to the wasm.
    // `as u64` saturates 2^64 to u64::MAX: the same two digits.
    let m = n as f64 as u64;
    let mut e = m.ilog10();
    let p = 10u64.pow(e - 1);
    let (mut d, r) = (m / p, m % p);
    if r > p / 2 || (r == p / 2 && d % 2 == 1) {
        d += 1;
    }
    if d == 100 {
        d = 10;
        e += 1;
    }
    match d % 10 {
        0 => format!("{}e{e}", d / 10),
        f => format!("{}.{f}e{e}", d / 10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(players: &[&str], board: &str) -> Plan {
        Plan::new(&Spec::parse(players, board, "").unwrap(), None)
    }

    #[test]
    fn known_hands_are_exact() {
        let p = plan(&["AhKh", "QsQd"], "");
        assert_eq!(p.cost(), 2 * 1_712_304);
        assert!(p.feasible() && p.affordable());
        assert_eq!(p.why_sampled(), None);
        // Ten known hands preflop: 10 × C(32, 5) evaluations.
        let ten = [
            "AhKh", "QsQd", "2c3c", "4d5d", "6h7h", "8s9s", "TcJc", "AdKd", "QhJh", "2s3s",
        ];
        assert!(plan(&ten, "").affordable());
    }

    #[test]
    fn random_players_are_sampled_and_say_why() {
        let three = plan(&["random"; 3], "");
        assert!(!three.affordable());
        let why = three.why_sampled().unwrap();
        assert!(why.starts_with("too many boards for exact (≈"), "{why}");
        assert!(why.ends_with("evaluations): Monte Carlo"), "{why}");
        // Cost beyond 2^53 is still a number here (it never crosses to JS).
        assert!(three.cost() > MAX_EXACT_COUNT);
        let ten = plan(&["random"; 10], "");
        assert_eq!(ten.cost(), u64::MAX);
        assert!(!ten.feasible());
        assert_eq!(
            ten.why_sampled().unwrap(),
            "too many boards for exact (≈1.8e19 or more evaluations): Monte Carlo"
        );
        assert!(!plan(&["10%"; 6], "").affordable());
        // Asked for by name: exact up to about an hour of work, not beyond.
        assert!(!three.can_force());
        assert_eq!(three.why_not_forcible(), three.why_sampled());
        let big = plan(&["QQ+", "TT+", "AhKh"], "");
        assert!(!big.affordable() || big.can_force());
        assert!(plan(&["AhKh", "QsQd"], "").why_not_forcible().is_none());
    }

    /// Ranges on a flop or turn that run by the ranks to come are priced by
    /// that work (jobs of a fraction of a second exact under "auto"); jobs
    /// too big for that way keep the per-assignment price (preflop ranges:
    /// below).
    #[test]
    fn grouped_ranges_are_priced_by_their_work() {
        let per_assignment = |players: &[&str], board: &str| {
            let spec = Spec::parse(players, board, "").unwrap();
            let n = (spec.players().iter().map(|p| p.combos.len() as u64))
                .fold(1u64, u64::saturating_mul);
            n.saturating_mul(boards(&spec))
                .saturating_mul(players.len() as u64)
        };
        for (players, board) in [
            (&["QQ+", "TT+", "99+"][..], "Kh7d2c"),
            (&["15%", "15%", "15%"], "Kh9h4d"),
            (&["random", "random"], "Kh9h4h"),
            (&["20%", "20%", "20%"], "Ks9s4s"),
            (&["random", "random", "AhKd"], "7h8h2c"),
            (&["30%", "30%"], "Kh9h4d2c"),
        ] {
            let p = plan(players, board);
            let spec = Spec::parse(players, board, "").unwrap();
            let work = RangeExact::by_board_work(&spec).unwrap();
            assert_eq!(p.cost(), grouped_cost(&work, players.len() as u64));
            assert!(p.cost() < per_assignment(players, board), "{players:?}");
            assert!(p.affordable(), "{players:?} on {board}");
        }
        // 15% x3 on Kh9h4d: 5.45 M assignments (the pass), 91 units.
        assert_eq!(
            plan(&["15%"; 3], "Kh9h4d").cost(),
            (150 * 5_451_776u64 + 91 * (100 * 22 + 12 * 10_648 * 3 + 20 * 418_496 * 3))
                .div_ceil(16)
        );
        for (players, board) in [
            (&["random"; 3][..], "Kh9h4d"),
            (&["random"; 6], "Kh9h4d"),
            (&["20%"; 4], "Kh9h4d2s"),
        ] {
            let p = plan(players, board);
            assert_eq!(p.cost(), per_assignment(players, board), "{players:?}");
            assert!(!p.affordable(), "{players:?} on {board}");
        }
    }

    #[test]
    fn preflop_ranges_are_priced_by_their_groups() {
        // 2,304 assignments, 4 groups (bounded by 2 × 2 × 1), 64 finer at
        // most: about 5 M evaluations, where one job per assignment would
        // be 9.5e9.
        let p = plan(&["AA,KK", "QQ,JJ", "AKs,AKo"], "");
        assert!(p.affordable() && p.cost() < 6_000_000, "{}", p.cost());
        let spec = Spec::parse(&["AA,KK", "QQ,JJ", "AKs,AKo"], "", "").unwrap();
        let work = RangeExact::shared_work(&spec, false).unwrap();
        assert_eq!((work.assignments, work.groups, work.finer), (2_304, 4, 64));
        // 19,440 assignments, 90 groups at most: 56 M evaluations (0.12 s).
        let p = plan(&["QQ+", "TT+", "99+"], "");
        assert!(p.affordable() && p.cost() < 60_000_000, "{}", p.cost());
        // The table answers heads-up jobs; over 1 M assignments, no groups.
        let spec = Spec::parse(&["QQ+", "TT+"], "", "").unwrap();
        assert_eq!(RangeExact::shared_work(&spec, true), None);
        assert!(!plan(&["random", "22+", "AK"], "").affordable());
        // Issue 40: bounded, 2.9e9 (sampled); its groups counted, 4.0e8:
        // exact, as its enumeration takes under a second.
        let spec = Spec::parse(&["QQ+,AK", "TT+,AQs+", "22+,A2s+"], "", "").unwrap();
        let bound = shared_cost(&RangeExact::shared_work(&spec, false).unwrap(), 3);
        assert!(bound > EXACT_LIMIT, "{bound}");
        let p = Plan::new(&spec, None);
        assert!(p.affordable() && p.cost() < 500_000_000, "{}", p.cost());
    }

    #[test]
    fn approximate_counts() {
        assert_eq!(approx(999_999), "999999");
        assert_eq!(approx(1_000_000), "1e6");
        assert_eq!(approx(9_587_631_835_493_712), "9.6e15");
        assert_eq!(approx(2_220_000_000), "2.2e9");
        // As float formatting writes it, ties to even included.
        let float = |n: u64| format!("{:.1e}", n as f64).replace(".0e", "e");
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut cases: Vec<u64> = vec![
            1_250_000,
            1_350_000,
            1_050_000,
            1_150_000,
            9_950_000,
            9_949_999,
            99_500_000_000,
            u64::MAX - 1,
            u64::MAX - 1024,
            u64::MAX / 2,
            1 << 53,
            (1 << 53) + 1,
        ];
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            cases.push(x >> (x % 44));
        }
        for n in cases
            .into_iter()
            .filter(|&n| (1_000_000..u64::MAX).contains(&n))
        {
            assert_eq!(approx(n), float(n), "{n}");
        }
    }

    #[test]
    fn the_table_is_for_heads_up_preflop_ranges_only() {
        let fits = |players: &[&str], board: &str, dead: &str| {
            table_fits(&Spec::parse(players, board, dead).unwrap())
        };
        assert!(fits(&["QQ+", "AhKh"], "", ""));
        assert!(!fits(&["AsKs", "AhKh"], "", ""), "no ranges");
        assert!(!fits(&["QQ+", "AhKh"], "2c7d9s", ""));
        assert!(!fits(&["QQ+", "AhKh"], "", "2c"));
        assert!(!fits(&["QQ+", "AhKh", "5c5d"], "", ""));
    }
}
