use super::*;
use crate::card::parse_exact;

fn combos(hands: &[&str]) -> Vec<Combo> {
    hands
        .iter()
        .map(|h| {
            let c = parse_exact(h, 2).unwrap();
            Combo {
                cards: [c[0], c[1]],
                weight: 1,
            }
        })
        .collect()
}

#[test]
fn a_range_is_the_sum_of_its_hands() {
    let range = Player::range("AKs", combos(&["AhKh", "AsKs", "AdKd", "AcKc"]));
    let spec = Spec::new(
        vec![range, Player::known([Card::new(10, 3), Card::new(10, 1)])],
        crate::card::parse_cards("2h 7h Tc").unwrap(),
        vec![],
    )
    .unwrap();
    let job = RangeExact::new(&spec, None);
    assert_eq!(job.clone().by_assignment().total_units(), 4);
    let mut sum = Tally::new(2);
    for hand in ["AhKh", "AsKs", "AdKd", "AcKc"] {
        let s = Spec::parse(&[hand, "QsQd"], "2h7hTc", "").unwrap();
        sum += &Exact::new(&s).run_all();
    }
    assert_eq!(job.run_all(), sum);
    assert_eq!(job.by_assignment().run_all(), sum);
}

#[test]
fn clashing_assignments_count_nothing() {
    let board = crate::card::parse_cards("2c 3d 4h").unwrap();
    let p1 = Player::range("AA", combos(&["AhAs", "AdAc"]));
    let p2 = Player::range("AA", combos(&["AhAd", "AsAc"]));
    // Every pairing shares an ace: not a valid spec.
    let err = Spec::new(vec![p1.clone(), p2], board.clone(), vec![]).unwrap_err();
    assert_eq!(err, crate::equity::SpecError::RangesClash);
    // Half the pairings clash; the rest are counted once each.
    let p2 = Player::range("AhAd,KsKc", combos(&["AhAd", "KsKc"]));
    let spec = Spec::new(vec![p1, p2], board, vec![]).unwrap();
    let job = RangeExact::new(&spec, None);
    assert_eq!(job.clone().by_assignment().total_units(), 4);
    let mut sum = Tally::new(2);
    for hand in ["AhAs", "AdAc"] {
        sum += &Exact::new(&Spec::parse(&[hand, "KsKc"], "2c3d4h", "").unwrap()).run_all();
    }
    assert_eq!(job.run_all(), sum);
    assert_eq!(job.by_assignment().run_all(), sum);
}

/// On a flop or turn the job runs by the ranks to come; the counts equal
/// the per-assignment way's exactly, for ranges, weights, known hands,
/// dead cards and every kind of flush board, and any split of the units
/// adds up to them.
#[test]
fn by_board_equals_by_assignment() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&["QQ+", "TT+", "99+"], "Kh7d2c", ""),
        (&["AKs, 22", "KcQc", "random"], "Ah7h2h", "Kd"),
        (&["QQ+@50, AK", "JJ-99, AQs@25"], "Js8s3d", "2c 2d"),
        (&["AsKs", "QhQd", "JcTc", "76s, 98s"], "9c8c2h", ""),
        (&["random", "AA, KK, AKs"], "AhKhQh", "JhTh"),
        (
            &["AsKs", "QhQd", "JcTc", "76s, 98s", "22, 33"],
            "9c8c2h",
            "3s",
        ),
        // Two-tone, monotone (five of a suit on some boards: everyone's
        // flush), weights written both ways.
        (&["AK, AQ:0.5", "88+", "65s, 54s"], "7s6s5d", ""),
        (&["AhKh, 22", "QQ+, KQs", "T9s, 43s@30"], "8h5h2h", "Jh"),
        (
            &["AA,KK", "QQ,JJ", "AKs,AKo", "76s", "T9s", "22"],
            "8h5h2c",
            "",
        ),
        // Turns: three and four of a suit, a known hand, dead cards.
        (&["AKs, KQs", "76s", "QQ"], "2h7d9c4s", ""),
        (&["AJs+, KQs:0.3", "99+", "JTs, T9s, 98s"], "Qh9h3c2h", ""),
        (&["KK, QQ", "JTs, T9s", "AKo", "AdQd"], "Ah7h2h9h", "3h"),
        (&["random", "QQ+, AKs"], "Kh7d2c5s", "Ac"),
    ];
    for &(players, board, dead) in cases {
        let spec = Spec::parse(players, board, dead).unwrap();
        let job = RangeExact::new(&spec, None);
        assert!(job.by_board().is_some(), "{players:?} on {board}: by board");
        assert_work_bounds(&spec, &job);
        let want = job.clone().by_assignment().run_all();
        let got = job.run_all();
        assert_eq!(got, want, "{players:?} on {board}, dead {dead:?}");
        assert!(got.showdowns() > 0);
        let n = job.total_units();
        let mut parts = Tally::new(players.len());
        for (a, b) in [(0, n / 3), (n / 3, n / 3 + 1), (n / 3 + 1, n)] {
            parts += &job.run(a, b);
        }
        assert_eq!(parts, want);
        let mut strided = Tally::new(players.len());
        for first in 0..7 {
            strided += &job.run_strided(first, 7);
        }
        assert_eq!(strided, want);
    }
    // Too many assignments (three random hands on a flop): by assignment.
    let spec = Spec::parse(&["random", "random", "random"], "Kh7d2c", "").unwrap();
    assert!(RangeExact::new(&spec, None).by_board().is_none());
    assert_eq!(RangeExact::by_board_work(&spec), None);
    // Preflop and on the river: never by the ranks to come.
    for board in ["", "Kh7d2c5s3h"] {
        let spec = Spec::parse(&["QQ+", "TT+"], board, "").unwrap();
        assert_eq!(RangeExact::by_board_work(&spec), None, "{board:?}");
    }
    // Pairs on a rainbow flop never make a flush: groups only.
    let spec = Spec::parse(&["QQ+", "TT+", "99+"], "Kh7d2c", "").unwrap();
    let job = RangeExact::new(&spec, None);
    let b = job.by_board().unwrap();
    assert_eq!((b.groups(), b.total_units()), ((76, 0), 91));
}

