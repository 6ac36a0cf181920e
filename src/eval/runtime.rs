//! WebAssembly only: `LOOKUP` and `FLUSH` are computed when the module
//! starts instead of being downloaded, and the hash's row displacements
//! (`OFFSETS`) unpacked from their 17-bit form.
//!
//! They live in zero-initialised statics, which take no bytes in the `.wasm`
//! file, and [`fill`] writes them once from [`super::direct`] (a test proves
//! the result equals the committed tables). Every way into the evaluator
//! (`Hand::new`, `evaluate`, `flush_rank`) calls [`super::prepare`] first,
//! so no rank is ever read from an unfilled table; the module's start
//! function (`src/wasm/mod.rs`) calls it too, so the work is done at load time.

use super::direct;
use super::rows::{row_offset, ROWS};
use super::tables::{FLUSH_LEN, LOOKUP_LEN};
use std::cell::UnsafeCell;
use std::ops::Deref;
use std::sync::atomic::{AtomicBool, Ordering};

#[cfg(target_feature = "atomics")]
compile_error!("the start-up tables assume one thread per wasm instance (no `atomics`)");

/// A table written once at start-up, then only read.
pub struct Table<T, const N: usize>(UnsafeCell<[T; N]>);

// SAFETY: wasm32 without the `atomics` feature runs one thread per instance:
// there is no concurrent access to share, and `fill` is the only writer.
unsafe impl<T, const N: usize> Sync for Table<T, N> {}

impl<T, const N: usize> Deref for Table<T, N> {
    type Target = [T; N];
    #[inline(always)]
    fn deref(&self) -> &[T; N] {
        // SAFETY: the only `&mut` is made in `fill_now`, which runs once,
        // before any read (every path to a read calls `fill` first) and
        // returns before its caller can read; afterwards nothing writes.
        unsafe { &*self.0.get() }
    }
}

/// `LOOKUP` then `FLUSH`, as natively (see `RANKS` in `lookup.rs`).
pub static RANKS: Table<u16, { LOOKUP_LEN + FLUSH_LEN }> =
    Table(UnsafeCell::new([0; LOOKUP_LEN + FLUSH_LEN]));

/// The rows' displacements (`lookup.rs`'s `OFFSETS` natively).
pub static OFFSETS: Table<u32, ROWS> = Table(UnsafeCell::new([0; ROWS]));

static FILLED: AtomicBool = AtomicBool::new(false);

/// Fills both tables, the first time only (afterwards: one load and a
/// predictable branch).
#[inline(always)]
pub fn fill() {
    if !FILLED.load(Ordering::Relaxed) {
        fill_now();
    }
}

#[cold]
#[inline(never)]
fn fill_now() {
    FILLED.store(true, Ordering::Relaxed);
    // SAFETY: see `deref`: this is the first call, made before any read
    // (every way to evaluate passes through `eval::prepare` first), on the
    // only thread, and no reference into the tables exists yet.
    let offsets = unsafe { &mut *OFFSETS.0.get() };
    for (row, offset) in offsets.iter_mut().enumerate() {
        *offset = row_offset(row);
    }
    // SAFETY: as above.
    let ranks = unsafe { &mut *RANKS.0.get() };
    let (lookup, flush) = ranks.split_at_mut(LOOKUP_LEN);
    direct::fill_lookup(lookup);
    direct::fill_flush(flush);
}
