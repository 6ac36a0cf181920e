//! Many 7-card hands at once, from their cards: [`evaluate_many`].
//!
//! Evaluating one random hand from its cards is mostly the key sum: 7 id
//! loads and 7 key loads per hand (on the project machine the sum alone runs
//! at ~600 M hands/s, the whole evaluation at ~330 M/s). Given many hands,
//! the keys can be computed four at a time with AVX2 byte shuffles instead,
//! with no per-card load at all; the lookups then run over a block of ready
//! keys, and the ~3 % of flushes are fixed up afterwards instead of
//! branching on every hand. Side by side in one `cargo bench -p allin-benches --bench eval`
//! run this is 1.4–1.5× the one-call-per-hand loop (figures in docs/performance.md).
//!
//! Without AVX2 (older x86, other architectures, WebAssembly) the same
//! function evaluates one hand at a time with [`super::evaluate`].
//!
//! ## The AVX2 key sum (`avx2::keys_of`)
//!
//! Four hands (28 bytes) are spread into four 8-byte lanes, one hand per
//! lane, the 8th byte a pad. Each card id `rank*4 + suit` becomes two
//! shuffle indices, its rank and its suit (the pad's have the top bit set,
//! which makes a shuffle give 0):
//!
//! ```text
//!  ids      | c0 c1 c2 c3 c4 c5 c6 pad | c0 … c6 pad | c0 … c6 pad | c0 … c6 pad |
//!              hand i                     hand i+1      hand i+2      hand i+3
//!  rank idx   id >> 2 (0..13),  pad 0x80
//!  suit idx   id & 3  (0..4),   pad 0x80
//! ```
//!
//! A rank key (25 bits) is 4 bytes. Shuffling the rank indices through a
//! 16-entry table of byte `k` of every rank key, then summing each lane's 8
//! bytes (`psadbw`), gives `S_k`, the sum over the hand's cards of their
//! keys' byte `k`; `S_0 + S_1<<8 + S_2<<16 + S_3<<24` is the exact sum of
//! the 7 rank keys. Two more shuffles and sums count the suits, as the
//! evaluator's suit nibbles: table `[1, 16, 0, 0]` gives `c + 16d` and
//! `[0, 0, 1, 16]` gives `h + 16s`. Shifted into place, that is the same
//! `u64` key as [`super::Hand`]'s (see the diagram in `lookup.rs`).

use super::lookup::evaluate;
use super::rank::HandRank;
use crate::card::Card;

/// `ranks[i] = evaluate(&hands[i])` for every hand: the rank of the best
/// five of each hand's 7 distinct cards. Uses AVX2 when the CPU has it.
///
/// # Panics
/// If `hands` and `ranks` differ in length.
pub fn evaluate_many(hands: &[[Card; 7]], ranks: &mut [HandRank]) {
    assert_eq!(hands.len(), ranks.len(), "one rank per hand");
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { avx2::evaluate_many(hands, ranks) };
    }
    evaluate_each(hands, ranks);
}

