//! [`UnitJob`]: a job whose exact work is units added into one result
//! gets its `run`, `run_strided` and `run_all` here (a leaf: the jobs
//! import it, it imports none of them).

use std::ops::{AddAssign, Range};

/// A job whose exact work is units added into one result: its `run`,
/// `run_strided` and `run_all` are these defaults.
pub trait UnitJob {
    type Counts: for<'a> AddAssign<&'a Self::Counts>;
    /// Empty counts.
    fn empty_counts(&self) -> Self::Counts;
    /// Units of the exact enumeration.
    fn unit_count(&self) -> u64;
    /// Adds unit `u` into `counts`.
    fn run_unit(&self, u: u64, counts: &mut Self::Counts);

    /// Units `range` (clamped).
    fn run_range(&self, range: Range<u64>) -> Self::Counts {
        let mut counts = self.empty_counts();
        for u in range.start..range.end.min(self.unit_count()) {
            self.run_unit(u, &mut counts);
        }
        counts
    }
    /// Units `first, first + stride, …`.
    fn run_stride(&self, first: u64, stride: u64) -> Self::Counts {
        let mut counts = self.empty_counts();
        let mut u = first;
        while u < self.unit_count() {
            self.run_unit(u, &mut counts);
            u = u.saturating_add(stride.max(1));
        }
        counts
    }
    /// Every unit.
    fn run_every(&self) -> Self::Counts {
        self.run_range(0..self.unit_count())
    }
}
