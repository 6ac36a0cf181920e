//! Flush corrections for [`ByBoard`]. The groups count every board of a
//! unit as if no one could make a flush; here the boards with three or
//! more cards of a suit get their real winners.
//!
//! For one suit `s`, assignments are grouped finer: the same ranks and, per
//! player, the same cards of `s` (all else, the other suits, only decides
//! which boards a member leaves, and those are counted). Within a unit (the
//! ranks to come), the boards with `s` on three or more cards fall into
//! classes by which of the dealt cards are of `s` (`F`), as in [`Exact`]:
//! the board's cards of `s` are then known, so each player's hand is too (a
//! player holding enough of `s` for five has the flush, which beats
//! anything the same seven cards make without it: five cards of distinct
//! ranks leave no full house), and a member leaves
//!
//! - per dealt rank in `F`: 1 board card if its card of `s` is in the deck
//!   and held by no one, else 0;
//! - per other dealt rank: the deck's cards of that rank not of `s` and not
//!   held (two of them for a pair: `C(n, 2)`);
//!
//! multiplied: the same for every member. The group's weight times that
//! moves from its rank-only winners to its real ones. Finer groups where no
//! one can reach five of `s` on any board are never made.
//!
//! [`ByBoard`]: super::ByBoard
//! [`Exact`]: crate::equity::Exact

use super::parts::{count_of, winners, Scratch};
use crate::equity::showdown::winners_of;
use crate::eval::{flush_rank, HandRank};

/// A player's combo as a finer group sees it: its shape and its cards of
/// the suit (13-bit rank mask, and how many).
#[derive(Clone, Copy, Debug)]
pub struct Member {
    shape: u16,
    suited: u16,
    count: u8,
}

impl Member {
    pub fn new(shape: u16, suited: u16) -> Member {
        Member {
            shape,
            suited,
            count: suited.count_ones() as u8,
        }
    }
}

/// The finer groups of one suit.
#[derive(Clone, Debug)]
pub struct FlushGroups {
    suit: u8,
    /// Ranks of the suit's cards in the deck (13-bit mask).
    in_deck: u16,
    /// Per group: its players' members (flat, one per player), the deck's
    /// cards per rank left once a member's cards are out, the suit's cards
    /// left (13-bit mask), and the members' summed weight products.
    members: Vec<Member>,
    free: Vec<u64>,
    free_suited: Vec<u16>,
    weights: Vec<u64>,
    /// Groups are ordered by the most cards of the suit a member holds,
    /// most first: `upto[n]` of them have a member holding `2 - n` or more
    /// (a class where a flush needs two of the suit looks at those only).
    upto: [usize; 3],
}

impl FlushGroups {
    pub fn new(suit: u8, in_deck: u16) -> FlushGroups {
        FlushGroups {
            suit,
            in_deck,
            members: Vec::new(),
            free: Vec::new(),
            free_suited: Vec::new(),
            weights: Vec::new(),
            upto: [0; 3],
        }
    }

    pub fn suit(&self) -> u8 {
        self.suit
    }

    pub fn len(&self) -> usize {
        self.weights.len()
    }

    /// A new group of weight 0: its members, the cards per rank its members
    /// leave in the deck, and the ranks of the suit they hold.
    pub fn push(&mut self, members: impl Iterator<Item = Member>, free: u64, held: u16) {
        self.members.extend(members);
        self.free.push(free);
        self.free_suited.push(self.in_deck & !held);
        self.weights.push(0);
    }

    /// Orders the groups by the most cards of the suit a member holds, most
    /// first (see `upto`); `players` members a group.
    pub fn order(&mut self, players: usize) {
        let most: Vec<u8> = self
            .members
            .chunks_exact(players)
            .map(|m| m.iter().map(|m| m.count).max().unwrap_or(0).min(2))
            .collect();
        let order: Vec<usize> = (0..=2u8)
            .rev()
            .flat_map(|n| {
                let most = &most;
                (0..most.len()).filter(move |&g| most[g] == n)
            })
            .collect();
        for n in 0..3 {
            self.upto[n] = most.iter().filter(|&&m| m >= 2 - n as u8).count();
        }
        self.members = order
            .iter()
            .flat_map(|&g| self.members[g * players..(g + 1) * players].iter().copied())
            .collect();
        self.free = order.iter().map(|&g| self.free[g]).collect();
        self.free_suited = order.iter().map(|&g| self.free_suited[g]).collect();
        self.weights = order.iter().map(|&g| self.weights[g]).collect();
    }

    /// Adds a member's weight to group `g` (`None` on overflow).
    pub fn add(&mut self, g: usize, weight: u64) -> Option<()> {
        self.weights[g] = self.weights[g].checked_add(weight)?;
        Some(())
    }

