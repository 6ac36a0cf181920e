//! One assignment of known hands in evaluator form, and what it makes of
//! one unit's boards (see the parent module for the method).

use super::super::limits::MAX_PLAYERS;
use super::super::showdown::best_and_winners;
use super::super::spec::Spec;
use super::super::tally::Tally;
use super::multisets;
use crate::card::{Card, CardSet};
use crate::eval::{flush_rank, Hand, HandRank};

/// The players' known hands, the board and the dead cards, ready for a
/// unit's boards. Fixed-size (no allocation): range jobs keep one per
/// class of assignments.
#[derive(Clone, Debug)]
pub(crate) struct Hands {
    players: usize,
    holes: [Hand; MAX_PLAYERS],
    board: Hand,
    known: CardSet,
    /// The cards left per rank ([`multisets::room`]).
    room: u64,
    /// By rank and count `m` (1 to 4): the ways the deck can deal `m` of
    /// the rank ([`WAYS`]).
    ways: [[u64; 5]; 13],
    /// The classes of interchangeable suits whose suit can still give some
    /// player a flush: (the suit, class size); the first `flush_len`. A
    /// suit in which no player can reach five cards is absent: its boards
    /// are counted by rank only.
    flush: [(Suit, u64); 4],
    flush_len: usize,
}

impl Hands {
    /// The hands of `spec`.
    ///
    /// # Panics
    /// If a player holds a range (more than one combo).
    pub(crate) fn new(spec: &Spec) -> Hands {
        let players = spec.players().len();
        let mut hole_cards = [[Card::new(0, 0); 2]; MAX_PLAYERS];
        for (h, p) in hole_cards.iter_mut().zip(spec.players()) {
            *h = p.known_cards().expect("known hole cards");
        }
        let hole_cards = &hole_cards[..players];
        let known = spec.known_cards();
        let mut holes = [Hand::default(); MAX_PLAYERS];
        for (hole, h) in holes.iter_mut().zip(hole_cards) {
            *hole = Hand::from_cards(h);
        }
        let mut flush = [(Suit::default(), 0); 4];
        let mut flush_len = 0;
        let (groups, n) = card_groups(spec, hole_cards);
        for (suit, size) in suit_classes(&groups[..n]) {
            let suit = Suit::new(hole_cards, spec.board(), suit);
            if suit.need as usize <= spec.cards_to_come() {
                flush[flush_len] = (suit, size);
                flush_len += 1;
            }
        }
        Hands {
            players,
            holes,
            board: Hand::from_cards(spec.board()),
            known,
            room: multisets::room(known),
            ways: std::array::from_fn(|rank| {
                let free = free_suits(known, rank as u8);
                std::array::from_fn(|m| ways(free, m as u8))
            }),
            flush,
            flush_len,
        }
    }

    pub(crate) fn players(&self) -> usize {
        self.players
    }

    /// Whether the deck can deal the multiset `counts` ([`multisets::fits`]).
    #[inline]
    pub(crate) fn fits(&self, counts: u64) -> bool {
        multisets::fits(self.room, counts)
    }

    /// The boards of a unit (`groups`: its `(rank, count)`s, unused ones
    /// cut off), as this deck deals them.
    #[inline]
    pub(crate) fn boards(&self, groups: &[(u8, u8)]) -> Dealt {
        Dealt::new(groups, |rank, m| {
            self.ways[usize::from(rank)][usize::from(m)]
        })
    }

    /// The suits of `rank` still in the deck (4 bits).
    #[inline]
    pub(crate) fn free(&self, rank: u8) -> u8 {
        free_suits(self.known, rank)
    }

    /// The best hand ignoring flushes and who holds it, the unit's cards
    /// being `unit` (stand-in suits: [`Multisets::hands`]): the same for
    /// every board of the unit, and for every assignment whose players hold
    /// the same ranks.
    ///
    /// [`Multisets::hands`]: super::Multisets::hands
    #[inline]
    pub(crate) fn plain(&self, unit: Hand) -> (HandRank, usize) {
        let board = self.board.combine(unit);
        best_and_winners(
            self.holes[..self.players]
                .iter()
                .map(|hole| hole.combine(board).evaluate_without_flush()),
        )
    }

    /// The unit's boards on which some player makes a flush: recorded in
    /// `t` by their winners, weighted by `scale`; returns how many boards
    /// (unscaled). The rest of the unit's boards go to the `plain` winners.
    #[inline(always)]
    pub(crate) fn flushes(
        &self,
        dealt: &Dealt,
        plain: (HandRank, usize),
        scale: u64,
        t: &mut Tally,
    ) -> u64 {
        let mut flush_boards = 0u64;
        for (suit, class_size) in &self.flush[..self.flush_len] {
            flush_boards += suit.flushes(dealt, plain, *class_size, scale, t);
        }
        flush_boards
    }
}

