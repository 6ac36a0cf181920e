//! Generator of the evaluator tables in `tables.rs`.
//!
//! Run by `cargo xtask gen-tables`; a test regenerates the tables and diffs
//! them against the committed file, so the file can never drift from this code.
//!
//! Three steps:
//! 1. **Rank keys.** Pick 13 small integers, one per rank, such that every
//!    multiset of at most 7 ranks (at most 4 of each) has a distinct sum. A
//!    greedy search takes, rank by rank, the smallest key that keeps all sums
//!    distinct (see [`find_rank_keys`]).
//! 2. **Hand classes.** Score every 5-card class (category, then tie-breaking
//!    ranks), sort, and number the classes within each category: this is the
//!    `HandRank` encoding (`category << 12 | index`).
//! 3. **Perfect hash.** Every rank multiset of 5, 6 or 7 cards gets the best
//!    non-flush rank of its 5-card subsets, stored at
//!    `LOOKUP[key + OFFSETS[key >> OFFSET_SHIFT]]`: a row-displacement hash
//!    whose offsets are found by first-fit, largest rows first, after the
//!    keys are scattered by an odd multiplier (see [`Tables`]). Flushes are
//!    looked up by the flush suit's 13-bit rank mask in `FLUSH`.

use super::{Category, HandRank};
use std::fmt::Write;

/// The largest rank multiset we evaluate.
const MAX_CARDS: usize = 7;

/// Every multiset of ranks `0..n_ranks` with at most 4 of a rank and at most
/// `MAX_CARDS` in all, as rank counts.
fn multisets(n_ranks: usize) -> Vec<[u8; 13]> {
    fn go(rank: usize, n_ranks: usize, left: usize, cur: &mut [u8; 13], out: &mut Vec<[u8; 13]>) {
        if rank == n_ranks {
            out.push(*cur);
            return;
        }
        for c in 0..=left.min(4) {
            cur[rank] = c as u8;
            go(rank + 1, n_ranks, left - c, cur, out);
        }
        cur[rank] = 0;
    }
    let mut out = Vec::new();
    go(0, n_ranks, MAX_CARDS, &mut [0; 13], &mut out);
    out
}

/// Greedy search for the rank keys: for each rank in turn, the smallest key
/// greater than the previous one such that all multisets over the ranks so
/// far (at most 7 cards, at most 4 of a rank) have pairwise distinct sums.
///
/// With `P` the distinct sums before adding rank key `k`, the new sums are
/// `p + a*k` (`a` copies). Two of them collide exactly when
/// `p + d*k` is in `P` for some `p` and `1 <= d <= min(4, 7 - |p|)`, so that
/// is the only check needed per candidate.
pub fn find_rank_keys() -> [u32; 13] {
    let mut keys = [0u32; 13];
    // (sum, size) of every multiset over the ranks chosen so far.
    let mut sums: Vec<(u32, u8)> = vec![(0, 0)];
    for rank in 0..13 {
        let max_sum = sums.iter().map(|s| s.0).max().unwrap_or(0) as usize;
        let mut present = vec![false; max_sum + 1];
        for &(s, _) in &sums {
            present[s as usize] = true;
        }
        let mut k = if rank == 0 { 1 } else { keys[rank - 1] + 1 };
        loop {
            let collides = sums.iter().any(|&(p, size)| {
                (1..=(MAX_CARDS - size as usize).min(4) as u32).any(|d| {
                    let q = (p + d * k) as usize;
                    q <= max_sum && present[q]
                })
            });
            if !collides {
                break;
            }
            k += 1;
        }
        keys[rank] = k;
        let mut next = Vec::with_capacity(sums.len() * 3);
        for &(p, size) in &sums {
            for a in 0..=(MAX_CARDS - size as usize).min(4) as u32 {
                next.push((p + a * k, size + a as u8));
            }
        }
        sums = next;
    }
    keys
}

const WHEEL: u16 = 0b1_0000_0000_1111; // A 5 4 3 2