    /// Corrects `s.counts` for the boards of the unit `ranks` (the ranks to
    /// come) with this suit on three or more cards. `s.plain` holds the
    /// shapes' rank-only ranks on these ranks. `board_counts` and
    /// `board_masks`: per suit, the board's cards of it and their ranks.
    pub fn correct(
        &self,
        players: usize,
        board_counts: &[u8; 4],
        board_masks: &[u16; 4],
        ranks: &[u8],
        s: &mut Scratch,
    ) {
        if self.weights.is_empty() {
            return;
        }
        let suit = usize::from(self.suit);
        // The dealt ranks that can be of the suit: a pair has one card at
        // most of it.
        let slots = match *ranks {
            [hi, lo] if hi == lo => &ranks[..1],
            _ => ranks,
        };
        for f in 0..1u8 << slots.len() {
            let dealt: u16 = slots
                .iter()
                .enumerate()
                .filter(|&(i, _)| f >> i & 1 == 1)
                .fold(0, |m, (_, &r)| m | 1 << r);
            let on_board = board_counts[suit] + f.count_ones() as u8;
            if on_board < 3 || dealt & !self.in_deck != 0 {
                continue;
            }
            let class = Class {
                ranks,
                f,
                suited: board_masks[suit] | dealt,
                need: 5u8.saturating_sub(on_board),
            };
            // Only the groups where someone holds enough of the suit.
            let groups = self.upto[2 - usize::from(class.need.min(2))];
            match players {
                2 => self.settle::<2>(&class, groups, s),
                3 => self.settle::<3>(&class, groups, s),
                4 => self.settle::<4>(&class, groups, s),
                _ => self.settle_any(players, &class, groups, s),
            }
        }
    }

    /// Moves the weight of each of the first `groups` groups on the boards
    /// of `class` from its rank-only winners to its real ones, `N` players.
    #[inline(always)]
    fn settle<const N: usize>(&self, class: &Class, groups: usize, s: &mut Scratch) {
        let groups = self.members[..groups * N]
            .chunks_exact(N)
            .zip(&self.free)
            .zip(&self.free_suited)
            .zip(&self.weights);
        for (((members, &free), &free_suited), &weight) in groups {
            let boards = class.boards(free, free_suited);
            if boards == 0 {
                continue;
            }
            let plain: [HandRank; N] = std::array::from_fn(|p| s.plain[members[p].shape as usize]);
            let real: [HandRank; N] = std::array::from_fn(|p| class.rank(&members[p], plain[p]));
            let (from, to) = (winners(&plain), winners(&real));
            if from != to {
                let n = weight * boards;
                s.counts[to] = s.counts[to].wrapping_add(n);
                s.counts[from] = s.counts[from].wrapping_sub(n);
            }
        }
    }

    /// [`FlushGroups::settle`] for any number of players.
    fn settle_any(&self, players: usize, class: &Class, groups: usize, s: &mut Scratch) {
        let groups = self.members[..groups * players]
            .chunks_exact(players)
            .zip(&self.free)
            .zip(&self.free_suited)
            .zip(&self.weights);
        for (((members, &free), &free_suited), &weight) in groups {
            let boards = class.boards(free, free_suited);
            if boards == 0 {
                continue;
            }
            let plain = |m: &Member| s.plain[m.shape as usize];
            let from = winners_of(members.iter().map(plain));
            let to = winners_of(members.iter().map(|m| class.rank(m, plain(m))));
            if from != to {
                let n = weight * boards;
                s.counts[to] = s.counts[to].wrapping_add(n);
                s.counts[from] = s.counts[from].wrapping_sub(n);
            }
        }
    }
}

/// One class of a unit's boards: the suit on `suited` board ranks (three
/// or more), the dealt slots of the suit being the bits of `f`.
struct Class<'a> {
    ranks: &'a [u8],
    f: u8,
    suited: u16,
    /// Cards of the suit a player needs for a flush.
    need: u8,
}

impl Class<'_> {
    /// A member's real rank, given its rank-only one.
    #[inline(always)]
    fn rank(&self, m: &Member, plain: HandRank) -> HandRank {
        if m.count >= self.need {
            flush_rank(self.suited | m.suited)
        } else {
            plain
        }
    }

    /// Boards of this class a member leaves, given the deck's cards per
    /// rank it leaves (`free`) and the suit's cards it leaves (`suited`).
    #[inline(always)]
    fn boards(&self, free: u64, suited: u16) -> u64 {
        let of_suit = |r: u8| u64::from(suited >> r & 1);
        let others = |r: u8| count_of(free, r) - of_suit(r);
        let slot = |i: usize, r: u8| {
            if self.f >> i & 1 == 1 {
                of_suit(r)
            } else {
                others(r)
            }
        };
        match *self.ranks {
            [r] => slot(0, r),
            [hi, lo] if hi == lo => {
                if self.f & 1 == 1 {
                    of_suit(hi) * others(hi)
                } else {
                    let n = others(hi);
                    n * n.saturating_sub(1) / 2
                }
            }
            [hi, lo] => slot(0, hi) * slot(1, lo),
            _ => 0,
        }
    }
}
