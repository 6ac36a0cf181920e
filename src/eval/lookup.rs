//! The evaluator proper: card keys, [`Hand`], [`evaluate`] and the one
//! rank table they index (see the parent's docs for the design). Apart from
//! the parent so that `batch.rs` can use its keys and lookups without
//! importing the module that re-exports it.
use super::rank::HandRank;
use super::rows::{row_offset, ROWS};
use super::tables::{self, HASH_BITS, OFFSET_SHIFT, RANK_KEYS};
use crate::card::Card;

// Natively the committed tables are used as they are; the WebAssembly build
// fills the two big ones at start-up (`runtime.rs`).
#[cfg(target_arch = "wasm32")]
use super::runtime::{OFFSETS, RANKS};

/// Where `FLUSH` starts in [`RANKS`].
const FLUSH_START: usize = tables::LOOKUP_LEN;
/// Length of [`RANKS`].
const RANKS_LEN: usize = tables::LOOKUP_LEN + tables::FLUSH_LEN;

/// `LOOKUP` then `FLUSH`, as one table: both branches of
/// [`Hand::evaluate`] end in an index into it, so they share one load
/// (`movzx` with a scaled index) where two tables made each branch form a
/// pointer first (callgrind, nested loops over every 7-card hand: 19.2 ->
/// 17.2 instructions a hand; `pokers` 17.3, holdem-hand-evaluator 20.1).
///
/// ```text
///  RANKS: [u16; 90,617]
///  +----------------------------------+-----------------------+
///  | LOOKUP (82,425): non-flush ranks | FLUSH (8,192): 13-bit |
///  | by perfect hash of the rank sum  | suit rank mask        |
///  +----------------------------------+-----------------------+
///  0                      FLUSH_START = 82,425          90,617
/// ```
#[cfg(not(target_arch = "wasm32"))]
static RANKS: [u16; RANKS_LEN] = {
    let mut all = [0u16; RANKS_LEN];
    let mut i = 0;
    while i < FLUSH_START {
        all[i] = tables::LOOKUP[i];
        i += 1;
    }
    while i < RANKS_LEN {
        all[i] = tables::FLUSH[i - FLUSH_START];
        i += 1;
    }
    all
};

/// Makes the evaluator ready to use. Natively there is nothing to do; the
/// WebAssembly build fills its `LOOKUP` and `FLUSH` tables here (a few
/// milliseconds, once; later calls return at once). Every way to evaluate
/// calls it first (`Hand::new`, [`evaluate`], [`flush_rank`]); the wasm
/// module's start function calls it too, to do the work at load time.
#[inline(always)]
pub fn prepare() {
    #[cfg(target_arch = "wasm32")]
    super::runtime::fill();
}

/// Where the rank-key sum starts in `Hand::key`.
pub(super) const HASH_SHIFT: u32 = 64 - HASH_BITS;
/// Where the displacement row starts in `Hand::key`.
const ROW_SHIFT: u32 = HASH_SHIFT + OFFSET_SHIFT;
pub(super) const SUIT_BASE: u64 = 0x3333;
pub(super) const FLUSH_BITS: u64 = 0x8888;

// The row is the top bits of the key: it always indexes OFFSETS.
const _: () = assert!(ROWS == 1 << (64 - ROW_SHIFT));

/// Every row's displacement ([`row_offset`]), unpacked once: natively at
/// compile time; the WebAssembly build at start-up (`runtime.rs`), so its
/// file carries the 17-bit packing (17 KB), not this (32 KB).
#[cfg(not(target_arch = "wasm32"))]
static OFFSETS: [u32; ROWS] = {
    let mut all = [0u32; ROWS];
    let mut row = 0;
    while row < ROWS {
        all[row] = row_offset(row);
        row += 1;
    }
    all
};

/// Per-card key: its rank key in the top bits plus one in its suit's nibble.
/// (Padded to 256 entries so that indexing by a `u8` id needs no bounds check.)
static CARD_KEYS: [u64; 256] = {
    let mut keys = [0u64; 256];
    let mut id = 0;
    while id < 52 {
        keys[id] = ((RANK_KEYS[id / 4] as u64) << HASH_SHIFT) + (1u64 << (4 * (id % 4)));
        id += 1;
    }
    keys
};

/// Per-card bit in the suit-major mask (padded like `CARD_KEYS`).
static CARD_MASKS: [u64; 256] = {
    let mut masks = [0u64; 256];
    let mut id = 0;
    while id < 52 {
        masks[id] = 1u64 << (16 * (id % 4) + id / 4);
        id += 1;
    }
    masks
};

/// The 1,326 two-card hands in lexicographic order of (low id, high id):
/// those whose low card is `a` or above are the tail starting at
/// `PAIR_START[a]`, so "every pair after this card" is one flat loop.
const PAIRS: usize = 1326;
static PAIR_KEYS: [u64; PAIRS] = pair_sums(&CARD_KEYS);
/// The suit-major masks of the same pairs (the cards' bits are disjoint, so
/// their sum is their union).
static PAIR_MASKS: [u64; PAIRS] = pair_sums(&CARD_MASKS);

