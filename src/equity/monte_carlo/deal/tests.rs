use super::*;

#[test]
fn the_small_sorts_sort() {
    let mut x = 0x9e37_79b9u32;
    for len in [0, 1, 2, 3, 17, 300, 5_000] {
        let mut v: Vec<u32> = (0..len)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                // Some lists with equal high bytes, some with repeats.
                if i % 3 == 0 {
                    x & 0xffff
                } else {
                    x
                }
            })
            .collect();
        let mut want = v.clone();
        want.sort_unstable();
        let mut pairs: Vec<(u32, usize)> = v.iter().map(|&k| (k % 7, 0)).collect();
        for (i, p) in pairs.iter_mut().enumerate() {
            p.1 = i;
        }
        radix_sort(&mut v);
        assert_eq!(v, want);
        let mut stable = pairs.clone();
        stable.sort_by_key(|p| p.0);
        sort_small(&mut pairs, |a, b| a.0 < b.0);
        assert_eq!(pairs, stable);
    }
}
use std::collections::BTreeMap;

type Deal = Vec<[Card; 2]>;

/// Every compatible deal of the range seats with its probability, by
/// brute force: weights multiplied, normalised.
fn exact(spec: &Spec) -> BTreeMap<Deal, f64> {
    fn go(
        spec: &Spec,
        seat: usize,
        used: CardSet,
        deal: &mut Deal,
        w: f64,
        out: &mut Vec<(Deal, f64)>,
    ) {
        let Some(p) = spec.players().get(seat) else {
            out.push((deal.clone(), w));
            return;
        };
        if p.known_cards().is_some() {
            return go(spec, seat + 1, used, deal, w, out);
        }
        for c in &p.combos {
            let [a, b] = c.cards;
            if !used.contains(a) && !used.contains(b) {
                deal.push(c.cards);
                go(
                    spec,
                    seat + 1,
                    used.with(a).with(b),
                    deal,
                    w * f64::from(c.weight),
                    out,
                );
                deal.pop();
            }
        }
    }
    let mut all = Vec::new();
    go(spec, 0, spec.known_cards(), &mut Vec::new(), 1.0, &mut all);
    let total: f64 = all.iter().map(|(_, w)| w).sum();
    all.into_iter().map(|(d, w)| (d, w / total)).collect()
}

/// Pearson's chi-square of `draws` deals by a dealer with `limits`
/// against the exact probabilities, and the degrees of freedom.
fn chi_square(spec: &Spec, limits: Limits, draws: u64, seed: u64) -> (f64, usize) {
    let want = exact(spec);
    let dealer = Dealer::new(spec, limits);
    let mut rng = Rng::new(seed);
    let mut seats: Vec<[Card; 2]> = spec
        .players()
        .iter()
        .map(|p| p.known_cards().unwrap_or([Card::new(0, 0); 2]))
        .collect();
    let mut deck = [Card::new(0, 0); 52];
    let mut got: BTreeMap<Deal, u64> = BTreeMap::new();
    for _ in 0..draws {
        dealer.deal(&mut rng, &mut seats, &mut deck);
        let mut deal: Deal = Vec::new();
        let mut used = CardSet::EMPTY;
        for (p, cards) in spec.players().iter().zip(&seats) {
            used = used.with(cards[0]).with(cards[1]);
            if p.known_cards().is_none() {
                // A random player's cards come in either order.
                let [a, b] = *cards;
                let combo = p
                    .combos
                    .iter()
                    .find(|c| c.cards == [a, b] || c.cards == [b, a])
                    .expect("a combo of the range");
                deal.push(combo.cards);
            }
        }
        let board_dead: CardSet = spec.board().iter().chain(spec.dead()).copied().collect();
        assert!(
            used.len() as usize == 2 * seats.len() && !used.intersects(board_dead),
            "a card dealt twice: {seats:?}"
        );
        *got.entry(deal).or_default() += 1;
    }
    assert!(
        got.keys().all(|d| want.contains_key(d)),
        "an impossible deal"
    );
    let chi: f64 = want
        .iter()
        .map(|(d, p)| {
            let e = p * draws as f64;
            let o = *got.get(d).unwrap_or(&0) as f64;
            (o - e) * (o - e) / e
        })
        .sum();
    (chi, want.len() - 1)
}

