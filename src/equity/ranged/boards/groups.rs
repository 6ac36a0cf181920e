//! The groups of a [`ByBoard`] job, found in one depth-first pass over the
//! assignments of combos (player 0's combo slowest, as the parent module's
//! units): a combo that shares a card with those before it cuts off every
//! assignment that would follow it.
//!
//! A group is named by its players' shapes (their pairs of hole ranks) in
//! mixed radix: each player's shapes get local numbers, so the names are
//! dense when the players hold few shapes, and a table maps them to group
//! indices (a hash map when the table would be large). The finer groups of
//! a flush suit are named the same way by (shape, cards of the suit).
//!
//! [`ByBoard`]: super::ByBoard

use super::flushes::{FlushGroups, Member};
use super::parts::{per_rank, suit_ranks, Hole};
use crate::equity::checked::checked_mul;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Names beyond which a group index is a hash map rather than a table
/// (of 4 bytes a name).
const MAX_TABLE: usize = 1 << 18;

/// Most groups, of all kinds together, a job keeps (each is 20 to 80
/// bytes); beyond, the job is run another way.
pub const MAX_GROUPS: usize = 1 << 19;

/// The groups of assignments holding the same ranks.
#[derive(Clone, Debug, Default)]
pub struct Groups {
    /// Per group, its players' shapes (flat, one per player).
    pub shapes: Vec<u16>,
    /// Per group, the deck's cards per rank left once a member's cards are
    /// out (4 bits a rank, as [`super::per_rank`]).
    pub free: Vec<u64>,
    /// Per group, its members' summed weight products.
    pub weights: Vec<u64>,
}

/// What the pass needs to know.
pub struct Build<'a> {
    /// Every player's combos, player after player, and their weights, per player.
    pub holes: &'a [Hole],
    pub weights: &'a [Vec<u64>],
    /// Cards of the known hands (in every assignment, not in the deck).
    pub always: u64,
    /// The cards that can come.
    pub deck: u64,
    /// The suits some combo can make a flush in.
    pub flush_suits: &'a [u8],
    /// Whether a combo can make a flush in a suit on some board of the job.
    pub capable: &'a dyn Fn(&Hole, u8) -> bool,
}

/// Group indices by name.
enum Index {
    Table(Vec<u32>),
    Map(HashMap<usize, u32, BuildHasherDefault<NameHasher>>),
}

/// A multiplicative hash for names (numbers already well spread in their
/// low bits; the default hasher costs several times more, and nothing
/// here needs its protection).
#[derive(Default)]
struct NameHasher(u64);

impl Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Index {
    fn new(names: usize) -> Index {
        if names <= MAX_TABLE {
            Index::Table(vec![u32::MAX; names])
        } else {
            Index::Map(HashMap::default())
        }
    }

    /// The index of group `name`, and whether it is new (then `next`).
    #[inline(always)]
    fn find(&mut self, name: usize, next: usize) -> (usize, bool) {
        let slot = match self {
            Index::Table(t) => &mut t[name],
            Index::Map(m) => m.entry(name).or_insert(u32::MAX),
        };
        if *slot == u32::MAX {
            *slot = next as u32;
            (next, true)
        } else {
            (*slot as usize, false)
        }
    }
}

/// Local numbers of each player's combos under `key` (per player: the
/// number of distinct keys, and per combo its key's number).
fn local_numbers(b: &Build, key: impl Fn(&Hole) -> u32) -> (Vec<usize>, Vec<usize>) {
    let mut radix = Vec::with_capacity(b.weights.len());
    let mut local = Vec::with_capacity(b.holes.len());
    let mut start = 0;
    for w in b.weights {
        let mut seen: HashMap<u32, usize, BuildHasherDefault<NameHasher>> = HashMap::default();
        for h in &b.holes[start..start + w.len()] {
            let n = seen.len();
            local.push(*seen.entry(key(h)).or_insert(n));
        }
        radix.push(seen.len());
        start += w.len();
    }
    (radix, local)
}

