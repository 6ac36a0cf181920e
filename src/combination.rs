//! Counting and numbering combinations, for the games whose hands are
//! known cards and the rest dealt (five-card, the draw and the stud
//! games; `choose` for every game): `C(n, k)`, the `u`-th combination, and
//! the ways to deal each player the cards they miss. A leaf.

/// `C(n, k)`, saturating.
pub(crate) fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * u128::from(n - i) / u128::from(i + 1);
    }
    u64::try_from(r).unwrap_or(u64::MAX)
}

/// The `u`-th `k`-combination of `0..n` in lexicographic order.
pub(crate) fn unrank(mut u: u64, k: usize, n: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(k);
    let mut start = 0;
    for slot in 0..k {
        let mut i = start;
        loop {
            // Combinations that start with `i` at this slot.
            let rest = choose((n - i - 1) as u64, (k - slot - 1) as u64);
            if u < rest {
                break;
            }
            u -= rest;
            i += 1;
        }
        out.push(i);
        start = i + 1;
    }
    out
}

/// The ways to deal `need` cards to each player in turn from `live`
/// cards (saturating), and the cards left after.
pub(crate) fn completions(live: usize, need: impl IntoIterator<Item = usize>) -> (u64, u64) {
    let mut left = live as u64;
    let mut total: u64 = 1;
    for n in need {
        total = total.saturating_mul(choose(left, n as u64));
        left -= n as u64;
    }
    (total, left)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unrank_numbers_every_combination_in_order() {
        let all: Vec<Vec<usize>> = (0..choose(6, 3)).map(|u| unrank(u, 3, 6)).collect();
        assert_eq!(all.len(), 20);
        assert_eq!(all[0], [0, 1, 2]);
        assert_eq!(all[19], [3, 4, 5]);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn completions_multiply_the_choices() {
        assert_eq!(completions(10, [2, 3]), (45 * 56, 5));
        assert_eq!(completions(52, []), (1, 52));
    }
}
