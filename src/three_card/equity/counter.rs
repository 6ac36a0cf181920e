//! The second opponent counted, not dealt: `Counter`, **the hot path** of
//! exact three-card jobs with three players (`Counter::query`).

use super::dealt::{winners_of, Dealt, Judge};
use crate::card::Card;
use crate::equity::Tally;
use crate::three_card::ladder::Ladder;

/// Counts of the second opponent's ordinary hands (those not compared out
/// of rank order), built once per job: by dense rank, `total[r]` = hands of
/// rank below `r`, `by_card[c][r]` the same among hands holding card `c`;
/// the hands through each pair of cards (position, dense rank); membership
/// by ladder position; and the special hands, dealt one by one.
pub(super) struct Counter {
    ranks: usize,
    total: Vec<u32>,
    /// `by_card[c * (ranks + 1) + r]`.
    by_card: Vec<u32>,
    /// `by_pair[pair_index(c, d)]`: (position, dense) of member hands with
    /// both, by rank.
    by_pair: Vec<Vec<(u32, u16)>>,
    member: Vec<bool>,
    specials: Vec<Dealt>,
}

/// Index of the card pair `{c, d}` among the 1,326.
fn pair_index(c: Card, d: Card) -> usize {
    let (lo, hi) = (
        usize::from(c.id().min(d.id())),
        usize::from(c.id().max(d.id())),
    );
    hi * (hi - 1) / 2 + lo
}

impl Counter {
    pub(super) fn new(ladder: &Ladder, hands: &[Dealt]) -> Counter {
        let ranks = ladder.ranks();
        let width = ranks + 1;
        let mut c = Counter {
            ranks,
            total: vec![0; width],
            by_card: vec![0; 52 * width],
            by_pair: vec![Vec::new(); 1326],
            member: vec![false; ladder.len()],
            specials: Vec::new(),
        };
        for d in hands {
            if d.special {
                c.specials.push(*d);
                continue;
            }
            c.member[d.position as usize] = true;
            let r = usize::from(d.dense) + 1;
            c.total[r] += 1;
            let cards = d.hand.cards();
            for card in cards {
                c.by_card[usize::from(card.id()) * width + r] += 1;
            }
            for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                c.by_pair[pair_index(cards[i], cards[j])].push((d.position, d.dense));
            }
        }
        for list in &mut c.by_pair {
            list.sort_unstable_by_key(|&(_, r)| r);
        }
        // Prefix sums: [r] = hands of rank < r.
        for r in 1..width {
            c.total[r] += c.total[r - 1];
        }
        for card in 0..52 {
            let row = &mut c.by_card[card * width..(card + 1) * width];
            for r in 1..width {
                row[r] += row[r - 1];
            }
        }
        c
    }

    /// Records every deal of the second opponent's hands with `h0`, `h1`:
    /// the ordinary hands counted by rank interval, hands touching `h0` or
    /// `h1` taken out by inclusion–exclusion over their six cards; the
    /// special hands one by one.
    pub(super) fn query<J: Judge>(&self, job: &J, h0: Dealt, h1: Dealt, tally: &mut Tally) {
        let (r0, r1) = (usize::from(h0.dense), usize::from(h1.dense));
        let (a, b) = (r0.min(r1), r0.max(r1));
        // Thresholds: hands of rank < x for x in a, a+1, b, b+1, all.
        let xs = [a, a + 1, b, b + 1, self.ranks];
        let width = self.ranks + 1;
        let mut below = xs.map(|x| i64::from(self.total[x]));
        if job.removal() {
            let mut cards = [h0.hand.cards()[0]; 6];
            cards[..3].copy_from_slice(&h0.hand.cards());
            cards[3..].copy_from_slice(&h1.hand.cards());
            // Hands through one card, minus through two, plus through three.
            for c in cards {
                let row = usize::from(c.id()) * width;
                for (k, &x) in xs.iter().enumerate() {
                    below[k] -= i64::from(self.by_card[row + x]);
                }
            }
            for i in 0..6 {
                for j in i + 1..6 {
                    let list = &self.by_pair[pair_index(cards[i], cards[j])];
                    for (k, &x) in xs.iter().enumerate() {
                        below[k] += list.partition_point(|&(_, r)| usize::from(r) < x) as i64;
                    }
                }
            }
            for i in 0..6 {
                for j in i + 1..6 {
                    for l in j + 1..6 {
                        let Some(p) = job.position_of([cards[i], cards[j], cards[l]]) else {
                            continue;
                        };
                        if self.member[p] {
                            let r = usize::from(job.dense(p));
                            for (k, &x) in xs.iter().enumerate() {
                                below[k] -= i64::from(r < x);
                            }
                        }
                    }
                }
            }
        }
        // The five intervals, each with a stand-in rank (doubled, so that
        // "between a and b" has a value): below a, a, between, b, above b.
        let counts = [
            below[0],
            below[1] - below[0],
            if b > a { below[2] - below[1] } else { 0 },
            if b > a { below[3] - below[2] } else { 0 },
            below[4] - below[3],
        ];
        let stand_in = [
            2 * a as i64 - 1,
            2 * a as i64,
            (a + b) as i64,
            2 * b as i64,
            2 * b as i64 + 1,
        ];
        let v01 = job.versus(&h0, &h1);
        for (k, &n) in counts.iter().enumerate() {
            if n <= 0 {
                continue;
            }
            let doubled = [2 * r0 as i64, 2 * r1 as i64, stand_in[k]];
            let versus = |i: usize, j: usize| match (i, j) {
                (0, 1) => v01,
                (1, 0) => v01.reverse(),
                _ => doubled[i].cmp(&doubled[j]),
            };
            // For a cycle, doubled values order the ranks the same way.
            let mask = winners_of(3, versus, |i| doubled[i].max(0) as u16);
            tally.record(mask, n as u64);
        }
        for s in &self.specials {
            if job.removal() && (s.cards.intersects(h1.cards) || s.cards.intersects(h0.cards)) {
                continue;
            }
            tally.record(job.winners(&[h0, h1, *s]), 1);
        }
    }
}