/// Preflop, by classes grouped by ranks: the counts equal the
/// per-assignment way's, for weights, dead cards (no suit symmetry
/// left), a known hand among ranges, suited and offsuit hands, 2–4
/// players; any split of the units adds up to them.
#[test]
fn preflop_by_ranks_equals_by_assignment() {
    let cases: &[(&[&str], &str, (usize, usize))] = &[
        (&["AA,KK", "QQ,JJ", "AKs,AKo"], "", (4, 48)),
        (&["AKs, 76s", "QQ@40, T9s"], "2h", (4, 32)),
        (&["AhKh", "QQ, JJ:0.5", "T9s"], "", (2, 16)),
        (&["AKs", "KQs", "QJs", "JTs"], "", (1, 8)),
        (&["22, A2s", "33", "AsKs"], "Ad 3h", (2, 24)),
        (&["AKs,KQs:0.5", "76s@30,98s", "22", "AhKd"], "2c", (4, 88)),
        (&["AsKs", "QhQd", "JcTc,JdTd", "22,33"], "", (2, 20)),
    ];
    for &(players, dead, sizes) in cases {
        let spec = Spec::parse(players, "", dead).unwrap();
        let job = RangeExact::new(&spec, None);
        // (groups, finer groups), within what the plan counts
        assert_eq!(job.shared().map(|s| s.sizes()), Some(sizes), "{players:?}");
        let work = RangeExact::shared_work(&spec, false).expect("by ranks");
        assert!(work.groups >= sizes.0 as u64 && work.finer >= sizes.1 as u64);
        assert_eq!(work.units, 6_175);
        let want = job.clone().by_assignment().run_all();
        let got = job.run_all();
        assert_eq!(got, want, "{players:?}, dead {dead:?}");
        assert_eq!(job.total_units(), 6_175);
        let mut strided = Tally::new(players.len());
        for first in 0..5 {
            strided += &job.run_strided(first, 5);
        }
        assert_eq!(strided, want);
    }
}

/// What the plan counts before opening (`by_board_work`) promises the
/// job runs by the ranks to come, and bounds its real work.
fn assert_work_bounds(spec: &Spec, job: &RangeExact) {
    let work = RangeExact::by_board_work(spec).expect("work counted");
    let b = job.by_board().expect("by the ranks to come, as counted");
    let (groups, finer) = b.groups();
    assert_eq!(work.units, b.total_units(), "{spec:?}");
    assert!(work.groups >= groups as u64, "{work:?}: {groups} groups");
    assert!(work.finer >= finer as u64, "{work:?}: {finer} finer");
    let product: u64 = spec
        .players()
        .iter()
        .map(|p| p.combos.len() as u64)
        .product();
    assert!(
        work.assignments == product && work.groups <= product,
        "{work:?}"
    );
}

