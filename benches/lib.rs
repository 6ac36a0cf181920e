//! The engine's criterion benchmarks, a crate of their own so that
//! criterion is never compiled by `cargo test` or `cargo xtask test`:
//! `cargo bench -p allin-benches [--bench eval|equity|board_games]`.
//! (A package needs a target besides its benches; this is it.)