/// Highest card of the straight in a 13-bit rank mask, if there is one
/// (3 = five-high wheel … 12 = ace-high).
fn straight_top(mask: u16) -> Option<u8> {
    (4..13u8)
        .rev()
        .find(|&top| mask >> (top - 4) & 0b11111 == 0b11111)
        .or(if mask & WHEEL == WHEEL { Some(3) } else { None })
}

/// A 5-card class scored as `(category, tie-break ranks)`, packed into a
/// `u32` that orders like the hands: category in bits 20.., then up to five
/// 4-bit ranks, most significant first.
fn score5(counts: &[u8; 13], flush: bool) -> u32 {
    let mask = (0..13).fold(0u16, |m, r| if counts[r] > 0 { m | 1 << r } else { m });
    let pack = |cat: Category, ranks: &[u8]| {
        let tiebreak = ranks.iter().fold(0u32, |acc, &r| (acc << 4) | r as u32);
        (cat as u32) << 20 | tiebreak << (4 * (5 - ranks.len()))
    };
    if mask.count_ones() == 5 {
        let cat = match (straight_top(mask), flush) {
            (Some(top), true) => return pack(Category::StraightFlush, &[top]),
            (Some(top), false) => return pack(Category::Straight, &[top]),
            (None, true) => Category::Flush,
            (None, false) => Category::HighCard,
        };
        let ranks: Vec<u8> = (0..13u8)
            .rev()
            .filter(|&r| counts[r as usize] > 0)
            .collect();
        return pack(cat, &ranks);
    }
    // Groups by (count desc, rank desc).
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let ranks: Vec<u8> = groups.iter().map(|g| g.1).collect();
    let cat = match shape.as_slice() {
        [4, 1] => Category::Quads,
        [3, 2] => Category::FullHouse,
        [3, 1, 1] => Category::Trips,
        [2, 2, 1] => Category::TwoPair,
        [2, 1, 1, 1] => Category::Pair,
        other => unreachable!("not a 5-card shape: {other:?}"),
    };
    pack(cat, &ranks)
}

/// Dense numbering of the 7,462 five-card classes: `score5` value → `HandRank`.
struct Classes {
    sorted: Vec<u32>,
    first_of_category: [usize; 9],
}

impl Classes {
    fn new() -> Classes {
        let mut scores = Vec::new();
        for m in multisets(13) {
            if m.iter().sum::<u8>() == 5 {
                scores.push(score5(&m, false));
                if m.iter().all(|&c| c <= 1) {
                    scores.push(score5(&m, true));
                }
            }
        }
        scores.sort_unstable();
        scores.dedup();
        let mut first_of_category = [usize::MAX; 9];
        for (i, s) in scores.iter().enumerate().rev() {
            first_of_category[(s >> 20) as usize] = i;
        }
        Classes {
            sorted: scores,
            first_of_category,
        }
    }

    fn rank(&self, score: u32) -> HandRank {
        let i = self.sorted.binary_search(&score).expect("known class");
        let cat = (score >> 20) as usize;
        HandRank(((cat as u16) << 12) | (i - self.first_of_category[cat]) as u16)
    }

    /// The best rank among all 5-card sub-multisets of `counts`.
    fn best_of(&self, counts: &[u8; 13], flush: bool) -> HandRank {
        let mut best = HandRank(0);
        let mut sub = [0u8; 13];
        fn go(
            cls: &Classes,
            counts: &[u8; 13],
            flush: bool,
            rank: usize,
            left: u8,
            sub: &mut [u8; 13],
            best: &mut HandRank,
        ) {
            if left == 0 {
                *best = (*best).max(cls.rank(score5(sub, flush)));
                return;
            }
            if rank == 13 {
                return;
            }
            for c in (0..=counts[rank].min(left)).rev() {
                sub[rank] = c;
                go(cls, counts, flush, rank + 1, left - c, sub, best);
            }
            sub[rank] = 0;
        }
        go(self, counts, flush, 0, 5, &mut sub, &mut best);
        best
    }
}

/// The choices the table search makes; everything else follows from them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Params {
    /// Per-rank keys from [`find_rank_keys`]: all multiset sums distinct.
    pub base_keys: [u32; 13],
    /// Odd multiplier that scatters the sums (see [`Tables`]).
    pub multiplier: u32,
    /// `key >> shift` is the row of the displacement hash.
    pub shift: u32,
}

