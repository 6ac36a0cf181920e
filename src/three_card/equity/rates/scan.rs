//! Counting deals of `k` like opponents exactly, card by card.
//!
//! **The automaton.** The deck's cards are taken in a fixed order (highest
//! id first). Before card `q` an opponent holds a *partial hand*: 0–2 of the
//! cards before `q`, or a whole hand (then only its label matters). Two
//! partial hands are one *class* at `q` when every way of completing them
//! from the cards from `q` on gives the same labels; classes are found
//! backwards, the class at `q` being the pair (class at `q + 1` if card `q`
//! is passed, class at `q + 1` if it is taken). Most partial hands share a
//! few classes (15–50 per card for a full deck: an ace already makes a hand
//! that beats a pair of sevens, whatever comes).
//!
//! ```text
//!   id 0          DEAD: no completion counts (beats the hero, or not in the holding)
//!   id 1..=4      a whole hand, by its label (the table in `super`'s docs)
//!   id 5..        a live class at this card
//!   layer q:      skip[id], take[id] -> id at card q + 1
//! ```
//!
//! The scan runs over the whole deck, the cards in play included (they are
//! never dealt), so that a suit permutation acts on the classes: before
//! each card, two states one permutation maps to each other have the same
//! future (when the permutation keeps the labels, the cards already passed
//! and which cards left are live), and are merged (`Layer::symmetries`).
//!
//! **The count.** A state is the sorted list of the `k` opponents' ids (the
//! opponents are alike, so only the multiset matters), with the number of
//! ways the cards before `q` were dealt to the opponents, as labelled
//! players, to reach it. Card `q` goes to no one, or to one opponent of each
//! distinct live id (the count times how many opponents hold that id). At
//! the end every opponent holds a whole hand: the states are multisets of
//! labels, counted. Time is the states visited (states × cards): for five
//! opponents from 50 thousand (a high hero against any hand) to ~15 million
//! (a top share cut through a class of equal hands, whose suits break the
//! symmetry: up to 0.7 million states at one card), 20 ms to 10 s in wasm.
//!
//! **The hot path** is `Scan::pass_card`, the loop over a layer's states.

use crate::card::Card;
use crate::three_card::ladder::hand_index;
use std::collections::HashMap;

/// No completion counts.
pub const DEAD: u16 = 0;
/// Ids 1..=LABELS are whole hands by label.
pub const LABELS: u16 = 4;
const FIRST_CLASS: u16 = LABELS + 1;
/// Bits per id in a packed state (5 × 12 = 60 bits of a `u64`).
const ID_BITS: u32 = 12;
const MAX_ID: u16 = (1 << ID_BITS) - 1;

/// The classes of every card's position: `skip` and `take` by id.
pub struct Automaton {
    /// May card q be dealt (not a hero's or dead card)?
    live: Vec<bool>,
    layers: Vec<Layer>,
    start: u16,
}

struct Layer {
    skip: Vec<u16>,
    take: Vec<u16>,
    /// Per suit permutation that keeps the labels, the cards before this
    /// one and the live cards from here on: its map of the ids here.
    symmetries: Vec<Vec<u16>>,
}

/// A suit permutation: `perm[s]` is the image of suit `s`.
pub type SuitPerm = [u8; 4];