/// `per_card[a] + per_card[b]` for every pair `a < b`, in `PAIR_KEYS` order.
const fn pair_sums(per_card: &[u64; 256]) -> [u64; PAIRS] {
    let mut sums = [0u64; PAIRS];
    let (mut a, mut i) = (0, 0);
    while a < 52 {
        let mut b = a + 1;
        while b < 52 {
            sums[i] = per_card[a].wrapping_add(per_card[b]);
            i += 1;
            b += 1;
        }
        a += 1;
    }
    sums
}
/// Index in `PAIR_KEYS` of the first pair whose low card id is `a` (53 entries).
static PAIR_START: [u16; 53] = {
    let mut start = [0u16; 53];
    let mut a = 0;
    while a < 52 {
        start[a + 1] = start[a] + (51 - a) as u16;
        a += 1;
    }
    start
};

/// A set of up to 7 cards in evaluator form (see the module diagram).
/// `Copy` and 16 bytes: enumerations keep one per loop level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Hand {
    key: u64,
    mask: u64,
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::new()
    }
}

impl Hand {
    /// The empty hand. (Every `Hand` starts here, which is why this makes
    /// the evaluator ready: see [`prepare`].)
    #[inline]
    pub fn new() -> Hand {
        prepare();
        Hand {
            key: SUIT_BASE,
            mask: 0,
        }
    }

    /// This hand plus `card` (which must not already be in it). Also `hand + card`.
    #[inline]
    #[allow(clippy::should_implement_trait)] // it is implemented too, below
    pub fn add(self, card: Card) -> Hand {
        let id = card.id() as usize;
        Hand {
            key: self.key.wrapping_add(CARD_KEYS[id]),
            mask: self.mask | CARD_MASKS[id],
        }
    }

    /// The union of two disjoint hands (e.g. hole cards + board).
    #[inline]
    pub fn combine(self, other: Hand) -> Hand {
        Hand {
            key: self.key.wrapping_add(other.key).wrapping_sub(SUIT_BASE),
            mask: self.mask | other.mask,
        }
    }

    /// The hand of these (distinct) cards.
    pub fn from_cards(cards: &[Card]) -> Hand {
        cards.iter().fold(Hand::new(), |h, &c| h.add(c))
    }

    /// Calls `f` with the rank of this hand (of 3 to 5 cards) plus each two
    /// cards of ids `first <= a < b`, in id order: the two innermost loops of an
    /// enumeration as one flat loop over `PAIR_KEYS` (~50 hands per loop
    /// instead of ~7, so far fewer loop exits to mispredict).
    #[inline]
    pub fn for_each_plus_two(self, first: u8, mut f: impl FnMut(HandRank)) {
        let start = PAIR_START[(first as usize).min(52)] as usize;
        // No suit holds three cards yet: two more cannot make a flush.
        if !self.may_flush_with_two_more() {
            for &pair_key in &PAIR_KEYS[start..] {
                f(rank_of_key(self.key.wrapping_add(pair_key)));
            }
            return;
        }
        let pairs = PAIR_KEYS[start..].iter().zip(&PAIR_MASKS[start..]);
        let four = (self.key + 0x1111) & FLUSH_BITS;
        if four != 0 {
            // A suit holds four or five cards: about a third of these hands
            // or more are flushes, too many to branch on without
            // mispredicting. Take the better of both lookups instead: within
            // seven cards a flush beats anything the same cards make without
            // it, and `FLUSH` is 0 for fewer than five of the suit.
            let shift = flush_shift(four);
            for (&pair_key, &pair_mask) in pairs {
                let plain = rank_of_key(self.key.wrapping_add(pair_key));
                let suited = flush_of((self.mask | pair_mask) >> shift);
                f(plain.max(suited));
            }
            return;
        }
        // Three of a suit: a flush only when both cards are of it (rare).
        for (&pair_key, &pair_mask) in pairs {
            let hand = Hand {
                key: self.key.wrapping_add(pair_key),
                mask: self.mask | pair_mask,
            };
            f(hand.evaluate());
        }
    }

    /// Whether two more cards could give this hand a flush: some suit
    /// already holds three of its cards. When not, [`Hand::evaluate_without_flush`]
    /// is exact for this hand plus any two cards.
    #[inline]
    pub fn may_flush_with_two_more(self) -> bool {
        (self.key + 0x2222) & FLUSH_BITS != 0
    }

    /// Number of cards.
    #[inline]
    pub const fn len(self) -> u32 {
        self.mask.count_ones()
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.mask == 0
    }

    /// The rank of the best five cards. The hand must hold 5, 6 or 7 cards
    /// (checked in debug builds); other sizes give a meaningless rank.
    #[inline]
    pub fn evaluate(self) -> HandRank {
        debug_assert!((5..=7).contains(&self.len()), "{} cards", self.len());
        let index = if self.key & FLUSH_BITS == 0 {
            slot_of_key(self.key)
        } else {
            flush_index(self.mask >> flush_shift(self.key))
        };
        rank_at(index)
    }
}