/// The parameters the committed `tables.rs` was generated with.
pub fn committed_params() -> Params {
    Params {
        base_keys: super::tables::BASE_RANK_KEYS,
        multiplier: super::tables::HASH_MULTIPLIER,
        shift: super::tables::OFFSET_SHIFT,
    }
}

/// The generated tables, as values (see `tables.rs` for the layout).
///
/// Rank-key sums of real hands crowd together (low cards have small keys), and
/// crowded rows pack badly. So the stored rank keys are the base keys times an
/// odd multiplier, mod `2^hash_bits`: since multiplication distributes over
/// addition, a hand's key sum mod `2^hash_bits` is its base sum times the
/// multiplier, a bijection that scatters the crowds evenly across rows, for
/// the price of one AND in the hot path.
pub struct Tables {
    pub params: Params,
    pub hash_bits: u32,
    pub rank_keys: [u32; 13],
    pub offsets: Vec<u32>,
    pub lookup: Vec<u16>,
    pub flush: Vec<u16>,
}

/// Row-displacement perfect hash of `(key, value)` pairs with `key >> shift`
/// as the row: returns `(offsets, table)` with
/// `table[key.wrapping_add(offsets[key >> shift])] == value`. Rows are placed
/// largest first, each at the lowest base where all its slots are free.
/// The table is padded so that any key below `n_rows << shift` maps inside it.
fn displace(entries: &[(u32, u16)], n_rows: usize, shift: u32) -> (Vec<u32>, Vec<u16>) {
    let mut rows: Vec<Vec<(u32, u16)>> = vec![Vec::new(); n_rows];
    for &(k, v) in entries {
        rows[(k >> shift) as usize].push((k & ((1 << shift) - 1), v));
    }
    for row in &mut rows {
        row.sort_unstable();
    }
    let mut order: Vec<usize> = (0..n_rows).filter(|&r| !rows[r].is_empty()).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(rows[r].len()), r));
    let mut used: Vec<bool> = Vec::new();
    let mut table: Vec<u16> = Vec::new();
    let mut base_of = vec![0u32; n_rows];
    let mut first_free = 0usize;
    for r in order {
        let cols = &rows[r];
        // Columns are in ascending order: the first must land on a free slot.
        let mut base = first_free.saturating_sub(cols[0].0 as usize);
        while cols
            .iter()
            .any(|&(c, _)| used.get(base + c as usize) == Some(&true))
        {
            base += 1;
        }
        for &(c, v) in cols {
            let slot = base + c as usize;
            if slot >= used.len() {
                used.resize(slot + 1, false);
                table.resize(slot + 1, 0);
            }
            used[slot] = true;
            table[slot] = v;
        }
        base_of[r] = base as u32;
        while used.get(first_free) == Some(&true) {
            first_free += 1;
        }
    }
    // Pad so that *every* key of a row, not just the real ones, lands inside
    // the table: the hot path may then skip the bounds check (see mod.rs).
    let len = base_of
        .iter()
        .map(|&b| b as usize + (1 << shift))
        .max()
        .unwrap_or(0);
    table.resize(len, 0);
    // slot = key + offset, i.e. offset = base - row_start (mod 2^32).
    let offsets = (0..n_rows)
        .map(|r| base_of[r].wrapping_sub((r as u32) << shift))
        .collect();
    (offsets, table)
}

/// Every rank multiset of 5, 6 or 7 cards with its best non-flush rank.
fn multiset_ranks() -> Vec<([u8; 13], u16)> {
    let classes = Classes::new();
    multisets(13)
        .into_iter()
        .filter(|m| m.iter().sum::<u8>() >= 5)
        .map(|m| (m, classes.best_of(&m, false).0))
        .collect()
}

/// Bits of the scattered key: the smallest `b` with every base sum `< 2^b`.
fn hash_bits(base_keys: &[u32; 13]) -> u32 {
    let max_sum = base_keys[12] as u64 * 4 + base_keys[11] as u64 * 3;
    64 - max_sum.leading_zeros()
}

