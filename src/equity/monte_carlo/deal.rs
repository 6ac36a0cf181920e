//! Dealing the range players' combos of one Monte Carlo trial, exactly
//! distributed as the compatible assignments weighted by the product of
//! their combo weights, and fast even when ranges are tight.
//!
//! Drawing every player's combo by weight and redrawing the whole deal on a
//! clash is exact, but its acceptance rate is the chance that independent
//! draws happen not to clash: about 10⁻⁵ for ten players of `22+,A2+,K2+`
//! (aces and kings run out), so a trial took a second. Instead:
//!
//! - **Random players** (every combo of the cards left, equal weights) are
//!   dealt last, two cards from the cards left: whatever the others hold,
//!   they have the same number of choices, so this is exact with no redraw.
//! - **The contested players** (the other range players) are drawn from an
//!   exact distribution of a relaxed problem: with `S` the most contested
//!   cards (at most [`MAX_CONTESTED`], chosen by demand), a dynamic program
//!   over the subsets of `S` used so far counts, for every player and every
//!   such subset, the weighted number of ways to deal the remaining players
//!   with no card of `S` twice (`Z`, exact in `u128`). Each player then
//!   takes a combo with probability `weight × Z(rest) / Z(here)`, which is
//!   exactly the relaxed distribution ("no card of `S` twice").
//! - A deal that still uses a card outside `S` twice is redrawn whole. The
//!   relaxed distribution is the target's restricted to fewer constraints,
//!   so accepting exactly the deals with no clash at all is the target
//!   distribution (rejection sampling with a constant ratio). When every
//!   contested card fits in `S` (`AA,KK,QQ,JJ` for eight players: 16
//!   cards), no deal is ever redrawn.
//!
//! There is no limit on redraws and no trial is skipped: a validated spec
//! has a compatible deal, so each attempt succeeds with a positive
//! probability, and `S` holds the cards that make attempts fail.

use super::super::rng::Rng;
use super::super::spec::{Combo, Spec};
use crate::card::{Card, CardSet};

/// Most cards tracked by the dynamic program (a subset is a `u32` mask).
const MAX_CONTESTED: usize = 24;

/// How much the dealer may track (tests lower them to force redraws and
/// independently drawn players).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Most cards in `S`.
    pub contested: usize,
    /// Most players drawn through the dynamic program.
    pub players: usize,
}

impl Limits {
    pub(crate) const DEFAULT: Limits = Limits {
        contested: MAX_CONTESTED,
        players: usize::MAX,
    };
}
/// Most states the dynamic program may keep (all layers), and most
/// transitions it may examine while building; past them, fewer cards are
/// tracked.
const MAX_STATES: usize = 1 << 16;
const MAX_TRANSITIONS: usize = 1 << 20;

/// One layer of the dynamic program: `Z` by mask of `S`, in an
/// open-addressing table (lookups are the inner loop of a deal).
#[derive(Clone, Debug)]
struct Layer {
    /// `(mask, Z)`; `EMPTY` marks a free slot. Length a power of two.
    slots: Vec<(u32, u128)>,
    shift: u32,
}

const EMPTY: u32 = u32::MAX;

impl Layer {
    fn new(entries: &[(u32, u128)]) -> Layer {
        let size = (2 * entries.len()).next_power_of_two().max(2);
        let mut layer = Layer {
            slots: vec![(EMPTY, 0); size],
            shift: 64 - size.trailing_zeros(),
        };
        for &(m, z) in entries {
            let mut k = layer.home(m);
            while layer.slots[k].0 != EMPTY {
                k = (k + 1) & (size - 1);
            }
            layer.slots[k] = (m, z);
        }
        layer
    }

