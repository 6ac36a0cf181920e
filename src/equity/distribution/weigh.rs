//! How many weighted deals of the other ranges each combo of a player
//! meets: the product of the others' combo weights, summed over every
//! assignment that uses no card twice (with the combo's own cards out).
//!
//! The last range is never enumerated: the weight of its combos avoiding a
//! set `U` of used cards is, by inclusion and exclusion (a combo holds two
//! cards, so no three of the events meet), `W − Σ_{u∈U} s(u) + Σ_{u<v∈U}
//! w({u,v})`, with `W` its total weight, `s(u)` the weight of its combos
//! holding `u`. The ranges before it are enumerated, so three players
//! holding ranges cost a range's length per combo.

use crate::card::Card;
use crate::equity::spec::{Combo, Spec};

/// Steps (a combo of an enumerated range) beyond which weighing is refused.
const MAX_WORK: u64 = 50_000_000;

/// The last range, summarised.
struct Tail {
    total: u128,
    by_card: [u128; 52],
    by_pair: Vec<u64>,
}

impl Tail {
    fn new(combos: &[Combo]) -> Tail {
        let mut t = Tail {
            total: 0,
            by_card: [0; 52],
            by_pair: vec![0; 52 * 52],
        };
        for c in combos {
            let w = u128::from(c.weight);
            let [a, b] = c.cards.map(|x| usize::from(x.id()));
            t.total += w;
            t.by_card[a] += w;
            t.by_card[b] += w;
            t.by_pair[a * 52 + b] += u64::from(c.weight);
            t.by_pair[b * 52 + a] += u64::from(c.weight);
        }
        t
    }

    /// The weight of the combos using none of `used` (distinct cards).
    fn avoiding(&self, used: &[usize]) -> u128 {
        let mut w = self.total;
        let mut minus = 0u128;
        for (i, &u) in used.iter().enumerate() {
            minus += self.by_card[u];
            for &v in &used[i + 1..] {
                w += u128::from(self.by_pair[u * 52 + v]);
            }
        }
        w - minus
    }
}

/// Each combo's weighted count of the others' deals, or the work it would
/// take when that is too much.
pub fn deals(spec: &Spec, player: usize, combos: &[Combo]) -> Result<Vec<u128>, u64> {
    let others: Vec<&[Combo]> = spec
        .players()
        .iter()
        .enumerate()
        .filter(|&(i, p)| i != player && p.is_range())
        .map(|(_, p)| p.combos.as_slice())
        .collect();
    let Some((last, enumerated)) = others.split_last() else {
        return Ok(vec![1; combos.len()]);
    };
    let work = enumerated
        .iter()
        .map(|r| r.len() as u64)
        .fold(combos.len() as u64, u64::saturating_mul);
    if work > MAX_WORK {
        return Err(work);
    }
    let tail = Tail::new(last);
    let mut used = Vec::with_capacity(2 * others.len());
    Ok(combos
        .iter()
        .map(|c| {
            used.clear();
            push(&mut used, c.cards);
            count(enumerated, &tail, &mut used)
        })
        .collect())
}

fn push(used: &mut Vec<usize>, cards: [Card; 2]) {
    used.extend(cards.map(|x| usize::from(x.id())));
}

fn count(ranges: &[&[Combo]], tail: &Tail, used: &mut Vec<usize>) -> u128 {
    let Some((first, rest)) = ranges.split_first() else {
        return tail.avoiding(used);
    };
    let mut sum = 0;
    for c in *first {
        let [a, b] = c.cards.map(|x| usize::from(x.id()));
        if used.contains(&a) || used.contains(&b) {
            continue;
        }
        used.push(a);
        used.push(b);
        sum += u128::from(c.weight) * count(rest, tail, used);
        used.truncate(used.len() - 2);
    }
    sum
}