impl Automaton {
    /// Builds the classes for the deck `cards` in scan order (highest id
    /// first), `live` those that may be dealt, `label` the label of each
    /// whole hand by [`hand_index`] (0 = DEAD), and `symmetries` the suit
    /// permutations under which `label` is invariant. `None` if a card has
    /// more classes than a packed state can name (never seen).
    pub fn new(
        cards: &[Card],
        live: &[bool],
        label: &[u8],
        symmetries: &[SuitPerm],
    ) -> Option<Automaton> {
        let n = cards.len();
        let mut position = [usize::MAX; 52];
        for (q, c) in cards.iter().enumerate() {
            position[usize::from(c.id())] = q;
        }
        // Partial hands of cards [0, q): 0 = none, 1 + a, 1 + n + pair(a, b).
        let pair = |a: usize, b: usize| {
            let (a, b) = (a.min(b), a.max(b));
            1 + n + b * (b - 1) / 2 + a
        };
        let size = 1 + n + n * n.saturating_sub(1) / 2;
        let mut next = vec![DEAD; size];
        let mut here = vec![DEAD; size];
        let mut layers = Vec::with_capacity(n);
        for q in (0..n).rev() {
            let mut ids: HashMap<(u16, u16), u16> = HashMap::new();
            let mut layer = Layer {
                skip: (0..FIRST_CLASS).collect(),
                take: vec![DEAD; usize::from(FIRST_CLASS)],
                symmetries: Vec::new(),
            };
            // A partial hand (as card positions) standing for each class.
            let mut stands_for: Vec<[usize; 2]> = Vec::new();
            let mut class =
                |skip: u16, take: u16, hand: [usize; 2], layer: &mut Layer| -> Option<u16> {
                    if skip == DEAD && take == DEAD {
                        return Some(DEAD);
                    }
                    let fresh = FIRST_CLASS + ids.len() as u16;
                    let id = *ids.entry((skip, take)).or_insert(fresh);
                    if id == fresh {
                        if id > MAX_ID {
                            return None;
                        }
                        layer.skip.push(skip);
                        layer.take.push(take);
                        stands_for.push(hand);
                    }
                    Some(id)
                };
            const NONE: usize = usize::MAX;
            here[0] = class(next[0], next[1 + q], [NONE, NONE], &mut layer)?;
            for a in 0..q {
                here[1 + a] = class(next[1 + a], next[pair(a, q)], [a, NONE], &mut layer)?;
                for b in a + 1..q {
                    let whole = hand_index([cards[a], cards[b], cards[q]]);
                    let take = u16::from(label.get(whole).copied().unwrap_or(0));
                    here[pair(a, b)] = class(next[pair(a, b)], take, [a, b], &mut layer)?;
                }
            }
            // Suit permutations that map the cards before q to cards before
            // q and keep which cards from q on are live act on the classes.
            let moved = |p: usize, perm: &SuitPerm| {
                let c = cards[p];
                position[usize::from(Card::new(c.rank(), perm[usize::from(c.suit())]).id())]
            };
            for perm in symmetries {
                let acts = *perm != [0, 1, 2, 3]
                    && (q..n).all(|p| {
                        let m = moved(p, perm);
                        m >= q && m < n && live[m] == live[p]
                    });
                if !acts {
                    continue;
                }
                let mut map: Vec<u16> = (0..FIRST_CLASS).collect();
                for hand in &stands_for {
                    let image = match *hand {
                        [NONE, _] => 0,
                        [a, NONE] => 1 + moved(a, perm),
                        [a, b] => pair(moved(a, perm), moved(b, perm)),
                    };
                    map.push(here[image]);
                }
                layer.symmetries.push(map);
            }
            layers.push(layer);
            std::mem::swap(&mut next, &mut here);
        }
        layers.reverse();
        Some(Automaton {
            live: live.to_vec(),
            layers,
            start: if n == 0 { DEAD } else { next[0] },
        })
    }
}

fn pack(ids: &[u16]) -> u64 {
    ids.iter()
        .fold(0, |key, &id| key << ID_BITS | u64::from(id))
}

fn unpack(key: u64, ids: &mut [u16]) {
    let mut key = key;
    for id in ids.iter_mut().rev() {
        *id = (key & u64::from(MAX_ID)) as u16;
        key >>= ID_BITS;
    }
}