/// One suit as the players and the board hold it: what a unit's boards
/// with a flush in it need.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Suit {
    index: u8,
    /// The cards of it the board must still bring for anyone's flush: five
    /// less the board's and the most any player holds.
    need: u32,
    /// The board's cards of it so far: how many, and their ranks.
    board_count: u32,
    board_mask: u16,
    /// By the board's cards of it `o` (3, 4, 5): the players holding
    /// `5 - o` or more of it (bit `p`), who can make a flush there.
    reach: [u16; 3],
    /// Bit `o` (3, 4, 5) set where `reach` for `o` board cards of the suit
    /// is a single player.
    alone: u8,
    /// Per player: the hole cards' ranks in it.
    holes: [u16; MAX_PLAYERS],
}

impl Suit {
    /// Suit `index` as `hole_cards` and `board` hold it.
    pub(crate) fn new(hole_cards: &[[Card; 2]], board: &[Card], index: u8) -> Suit {
        let mut holes = [0u16; MAX_PLAYERS];
        for (m, h) in holes.iter_mut().zip(hole_cards) {
            *m = suit_mask(h, index);
        }
        Suit::from_masks(index, &holes[..hole_cards.len()], suit_mask(board, index))
    }

    /// Suit `index` with the players holding the ranks `holes` of it and
    /// the board `board`.
    pub(crate) fn from_masks(index: u8, holes: &[u16], board: u16) -> Suit {
        let mut suit = Suit {
            index,
            board_count: board.count_ones(),
            board_mask: board,
            ..Suit::default()
        };
        let mut most = 0;
        for (p, &h) in holes.iter().enumerate() {
            suit.holes[p] = h;
            let held = h.count_ones() as usize;
            most = most.max(held);
            for (o, players) in suit.reach.iter_mut().enumerate() {
                // `o + 3` board cards of the suit, `held` in the hand.
                if o + 3 + held >= 5 {
                    *players |= 1 << p;
                }
            }
        }
        suit.need = 5u32.saturating_sub(suit.board_count + most as u32);
        for (o, players) in suit.reach.iter().enumerate() {
            if players.count_ones() == 1 {
                suit.alone |= 1 << (o + 3);
            }
        }
        suit
    }

    /// A unit's boards with a flush in this suit, each counted `size`
    /// times: recorded in `t` by their winners, weighted by `scale` more;
    /// returns how many (times `size`, not `scale`).
    #[inline(always)]
    #[allow(clippy::needless_range_loop)] // `k` and `g` count too; iterators measured slower
    pub(crate) fn flushes(
        &self,
        dealt: &Dealt,
        plain: (HandRank, usize),
        size: u64,
        scale: u64,
        t: &mut Tally,
    ) -> u64 {
        let need = self.need;
        // The dealt ranks that can come in the suit (bit `g`).
        let can = dealt.can >> (5 * self.index) & 31;
        let most = pop5(can);
        if most < need {
            return 0;
        }
        let (n, ways, shift) = (dealt.n, &dealt.ways, 8 * u32::from(self.index));
        // Counts `k` of the suit dealt at which one player alone can hold
        // five of it and beats every plain hand with any flush (bit `k`).
        let alone = if plain.0 < HandRank::LOWEST_FLUSH {
            self.alone >> self.board_count
        } else {
            0
        };
        // Their boards by `k`, not one by one: the ways add up to the
        // coefficients of prod_g (none + one x), packed ([`Poly`]).
        let by_count = if alone >> need != 0 {
            ways[..n].iter().fold(Poly::ONE, |p, &w| {
                p.times(w >> shift & 0xf, w >> (shift + 4) & 0xf)
            })
        } else {
            Poly::ONE
        };
        let mut flush_boards = 0;
        for k in need as usize..=most as usize {
            let on_board = self.board_count + k as u32;
            if alone >> k & 1 == 1 {
                // Nobody has a flush in another suit: theirs wins.
                let holder = self.reach[on_board as usize - 3];
                let boards = by_count.coefficient(k) * size;
                t.record(usize::from(holder), boards * scale);
                flush_boards += boards;
                continue;
            }
            // Every subset F of those ranks dealt in the suit, |F| = k.
            let mut subsets = SUBSETS[k][can as usize];
            while subsets != 0 {
                let f = subsets.trailing_zeros();
                subsets &= subsets - 1;
                let mut weight = size;
                let mut suited = self.board_mask;
                for g in 0..n {
                    let in_suit = f >> g & 1;
                    weight *= ways[g] >> (shift + 4 * in_suit) & 0xf;
                    suited |= (in_suit as u16) << dealt.ranks[g];
                }
                if weight > 0 {
                    flush_boards += weight;
                    t.record(self.winners(plain, suited, on_board), weight * scale);
                }
            }
        }
        flush_boards
    }