fn hash_entries(ranked: &[([u8; 13], u16)], keys: &[u32; 13], bits: u32) -> Vec<(u32, u16)> {
    let mask = (1u32 << bits) - 1;
    ranked
        .iter()
        .map(|(m, v)| {
            let sum = (0..13).fold(0u32, |s, r| {
                s.wrapping_add(keys[r].wrapping_mul(m[r] as u32))
            });
            (sum & mask, *v)
        })
        .collect()
}

fn scatter_keys(base: &[u32; 13], multiplier: u32, bits: u32) -> [u32; 13] {
    base.map(|k| k.wrapping_mul(multiplier) & ((1u32 << bits) - 1))
}

/// The tables for given parameters (deterministic, well under a second in release).
pub fn tables_from(params: Params) -> Tables {
    let ranked = multiset_ranks();
    build(&ranked, params)
}

fn build(ranked: &[([u8; 13], u16)], params: Params) -> Tables {
    let hash_bits = hash_bits(&params.base_keys);
    let rank_keys = scatter_keys(&params.base_keys, params.multiplier, hash_bits);
    let entries = hash_entries(ranked, &rank_keys, hash_bits);
    let (offsets, lookup) = displace(&entries, 1 << (hash_bits - params.shift), params.shift);
    let classes = Classes::new();
    let mut flush = vec![0u16; 1 << 13];
    for (mask, slot) in flush.iter_mut().enumerate() {
        if (5..=MAX_CARDS as u32).contains(&mask.count_ones()) {
            let mut counts = [0u8; 13];
            for (r, c) in counts.iter_mut().enumerate() {
                *c = (mask >> r & 1) as u8;
            }
            *slot = classes.best_of(&counts, true).0;
        }
    }
    Tables {
        params,
        hash_bits,
        rank_keys,
        offsets,
        lookup,
        flush,
    }
}

/// The full search (seconds in release): base keys, then the multiplier
/// and shift giving the smallest tables, among the first odd multipliers
/// of a fixed sequence.
pub fn find_params() -> Params {
    let base_keys = find_rank_keys();
    let ranked = multiset_ranks();
    let bits = hash_bits(&base_keys);
    let mut best: Option<(usize, Params)> = None;
    // A fixed, simple sequence of odd candidates (golden-ratio stepping).
    let mut m: u32 = 0;
    for _ in 0..8 {
        m = m.wrapping_add(0x9E37_79B9);
        let multiplier = (m >> (32 - bits)) | 1;
        let keys = scatter_keys(&base_keys, multiplier, bits);
        let entries = hash_entries(&ranked, &keys, bits);
        for shift in 11..=12 {
            let (o, t) = displace(&entries, 1 << (bits - shift), shift);
            let bytes = o.len() * 4 + t.len() * 2;
            if best.map_or(true, |(b, _)| bytes < b) {
                best = Some((
                    bytes,
                    Params {
                        base_keys,
                        multiplier,
                        shift,
                    },
                ));
            }
        }
    }
    best.expect("candidates tried").1
}

/// `pub static NAME: [TY; LEN] = [...]`, where `LEN` is the number, or the
/// name of a constant declared just before it when `len_name` is given.
fn write_array<T: std::fmt::Display>(
    out: &mut String,
    name: &str,
    ty: &str,
    values: &[T],
    len_name: Option<&str>,
) {
    let len = match len_name {
        Some(len_name) => {
            writeln!(out, "pub const {len_name}: usize = {};", values.len()).unwrap();
            len_name.to_string()
        }
        None => values.len().to_string(),
    };
    writeln!(out, "pub static {name}: [{ty}; {len}] = [").unwrap();
    for line in values.chunks(16) {
        out.push_str("   ");
        for v in line {
            write!(out, " {v},").unwrap();
        }
        out.push('\n');
    }
    out.push_str("];\n");
}

