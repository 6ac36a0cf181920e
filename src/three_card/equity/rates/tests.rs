use super::*;
use crate::deal::three_card_winners;
use crate::three_card::equity::ThreeCardJob;
use crate::three_card::ladder::Deck;
use crate::three_card::Rules;

const UNLIMITED: Limits = Limits {
    hero_scans: usize::MAX,
    states: u64::MAX,
};

fn spec(players: &[&str], dead: &str, rules: &str, deck: Deck, removal: bool) -> ThreeCardSpec {
    let rules: Rules = rules.parse().unwrap();
    ThreeCardSpec::build(players, dead, rules, deck, removal).unwrap()
}

/// The hero's counts deal by deal: ordered tuples of the opponents' hands
/// (disjoint with card removal), judged by `deal::three_card_winners`.
fn brute(spec: &ThreeCardSpec) -> HeroCounts {
    let ladder = spec.ladder();
    let k = spec.players() - 1;
    let removal = spec.card_removal();
    let known = |h: &Hand| removal && h.cards().iter().any(|c| spec.dead.contains(*c));
    let hands_of = |i: usize| -> Vec<(Hand, u64)> {
        spec.holdings()[i]
            .positions(ladder)
            .into_iter()
            .map(|p| ladder.hand(p))
            .filter(|h| !known(h))
            .map(|h| (h, h.cards().iter().fold(0u64, |m, c| m | 1 << c.id())))
            .collect()
    };
    let live = ladder.deck().cards().bits() & !spec.dead.bits();
    let walk = Walk {
        rules: *ladder.rules(),
        opponents: hands_of(1),
        k,
        removal,
        live,
    };
    let mut out = HeroCounts::default();
    for (hero, mask) in hands_of(0) {
        walk.deal(0, mask, &mut vec![hero], &mut out);
    }
    out
}

struct Walk {
    rules: Rules,
    opponents: Vec<(Hand, u64)>,
    k: usize,
    removal: bool,
    live: u64,
}

impl Walk {
    fn deal(&self, from: usize, used: u64, hands: &mut Vec<Hand>, out: &mut HeroCounts) {
        let k = self.k;
        if hands.len() == k + 1 {
            // With card removal the opponents were dealt as a set (in one
            // order): each set stands for k! ordered deals.
            let times = if self.removal {
                (1..=k as u128).product()
            } else {
                1
            };
            let (winners, _) = three_card_winners(hands, &self.rules);
            out.deals += times;
            if winners.contains(&0) {
                if winners.len() == 1 {
                    out.win += times;
                } else {
                    out.tie += times;
                }
                out.sixtieths += times * 60 / winners.len() as u128;
            }
            return;
        }
        // Sets in increasing order of hands; or, when every card left is to
        // be dealt, each next hand holding the lowest card left.
        let left = self.live & !used;
        let every = self.removal && left.count_ones() as usize == 3 * (k + 1 - hands.len());
        let start = if !self.removal || every { 0 } else { from };
        for (i, &(h, mask)) in self.opponents.iter().enumerate().skip(start) {
            if self.removal && mask & used != 0 || every && mask & (left & left.wrapping_neg()) == 0
            {
                continue;
            }
            hands.push(h);
            self.deal(i + 1, used | mask, hands, out);
            hands.pop();
        }
    }
}