    /// Winners when the board holds `suited` (13-bit ranks; `on_board` of
    /// them, 3 to 5) in the suit, given the plain hands' best rank and
    /// winners. Only the players holding five of the suit change anything,
    /// each to the better of their flush and their plain hand: a flush
    /// below the plain best changes nothing (that player's plain hand is
    /// already counted), one equal to it joins the winners, one above it
    /// beats them all.
    #[inline]
    fn winners(&self, plain: (HandRank, usize), suited: u16, on_board: u32) -> usize {
        let (mut best, mut winners) = plain;
        let mut holders = self.reach[on_board as usize - 3];
        while holders != 0 {
            let p = holders.trailing_zeros() as usize;
            holders &= holders - 1;
            let r = flush_rank(suited | self.holes[p]);
            if r > best {
                best = r;
                winners = 1 << p;
            } else if r == best {
                winners |= 1 << p;
            }
        }
        winners
    }
}

/// The suits of `rank` that `known` leaves in the deck (4 bits).
#[inline]
fn free_suits(known: CardSet, rank: u8) -> u8 {
    !(known.bits() >> (4 * rank)) as u8 & 0xf
}

/// The ranks of `cards` in suit `suit`, a 13-bit mask.
pub(crate) fn suit_mask(cards: &[Card], suit: u8) -> u16 {
    cards
        .iter()
        .filter(|c| c.suit() == suit)
        .fold(0, |m, c| m | 1 << c.rank())
}

/// Each player's cards, the board and the dead cards, as card sets (the
/// first `n` of the array).
pub(crate) fn card_groups(
    spec: &Spec,
    hole_cards: &[[Card; 2]],
) -> ([CardSet; MAX_PLAYERS + 2], usize) {
    let mut groups = [CardSet::EMPTY; MAX_PLAYERS + 2];
    for (g, h) in groups.iter_mut().zip(hole_cards) {
        *g = h.iter().copied().collect();
    }
    let n = hole_cards.len();
    groups[n] = spec.board().iter().copied().collect();
    groups[n + 1] = spec.dead().iter().copied().collect();
    (groups, n + 2)
}

/// Set bits of a 5-bit mask: a table, because the default x86-64 target
/// has no POPCNT and `count_ones` there is a dozen instructions (wasm and
/// newer targets would not mind; the table costs them nothing).
const POP5: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// `SUBSETS[k][can]`: bit `f` set for every subset `f` of the 5-bit mask
/// `can` with `k` members (0 to 5), so a loop over set bits visits exactly
/// those subsets.
const SUBSETS: [[u32; 32]; 6] = {
    let mut t = [[0u32; 32]; 6];
    let mut k = 0;
    while k < 6 {
        let mut can = 0;
        while can < 32 {
            let mut f = 0;
            while f < 32 {
                if f & !can == 0 && (f as u32).count_ones() == k as u32 {
                    t[k][can] |= 1 << f;
                }
                f += 1;
            }
            can += 1;
        }
        k += 1;
    }
    t
};

#[inline]
fn pop5(mask: u32) -> u32 {
    u32::from(POP5[mask as usize & 31])
}

/// A unit's boards as a deck deals them: per dealt rank (`g`, up to 5) the
/// rank, the ways its cards can come ([`WAYS`]); which ranks can come in
/// each suit; how many boards in all.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dealt {
    n: usize,
    ranks: [u8; 5],
    ways: [u64; 5],
    /// Bit `5 s + g`: rank `g` can come in suit `s`.
    can: u32,
    total: u64,
}

impl Dealt {
    /// The unit `groups` (`(rank, count)`, at most 5), the ways to deal
    /// `m` cards of a rank being `ways(rank, m)` ([`WAYS`]).
    #[inline]
    pub(crate) fn new(groups: &[(u8, u8)], ways: impl Fn(u8, u8) -> u64) -> Dealt {
        let mut dealt = Dealt {
            n: groups.len().min(5),
            ranks: [0; 5],
            ways: [0; 5],
            can: 0,
            total: 1,
        };
        for (g, &(rank, m)) in groups.iter().take(5).enumerate() {
            let w = ways(rank, m);
            dealt.ranks[g] = rank;
            dealt.ways[g] = w;
            dealt.can |= ((w >> 40) as u32 & 0x10_8421) << g;
            dealt.total *= w >> 32 & 0xf;
        }
        dealt
    }