    #[inline]
    fn home(&self, m: u32) -> usize {
        (u64::from(m).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// `Z` of `m`, 0 when unreachable.
    #[inline]
    fn get(&self, m: u32) -> u128 {
        let mask = self.slots.len() - 1;
        let mut k = self.home(m);
        loop {
            let (key, z) = self.slots[k];
            if key == m {
                return z;
            }
            if key == EMPTY {
                return 0;
            }
            k = (k + 1) & mask;
        }
    }
}

/// A range player's combos by weight.
#[derive(Clone, Debug)]
struct Combos {
    cards: Vec<[Card; 2]>,
    /// Running sums of the weights.
    cumulative: Vec<u64>,
}

impl Combos {
    fn new() -> Combos {
        Combos {
            cards: Vec::new(),
            cumulative: Vec::new(),
        }
    }

    fn push(&mut self, cards: [Card; 2], weight: u64) {
        let total = self.total() + weight;
        self.cards.push(cards);
        self.cumulative.push(total);
    }

    fn total(&self) -> u64 {
        self.cumulative.last().copied().unwrap_or(0)
    }

    fn draw(&self, rng: &mut Rng) -> [Card; 2] {
        let x = rng.below_u64(self.total());
        self.cards[self.cumulative.partition_point(|&c| c <= x)]
    }
}

/// A contested player's combos grouped by the cards of `S` they use.
#[derive(Clone, Debug)]
struct Tracked {
    seat: usize,
    /// `(mask over S, combos)`; the empty mask groups combos outside `S`.
    groups: Vec<(u32, Combos)>,
}

/// Deals the range players of one spec.
#[derive(Clone, Debug)]
pub(crate) struct Dealer {
    fixed: CardSet,
    /// Contested players drawn through the dynamic program, in its order.
    tracked: Vec<Tracked>,
    /// `layers[i]`: the masks of `S` reachable before tracked player `i`,
    /// sorted, each with `Z` (weighted ways to deal players `i..`).
    layers: Vec<Layer>,
    /// Contested players drawn independently (when the weights' product
    /// would overflow `Z`).
    free: Vec<(usize, Combos)>,
    /// Random players, dealt from the cards left.
    random: Vec<usize>,
    /// Every `Z` fits in a `u64` (each is at most the product of the
    /// tracked players' total weights): drawn with 64-bit arithmetic.
    narrow: bool,
    /// The cards not fixed, in card order: what `deal` starts from when
    /// no range player changes them (copied, not listed, every trial).
    unfixed: [Card; 52],
}

impl Dealer {
    pub(crate) fn new(spec: &Spec, limits: Limits) -> Dealer {
        let fixed = spec.known_cards();
        let left = fixed.complement().len() as usize;
        let mut contested: Vec<(usize, Combos)> = Vec::new();
        let mut random = Vec::new();
        for (seat, p) in spec.players().iter().enumerate() {
            if p.known_cards().is_some() {
                continue;
            }
            if is_random(&p.combos, left) {
                random.push(seat);
                continue;
            }
            let mut combos = Combos::new();
            for c in &p.combos {
                combos.push(c.cards, u64::from(c.weight));
            }
            contested.push((seat, combos));
        }
        // Most constrained first; the tracked players are the longest prefix
        // whose product of total weights (a bound on every Z) fits in u128.
        sort_small(&mut contested, |a, b| {
            (a.1.cards.len(), a.0) < (b.1.cards.len(), b.0)
        });
        let mut product = 1u128;
        let mut split = 0;
        while split < contested.len().min(limits.players) {
            match product.checked_mul(u128::from(contested[split].1.total())) {
                Some(p) => product = p,
                None => break,
            }
            split += 1;
        }
        let narrow = product <= u128::from(u64::MAX);
        let free = contested.split_off(split);
        let (tracked, layers) = track(&contested, limits);
        let mut unfixed = [Card::new(0, 0); 52];
        for (slot, card) in unfixed.iter_mut().zip(fixed.complement().iter()) {
            *slot = card;
        }
        Dealer {
            fixed,
            tracked,
            layers,
            free,
            random,
            narrow,
            unfixed,
        }
    }

    /// Deals every range player's hole cards into `seats` (other seats are
    /// left alone) and leaves the cards still in the deck in `deck[..n]`,
    /// in random order; returns `n`.
    pub(crate) fn deal(
        &self,
        rng: &mut Rng,
        seats: &mut [[Card; 2]],
        deck: &mut [Card; 52],
    ) -> usize {
        let mut left;
        if self.tracked.is_empty() && self.free.is_empty() {
            *deck = self.unfixed;
            left = 52 - self.fixed.len() as usize;
        } else {
            let used = self.deal_ranges(rng, seats);
            left = 0;
            for card in used.complement().iter() {
                deck[left] = card;
                left += 1;
            }
        }
        // Random players: two cards each from the cards left (a partial
        // shuffle that moves them to the end of `deck[..left]`).
        for &seat in &self.random {
            for card in &mut seats[seat] {
                let j = rng.below(left as u32) as usize;
                left -= 1;
                deck.swap(j, left);
                *card = deck[left];
            }
        }
        left
    }

    /// Deals every range player but the random ones into `seats`; returns
    /// the cards now in use (fixed cards included).
    fn deal_ranges(&self, rng: &mut Rng, seats: &mut [[Card; 2]]) -> CardSet {
        'attempt: loop {
            let mut used = self.fixed;
            let mut mask = 0u32;
            for (i, player) in self.tracked.iter().enumerate() {
                let (m, combos) = self.pick(i, mask, rng);
                let [a, b] = combos.draw(rng);
                if used.contains(a) || used.contains(b) {
                    continue 'attempt;
                }
                used = used.with(a).with(b);
                mask |= m;
                seats[player.seat] = [a, b];
            }
            for (seat, combos) in &self.free {
                let [a, b] = combos.draw(rng);
                if used.contains(a) || used.contains(b) {
                    continue 'attempt;
                }
                used = used.with(a).with(b);
                seats[*seat] = [a, b];
            }
            return used;
        }
    }

    /// Tracked player `i`'s group of combos, the cards `mask` of `S`
    /// being used: `(m, combos)` with probability `total × Z(i + 1, mask |
    /// m) / Z(i, mask)`.
    #[inline]
    fn pick(&self, i: usize, mask: u32, rng: &mut Rng) -> (u32, &Combos) {
        let mut groups = self.tracked[i].groups.iter().filter(|(m, _)| m & mask == 0);
        if self.narrow {
            // The same draws as below (`below_u128` of a bound under 2^64
            // is `below_u64`'s), without 128-bit products: in wasm each is
            // a call to `__multi3` (a tenth of a range Monte Carlo trial).
            let mut x = rng.below_u64(self.z(i, mask) as u64);
            for (m, combos) in groups.by_ref() {
                let t = combos.total() * self.z(i + 1, mask | m) as u64;
                if x < t {
                    return (*m, combos);
                }
                x -= t;
            }
        } else {
            let mut x = rng.below_u128(self.z(i, mask));
            for (m, combos) in groups {
                let t = u128::from(combos.total()) * self.z(i + 1, mask | m);
                if x < t {
                    return (*m, combos);
                }
                x -= t;
            }
        }
        unreachable!("Z(here) is the sum of its terms")
    }

    /// The seats `deal` fills (range and random players).
    pub(crate) fn dealt_seats(&self) -> Vec<usize> {
        let tracked = self.tracked.iter().map(|t| t.seat);
        let free = self.free.iter().map(|f| f.0);
        tracked
            .chain(free)
            .chain(self.random.iter().copied())
            .collect()
    }

    /// `Z` of tracked player `i` with the cards `mask` of `S` used (0 when
    /// unreachable).
    fn z(&self, i: usize, mask: u32) -> u128 {
        self.layers[i].get(mask)
    }
}

/// Sorts `v` (least significant digit radix sort, a byte at a time): the
/// lists of masks are long (up to 2^20), and `sort_unstable` would add
/// about 3.5 KB of wasm.
fn radix_sort(v: &mut Vec<u32>) {
    let mut buf = vec![0u32; v.len()];
    for shift in (0..32).step_by(8) {
        let mut start = [0usize; 257];
        for &x in v.iter() {
            start[(x >> shift & 0xff) as usize + 1] += 1;
        }
        if start.contains(&v.len()) {
            continue; // every entry has the same byte here
        }
        for i in 0..256 {
            start[i + 1] += start[i];
        }
        for &x in v.iter() {
            let b = (x >> shift & 0xff) as usize;
            buf[start[b]] = x;
            start[b] += 1;
        }
        std::mem::swap(v, &mut buf);
    }
}

/// Sorts `v` by `less`, stably, by insertion: the lists here are short (at
/// most 52 cards, 10 players, or the groups just found one by one), and the
/// standard library's sorts would add about 5 KB of wasm each.
fn sort_small<T>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && less(&v[j], &v[j - 1]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// True when `combos` are every pair of the `left` cards, with equal weights.
fn is_random(combos: &[Combo], left: usize) -> bool {
    if combos.is_empty() || combos.len() != left * left.saturating_sub(1) / 2 {
        return false;
    }
    let w = combos[0].weight;
    let mut seen = [0u64; 52];
    combos.iter().all(|c| {
        let [a, b] = c.cards;
        let (lo, hi) = (a.id().min(b.id()), a.id().max(b.id()));
        let fresh = lo != hi && seen[lo as usize] >> hi & 1 == 0;
        seen[lo as usize] |= 1 << hi;
        fresh && c.weight == w
    })
}

/// Chooses `S` and builds the dynamic program for `players`, tracking as
/// many contested cards as the budgets allow.
fn track(players: &[(usize, Combos)], limits: Limits) -> Built {
    // Demand for each card: the share of each player's weight it is in,
    // summed over players, for cards wanted by two players or more.
    let mut demand = [0f64; 52];
    let mut wanted_by = [0usize; 52];
    for (_, combos) in players {
        let mut mine = CardSet::EMPTY;
        let total = combos.total() as f64;
        let mut prev = 0;
        for (cards, &cum) in combos.cards.iter().zip(&combos.cumulative) {
            for c in cards {
                demand[c.id() as usize] += (cum - prev) as f64 / total;
                mine.insert(*c);
            }
            prev = cum;
        }
        for c in mine.iter() {
            wanted_by[c.id() as usize] += 1;
        }
    }
    let mut candidates: Vec<usize> = (0..52).filter(|&c| wanted_by[c] >= 2).collect();
    sort_small(&mut candidates, |&a, &b| {
        demand[b].total_cmp(&demand[a]).then(a.cmp(&b)).is_lt()
    });
    candidates.truncate(limits.contested);
    // Every contested card if the program fits the budgets (no redraws at
    // all); else grow S from 8 cards while it fits, keeping the largest.
    if let Some(built) = build(players, &candidates) {
        return built;
    }
    let mut best = build(players, &[]).expect("no tracked card fits any budget");
    let mut size = 8.min(candidates.len());
    while size < candidates.len() {
        match build(players, &candidates[..size]) {
            Some(built) => best = built,
            None => break,
        }
        size += 4;
    }
    best
}

type Built = (Vec<Tracked>, Vec<Layer>);

/// The dynamic program tracking the cards `s` (ids), or `None` over budget.
fn build(players: &[(usize, Combos)], s: &[usize]) -> Option<Built> {
    let mut index = [None; 52];
    for (i, &c) in s.iter().enumerate() {
        index[c] = Some(i);
    }
    let bit = |c: Card| index[c.id() as usize].map_or(0u32, |i| 1 << i);
    let tracked: Vec<Tracked> = players
        .iter()
        .map(|(seat, combos)| {
            let mut groups: Vec<(u32, Combos)> = Vec::new();
            let mut prev = 0;
            for (cards, &cum) in combos.cards.iter().zip(&combos.cumulative) {
                let m = bit(cards[0]) | bit(cards[1]);
                match groups.iter_mut().find(|(g, _)| *g == m) {
                    Some((_, g)) => g.push(*cards, cum - prev),
                    None => {
                        let mut g = Combos::new();
                        g.push(*cards, cum - prev);
                        groups.push((m, g));
                    }
                }
                prev = cum;
            }
            sort_small(&mut groups, |a, b| a.0 < b.0);
            Tracked {
                seat: *seat,
                groups,
            }
        })
        .collect();
    // Forward: the reachable masks before each player.
    let mut masks: Vec<Vec<u32>> = vec![vec![0]];
    let (mut states, mut transitions) = (1, 0);
    for p in &tracked {
        let here = masks.last().expect("layer 0");
        transitions += here.len() * p.groups.len();
        if transitions > MAX_TRANSITIONS {
            return None;
        }
        let mut next: Vec<u32> = here
            .iter()
            .flat_map(|&m| {
                p.groups
                    .iter()
                    .filter(move |(g, _)| g & m == 0)
                    .map(move |(g, _)| m | g)
            })
            .collect();
        radix_sort(&mut next);
        next.dedup();
        states += next.len();
        if states > MAX_STATES {
            return None;
        }
        masks.push(next);
    }
    // Backward: Z(i, m) = Σ over groups g free in m of weight(g) · Z(i+1, m|g).
    let mut layers: Vec<Vec<(u32, u128)>> = vec![Vec::new(); tracked.len() + 1];
    layers[tracked.len()] = masks[tracked.len()].iter().map(|&m| (m, 1)).collect();
    for i in (0..tracked.len()).rev() {
        let after = &layers[i + 1];
        let z_after = |m: u32| {
            after
                .binary_search_by_key(&m, |&(k, _)| k)
                .map_or(0, |k| after[k].1)
        };
        let layer = masks[i]
            .iter()
            .map(|&m| {
                let z = tracked[i]
                    .groups
                    .iter()
                    .filter(|(g, _)| g & m == 0)
                    .map(|(g, c)| u128::from(c.total()) * z_after(m | g))
                    .sum();
                (m, z)
            })
            .collect();
        layers[i] = layer;
    }
    Some((tracked, layers.iter().map(|l| Layer::new(l)).collect()))
}

#[cfg(test)]
mod tests;
