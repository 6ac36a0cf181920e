//! The perfect hash's rows: how many, and each one's displacement unpacked
//! from the 17-bit row starts of `tables.rs`. A leaf of `eval` (it reads
//! only the tables), used by the lookup, the start-up fill (`runtime.rs`)
//! and the direct fill of `LOOKUP` (`direct.rs`).

use super::tables::{self, HASH_BITS, OFFSET_SHIFT};

/// Rows of the perfect hash: the row is the top bits of the key's hash, so
/// it always indexes `OFFSETS` (`lookup.rs`).
pub(super) const ROWS: usize = 1 << (HASH_BITS - OFFSET_SHIFT);
const _: () = assert!(tables::ROW_STARTS.len() == ROWS);

/// Row `row`'s displacement: its first slot in `LOOKUP` (17 bits, packed in
/// `tables.rs`) minus its first key, mod 2^32; a key's slot is the key
/// plus its row's displacement.
///
/// ```text
///  first slot of row r = ROW_STARTS[r]  |  (ROW_STARTS_HIGH[r / 8] >> r % 8 & 1) << 16
///                        bits 0..16        bit 16
///  OFFSETS[r] = first slot - (r << OFFSET_SHIFT)      (u32, wrapping)
/// ```
pub(super) const fn row_offset(row: usize) -> u32 {
    let high = (tables::ROW_STARTS_HIGH[row / 8] >> (row % 8)) & 1;
    let first = tables::ROW_STARTS[row] as u32 | (high as u32) << 16;
    first.wrapping_sub((row as u32) << OFFSET_SHIFT)
}
