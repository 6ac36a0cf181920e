use super::*;
use crate::deal::three_card_winners;

/// Zha Jin Hua order without the 2-3-5 rule, A-2-3 lowest (the checks).
fn zjh_plain() -> Rules {
    Rules {
        two_three_five_beats_trips: false,
        ..Rules::zha_jin_hua_235()
    }
}

fn job(players: &[&str], dead: &str, rules: Rules, deck: Deck, removal: bool) -> ThreeCardJob {
    ThreeCardJob::new(ThreeCardSpec::build(players, dead, rules, deck, removal).unwrap()).unwrap()
}

/// Every deal, one by one, judged by `deal::three_card_winners`.
fn brute(job: &ThreeCardJob) -> Tally {
    let mut tally = Tally::new(job.players());
    let lists = &job.hands;
    let mut idx = vec![0usize; lists.len()];
    loop {
        let hands: Vec<Dealt> = idx.iter().enumerate().map(|(p, &i)| lists[p][i]).collect();
        let mut used = CardSet::EMPTY;
        let mut fits = true;
        for h in &hands {
            fits &= !job.removal || !h.cards.intersects(used);
            for c in h.hand.cards() {
                used.insert(c);
            }
        }
        if fits {
            let plain: Vec<Hand> = hands.iter().map(|d| d.hand).collect();
            let (winners, _) = three_card_winners(&plain, &job.rules);
            tally.record(winners.iter().fold(0, |m, &w| m | 1 << w), 1);
        }
        // Next index (odometer).
        let mut p = lists.len();
        loop {
            if p == 0 {
                return tally;
            }
            p -= 1;
            idx[p] += 1;
            if idx[p] < lists[p].len() {
                break;
            }
            idx[p] = 0;
        }
    }
}

#[test]
fn trips_of_deuces_vs_one_random_hand() {
    let j = job(&["2h 2s 2d", "random"], "", zjh_plain(), Deck::Full, true);
    let t = j.run_all();
    assert_eq!(t.showdowns(), 18_424);
    assert_eq!(t.wins(0), 18_424 - 48);
    assert_eq!(t.wins(1), 48);
    assert_eq!(t.ties(0), 0);
    assert_eq!(t, brute(&j));
    // Independent draws: 1 − 52/22,100 (48 higher trips, 4 ties).
    let j = job(&["2h 2s 2d", "random"], "", zjh_plain(), Deck::Full, false);
    let t = j.run_all();
    assert_eq!(t.showdowns(), 22_100);
    assert_eq!(t.wins(0), 22_100 - 52);
    assert_eq!(t.ties(0), 4);
}

type Case<'a> = (&'a [&'a str], &'a str, Rules);

/// Each case (players, dead cards, rules) counted by the job and dealt by
/// the brute force, with card removal and (where no card is dead) without.
fn check_against_brute_force(cases: &[Case]) {
    for (players, dead, rules) in cases {
        for removal in [true, false] {
            if !removal && !dead.is_empty() {
                continue;
            }
            let j = job(players, dead, *rules, Deck::Full, removal);
            assert_eq!(
                j.run_all(),
                brute(&j),
                "{players:?} {dead} removal {removal}"
            );
        }
    }
}

#[test]
fn two_opponents_are_counted_as_the_brute_force_deals_them() {
    // Narrow ranges here; against `random` (~20 million hands dealt) in
    // the sweep below.
    check_against_brute_force(&[
        (&["2h 2d 3s", "1%", "20%"], "Kc", zjh_plain()),
        (
            &["2c 3d 5h", "Ac Ad Ah", "random"],
            "",
            Rules::zha_jin_hua_235(),
        ),
        (&["0.5%", "Qc Jd 2s", "10%"], "", Rules::zha_jin_hua_235()),
        (&["Kc Kd Ks", "Ac 2d 3h", "15%"], "", Rules::teen_patti()),
    ]);
    // The short deck, every hand of it.
    let j = job(
        &["9c 9d 9h", "random", "random"],
        "As",
        Rules::zha_jin_hua_235(),
        Deck::Short,
        true,
    );
    assert_eq!(j.run_all(), brute(&j));
}

/// The cases against `random` (the brute force deals ~20 million hands
/// each): a release sweep (`cargo xtask test sweeps`).
#[test]
#[ignore = "release sweep: ALLIN_EXHAUSTIVE"]
fn two_opponents_against_random_are_counted_as_dealt() {
    check_against_brute_force(&[
        (&["2h 2d 3s", "5%", "random"], "", zjh_plain()),
        (&["2h 2d 3s", "random", "5%"], "Kc", zjh_plain()),
        (&["Ah Kh Qh", "3%", "random"], "", Rules::casino()),
        (&["2c 3d 5h", "2%", "random"], "", Rules::zha_jin_hua_235()),
        (&["Kc Kd Ks", "Ac 2d 3h", "random"], "", Rules::teen_patti()),
        (
            &["2c 3d 5h", "Ac Ad Ah", "random"],
            "",
            Rules::zha_jin_hua_235(),
        ),
        (&["4%", "Qc Jd 2s", "random"], "", Rules::zha_jin_hua_235()),
    ]);
}

