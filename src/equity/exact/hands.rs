//! One assignment of known hands in evaluator form, and what it makes of
//! one unit's boards (see the parent module for the method).

use super::super::{best_and_winners, Spec, Tally, MAX_PLAYERS};
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
    /// cut off): the suits of each dealt rank still in the deck (4-bit
    /// masks), and how many boards.
    #[inline]
    pub(crate) fn boards(&self, groups: &[(u8, u8)]) -> ([u8; 5], u64) {
        let mut free = [0u8; 5];
        for (f, &(rank, _)) in free.iter_mut().zip(groups) {
            *f = !(self.known.bits() >> (4 * rank)) as u8 & 0xf;
        }
        let total = groups
            .iter()
            .zip(&free)
            .map(|(&(_, m), &f)| choose(pop5(u32::from(f)), m as u32))
            .product();
        (free, total)
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
    #[inline]
    pub(crate) fn flushes(
        &self,
        groups: &[(u8, u8)],
        free: &[u8; 5],
        plain: (HandRank, usize),
        scale: u64,
        t: &mut Tally,
    ) -> u64 {
        let mut flush_boards = 0u64;
        for (suit, class_size) in &self.flush[..self.flush_len] {
            flush_boards += suit.flushes(groups, free, plain, *class_size, scale, t);
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

    /// A unit's boards with a flush in this suit (`groups`: the unit's
    /// ranks; `free`: the suits of each still in the deck), each counted
    /// `size` times: recorded in `t` by their winners, weighted by `scale`
    /// more; returns how many (times `size`, not `scale`).
    #[inline]
    pub(crate) fn flushes(
        &self,
        groups: &[(u8, u8)],
        free: &[u8; 5],
        plain: (HandRank, usize),
        size: u64,
        scale: u64,
        t: &mut Tally,
    ) -> u64 {
        let (need, suit) = (self.need, self.index);
        // Dealt ranks that can come in this suit.
        let can: u32 = (0..groups.len())
            .filter(|&g| free[g] >> suit & 1 == 1)
            .fold(0, |m, g| m | 1 << g);
        if pop5(can) < need {
            return 0;
        }
        // Per dealt rank `g`: its boards' ways with none of it in the suit
        // (`ways[g][0]`) and with one (`ways[g][1]`, 0 if the suit's card
        // of it is out), and its bit in the suit's rank mask.
        let mut ways = [[0u64; 2]; 5];
        let mut bits = [0u16; 5];
        for (g, &(rank, m)) in groups.iter().enumerate() {
            let others = pop5(u32::from(free[g] & !(1 << suit)));
            let in_suit = u32::from(free[g] >> suit & 1);
            ways[g] = [
                choose(others, m.into()),
                u64::from(in_suit) * choose(others, u32::from(m) - 1),
            ];
            bits[g] = 1 << rank;
        }
        let n = groups.len();
        // Counts `k` of the suit dealt at which one player alone can hold
        // five of it and beats every plain hand with any flush (bit `k`).
        let alone = if plain.0 < HandRank::LOWEST_FLUSH {
            self.alone >> self.board_count
        } else {
            0
        };
        let mut by_count = [0u64; 6];
        if alone >> need != 0 {
            // Their boards by `k`, not one by one: the ways add up to the
            // coefficients of prod_g (ways[g][0] + ways[g][1] x).
            by_count[0] = size;
            for (g, w) in ways[..n].iter().enumerate() {
                for k in (1..=g + 1).rev() {
                    by_count[k] = by_count[k] * w[0] + by_count[k - 1] * w[1];
                }
                by_count[0] *= w[0];
            }
        }
        let mut flush_boards = 0;
        for k in need as usize..=n {
            let on_board = self.board_count + k as u32;
            if alone >> k & 1 == 1 {
                // Nobody has a flush in another suit: theirs wins.
                let holder = self.reach[on_board as usize - 3];
                t.record(usize::from(holder), by_count[k] * scale);
                flush_boards += by_count[k];
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
                    let in_suit = (f >> g & 1) as usize;
                    weight *= ways[g][in_suit];
                    suited |= bits[g] & (in_suit as u16).wrapping_neg();
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

/// `C(n, k)` for `n <= 4` (0 when `k > n`).
fn choose(n: u32, k: u32) -> u64 {
    const T: [[u64; 5]; 5] = [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 2, 1, 0, 0],
        [1, 3, 3, 1, 0],
        [1, 4, 6, 4, 1],
    ];
    if k > 4 {
        0
    } else {
        T[n as usize][k as usize]
    }
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
mod tests {
    use super::SUBSETS;

    /// `SUBSETS[k][can]` holds exactly the k-member subsets of `can`.
    #[test]
    fn subsets_by_size() {
        for can in 0..32u32 {
            let mut seen = 0u32;
            for (k, row) in SUBSETS.iter().enumerate() {
                let set = row[can as usize];
                for f in 0..32u32 {
                    let want = f & !can == 0 && f.count_ones() as usize == k;
                    assert_eq!(set >> f & 1 == 1, want, "k {k}, can {can:05b}, f {f:05b}");
                }
                assert_eq!(seen & set, 0);
                seen |= set;
            }
            assert_eq!(seen.count_ones(), 1 << can.count_ones());
        }
    }
}
