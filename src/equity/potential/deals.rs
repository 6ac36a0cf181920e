//! Counting the deals of several opponents by their joint state, without
//! listing them (see `multi.rs`'s module docs): per runout each combo has
//! a class (its state now and at the end, against the hero), and
//! `C(s, t)`, the weighted deals whose every opponent's class is at most
//! `(s, t)`, is for the last two opponents `W_a·W_b − Σ_c m_a[c]·m_b[c] +
//! Σ_same w_a·w_b` over the combos avoiding the cards of the opponents
//! before them (enumerated; the sums corrected for their cards). The
//! joint state's counts are `C`'s differences.

#![allow(clippy::needless_range_loop)] // 3×3 cells, indexed by state

use crate::card::Card;
use crate::range::HoleCards;

/// One opponent: the combos possible with the known cards, by weight.
pub(super) struct Opponent {
    pub(super) combos: Vec<(HoleCards, u64)>,
    /// Weight by combo index (0: not held).
    pub(super) weight: Vec<u64>,
    /// Every combo at one weight: dealt from the cards left.
    pub(super) random: bool,
    /// Running sums of `combos`' weights, for drawing by weight.
    pub(super) cumulative: Vec<u64>,
}

/// Not a class: the combo touches the runout.
pub(super) const NONE: u8 = u8::MAX;

/// Scratch space for counting deals by joint class (see the module docs).
pub(super) struct Tally {
    /// Per opponent, per cell `3s + t`: the weight of its combos in the
    /// cell, and by card the weight of those holding it.
    w: Vec<[u128; 9]>,
    m: Vec<[[u128; 52]; 9]>,
    /// The last two opponents: per cell, the same combo held by both
    /// (products of weights), in all and by card.
    same: [u128; 9],
    same_by_card: [[u128; 52]; 9],
}

/// Whether class `k` (`3·now + end`) is in cell `(s, t)`.
#[inline]
fn within(k: u8, s: usize, t: usize) -> bool {
    k != NONE && (k / 3) as usize <= s && (k % 3) as usize <= t
}

impl Tally {
    pub(super) fn new(n: usize) -> Tally {
        Tally {
            w: vec![[0; 9]; n],
            m: vec![[[0; 52]; 9]; n],
            same: [0; 9],
            same_by_card: [[0; 52]; 9],
        }
    }

    /// The deals by joint state `[now][end]` for these combo classes.
    pub(super) fn count(&mut self, opps: &[Opponent], class: &[u8]) -> [[u128; 3]; 3] {
        let n = opps.len();
        let mut joint = [[0u128; 3]; 3];
        if n == 1 {
            for &(c, w) in &opps[0].combos {
                let k = class[c.index()];
                if k != NONE {
                    joint[(k / 3) as usize][(k % 3) as usize] += u128::from(w);
                }
            }
            return joint;
        }
        // Per opponent and cell: weights and card sums, by exact class
        // first, then made cumulative over the cells below.
        for (i, o) in opps.iter().enumerate() {
            self.w[i] = [0; 9];
            self.m[i] = [[0; 52]; 9];
            for &(c, w) in &o.combos {
                let k = class[c.index()];
                if k == NONE {
                    continue;
                }
                let k = k as usize;
                self.w[i][k] += u128::from(w);
                for card in c.cards() {
                    self.m[i][k][card.id() as usize] += u128::from(w);
                }
            }
            cumulate(&mut self.w[i], &mut self.m[i]);
        }
        let (a, b) = (&opps[n - 2], &opps[n - 1]);
        self.same = [0; 9];
        self.same_by_card = [[0; 52]; 9];
        for &(c, wa) in &a.combos {
            let wb = b.weight[c.index()];
            let k = class[c.index()];
            if wb == 0 || k == NONE {
                continue;
            }
            let p = u128::from(wa) * u128::from(wb);
            self.same[k as usize] += p;
            for card in c.cards() {
                self.same_by_card[k as usize][card.id() as usize] += p;
            }
        }
        cumulate(&mut self.same, &mut self.same_by_card);
        // C(s, t) for every cell, then the joint states by differences.
        let mut cum = [[0i128; 3]; 3];
        let mut excluded = Vec::with_capacity(2 * n);
        for s in 0..3 {
            for t in 0..3 {
                cum[s][t] = self.deals(opps, class, 0, s, t, &mut excluded) as i128;
            }
        }
        for s in 0..3usize {
            for t in 0..3usize {
                let at = |s: Option<usize>, t: Option<usize>| match (s, t) {
                    (Some(s), Some(t)) => cum[s][t],
                    _ => 0,
                };
                let (ps, pt) = (s.checked_sub(1), t.checked_sub(1));
                let v = at(Some(s), Some(t)) - at(ps, Some(t)) - at(Some(s), pt) + at(ps, pt);
                joint[s][t] = v as u128;
            }
        }
        joint
    }