/// Sorts a handful of ids (insertion sort: k ≤ 5).
fn sort(ids: &mut [u16]) {
    for i in 1..ids.len() {
        let mut j = i;
        while j > 0 && ids[j - 1] > ids[j] {
            ids.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The least packed image of a state under the layer's symmetries.
fn canonical(key: u64, k: usize, symmetries: &[Vec<u16>]) -> u64 {
    let mut ids = [0u16; 5];
    unpack(key, &mut ids[..k]);
    let mut best = key;
    for map in symmetries {
        let mut image = [0u16; 5];
        for (m, &id) in image.iter_mut().zip(&ids[..k]) {
            *m = map[usize::from(id)];
        }
        sort(&mut image[..k]);
        best = best.min(pack(&image[..k]));
    }
    best
}

/// A count in progress: ordered deals of `k` opponents (1..=5), each dealt
/// a whole hand of live cards, none DEAD, by their labels. Run it a few
/// cards at a time ([`Scan::advance`]), then read it ([`Scan::finish`]).
pub struct Scan {
    automaton: Automaton,
    k: usize,
    /// The next card (layer) to pass.
    card: usize,
    states: Map,
}

impl Scan {
    pub fn new(automaton: Automaton, k: usize) -> Scan {
        assert!((1..=5).contains(&k));
        let mut states = Map::with_capacity(16);
        if automaton.start != DEAD {
            states.add(pack(&vec![automaton.start; k]), 1);
        }
        Scan {
            automaton,
            k,
            card: 0,
            states,
        }
    }

    /// Passes cards while `work` (states visited, one per state per card)
    /// lasts, at least one card; true once every card is passed. The work
    /// done is taken from `work` (down to 0).
    pub fn advance(&mut self, work: &mut u64) -> bool {
        let mut first = true;
        while self.card < self.automaton.layers.len() {
            let cost = self.states.len() as u64;
            if !first && cost > *work {
                return false;
            }
            first = false;
            *work = work.saturating_sub(cost);
            self.pass_card();
            self.card += 1;
        }
        true
    }

    /// Cards passed so far, of all.
    pub fn progress(&self) -> (usize, usize) {
        (self.card, self.automaton.layers.len())
    }

    /// **The hot path**: card `self.card` to no one, or to one opponent of
    /// each distinct id.
    fn pass_card(&mut self) {
        let k = self.k;
        let layer = &self.automaton.layers[self.card];
        let live = self.automaton.live[self.card];
        if !layer.symmetries.is_empty() {
            let mut merged = Map::with_capacity(self.states.len());
            for (key, ways) in self.states.iter() {
                merged.add(canonical(key, k, &layer.symmetries), ways);
            }
            self.states = merged;
        }
        let mut next = Map::with_capacity(self.states.len());
        let (mut ids, mut moved, mut sorted) = ([0u16; 5], [0u16; 5], [0u16; 5]);
        for (key, ways) in self.states.iter() {
            let ids = &mut ids[..k];
            unpack(key, ids);
            let moved = &mut moved[..k];
            let mut dead = 0;
            for (m, &id) in moved.iter_mut().zip(ids.iter()) {
                *m = layer.skip[usize::from(id)];
                dead += usize::from(*m == DEAD);
            }
            if dead == 0 {
                sorted[..k].copy_from_slice(moved);
                sort(&mut sorted[..k]);
                next.add(pack(&sorted[..k]), ways);
            }
            if !live || dead > 1 {
                continue;
            }
            // To one opponent of each distinct id (ids are sorted); the
            // others pass, so at most this one may have died passing.
            let mut i = 0;
            while i < k {
                let id = ids[i];
                let mut j = i + 1;
                while j < k && ids[j] == id {
                    j += 1;
                }
                let took = layer.take[usize::from(id)];
                if took != DEAD && (dead == 0 || moved[i] == DEAD) {
                    sorted[..k].copy_from_slice(moved);
                    sorted[i] = took;
                    sort(&mut sorted[..k]);
                    next.add(pack(&sorted[..k]), ways * (j - i) as u128);
                }
                i = j;
            }
        }
        self.states = next;
    }

    /// The counts once every card is passed: `out(labels, ways)` once per
    /// multiset of labels (`labels[l]` = opponents with label `l`, index 0
    /// unused).
    pub fn finish(&self, mut out: impl FnMut(&[u8; 5], u128)) {
        let k = self.k;
        let mut ids = [0u16; 5];
        for (key, ways) in self.states.iter() {
            unpack(key, &mut ids[..k]);
            // Whole hands only: a live class left at the end never
            // completes (the last layer maps every partial hand to DEAD).
            if ids[..k].iter().all(|&id| (1..=LABELS).contains(&id)) {
                let mut labels = [0u8; 5];
                for &id in &ids[..k] {
                    labels[usize::from(id)] += 1;
                }
                out(&labels, ways);
            }
        }
    }
}

/// States of one layer: open addressing on `u64` keys (0 is never a state:
/// it would be all DEAD), linear probing, kept under half full.
struct Map {
    keys: Vec<u64>,
    ways: Vec<u128>,
    len: usize,
}

impl Map {
    fn with_capacity(n: usize) -> Map {
        let slots = (n * 2).next_power_of_two().max(16);
        Map {
            keys: vec![0; slots],
            ways: vec![0; slots],
            len: 0,
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    fn slot(&self, key: u64) -> usize {
        // Fibonacci hashing: the top bits of key × 2^64/φ.
        let shift = 64 - self.keys.len().trailing_zeros();
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> shift) as usize
    }

    fn add(&mut self, key: u64, ways: u128) {
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut s = self.slot(key);
        loop {
            if self.keys[s] == key {
                self.ways[s] += ways;
                return;
            }
            if self.keys[s] == 0 {
                self.keys[s] = key;
                self.ways[s] = ways;
                self.len += 1;
                return;
            }
            s = (s + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(self, Map::with_capacity(self.keys.len()));
        for (key, ways) in old.iter() {
            self.add(key, ways);
        }
    }

    fn iter(&self) -> impl Iterator<Item = (u64, u128)> + '_ {
        self.keys
            .iter()
            .zip(&self.ways)
            .filter(|(&k, _)| k != 0)
            .map(|(&k, &w)| (k, w))
    }
}