/// Deals are exactly the compatible assignments weighted by the product
/// of combo weights: with every contested card tracked (no redraw),
/// with few tracked (redraws), with players drawn independently, and
/// with random players, on tight cases enumerated by brute force.
#[test]
fn deals_are_exactly_distributed() {
    let few = Limits {
        contested: 2,
        players: usize::MAX,
    };
    let untracked = Limits {
        contested: 4,
        players: 1,
    };
    let rest_dead = |keep: &str| {
        let keep: CardSet = crate::card::parse_cards(keep)
            .unwrap()
            .into_iter()
            .collect();
        crate::card::format_cards(&keep.complement().iter().collect::<Vec<_>>())
    };
    let cases: Vec<(Spec, Limits)> = vec![
        (
            Spec::parse(&["AA,KK", "AA,KK:0.5", "AhAd,KK,AsAc:0.2"], "", "").unwrap(),
            Limits::DEFAULT,
        ),
        (
            Spec::parse(&["AA,KK", "AA,KK:0.5", "AhAd,KK,AsAc:0.2"], "", "").unwrap(),
            few,
        ),
        (
            Spec::parse(&["AA,KK,AK", "AA,KK:0.5", "QsQh", "AK,KK"], "", "").unwrap(),
            untracked,
        ),
        (
            Spec::parse(
                &["AA,KK:0.3", "random", "KK,QQ,AQs"],
                "",
                &rest_dead("AsAhAdAcKsKhKdKcQsQhQdQc"),
            )
            .unwrap(),
            few,
        ),
        (
            Spec::parse(
                &["AA,KK:0.3", "random", "KK,QQ,AQs"],
                "",
                &rest_dead("AsAhAdAcKsKhKdKcQsQhQdQc"),
            )
            .unwrap(),
            Limits::DEFAULT,
        ),
    ];
    for (i, (spec, limits)) in cases.iter().enumerate() {
        let (chi, df) = chi_square(spec, *limits, 200_000, 11 + i as u64);
        // Mean df, sd sqrt(2 df): 5 sd is far outside chance for a fixed seed.
        let bound = df as f64 + 5.0 * (2.0 * df as f64).sqrt();
        assert!(
            df >= 5 && chi < bound,
            "case {i}: chi-square {chi:.1} with {df} df (bound {bound:.1})"
        );
    }
}

/// The test has power: the same draws against a slightly wrong law (one
/// combo weight changed from 0.2 to 0.25) fail it.
#[test]
fn the_test_catches_a_small_bias() {
    let spec = Spec::parse(&["AA,KK", "AA,KK:0.5", "AhAd,KK,AsAc:0.2"], "", "").unwrap();
    let wrong = Spec::parse(&["AA,KK", "AA,KK:0.5", "AhAd,KK,AsAc:0.25"], "", "").unwrap();
    let want = exact(&wrong);
    let dealer = Dealer::new(&spec, Limits::DEFAULT);
    let mut rng = Rng::new(3);
    let mut seats = vec![[Card::new(0, 0); 2]; 3];
    let mut deck = [Card::new(0, 0); 52];
    let mut got: BTreeMap<Deal, u64> = BTreeMap::new();
    let draws = 200_000;
    for _ in 0..draws {
        dealer.deal(&mut rng, &mut seats, &mut deck);
        *got.entry(seats.clone()).or_default() += 1;
    }
    let chi: f64 = want
        .iter()
        .map(|(d, p)| {
            let e = p * draws as f64;
            let o = *got.get(d).unwrap_or(&0) as f64;
            (o - e) * (o - e) / e
        })
        .sum();
    let df = want.len() as f64 - 1.0;
    assert!(
        chi > df + 5.0 * (2.0 * df).sqrt(),
        "chi-square {chi} with {df} df"
    );
}

/// The 64-bit draw deals exactly what the 128-bit one does, seed for seed
/// (both dealers of each spec are the same but for `narrow`); and ranges
/// whose weights' product passes 2^64 take the 128-bit one.
#[test]
fn narrow_and_wide_draws_agree() {
    let specs = [
        Spec::parse(&["AA,KK,QQ,AK", "TT+,AQ+", "22+,A2s+", "random"], "", "").unwrap(),
        Spec::parse(&["AA,KK", "AA,KK:0.5", "AhAd,KK,AsAc:0.2"], "", "").unwrap(),
        Spec::parse(&["QQ+", "AK", "JJ+,AQs+", "KK+:0.3"], "Ah7c2d", "").unwrap(),
    ];
    for spec in &specs {
        let narrow = Dealer::new(spec, Limits::DEFAULT);
        assert!(narrow.narrow, "{spec:?}");
        let mut wide = narrow.clone();
        wide.narrow = false;
        let (mut r1, mut r2) = (Rng::new(5), Rng::new(5));
        let seats = spec.players().len();
        let (mut s1, mut s2) = (
            vec![[Card::new(0, 0); 2]; seats],
            vec![[Card::new(0, 0); 2]; seats],
        );
        let (mut d1, mut d2) = ([Card::new(0, 0); 52], [Card::new(0, 0); 52]);
        for _ in 0..20_000 {
            let n1 = narrow.deal(&mut r1, &mut s1, &mut d1);
            let n2 = wide.deal(&mut r2, &mut s2, &mut d2);
            assert_eq!((n1, &s1, &d1[..n1]), (n2, &s2, &d2[..n2]));
        }
    }
    // Weights in thousandths: totals near 450,000, six players near 2^113.
    let wide = Spec::parse(&["22+,A2+,K2+,Q2s:0.333"; 6], "", "").unwrap();
    let dealer = Dealer::new(&wide, Limits::DEFAULT);
    assert!(!dealer.narrow);
    let mut rng = Rng::new(8);
    let mut seats = vec![[Card::new(0, 0); 2]; 6];
    let mut deck = [Card::new(0, 0); 52];
    for _ in 0..2_000 {
        let left = dealer.deal(&mut rng, &mut seats, &mut deck);
        let mut used = CardSet::EMPTY;
        for (seat, cards) in seats.iter().enumerate() {
            let combos = &wide.players()[seat].combos;
            assert!(combos
                .iter()
                .any(|c| c.cards == *cards || c.cards == [cards[1], cards[0]]));
            used = used.with(cards[0]).with(cards[1]);
        }
        assert_eq!((used.len(), left), (12, 40));
    }
}