    /// The weighted deals of opponents `from..` in cell `(s, t)` avoiding
    /// the cards `excluded`.
    fn deals(
        &self,
        opps: &[Opponent],
        class: &[u8],
        from: usize,
        s: usize,
        t: usize,
        excluded: &mut Vec<Card>,
    ) -> u128 {
        let n = opps.len();
        if from == n - 2 {
            return self.pair(opps, class, s, t, excluded);
        }
        let mut sum = 0;
        for &(c, w) in &opps[from].combos {
            if !within(class[c.index()], s, t) {
                continue;
            }
            let [x, y] = c.cards();
            if excluded.contains(&x) || excluded.contains(&y) {
                continue;
            }
            excluded.push(x);
            excluded.push(y);
            sum += u128::from(w) * self.deals(opps, class, from + 1, s, t, excluded);
            excluded.truncate(excluded.len() - 2);
        }
        sum
    }

    /// The last two opponents' disjoint pairs in cell `(s, t)` avoiding
    /// `excluded`: `W'_a·W'_b − Σ_c m'_a[c]·m'_b[c] + S'`, each sum
    /// corrected for the excluded cards.
    fn pair(&self, opps: &[Opponent], class: &[u8], s: usize, t: usize, excluded: &[Card]) -> u128 {
        let n = opps.len();
        let cell = 3 * s + t;
        let (ia, ib) = (n - 2, n - 1);
        // The weight of combo {x, y} for opponent i in the cell.
        let pw = |i: usize, x: Card, y: Card| -> i128 {
            match HoleCards::new(x, y) {
                Some(c) if within(class[c.index()], s, t) => opps[i].weight[c.index()] as i128,
                _ => 0,
            }
        };
        let both = |x: Card, y: Card| pw(ia, x, y) * pw(ib, x, y);
        let mut wa = self.w[ia][cell] as i128;
        let mut wb = self.w[ib][cell] as i128;
        let mut same = self.same[cell] as i128;
        for (j, &x) in excluded.iter().enumerate() {
            let xi = x.id() as usize;
            wa -= self.m[ia][cell][xi] as i128;
            wb -= self.m[ib][cell][xi] as i128;
            same -= self.same_by_card[cell][xi] as i128;
            for &y in &excluded[j + 1..] {
                wa += pw(ia, x, y);
                wb += pw(ib, x, y);
                same += both(x, y);
            }
        }
        let mut shared = 0i128;
        for c in Card::all().filter(|c| !excluded.contains(c)) {
            let ci = c.id() as usize;
            let mut ma = self.m[ia][cell][ci] as i128;
            let mut mb = self.m[ib][cell][ci] as i128;
            for &x in excluded {
                ma -= pw(ia, c, x);
                mb -= pw(ib, c, x);
            }
            shared += ma * mb;
        }
        (wa * wb - shared + same) as u128
    }
}

/// Makes per-class sums cumulative: cell `(s, t)` holds the classes
/// `(s', t')` with `s' <= s`, `t' <= t`.
fn cumulate<T: Copy + std::ops::AddAssign>(w: &mut [T; 9], m: &mut [[T; 52]; 9]) {
    for s in 0..3 {
        for t in 0..3 {
            let k = 3 * s + t;
            if t > 0 {
                let (v, row) = (w[k - 1], m[k - 1]);
                w[k] += v;
                for c in 0..52 {
                    m[k][c] += row[c];
                }
            }
        }
    }
    for s in 1..3 {
        for t in 0..3 {
            let k = 3 * s + t;
            let (v, row) = (w[k - 3], m[k - 3]);
            w[k] += v;
            for c in 0..52 {
                m[k][c] += row[c];
            }
        }
    }
}