/// Random small jobs on flops and turns, suits crowded so that flushes
/// of every kind come up: by the ranks to come equals by assignment.
#[test]
fn by_board_equals_by_assignment_at_random() {
    let mut rng = crate::equity::rng::Rng::new(16);
    let (mut compared, mut flushing) = (0, 0);
    for case in 0..300 {
        // Half the jobs draw from two suits only: monotone and two-tone boards.
        let suits = if case % 2 == 0 { 2 } else { 4 };
        let mut deck: Vec<Card> = (0..52u8)
            .filter_map(Card::from_id)
            .filter(|c| c.suit() < suits || rng.below(4) == 0)
            .collect();
        let mut deal = |rng: &mut crate::equity::rng::Rng| {
            let i = rng.below(deck.len() as u32) as usize;
            deck.swap_remove(i)
        };
        let board: Vec<Card> = (0..3 + case % 2).map(|_| deal(&mut rng)).collect();
        let dead: Vec<Card> = (0..rng.below(2)).map(|_| deal(&mut rng)).collect();
        let players = 2 + rng.below(3) as usize;
        let rest: Vec<Card> = deck.clone();
        let players: Vec<Player> = (0..players)
            .map(|_| {
                let n = 1 + rng.below(6) as usize;
                let mut combos: Vec<Combo> = Vec::new();
                while combos.len() < n {
                    let a = rest[rng.below(rest.len() as u32) as usize];
                    let b = rest[rng.below(rest.len() as u32) as usize];
                    let same = |x: &Combo| x.cards.contains(&a) && x.cards.contains(&b);
                    if a != b && !combos.iter().any(same) {
                        let weight = 1 + rng.below(3);
                        combos.push(Combo {
                            cards: [a, b],
                            weight,
                        });
                    }
                }
                if n == 1 && rng.below(2) == 0 {
                    Player::known(combos[0].cards)
                } else {
                    Player::range("some", combos)
                }
            })
            .collect();
        let Ok(spec) = Spec::new(players, board.clone(), dead) else {
            continue;
        };
        if RangeExact::by_board_work(&spec).is_some() {
            assert_work_bounds(&spec, &RangeExact::new(&spec, None));
        }
        let job = RangeExact::by_board_anyway(&spec);
        let Some(b) = job.by_board() else {
            continue;
        };
        compared += 1;
        flushing += usize::from(b.groups().1 > 0);
        let want = job.clone().by_assignment().run_all();
        assert_eq!(job.run_all(), want, "case {case}: {spec:?}");
        let mut strided = Tally::new(spec.players().len());
        for first in 0..4 {
            strided += &job.run_strided(first, 4);
        }
        assert_eq!(strided, want, "case {case}: strided");
    }
    assert!(
        compared >= 250 && flushing > 100,
        "{compared} jobs, {flushing} with flush groups"
    );
}

/// Off the flop, assignments equal up to suit relabelling are one unit;
/// the counts equal enumerating every assignment.
#[test]
fn classes_equal_every_assignment() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&["AA,KK", "QQ,JJ", "AKs,AKo"], "", ""),
        (&["AKs", "QQ@50, 22"], "", "2c"),
        (&["AhKh", "QQ, JTs"], "", ""),
        (&["TT+", "AK"], "", "2c 7d"),
        (&["AKs, KQs", "76s", "QQ"], "2h7d9c4s", ""),
        (&["AA", "KK", "QQ", "JJ"], "", ""),
        (&["AA,KK", "QQ,JJ", "AKs,AKo"], "2c3c4c5c7c", ""),
    ];
    for &(players, board, dead) in cases {
        let spec = Spec::parse(players, board, dead).unwrap();
        let job = RangeExact::new(&spec, None);
        let every = job.clone().by_assignment();
        let want = every.run_all();
        assert_eq!(
            job.run_all(),
            want,
            "{players:?} on {board:?}, dead {dead:?}"
        );
        if let Some(c) = &job.classes {
            assert!(
                (c.len() as u64) < every.total_units(),
                "{players:?}: {} classes",
                c.len()
            );
            let mut strided = Tally::new(players.len());
            for first in 0..3 {
                strided += &job.run_strided(first, 3);
            }
            assert_eq!(strided, want);
        }
    }
    // Preflop within `shared::MAX_ASSIGNMENTS` the classes are grouped
    // by ranks (`preflop_by_ranks_equals_by_assignment`); on a river
    // they are units themselves; preflop beyond, assignments are.
    let spec = Spec::parse(&["AA,KK", "QQ,JJ", "AKs,AKo"], "2c3c4c5c7c", "").unwrap();
    assert!(RangeExact::new(&spec, None)
        .classes
        .as_ref()
        .is_some_and(|c| c.len() < 400));
    let spec = Spec::parse(&["22+", "22+", "AK"], "", "").unwrap();
    assert!(RangeExact::new(&spec, None).shared.is_some());
    let spec = Spec::parse(&["random", "22+", "AK"], "", "").unwrap();
    let job = RangeExact::new(&spec, None);
    assert!(job.shared.is_none() && job.classes.is_none());
}
