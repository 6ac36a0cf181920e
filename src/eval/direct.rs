//! Hand ranks computed straight from rank counts, without tables.
//!
//! The WebAssembly build fills `LOOKUP` and `FLUSH` with these at start-up
//! (a few milliseconds) instead of downloading them (181 KB of the 213 KB of
//! evaluator tables); see `runtime.rs`. Natively the committed tables
//! are used, and a test fills both tables from here and compares them with
//! the committed ones entry by entry, padding included: the two builds
//! evaluate with identical tables.
//!
//! The `HandRank` encoding (`category << 12 | index`, see [`HandRank`]) numbers
//! the classes of a category in order of strength, so each index is a
//! combinatorial rank: a set of ranks `c1 < c2 < … < ck` (as a 13-bit mask)
//! has colexicographic index `C(c1,1) + C(c2,2) + … + C(ck,k)`, and colex
//! order on masks is numeric order, which is poker order for kickers (the
//! highest card decides first). Ranks already used by a pair or trips are
//! squeezed out first (`colex_without`).

use super::rank::{Category, HandRank};

/// `BINOMIAL[n][k] = C(n, k)` for `n < 13`, `k <= 5`.
const BINOMIAL: [[u16; 6]; 13] = {
    let mut t = [[0u16; 6]; 13];
    let mut n = 0;
    while n < 13 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 6 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The five-card straights as rank masks, weakest (the wheel, A-2-3-4-5) first.
const STRAIGHTS: [u16; 10] = {
    let mut s = [0u16; 10];
    s[0] = 0b1_0000_0000_1111;
    let mut i = 1;
    while i < 10 {
        s[i] = 0b11111 << (i - 1);
        i += 1;
    }
    s
};

/// Highest rank index (0 = deuce … 12 = ace) in a non-empty mask.
fn top(mask: u16) -> u16 {
    15 - mask.leading_zeros() as u16
}

/// The mask without its highest rank.
fn drop_top(mask: u16) -> u16 {
    mask & !(1 << top(mask))
}

/// The highest `n` ranks of a mask.
fn highest(mut mask: u16, n: u32) -> u16 {
    while mask.count_ones() > n {
        mask &= mask - 1; // drop the lowest
    }
    mask
}

/// Colex index of the ranks in `mask`, in the alphabet of the 13 ranks minus
/// those in `excluded` (rank `r` counts as `r` minus the excluded ranks
/// below it).
fn colex_without(mask: u16, excluded: u16) -> u16 {
    let (mut index, mut k, mut rest) = (0, 1, mask);
    while rest != 0 {
        let r = rest.trailing_zeros() as u16;
        let squeezed = r - (excluded & ((1 << r) - 1)).count_ones() as u16;
        index += BINOMIAL[squeezed as usize][k];
        k += 1;
        rest &= rest - 1;
    }
    index
}

/// Index of the best straight in a rank mask: 0 (wheel) … 9 (ace high).
fn straight(mask: u16) -> Option<u16> {
    (0..10u16)
        .rev()
        .find(|&i| mask & STRAIGHTS[i as usize] == STRAIGHTS[i as usize])
}

/// Index of five distinct non-straight ranks among the 1,277 such sets.
fn no_straight_index(five: u16) -> u16 {
    let straights_below = STRAIGHTS.iter().filter(|&&s| s < five).count() as u16;
    colex_without(five, 0) - straights_below
}

fn rank(category: Category, index: u16) -> HandRank {
    HandRank((category as u16) << 12 | index)
}

/// The best flush or straight flush in one suit's 13-bit rank mask of 5, 6
/// or 7 ranks (what `FLUSH` holds; other masks are not hands).
pub fn flush(mask: u16) -> HandRank {
    debug_assert!((5..=7).contains(&mask.count_ones()));
    match straight(mask) {
        Some(i) => rank(Category::StraightFlush, i),
        None => rank(Category::Flush, no_straight_index(highest(mask, 5))),
    }
}

/// The best non-flush hand of a rank multiset of 5, 6 or 7 cards
/// (`counts[r]` cards of rank `r`, at most 4): what `LOOKUP` holds.
pub fn no_flush(counts: &[u8; 13]) -> HandRank {
    // Ranks present at least once, twice, three times, four times.
    let mut at_least = [0u16; 5];
    for (r, &c) in counts.iter().enumerate() {
        for mask in &mut at_least[1..=c as usize] {
            *mask |= 1 << r;
        }
    }
    let [_, ones, pairs, trips, quads] = at_least;
    // Quads / full house: (main rank, second rank) with the second drawn
    // from the 12 others, so 13 × 12 classes each.
    let two_level = |cat: Category, main: u16, second: u16| {
        rank(cat, main * 12 + colex_without(1 << second, 1 << main))
    };
    if quads != 0 {
        let q = top(quads);
        return two_level(Category::Quads, q, top(ones & !(1 << q)));
    }
    if trips != 0 {
        let t = top(trips);
        let pair = pairs & !(1 << t);
        if pair != 0 {
            return two_level(Category::FullHouse, t, top(pair));
        }
    }
    if let Some(i) = straight(ones) {
        return rank(Category::Straight, i);
    }
    if trips != 0 {
        // Trips and two kickers: 13 × C(12, 2) classes.
        let t = 1 << top(trips);
        let kickers = highest(ones & !t, 2);
        return rank(Category::Trips, top(t) * 66 + colex_without(kickers, t));
    }
    if pairs.count_ones() >= 2 {
        // Two pairs (best two of up to three) and a kicker: C(13, 2) × 11.
        let two = 1 << top(pairs) | 1 << top(drop_top(pairs));
        let kicker = 1 << top(ones & !two);
        return rank(
            Category::TwoPair,
            colex_without(two, 0) * 11 + colex_without(kicker, two),
        );
    }
    if pairs != 0 {
        // One pair and three kickers: 13 × C(12, 3).
        let kickers = highest(ones & !pairs, 3);
        return rank(
            Category::Pair,
            top(pairs) * 220 + colex_without(kickers, pairs),
        );
    }
    rank(Category::HighCard, no_straight_index(highest(ones, 5)))
}

/// Calls `f` with every multiset of 5, 6 or 7 ranks (at most 4 of a rank),
/// as rank counts: the 73,775 entries of `LOOKUP`.
pub fn for_each_multiset(mut f: impl FnMut(&[u8; 13])) {
    fn go(rank: usize, cards: u8, counts: &mut [u8; 13], f: &mut impl FnMut(&[u8; 13])) {
        if rank == 13 {
            if cards >= 5 {
                f(counts);
            }
            return;
        }
        for c in 0..=(7 - cards).min(4) {
            counts[rank] = c;
            go(rank + 1, cards + c, counts, f);
        }
        counts[rank] = 0;
    }
    go(0, 0, &mut [0; 13], &mut f);
}

/// Fills a `LOOKUP` table (zeroed, as long as the committed one) for the
/// rank keys and row offsets of `tables.rs`: each multiset's best rank at
/// its slot, `hash + row_offset(hash >> OFFSET_SHIFT)`.
pub fn fill_lookup(lookup: &mut [u16]) {
    use super::rows::row_offset;
    use super::tables::{HASH_BITS, OFFSET_SHIFT, RANK_KEYS};
    let mask = (1u32 << HASH_BITS) - 1;
    for_each_multiset(|counts| {
        let hash = (0..13).fold(0u32, |sum, r| {
            sum.wrapping_add(RANK_KEYS[r].wrapping_mul(counts[r] as u32))
        }) & mask;
        let slot = hash.wrapping_add(row_offset((hash >> OFFSET_SHIFT) as usize));
        lookup[slot as usize] = no_flush(counts).0;
    });
}

/// Fills a `FLUSH` table (zeroed, 8,192 entries): masks of 5 to 7 ranks.
pub fn fill_flush(table: &mut [u16]) {
    for (mask, entry) in table.iter_mut().enumerate() {
        if (5..=7).contains(&mask.count_ones()) {
            *entry = flush(mask as u16).0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The proof that the WebAssembly build evaluates exactly like the native
    /// one: tables filled from here equal the committed, exhaustively
    /// verified tables, every entry (padding included).
    #[test]
    fn filled_tables_equal_the_committed_ones() {
        use crate::eval::tables::{FLUSH, LOOKUP};
        let mut lookup = vec![0u16; LOOKUP.len()];
        fill_lookup(&mut lookup);
        let differ = (0..LOOKUP.len())
            .filter(|&i| lookup[i] != LOOKUP[i])
            .count();
        assert_eq!(differ, 0, "LOOKUP entries that differ");
        let mut flush = vec![0u16; FLUSH.len()];
        fill_flush(&mut flush);
        assert!(flush == FLUSH, "FLUSH differs");
    }

    #[test]
    fn multiset_count() {
        let mut n = 0;
        for_each_multiset(|_| n += 1);
        assert_eq!(n, 73_775);
    }
}
