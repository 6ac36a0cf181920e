use super::super::all_multisets;
use super::{ways, Dealt, Poly, SUBSETS};

/// `WAYS` against the deals counted one by one: every set of `m` of the
/// suits `free`, in all, without suit `s` and with it.
#[test]
fn ways_count_the_deals() {
    for m in 1..=4u8 {
        for free in 0..16u8 {
            let w = ways(free, m);
            let deals: Vec<u8> = (0..16u8)
                .filter(|&d| d & !free == 0 && d.count_ones() == u32::from(m))
                .collect();
            assert_eq!(w >> 32 & 0xf, deals.len() as u64, "m {m}, free {free:04b}");
            for s in 0..4 {
                let with = deals.iter().filter(|&&d| d >> s & 1 == 1).count() as u64;
                let field = w >> (8 * s);
                assert_eq!(
                    field & 0xf,
                    deals.len() as u64 - with,
                    "m {m}, free {free:04b}, s {s}"
                );
                assert_eq!(field >> 4 & 0xf, with, "m {m}, free {free:04b}, s {s}");
                assert_eq!(w >> (40 + 5 * s) & 1, u64::from(with > 0));
            }
        }
    }
}

/// `Poly` against the product of `none + one x` multiplied out in
/// plain integers, for every unit of five cards under 40 decks each
/// (pseudo-random suits left per rank) and every suit.
#[test]
fn packed_counts_by_suit() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for groups in &all_multisets(5).groups {
        let groups = &groups[..groups.iter().take_while(|g| g.1 > 0).count()];
        for _ in 0..40 {
            let mut free = [0u8; 5];
            for (f, &(_, m)) in free.iter_mut().zip(groups) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // At least `m` suits left: the deck can deal the unit.
                *f = (seed >> 60) as u8;
                while f.count_ones() < u32::from(m) {
                    *f |= !*f & (*f + 1) & 0xf;
                }
            }
            let dealt = Dealt::new(groups, |rank, m| {
                let g = groups.iter().position(|&(r, _)| r == rank).unwrap();
                ways(free[g], m)
            });
            for s in 0..4 {
                let mut direct = [0u64; 6];
                direct[0] = 1;
                let mut packed = Poly::ONE;
                for &w in &dealt.ways[..dealt.n] {
                    let (none, one) = (w >> (8 * s) & 0xf, w >> (8 * s + 4) & 0xf);
                    for k in (1..6).rev() {
                        direct[k] = direct[k] * none + direct[k - 1] * one;
                    }
                    direct[0] *= none;
                    packed = packed.times(none, one);
                }
                assert_eq!(direct.iter().sum::<u64>(), dealt.total());
                for (k, &d) in direct.iter().enumerate().skip(1) {
                    let msg = format!("{groups:?} {free:?} s {s} k {k}");
                    assert_eq!(packed.coefficient(k), d, "{msg}");
                }
            }
        }
    }
}

/// `SUBSETS[k][can]` holds exactly the k-member subsets of `can`.
#[test]
fn subsets_by_size() {
    for can in 0..32u32 {
        let mut seen = 0u32;
        for (k, row) in SUBSETS.iter().enumerate() {
            let set = row[can as usize];
            for f in 0..32u32 {
                let want = f & !can == 0 && f.count_ones() as usize == k;
                assert_eq!(set >> f & 1 == 1, want, "k {k}, can {can:05b}, f {f:05b}");
            }
            assert_eq!(seen & set, 0);
            seen |= set;
        }
        assert_eq!(seen.count_ones(), 1 << can.count_ones());
    }
}