#[test]
fn equals_the_deal_by_deal_count() {
    // Small decks (the short deck and dead cards) so that every deal can be
    // judged; every rule variant that changes labels, hero hands of every
    // kind, ranges with a cut through a class of equal hands.
    let cases: &[(&[&str], &str, &str)] = &[
        // Three opponents, 14 cards left.
        (
            &["KsKd9h", "random", "random", "random"],
            "9c Tc Jd Qh Qc Ts Ad",
            "zha-jin-hua-235",
        ),
        (
            &["AcAdAh", "random", "random", "random"],
            "9s Td Jh Qc Kh Ks 9h",
            "zha-jin-hua-235",
        ),
        (
            &["Th9dJs", "40%", "40%", "40%"],
            "As Ah Kc Kd",
            "teen-patti,a23=highest",
        ),
        // Hero ranges, 14 cards left.
        (
            &["random", "random", "random"],
            "9s 9d Td Jh Jc Qs Kd Ad Ac Kc",
            "zha-jin-hua-235",
        ),
        (
            &["50%", "30%", "30%", "30%"],
            "9s 9d Td Jh Jc Qs Kd Ad Ac Kc",
            "casino",
        ),
        // Four opponents, 13 cards left.
        (
            &["QcKcAc", "random", "random", "random", "random"],
            "9s 9d Td Jh Jc Qs Kd As",
            "casino",
        ),
        (
            &["JdJhQs", "@1500", "@1500", "@1500", "@1500"],
            "9s 9d Td Th Kd As Ac Ah",
            "zha-jin-hua-235",
        ),
        // Five opponents, 15 cards left: every card dealt.
        (
            &["JdJhQs", "random", "random", "random", "random", "random"],
            "9s 9d Td Th Kd As",
            "zha-jin-hua-235",
        ),
        (
            &["9c9hTs", "60%", "60%", "60%", "60%", "60%"],
            "Js Jd Qd Qh Kd As",
            "casino",
        ),
    ];
    for &(players, dead, rules) in cases {
        let s = || spec(players, dead, rules, Deck::Short, true);
        assert_eq!(
            hero_counts(s(), UNLIMITED).unwrap(),
            brute(&s()),
            "{players:?} {dead} {rules}"
        );
    }
}

