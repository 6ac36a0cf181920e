//! [`ExactJob`]: an exact job of either kind, known hands or ranges.

use super::exact::Exact;
use super::preflop::PreflopTable;
use super::ranged::RangeExact;
use super::spec::Spec;
use super::tally::Tally;
use std::sync::Arc;

/// An opened exact job of either kind.
#[derive(Clone, Debug)]
pub enum ExactJob {
    /// Every player holds a known hand.
    Hands(Exact),
    /// Some player holds a range.
    Ranges(RangeExact),
}

impl ExactJob {
    /// Opens the right kind of job; `table` serves heads-up preflop ranges.
    pub fn new(spec: &Spec, table: Option<Arc<PreflopTable>>) -> ExactJob {
        if spec.has_ranges() {
            ExactJob::Ranges(RangeExact::new(spec, table))
        } else {
            ExactJob::Hands(Exact::new(spec))
        }
    }

    pub fn total_units(&self) -> u64 {
        match self {
            ExactJob::Hands(j) => j.total_units(),
            ExactJob::Ranges(j) => j.total_units(),
        }
    }

    pub fn run(&self, start: u64, end: u64) -> Tally {
        match self {
            ExactJob::Hands(j) => j.run(start, end),
            ExactJob::Ranges(j) => j.run(start, end),
        }
    }

    pub fn run_strided(&self, first: u64, stride: u64) -> Tally {
        match self {
            ExactJob::Hands(j) => j.run_strided(first, stride),
            ExactJob::Ranges(j) => j.run_strided(first, stride),
        }
    }

    pub fn run_all(&self) -> Tally {
        self.run(0, self.total_units())
    }
}