/// The groups, and per flush suit the finer groups that hold a combo able
/// to make that flush, or `None` if a weight product overflows or there
/// are more than [`MAX_GROUPS`].
pub fn build(b: &Build) -> Option<(Groups, Vec<FlushGroups>)> {
    let players = b.weights.len();
    let starts: Vec<usize> = b
        .weights
        .iter()
        .scan(0, |at, w| {
            let start = *at;
            *at += w.len();
            Some(start)
        })
        .collect();
    let deck_per_rank = per_rank(b.deck);
    // Naming: per kind (0: groups, 1..: each flush suit's finer groups).
    let mut names = vec![local_numbers(b, |h| u32::from(h.shape))];
    for &suit in b.flush_suits {
        names.push(local_numbers(b, |h| {
            u32::from(h.shape) << 16 | u32::from(h.suit_masks[suit as usize])
        }));
    }
    let index: Vec<Index> = names
        .iter()
        .map(|(radix, _)| Index::new(radix.iter().product()))
        .collect();
    let flushes: Vec<FlushGroups> = b
        .flush_suits
        .iter()
        .map(|&s| FlushGroups::new(s, suit_ranks(b.deck, s)))
        .collect();
    let capable: Vec<u8> = b
        .holes
        .iter()
        .map(|h| {
            b.flush_suits
                .iter()
                .enumerate()
                .fold(0, |m, (k, &s)| m | u8::from((b.capable)(h, s)) << k)
        })
        .collect();

    // What the innermost loop reads per combo, side by side.
    let leaves: Vec<Leaf> = b
        .holes
        .iter()
        .zip(b.weights.iter().flatten())
        .enumerate()
        .map(|(i, (h, &weight))| Leaf {
            bits: h.bits,
            weight,
            name: names[0].1[i],
            capable: capable[i],
        })
        .collect();
    let mut pass = Pass {
        groups: Groups::default(),
        flushes,
        index,
        deck_per_rank,
        always: b.always,
        made: 0,
    };
    let kinds = names.len();
    let mut prefix = vec![Prefix::default(); players];
    prefix[0].weight = 1;
    let mut index_of = vec![0usize; players];
    let mut picks = vec![0u32; players];
    let last = players - 1;
    let mut p = 0;
    loop {
        let before = prefix[p];
        if p == last {
            // The last player's combos: one flat loop of whole assignments.
            let first = starts[p];
            let radix = names[0].0[p];
            for (j, leaf) in leaves[first..first + b.weights[p].len()].iter().enumerate() {
                if before.cards & leaf.bits != 0 {
                    continue;
                }
                let i = first + j;
                picks[p] = i as u32;
                let whole = Prefix {
                    cards: before.cards | leaf.bits,
                    weight: checked_mul(before.weight, leaf.weight)?,
                    names: before.names,
                    capable: before.capable | leaf.capable,
                };
                let group = before.names[0] * radix + leaf.name;
                // The finer groups' names, only when it can make their flush.
                let finer = |k: usize| before.names[k] * names[k].0[p] + names[k].1[i];
                pass.add(b, &picks, &whole, group, finer)?;
            }
            index_of[p] = b.weights[p].len();
        }
        if index_of[p] == b.weights[p].len() {
            if p == 0 {
                break;
            }
            index_of[p] = 0;
            p -= 1;
            index_of[p] += 1;
            continue;
        }
        let i = starts[p] + index_of[p];
        let hole = &b.holes[i];
        if before.cards & hole.bits != 0 {
            index_of[p] += 1;
            continue;
        }
        picks[p] = i as u32;
        let mut next = Prefix {
            cards: before.cards | hole.bits,
            weight: checked_mul(before.weight, b.weights[p][index_of[p]])?,
            names: before.names,
            capable: before.capable | capable[i],
        };
        for (k, (radix, local)) in names.iter().enumerate().take(kinds) {
            next.names[k] = before.names[k] * radix[p] + local[i];
        }
        prefix[p + 1] = next;
        p += 1;
    }
    let mut flushes = pass.flushes;
    for f in &mut flushes {
        f.order(players);
    }
    Some((pass.groups, flushes))
}

/// A combo as the innermost loop reads it: its cards, weight, local
/// number as a group's name and the flushes it can make.
struct Leaf {
    bits: u64,
    weight: u64,
    name: usize,
    capable: u8,
}

/// The players' combos so far in the depth-first pass.
#[derive(Clone, Copy, Default)]
struct Prefix {
    cards: u64,
    weight: u64,
    /// Per kind (0: groups, 1..: each flush suit's finer groups), the
    /// name so far.
    names: [usize; 5],
    /// Flush suits some combo so far can make (bit per suit index).
    capable: u8,
}

/// The pass's results so far.
struct Pass {
    groups: Groups,
    flushes: Vec<FlushGroups>,
    /// Per kind, the group index.
    index: Vec<Index>,
    deck_per_rank: u64,
    always: u64,
    /// Groups made so far, of all kinds.
    made: usize,
}

impl Pass {
    /// Adds a whole assignment (its combos `picks`) to its group (named
    /// `group`), and to its finer group for each flush it can make (named
    /// `finer(k)` for kind `k`).
    #[inline(always)]
    fn add(
        &mut self,
        b: &Build,
        picks: &[u32],
        whole: &Prefix,
        group: usize,
        finer: impl Fn(usize) -> usize,
    ) -> Option<()> {
        let groups = &mut self.groups;
        // Held cards are in the deck: no rank's count goes below 0.
        let free = || self.deck_per_rank - per_rank(whole.cards & !self.always);
        let (g, new) = self.index[0].find(group, groups.weights.len());
        if new {
            self.made += 1;
            if self.made > MAX_GROUPS {
                return None;
            }
            groups
                .shapes
                .extend(picks.iter().map(|&c| b.holes[c as usize].shape));
            groups.free.push(free());
            groups.weights.push(0);
        }
        groups.weights[g] = groups.weights[g].checked_add(whole.weight)?;
        let mut capable = whole.capable;
        while capable != 0 {
            let k = capable.trailing_zeros() as usize;
            capable &= capable - 1;
            let f = &mut self.flushes[k];
            let (g, new) = self.index[k + 1].find(finer(k + 1), f.len());
            if new {
                self.made += 1;
                if self.made > MAX_GROUPS {
                    return None;
                }
                let suit = usize::from(f.suit());
                let members = picks.iter().map(|&c| {
                    let h = &b.holes[c as usize];
                    Member::new(h.shape, h.suit_masks[suit])
                });
                let held = picks
                    .iter()
                    .fold(0u16, |m, &c| m | b.holes[c as usize].suit_masks[suit]);
                f.push(members, free(), held);
            }
            f.add(g, whole.weight)?;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table and a map number the same names alike.
    #[test]
    fn table_and_map_agree() {
        let names = [5usize, 3, 5, 0, 7, 3, 3, 0, 6];
        let (mut table, mut map) = (Index::new(8), Index::new(MAX_TABLE + 1));
        assert!(matches!(map, Index::Map(_)));
        let (mut t, mut m) = (0, 0);
        for name in names {
            let a = table.find(name, t);
            let b = map.find(name, m);
            assert_eq!(a, b);
            t += usize::from(a.1);
            m += usize::from(b.1);
        }
        assert_eq!((t, m), (5, 5));
    }
}