impl std::ops::Add<Card> for Hand {
    type Output = Hand;
    #[inline]
    fn add(self, card: Card) -> Hand {
        Hand::add(self, card)
    }
}

impl Hand {
    /// The rank of the best five cards ignoring flushes: exact when the
    /// caller knows no suit can hold five of the cards. The cards' suits
    /// need not even be real then (equity enumeration deals stand-ins).
    #[inline]
    pub fn evaluate_without_flush(self) -> HandRank {
        rank_of_key(self.key)
    }
}

/// The best flush or straight flush in a 13-bit rank mask of one suit
/// holding at least five cards (any other mask gives `HandRank(0)`).
#[inline]
pub fn flush_rank(ranks: u16) -> HandRank {
    prepare();
    flush_of(u64::from(ranks))
}

// The generator pads `LOOKUP` so that every slot of every row is inside it,
// not only the slots of real hands: for each row, `row_start + offset`
// (its first slot) plus the row width fits. Checked here, at compile time,
// for the committed tables (the WebAssembly build's tables have the same
// length); it is what lets `rank_of_key` skip the bounds check for any key.
const _: () = {
    let mut row = 0;
    while row < ROWS {
        let first_slot = ((row as u32) << OFFSET_SHIFT).wrapping_add(row_offset(row)) as usize;
        assert!(first_slot + (1 << OFFSET_SHIFT) <= tables::LOOKUP_LEN);
        row += 1;
    }
};

/// Non-flush rank from the key: the perfect-hash lookup.
#[inline(always)]
pub(super) fn rank_of_key(key: u64) -> HandRank {
    rank_at(slot_of_key(key))
}

/// Where a non-flush key's rank is in [`RANKS`]: `hash < 2^HASH_BITS` and
/// its row is `hash >> OFFSET_SHIFT`, so the slot is the row's first slot
/// plus less than the row width, which the compile-time check above proves
/// is inside `LOOKUP`.
#[inline(always)]
fn slot_of_key(key: u64) -> usize {
    let hash = (key >> HASH_SHIFT) as u32;
    hash.wrapping_add(OFFSETS[(key >> ROW_SHIFT) as usize]) as usize
}

/// The rank at an index into [`RANKS`] made by `slot_of_key` or
/// `flush_index` (the only two ways to make one).
#[inline(always)]
pub(super) fn rank_at(index: usize) -> HandRank {
    let ranks: &[u16; RANKS_LEN] = &RANKS;
    debug_assert!(index < RANKS_LEN);
    // SAFETY: every index comes from `slot_of_key` (inside `LOOKUP`, the
    // start of `RANKS`: see its comment) or `flush_index` (`FLUSH_START`
    // plus 13 bits, inside `FLUSH`, the rest).
    HandRank(unsafe { *ranks.get_unchecked(index) })
}

/// The flush rank of a suit's 13 rank bits (the low bits of `ranks`; 0
/// for fewer than five of them): `FLUSH` in [`RANKS`].
#[inline(always)]
fn flush_of(ranks: u64) -> HandRank {
    rank_at(flush_index(ranks))
}

/// The index in [`RANKS`] of the flush rank of a suit's 13 rank bits (the
/// low bits of `ranks`).
#[inline(always)]
fn flush_index(ranks: u64) -> usize {
    FLUSH_START + (ranks as usize & 0x1fff)
}

/// Given a key with a flush flag set (or its flag bits alone), where that
/// suit's ranks start in the mask: flag bit `3 + 4s` → `16s`. Read from
/// the key itself, so the test before it can be a plain `test` instead of
/// keeping `key & FLUSH_BITS` in a register (one instruction a hand less in
/// `Hand::evaluate`'s loop; callgrind: 19.4 -> 18.5 a hand on the nested
/// loops over every 7-card hand).
#[inline(always)]
fn flush_shift(key: u64) -> u32 {
    ((key as u32 >> 3) & 0x1111).trailing_zeros() * 4
}

/// The rank of the best five of 5, 6 or 7 distinct cards, from scratch.
///
/// Sums only the cards' keys; the suit mask is built only when there is a
/// flush (about 3% of 7-card hands).
#[inline]
pub fn evaluate(cards: &[Card]) -> HandRank {
    debug_assert!((5..=7).contains(&cards.len()), "{} cards", cards.len());
    prepare();
    let key = key_of(cards);
    rank_at(if key & FLUSH_BITS == 0 {
        slot_of_key(key)
    } else {
        flush_index_of(cards, key)
    })
}

/// The index in [`RANKS`] of these cards' flush rank, given their key (with
/// a flush bit set): the suit mask is only built here, for the ~3% of hands
/// that need it.
#[inline]
pub(super) fn flush_index_of(cards: &[Card], key: u64) -> usize {
    let mask = cards.iter().fold(0, |m, c| m | CARD_MASKS[c.id() as usize]);
    flush_index(mask >> flush_shift(key))
}

/// The evaluator key of these cards (see the module diagram).
#[inline(always)]
pub(super) fn key_of(cards: &[Card]) -> u64 {
    cards
        .iter()
        .fold(SUIT_BASE, |k, c| k.wrapping_add(CARD_KEYS[c.id() as usize]))
}
