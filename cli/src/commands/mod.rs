//! One module per command (`allin equity`: `equity`, …); `main` holds the
//! clap tree and dispatches. Commands share `crate::output` (a leaf) and
//! `crate::args`; `embed` runs `equity`'s jobs, `range` runs `texture` and
//! `table`.

pub mod census;
pub mod deal;
pub mod distribution;
pub mod ehs;
pub mod embed;
pub mod equity;
pub mod eval;
pub mod games;
pub mod omaha_range;
pub mod range;
pub mod showdown;
pub mod streets;
pub mod table;
pub mod texture;