#[test]
fn any_chunking_gives_the_same_counts() {
    let j = job(
        &["3%", "2%", "random"],
        "",
        Rules::zha_jin_hua_235(),
        Deck::Full,
        true,
    );
    let whole = j.run_all();
    for stride in [1, 7, 64, 1000] {
        let mut sum = Tally::new(3);
        for c in 0..stride {
            sum += &j.run_strided(c, stride);
        }
        assert_eq!(sum, whole, "stride {stride}");
    }
    let mid = j.units() / 3;
    let mut sum = j.run(0..mid);
    sum += &j.run(mid..j.units() + 5);
    assert_eq!(sum, whole);
}

#[test]
fn monte_carlo_lands_within_four_errors_of_exact() {
    let j = job(
        &["2h 2d 3s", "30%", "random"],
        "",
        zjh_plain(),
        Deck::Full,
        true,
    );
    let exact = j.run_all();
    let mut mc = Tally::new(3);
    for chunk in 0..20 {
        mc += &j.run_trials(9, chunk, 5_000);
    }
    assert_eq!(mc.showdowns(), 100_000);
    for p in 0..3 {
        let (e, m, se) = (exact.equity(p), mc.equity(p), mc.std_error(p));
        assert!((e - m).abs() < 4.0 * se, "player {p}: {m} ± {se} vs {e}");
    }
    // Chunks are their seeds: the same trials again.
    assert_eq!(j.run_trials(9, 3, 100), j.run_trials(9, 3, 100));
}

#[test]
fn bad_input_is_refused_clearly() {
    let e = |players: &[&str], dead: &str, deck: Deck| {
        ThreeCardSpec::build(players, dead, Rules::zha_jin_hua_235(), deck, true)
            .and_then(ThreeCardJob::new)
            .err()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        e(&["2h 2s"], "", Deck::Full),
        "three-card equity needs a hero and 1 to 5 opponents, not 0 opponents"
    );
    assert!(e(&["2h 2s", "random"], "", Deck::Full).starts_with("the hero (player 1): "));
    assert!(e(&["2h 2s 2d 2c", "random"], "", Deck::Full).starts_with("the hero (player 1): "));
    assert!(e(&["random", "150%"], "", Deck::Full).starts_with("player 2: \"150%\" is not a share"));
    assert_eq!(
        e(&["random"; 7], "", Deck::Full),
        "three-card equity needs a hero and 1 to 5 opponents, not 6 opponents"
    );
    assert_eq!(
        e(&["random"; 6], "Ac Kc Qc Jc Tc 9c 9d", Deck::Short),
        "25 cards are needed but the deck has 24: fewer players or dead cards"
    );
    assert_eq!(
        e(&["2h 2s 2d", "2h 3c 4c"], "", Deck::Full),
        "2h is in the hero (player 1) and in player 2"
    );
    assert_eq!(
        e(&["2h 2s 2d", "random"], "2d", Deck::Full),
        "2d is in the dead cards and in the hero (player 1)"
    );
    assert_eq!(
        e(&["random", "random"], "8c", Deck::Short),
        "dead cards: 8c is not in the short deck (9 to A)"
    );
    // The top hand alone (A♠A♥A♦ sorts last among the trips of aces), its ace dead.
    assert_eq!(
        e(&["random", "0.005%"], "As", Deck::Full),
        "player 2 has no hand left: every hand of the holding uses a card already in play"
    );
}

/// Timing, not a test of speed: `cargo test --lib three_card::equity::tests::timing -- --ignored --nocapture`.
#[test]
#[ignore]
fn timing() {
    for players in [
        &["2h 2d 3s", "random"][..],
        &["2h 2d 3s", "random", "random"],
        &["2c 3d 5h", "random", "random"],
    ] {
        let j = job(players, "", Rules::zha_jin_hua_235(), Deck::Full, true);
        let t0 = std::time::Instant::now();
        let t = j.run_all();
        println!(
            "{players:?}: {} units, {:?}, {} showdowns",
            j.units(),
            t0.elapsed(),
            t.showdowns()
        );
    }
}

/// The second check: 2♥2♦3♠ against one opponent over all 18,424
/// hands, counted exactly and by the brute force.
#[test]
fn a_low_pair_against_one_random_hand() {
    let j = job(&["2h 2d 3s", "random"], "", zjh_plain(), Deck::Full, true);
    let t = j.run_all();
    assert_eq!(t, brute(&j));
    assert_eq!(
        (t.showdowns(), t.wins(0), t.ties(0), t.wins(1)),
        (18_424, 13_647, 3, 4_774)
    );
}