    /// How many boards.
    #[inline]
    pub(crate) fn total(&self) -> u64 {
        self.total
    }
}

/// A polynomial of degree at most 5 with coefficients below 1024 (the
/// boards of a unit by how many cards of one suit they deal: at most
/// `prod C(4, m_r) <= 4^5` boards in all, and never all of them at one
/// count above 0), packed highest degree lowest, so multiplying by `x` is
/// a shift right:
///
/// ```text
/// bits  63..50  49..40  39..30  29..20  19..10  9..0
///       x^0     x^1     x^2     x^3     x^4     x^5
/// ```
#[derive(Clone, Copy)]
struct Poly(u64);

impl Poly {
    const ONE: Poly = Poly(1 << 50);

    /// This times `a + b x` (degree at most 5 after it).
    #[inline]
    fn times(self, a: u64, b: u64) -> Poly {
        Poly(self.0 * a + (self.0 >> 10) * b)
    }

    /// The coefficient of `x^k`, `1 <= k <= 5`.
    #[inline]
    fn coefficient(self, k: usize) -> u64 {
        self.0 >> (10 * (5 - k)) & 0x3ff
    }
}

/// `WAYS[m][free]`: the ways `m` cards of one rank can come from its suits
/// `free` (4 bits) left in the deck, in all and by one suit `s`:
///
/// ```text
/// bit 40 + 5s       1 if one of suit s can come (the field below is not 0)
/// bits 32..36       C(|free|, m)                             in all
/// bits 8s..8s+4     C(|free \ s|, m)                        none of them of suit s
/// bits 8s+4..8s+8   C(|free \ s|, m - 1) if s in free, else 0   one of suit s
/// ```
const WAYS: [[u64; 16]; 5] = {
    /// `C(n, k)`, `n <= 4` (0 when `k > n`).
    const fn choose(n: u32, k: u32) -> u64 {
        if k > n {
            return 0;
        }
        let (mut c, mut i) = (1u64, 0);
        while i < k {
            c = c * (n - i) as u64 / (i + 1) as u64;
            i += 1;
        }
        c
    }
    let mut t = [[0u64; 16]; 5];
    let mut m = 1;
    while m < 5 {
        let mut free = 0;
        while free < 16 {
            let n = (free as u32).count_ones();
            let mut w = choose(n, m) << 32;
            let mut s = 0;
            while s < 4 {
                let in_suit = (free >> s & 1) as u32;
                let none = choose(n - in_suit, m);
                let one = if in_suit == 1 {
                    choose(n - 1, m - 1)
                } else {
                    0
                };
                w |= (none | one << 4) << (8 * s) | ((one != 0) as u64) << (40 + 5 * s);
                s += 1;
            }
            t[m as usize][free] = w;
            free += 1;
        }
        m += 1;
    }
    t
};

/// [`WAYS`] for `m` (1 to 4) cards of a rank with suits `free` in the deck.
#[inline]
pub(crate) fn ways(free: u8, m: u8) -> u64 {
    WAYS[usize::from(m.min(4))][usize::from(free & 0xf)]
}

/// Swaps suits `a` and `b` in a card set (bit `rank * 4 + suit`).
fn swap_suits(set: CardSet, a: u8, b: u8) -> CardSet {
    /// Suit 0's bit of every rank.
    const SUIT0: u64 = 0x1_1111_1111_1111;
    let m = set.bits();
    let (sa, sb) = (SUIT0 << a, SUIT0 << b);
    let swapped = (m & !(sa | sb)) | ((m >> a) & SUIT0) << b | ((m >> b) & SUIT0) << a;
    CardSet::from_bits(swapped).expect("the same 52 bits")
}

/// Classes of suits that every group of cards is symmetric in: suits `a`
/// and `b` belong together when swapping them maps every group to itself
/// (if `(a b)` and `(b c)` do, so does `(a c)`: it is an equivalence).
pub(crate) fn suit_classes(groups: &[CardSet]) -> impl Iterator<Item = (u8, u64)> {
    let mut class_of = [0u8, 1, 2, 3];
    for a in 0..4u8 {
        for b in a + 1..4u8 {
            if class_of[b as usize] == b && groups.iter().all(|&g| swap_suits(g, a, b) == g) {
                class_of[b as usize] = class_of[a as usize];
            }
        }
    }
    (0..4u8)
        .filter(move |&s| class_of[s as usize] == s)
        .map(move |s| (s, class_of.iter().filter(|&&c| c == s).count() as u64))
}

#[cfg(test)]
mod tests;
