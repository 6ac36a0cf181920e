//! Range jobs grouped by suit symmetry: two assignments of combos that one
//! relabelling of the suits maps onto each other (a relabelling that keeps
//! the board and the dead cards where they are, and maps each player's
//! combo to a combo of the same player's range with the same weight) have
//! the same tally, board for board. So each class is enumerated once, by
//! its smallest member, and counted as many times as it has members.
//!
//! AA,KK v QQ,JJ v AKs,AKo preflop: 1,152 assignments in 60-odd classes.
//!
//! **Units**: the classes, ordered by the ranks their players hold, then
//! by their smallest members' cards (index-addressable like
//! the assignments they stand for; the counts are identical to enumerating
//! every assignment, a test proves it).

use crate::card::{Card, CardSet};
use crate::equity::spec::Combo;
use std::collections::HashMap;

/// Most assignments looked at to find the classes; beyond, the job runs
/// assignment by assignment.
pub const MAX_ASSIGNMENTS: usize = 1_000_000;

/// One class: its smallest member (a combo per player) and what each of
/// its boards counts for (the members' common weight product × the members).
#[derive(Clone, Debug)]
pub struct Class {
    pub hands: Vec<[Card; 2]>,
    pub weight: u64,
}

/// The classes of a job, or `None` when grouping does not pay (no two
/// assignments alike, or too many assignments to look at).
pub fn classes(combos: &[Vec<Combo>], board: &[Card], dead: &[Card]) -> Option<Vec<Class>> {
    let perms = perms_keeping(board, dead);
    if perms.len() < 2 {
        return None;
    }
    let (classes, valid) = find(combos, &perms)?;
    // No two assignments alike: nothing to win.
    (classes.len() < valid).then_some(classes)
}

/// Every class of a job (an assignment alone where none is like it), or
/// `None` when there are too many assignments to look at.
pub fn every_class(combos: &[Vec<Combo>], board: &[Card], dead: &[Card]) -> Option<Vec<Class>> {
    find(combos, &perms_keeping(board, dead)).map(|(classes, _)| classes)
}

/// The suit relabellings that keep the board and the dead cards.
fn perms_keeping(board: &[Card], dead: &[Card]) -> Vec<[u8; 4]> {
    suit_perms()
        .into_iter()
        .filter(|p| keeps(p, board) && keeps(p, dead))
        .collect()
}

/// The classes under `perms` (the identity among them), and how many
/// assignments are valid (no card twice).
fn find(combos: &[Vec<Combo>], perms: &[[u8; 4]]) -> Option<(Vec<Class>, usize)> {
    let product = combos
        .iter()
        .try_fold(1usize, |n, c| n.checked_mul(c.len()))?;
    if product > MAX_ASSIGNMENTS || combos.is_empty() || combos.len() > 10 {
        return None;
    }
    // Per player: weight + 1 by the pair's ids (0: not in the range).
    let members: Vec<Vec<u32>> = combos
        .iter()
        .map(|cs| {
            let mut m = vec![0u32; 52 * 52];
            for c in cs {
                m[pair(c.cards[0].id(), c.cards[1].id())] = c.weight + 1;
            }
            m
        })
        .collect();
    let players = combos.len();
    let mut found: HashMap<u128, (u64, u64)> = HashMap::new();
    let mut valid = 0usize;
    let mut index = vec![0usize; players];
    let mut ids = vec![[0u8; 2]; players];
    'all: for _ in 0..product {
        let mut used = CardSet::EMPTY;
        let mut weight = 1u64;
        let mut clash = false;
        for p in 0..players {
            let c = combos[p][index[p]];
            clash |= used.contains(c.cards[0]) || used.contains(c.cards[1]);
            used.insert(c.cards[0]);
            used.insert(c.cards[1]);
            weight *= u64::from(c.weight);
            ids[p] = [c.cards[0].id(), c.cards[1].id()];
        }
        if !clash {
            valid += 1;
            let key = perms
                .iter()
                .filter_map(|perm| image(perm, &ids, &members))
                .min()
                .expect("the identity maps an assignment onto itself");
            let entry = found.entry(key).or_insert((0, weight));
            entry.0 += 1;
        }
        for p in (0..players).rev() {
            index[p] += 1;
            if index[p] < combos[p].len() {
                continue 'all;
            }
            index[p] = 0;
        }
    }
    let mut classes: Vec<(u128, u64, u64)> =
        found.into_iter().map(|(k, (n, w))| (k, n, w)).collect();
    // Classes of the same ranks next to each other (`shared.rs` groups them).
    classes.sort_unstable_by_key(|c| ranks_first(c.0, players));
    let classes = classes
        .into_iter()
        .map(|(key, members, weight)| Class {
            hands: (0..players)
                .map(|p| {
                    let two = (key >> (12 * (players - 1 - p))) as u16 & 0xfff;
                    let card = |id: u16| Card::from_id(id as u8).expect("a card id");
                    [card(two >> 6), card(two & 0x3f)]
                })
                .collect(),
            weight: weight * members,
        })
        .collect();
    Some((classes, valid))
}

/// An assignment's key (12 bits a player: the two card ids, higher first)
/// rearranged to order by every player's ranks first, then by suits.
fn ranks_first(key: u128, players: usize) -> u128 {
    let (mut ranks, mut suits) = (0u128, 0u128);
    for p in 0..players {
        let two = (key >> (12 * (players - 1 - p))) & 0xfff;
        let (hi, lo) = (two >> 6, two & 0x3f);
        ranks = ranks << 8 | (hi / 4) << 4 | (lo / 4);
        suits = suits << 4 | (hi % 4) << 2 | (lo % 4);
    }
    ranks << (4 * players) | suits
}

/// Index of the unordered pair of card ids `a`, `b`.
fn pair(a: u8, b: u8) -> usize {
    usize::from(a.min(b)) * 52 + usize::from(a.max(b))
}

/// The assignment `ids` relabelled by `perm`, as a key (12 bits a player:
/// the two ids, higher first), if every relabelled combo is in its
/// player's range with the same weight.
fn image(perm: &[u8; 4], ids: &[[u8; 2]], members: &[Vec<u32>]) -> Option<u128> {
    let mut key = 0u128;
    for (p, &[a, b]) in ids.iter().enumerate() {
        let (x, y) = (relabel(perm, a), relabel(perm, b));
        let here = members[p][pair(a, b)];
        if members[p][pair(x, y)] != here {
            return None;
        }
        key = key << 12 | u128::from(x.max(y)) << 6 | u128::from(x.min(y));
    }
    Some(key)
}

/// Card id `id` (rank × 4 + suit) with its suit relabelled.
fn relabel(perm: &[u8; 4], id: u8) -> u8 {
    id / 4 * 4 + perm[usize::from(id % 4)]
}

/// Whether `perm` maps the set `cards` onto itself.
fn keeps(perm: &[u8; 4], cards: &[Card]) -> bool {
    cards
        .iter()
        .all(|c| cards.iter().any(|d| d.id() == relabel(perm, c.id())))
}

/// The 24 permutations of the four suits.
fn suit_perms() -> Vec<[u8; 4]> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                let d = 6 - a - b - c;
                out.push([a, b, c, d]);
            }
        }
    }
    out
}