#[test]
fn the_2_3_5_rule_cycles_count_for_trips() {
    // Full deck, low ranks only live: the 2-3-5s, trips and the hands that
    // beat 2-3-5s are all there, and every cycle the rule makes.
    let above = |rank: u8| {
        crate::card::Card::all()
            .filter(|c| c.rank() > rank)
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (hero, k, top) in [
        ("4c4d4h", 3, 4),
        ("2c2d2h", 3, 4),
        ("2c3d5h", 2, 4),
        ("3c3d3h", 4, 3),
    ] {
        let dead = above(top);
        let mut players = vec![hero];
        players.extend(std::iter::repeat("random").take(k));
        let s = || spec(&players, &dead, "zha-jin-hua-235", Deck::Full, true);
        assert_eq!(
            hero_counts(s(), Limits::PAGE).unwrap(),
            brute(&s()),
            "{hero} vs {k}"
        );
    }
}

#[test]
fn independent_draws_equal_the_deal_by_deal_count() {
    for (players, rules, deck) in [
        (
            &["AcAdAh", "10%", "10%", "10%"][..],
            "zha-jin-hua-235",
            Deck::Short,
        ),
        (
            &["2c3d5h", "0.5%", "0.5%", "0.5%"][..],
            "zha-jin-hua-235",
            Deck::Full,
        ),
        (&["KsKd9h", "4%", "4%", "4%"][..], "casino", Deck::Short),
        (&["3%", "5%", "5%"][..], "teen-patti", Deck::Short),
    ] {
        let s = || spec(players, "", rules, deck, false);
        assert_eq!(
            hero_counts(s(), Limits::PAGE).unwrap(),
            brute(&s()),
            "{players:?} {rules}"
        );
    }
}

#[test]
fn equals_the_job_for_one_and_two_opponents() {
    for (players, dead, rules, removal) in [
        (
            &["7c7d5h", "random", "random"][..],
            "",
            "zha-jin-hua-235",
            true,
        ),
        (&["2h2s2d", "random"][..], "", "zha-jin-hua", true),
        (&["2c3d5h", "30%", "30%"][..], "Ah", "zha-jin-hua-235", true),
        (&["AhKhQh", "12.5%", "12.5%"][..], "", "casino", true),
        (
            &["AcAdAh", "random", "random"][..],
            "",
            "zha-jin-hua-235",
            false,
        ),
    ] {
        let mine = hero_counts(
            spec(players, dead, rules, Deck::Full, removal),
            Limits::PAGE,
        )
        .unwrap();
        let job = ThreeCardJob::new(spec(players, dead, rules, Deck::Full, removal)).unwrap();
        let t = job.run_all();
        assert_eq!(mine.deals, u128::from(t.showdowns()), "{players:?}");
        assert_eq!(mine.win, u128::from(t.wins(0)), "{players:?}");
        assert_eq!(mine.tie, u128::from(t.ties(0)), "{players:?}");
        assert!((mine.equity() - t.equity(0)).abs() < 1e-12, "{players:?}");
    }
}

#[test]
fn the_issue_s_figures() {
    // 2♥2♠2♦ against one random hand, Zha Jin Hua order without the 2-3-5
    // rule: it loses only to the 48 higher trips of the 18,424 hands left;
    // with independent draws, to 52 of 22,100 (its own trips included).
    let rules = "zha-jin-hua";
    let c = hero_counts(
        spec(&["2h2s2d", "random"], "", rules, Deck::Full, true),
        Limits::PAGE,
    )
    .unwrap();
    assert_eq!((c.deals, c.win, c.tie), (18_424, 18_424 - 48, 0));
    let c = hero_counts(
        spec(&["2h2s2d", "random"], "", rules, Deck::Full, false),
        Limits::PAGE,
    )
    .unwrap();
    // Independent draws: the four trips of deuces tie (its own hand among
    // them), 48 beat it.
    assert_eq!((c.deals, c.win, c.tie), (22_100, 22_100 - 52, 4));
}

#[test]
fn ranges_are_scanned_by_suit_orbits_or_refused() {
    let full =
        |players: &[&str], dead: &str| spec(players, dead, "zha-jin-hua-235", Deck::Full, true);
    let counts = |players: &[&str], dead: &str| hero_counts(full(players, dead), Limits::PAGE);
    // The top four hands under Zha Jin Hua are the trips of aces: one
    // orbit, counted once, four times the counts of one of them.
    let r = counts(&["@22096", "random", "random"], "").unwrap();
    let o = counts(&["AcAdAh", "random", "random"], "").unwrap();
    assert_eq!((r.deals, r.win, r.tie), (4 * o.deals, 4 * o.win, 4 * o.tie));
    // A dead ace of clubs breaks the symmetry: three hands, each scanned.
    let r = counts(&["@22096", "random", "random"], "Ac").unwrap();
    let o = counts(&["AsAdAh", "random", "random"], "Ac").unwrap();
    assert_eq!(r.deals, o.deals);
    assert!(matches!(
        counts(&["random", "random", "random"], ""),
        Err(RatesError::TooManyHeroHands(_))
    ));
    let unlike = spec(&["AcAdAh", "random", "30%"], "", "casino", Deck::Full, true);
    assert_eq!(
        hero_counts(unlike, Limits::PAGE).unwrap_err(),
        RatesError::Unlike
    );
}

#[test]
fn a_count_past_its_budget_gives_up() {
    let s = |removal| {
        spec(
            &["7c7d5h", "30%", "30%", "30%"],
            "",
            "zha-jin-hua-235",
            Deck::Full,
            removal,
        )
    };
    let small = Limits {
        hero_scans: 1,
        states: 10_000,
    };
    assert_eq!(hero_counts(s(true), small), Err(RatesError::TooMuchWork));
    let whole = hero_counts(s(true), Limits::PAGE).unwrap();
    // Step by step, any step size: the same counts.
    for budget in [1, 777, 50_000] {
        let mut job = RatesJob::new(s(true), Limits::PAGE).unwrap();
        let mut last = 0.0;
        while !job.step(budget).unwrap() {
            assert!(job.progress() >= last && job.progress() <= 1.0);
            last = job.progress();
        }
        assert_eq!(job.counts(), Some(whole));
    }
    // Independent draws are products: no scan, no budget.
    assert!(hero_counts(s(false), small).is_ok());
}