/// The source text of `src/eval/tables.rs`.
pub fn tables_source(t: &Tables) -> String {
    let mut out = String::new();
    out.push_str(
        "//! @generated by `cargo xtask gen-tables` from `src/eval/gen.rs`. Do not edit:\n\
         //! a test regenerates this file and fails on any difference.\n\
         //!\n\
         //! Layout: see the diagram in `src/eval/mod.rs`.\n\n",
    );
    let p = &t.params;
    writeln!(
        out,
        "/// Search result: rank keys before scattering (all multiset sums distinct).\n\
         pub const BASE_RANK_KEYS: [u32; 13] = {:?};\n\n\
         /// Search result: the odd multiplier that scatters the sums.\n\
         pub const HASH_MULTIPLIER: u32 = {};\n\n\
         /// Key sums are taken mod `2^HASH_BITS` (every base sum is below it).\n\
         pub const HASH_BITS: u32 = {};\n\n\
         /// Row of a scattered key: `key >> OFFSET_SHIFT`.\n\
         pub const OFFSET_SHIFT: u32 = {};\n\n\
         /// Per-rank keys (2 … A): `BASE_RANK_KEYS * HASH_MULTIPLIER mod 2^HASH_BITS`.\n\
         pub const RANK_KEYS: [u32; 13] = {:?};\n",
        p.base_keys, p.multiplier, t.hash_bits, p.shift, t.rank_keys
    )
    .unwrap();
    // Each row's displacement as its first slot in `LOOKUP` (below 2^17),
    // packed into 17 bits: 17 KB where the `u32` displacements took 32 KB,
    // of every wasm module (`lookup.rs` unpacks them into `OFFSETS`).
    let firsts: Vec<u32> = (0..t.offsets.len())
        .map(|row| t.offsets[row].wrapping_add((row as u32) << p.shift))
        .collect();
    assert!(
        firsts.iter().all(|&f| f < 1 << 17),
        "a row starts past slot 2^17"
    );
    let low: Vec<u16> = firsts.iter().map(|&f| f as u16).collect();
    let high: Vec<u8> = firsts
        .chunks(8)
        .map(|rows| {
            rows.iter()
                .enumerate()
                .fold(0u8, |byte, (i, &f)| byte | ((f >> 16) as u8) << i)
        })
        .collect();
    out.push_str(
        "/// Each row's first slot in `LOOKUP`, low 16 bits (the slot of `key` is\n\
         /// `key` minus its row's first key plus its row's first slot; `lookup.rs`).\n",
    );
    write_array(&mut out, "ROW_STARTS", "u16", &low, None);
    out.push_str(
        "\n/// Bit 16 of each row's first slot: row `r`'s is bit `r % 8` of byte `r / 8`.\n",
    );
    write_array(&mut out, "ROW_STARTS_HIGH", "u8", &high, None);
    out.push_str(
        "\n/// Best non-flush `HandRank` of each rank multiset of 5, 6 or 7 cards, by slot.\n",
    );
    write_array(&mut out, "LOOKUP", "u16", &t.lookup, Some("LOOKUP_LEN"));
    out.push_str(
        "\n/// Best flush or straight flush `HandRank` by the flush suit's 13-bit rank mask.\n",
    );
    write_array(&mut out, "FLUSH", "u16", &t.flush, Some("FLUSH_LEN"));
    out
}

/// What `cargo xtask gen-tables` writes: the full search, then the tables.
pub fn generate_tables_source() -> String {
    tables_source(&tables_from(find_params()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_counts() {
        let c = Classes::new();
        assert_eq!(c.sorted.len(), 7462);
        let per_cat: Vec<usize> = (0..9)
            .map(|cat| {
                c.sorted
                    .iter()
                    .filter(|s| (*s >> 20) as usize == cat)
                    .count()
            })
            .collect();
        assert_eq!(per_cat, [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]);
    }

    #[test]
    fn straights() {
        assert_eq!(straight_top(WHEEL), Some(3));
        assert_eq!(straight_top(0b1_1111_0000_0000), Some(12));
        assert_eq!(straight_top(0b0_1111_0000_0001), None);
        // 6-high straight beats the wheel even with the ace present.
        assert_eq!(straight_top(0b1_0000_0001_1111), Some(4));
    }
}
