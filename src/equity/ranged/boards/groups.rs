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
use super::{per_rank, suit_ranks, Hole};
use std::collections::HashMap;

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
    /// The suits that can reach three board cards.
    pub flush_suits: &'a [u8],
    /// Whether a combo can make a flush in a suit on some board of the job.
    pub capable: &'a dyn Fn(&Hole, u8) -> bool,
}

/// Group indices by name.
enum Index {
    Table(Vec<u32>),
    Map(HashMap<usize, u32>),
}

impl Index {
    fn new(names: usize) -> Index {
        if names <= MAX_TABLE {
            Index::Table(vec![u32::MAX; names])
        } else {
            Index::Map(HashMap::new())
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
        let mut seen: HashMap<u32, usize> = HashMap::new();
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

    let mut pass = Pass {
        groups: Groups::default(),
        flushes,
        index,
        names: &names,
        deck_per_rank,
        always: b.always,
        made: 0,
    };
    #[derive(Clone, Copy, Default)]
    struct Prefix {
        cards: u64,
        weight: u64,
        /// The group's name so far.
        name: usize,
        /// Flush suits some combo so far can make (bit per suit index).
        capable: u8,
    }
    let (radix, local) = &names[0];
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
            let combos = starts[p]..starts[p] + b.weights[p].len();
            for (i, &w) in combos.zip(&b.weights[p]) {
                let hole = &b.holes[i];
                if before.cards & hole.bits == 0 {
                    picks[p] = i as u32;
                    pass.add(
                        b,
                        &picks,
                        before.cards | hole.bits,
                        before.weight.checked_mul(w)?,
                        before.name * radix[p] + local[i],
                        before.capable | capable[i],
                    )?;
                }
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
        prefix[p + 1] = Prefix {
            cards: before.cards | hole.bits,
            weight: before.weight.checked_mul(b.weights[p][index_of[p]])?,
            name: before.name * radix[p] + local[i],
            capable: before.capable | capable[i],
        };
        p += 1;
    }
    Some((pass.groups, pass.flushes))
}

/// The pass's results so far.
struct Pass<'a> {
    groups: Groups,
    flushes: Vec<FlushGroups>,
    /// Per kind (0: groups, 1..: each flush suit's finer groups): the
    /// index, and per player its radix and per combo its local number.
    index: Vec<Index>,
    names: &'a [(Vec<usize>, Vec<usize>)],
    deck_per_rank: u64,
    always: u64,
    /// Groups made so far, of all kinds.
    made: usize,
}

impl Pass<'_> {
    /// Adds a whole assignment (its combos `picks`, holding `cards`, of
    /// weight product `weight`) to its group named `name`, and to its
    /// finer group for each flush in `capable` (bit per suit index).
    #[inline(always)]
    fn add(
        &mut self,
        b: &Build,
        picks: &[u32],
        cards: u64,
        weight: u64,
        name: usize,
        capable: u8,
    ) -> Option<()> {
        let groups = &mut self.groups;
        // Held cards are in the deck: no rank's count goes below 0.
        let free = || self.deck_per_rank - per_rank(cards & !self.always);
        let (g, new) = self.index[0].find(name, groups.weights.len());
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
        groups.weights[g] = groups.weights[g].checked_add(weight)?;
        if capable == 0 {
            return Some(());
        }
        for (k, f) in self.flushes.iter_mut().enumerate() {
            if capable >> k & 1 == 0 {
                continue;
            }
            let (radix, local) = &self.names[k + 1];
            let name = picks
                .iter()
                .zip(radix)
                .fold(0, |n, (&c, &r)| n * r + local[c as usize]);
            let (g, new) = self.index[k + 1].find(name, f.len());
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
            f.add(g, weight)?;
        }
        Some(())
    }
}