/// The portable path: one hand at a time.
fn evaluate_each(hands: &[[Card; 7]], ranks: &mut [HandRank]) {
    for (rank, hand) in ranks.iter_mut().zip(hands) {
        *rank = evaluate(hand);
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::super::lookup::{flush_index_of, key_of, prepare, rank_at, rank_of_key};
    use super::super::lookup::{FLUSH_BITS, HASH_SHIFT, SUIT_BASE};
    use super::super::tables::RANK_KEYS;
    use super::HandRank;
    use crate::card::Card;
    use std::arch::x86_64::*;

    /// Hands per block: one bit each in the `u64` of flush flags.
    const BLOCK: usize = 64;

    /// [`super::evaluate_many`] with AVX2: keys a block at a time
    /// ([`keys_of`]), then the lookups over the block's ready keys.
    ///
    /// # Safety
    /// The CPU must support AVX2; `hands.len() == ranks.len()`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn evaluate_many(hands: &[[Card; 7]], ranks: &mut [HandRank]) {
        prepare();
        let mut keys = [0u64; BLOCK];
        for (start, ranks) in (0..).step_by(BLOCK).zip(ranks.chunks_mut(BLOCK)) {
            let keys = &mut keys[..ranks.len()];
            let mut flushes = keys_of(&hands[start..], keys);
            let hands = &hands[start..start + ranks.len()];
            for (rank, &key) in ranks.iter_mut().zip(keys.iter()) {
                *rank = rank_of_key(key);
            }
            // About 3% of hands are flushes: fix those up afterwards rather
            // than branch on every hand.
            while flushes != 0 {
                let i = flushes.trailing_zeros() as usize;
                ranks[i] = rank_at(flush_index_of(&hands[i], keys[i]));
                flushes &= flushes - 1;
            }
        }
    }

    /// 32 bytes: a 16-byte shuffle table repeated for both 128-bit lanes.
    #[repr(C, align(32))]
    struct Lanes([u8; 32]);

    const fn both_lanes(t: [u8; 16]) -> Lanes {
        let mut out = [0u8; 32];
        let mut i = 0;
        while i < 16 {
            out[i] = t[i];
            out[i + 16] = t[i];
            i += 1;
        }
        Lanes(out)
    }

    /// Byte `k` of each rank's key, by rank (entries 13..16 unused).
    const fn rank_key_byte(k: u32) -> Lanes {
        let mut t = [0u8; 16];
        let mut r = 0;
        while r < 13 {
            t[r] = (RANK_KEYS[r] >> (8 * k)) as u8;
            r += 1;
        }
        both_lanes(t)
    }

    static RANK_BYTES: [Lanes; 4] = [
        rank_key_byte(0),
        rank_key_byte(1),
        rank_key_byte(2),
        rank_key_byte(3),
    ];
    // Every rank key fits the four bytes summed above.
    const _: () = assert!(super::super::tables::HASH_BITS <= 32);
    /// Suit → its nibble's contribution in the low byte (clubs, diamonds)
    /// and in the high byte (hearts, spades) of the suit counts.
    static SUITS_LOW: Lanes = both_lanes([1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    static SUITS_HIGH: Lanes = both_lanes([0, 0, 1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// Spreads two 7-byte hands into two 8-byte lanes in each 128-bit half
    /// (0x80: a zero pad byte). The 32 bytes loaded at hand `i` are first
    /// rearranged by 4-byte words, `0 1 2 3 | 3 4 5 6`, so that the high
    /// half starts at byte 12: hands `i+2` and `i+3` are then at its bytes
    /// 2 and 9.
    static SPREAD: Lanes = Lanes([
        0, 1, 2, 3, 4, 5, 6, 0x80, 7, 8, 9, 10, 11, 12, 13, 0x80, //
        2, 3, 4, 5, 6, 7, 8, 0x80, 9, 10, 11, 12, 13, 14, 15, 0x80,
    ]);

    #[inline(always)]
    unsafe fn table(t: &Lanes) -> __m256i {
        _mm256_load_si256(t.0.as_ptr() as *const __m256i)
    }

    /// The evaluator keys of the first `keys.len()` (at most 64) of `hands`,
    /// and a bit set for each of them with a flush. (The rest of `hands` is
    /// only read past: a 32-byte load of four hands needs the 4 bytes after
    /// them to be readable.)
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn keys_of(hands: &[[Card; 7]], keys: &mut [u64]) -> u64 {
        assert!(keys.len() <= hands.len() && keys.len() <= 64);
        let bytes = hands.as_ptr() as *const u8; // `Card` is one `u8`
        let rank_bytes = [
            table(&RANK_BYTES[0]),
            table(&RANK_BYTES[1]),
            table(&RANK_BYTES[2]),
            table(&RANK_BYTES[3]),
        ];
        let (suits_low, suits_high) = (table(&SUITS_LOW), table(&SUITS_HIGH));
        let spread = table(&SPREAD);
        let words = _mm256_setr_epi32(0, 1, 2, 3, 3, 4, 5, 6);
        let pad = _mm256_set1_epi64x(0x80 << 56);
        let low6 = _mm256_set1_epi8(0x3f);
        let low2 = _mm256_set1_epi8(0x03);
        let zero = _mm256_setzero_si256();
        let suit_base = _mm256_set1_epi64x(SUIT_BASE as i64);
        let flush_bits = _mm256_set1_epi64x(FLUSH_BITS as i64);
        let mut flushes = 0u64;
        let mut i = 0;
        // Four hands at a time while a fifth follows them (the load reads
        // bytes 7i .. 7i+32, and hand i+4 ends at byte 7i+35). Measured
        // faster than two 16-byte loads that stay inside the four hands.
        while i + 4 <= keys.len() && i + 4 < hands.len() {
            let loaded = _mm256_loadu_si256(bytes.add(7 * i) as *const __m256i);
            let ids = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(loaded, words), spread);
            // Ids are below 64, so a 16-bit shift moves no bit of a
            // neighbour into the low 6 bits of a byte.
            let ranks = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16::<2>(ids), low6), pad);
            let suits = _mm256_or_si256(_mm256_and_si256(ids, low2), pad);
            let sum = |t: __m256i, idx: __m256i| _mm256_sad_epu8(_mm256_shuffle_epi8(t, idx), zero);
            let rank_sum = _mm256_add_epi64(
                _mm256_add_epi64(
                    sum(rank_bytes[0], ranks),
                    _mm256_slli_epi64::<8>(sum(rank_bytes[1], ranks)),
                ),
                _mm256_add_epi64(
                    _mm256_slli_epi64::<16>(sum(rank_bytes[2], ranks)),
                    _mm256_slli_epi64::<24>(sum(rank_bytes[3], ranks)),
                ),
            );
            let suit_counts = _mm256_add_epi64(
                sum(suits_low, suits),
                _mm256_slli_epi64::<8>(sum(suits_high, suits)),
            );
            // The shift to the top keeps the rank sum mod 2^HASH_BITS, as
            // the one-hand path's wrapping additions do.
            let key = _mm256_add_epi64(
                _mm256_slli_epi64::<{ HASH_SHIFT as i32 }>(rank_sum),
                _mm256_add_epi64(suit_counts, suit_base),
            );
            _mm256_storeu_si256(keys.as_mut_ptr().add(i) as *mut __m256i, key);
            let plain = _mm256_cmpeq_epi64(_mm256_and_si256(key, flush_bits), zero);
            let plain = _mm256_movemask_pd(_mm256_castsi256_pd(plain)) as u64;
            flushes |= (!plain & 0b1111) << i;
            i += 4;
        }
        // The last 0 to 4 hands, one at a time.
        while i < keys.len() {
            let key = key_of(&hands[i]);
            keys[i] = key;
            flushes |= ((key & FLUSH_BITS != 0) as u64) << i;
            i += 1;
        }
        flushes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::CardSet;
    use crate::equity::rng::Rng;

    /// Random hands, optionally from only `suits` suits so that flushes
    /// are common.
    fn hands(n: usize, seed: u64, suits: u32) -> Vec<[Card; 7]> {
        let mut rng = Rng::new(seed);
        (0..n)
            .map(|_| {
                let mut used = CardSet::EMPTY;
                let mut hand = [Card::new(0, 0); 7];
                for slot in &mut hand {
                    *slot = loop {
                        let card = Card::new(rng.below(13) as u8, rng.below(suits) as u8);
                        if !used.contains(card) {
                            used.insert(card);
                            break card;
                        }
                    };
                }
                hand
            })
            .collect()
    }

    fn check(hands: &[[Card; 7]]) {
        let mut got = vec![HandRank(u16::MAX); hands.len()];
        evaluate_many(hands, &mut got);
        let mut portable = vec![HandRank(u16::MAX); hands.len()];
        evaluate_each(hands, &mut portable);
        for (i, hand) in hands.iter().enumerate() {
            assert_eq!(got[i], evaluate(hand), "hand {i}: {hand:?}");
            assert_eq!(portable[i], got[i], "hand {i}: {hand:?}");
        }
    }

    #[test]
    fn equals_one_at_a_time() {
        // All four suits, two suits (flushes in most hands), and every
        // length around the 4-hand groups and the 64-hand blocks.
        check(&hands(100_000, 1, 4));
        check(&hands(20_000, 2, 2));
        for n in 0..=140 {
            check(&hands(n, 3 + n as u64, 4));
            check(&hands(n, 500 + n as u64, 2));
        }
    }

    #[test]
    #[should_panic(expected = "one rank per hand")]
    fn lengths_must_match() {
        evaluate_many(&hands(3, 1, 4), &mut [HandRank(0); 2]);
    }
}
