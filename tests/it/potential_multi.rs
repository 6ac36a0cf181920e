//! Hand strength against several opponents
//! (`src/equity/potential/multi.rs`): every data-file case against a brute
//! force written here (every disjoint deal of the opponents × every runout,
//! ranks from the naive reference evaluator), one opponent against
//! `PotentialJob`, any split of the units, the sampled counts against the
//! exact ones, and bad input.

use crate::check::check_io;
use crate::reference::reference;
use allin::card::{parse_cards, CardSet};
use allin::equity::potential::multi::{StrengthError, StrengthJob};
use allin::equity::potential::stats::StrengthCounts;
use allin::equity::potential::{PotentialJob, AHEAD, BEHIND, TIED};
use allin::equity::rng::Rng;
use allin::range::{parse, HoleCards, Range};
use allin::Card;

fn hole(text: &str) -> HoleCards {
    let c = parse_cards(text).unwrap();
    HoleCards::new(c[0], c[1]).unwrap()
}

fn ranges(vs: &str) -> Vec<Range> {
    vs.split(';')
        .map(|r| parse(r.trim(), None).unwrap())
        .collect()
}

fn open(hero: &str, board: &str, dead: &str, vs: &[Range]) -> Result<StrengthJob, StrengthError> {
    let board = parse_cards(board).unwrap();
    let dead: CardSet = parse_cards(dead).unwrap().into_iter().collect();
    let refs: Vec<&Range> = vs.iter().collect();
    StrengthJob::open(hole(hero), &board, dead, &refs)
}

/// The counts by brute force: every ordered deal of the opponents (each
/// from its range, no card twice), weights multiplied, every runout.
fn brute(hero: &str, board: &str, vs: &[Range]) -> StrengthCounts {
    let reference = reference();
    let hero = parse_cards(hero).unwrap();
    let board = parse_cards(board).unwrap();
    let seen: CardSet = hero.iter().chain(&board).copied().collect();
    let rank = |hand: &[Card], cards: &[Card]| {
        let all: Vec<Card> = hand.iter().chain(cards).copied().collect();
        reference.best(&all).unwrap()
    };
    // Joint state: the worst against any opponent.
    let joint = |b: &[Card], deal: &[[Card; 2]]| {
        let h = rank(&hero, b);
        deal.iter()
            .map(|o| match h.cmp(&rank(o, b)) {
                std::cmp::Ordering::Greater => AHEAD,
                std::cmp::Ordering::Equal => TIED,
                std::cmp::Ordering::Less => BEHIND,
            })
            .max()
            .unwrap()
    };
    let mut deals: Vec<(Vec<[Card; 2]>, u128)> = vec![(Vec::new(), 1)];
    for range in vs {
        let mut next = Vec::new();
        for (deal, w) in &deals {
            for (combo, weight) in range.combos() {
                let cards = combo.cards();
                let clash = cards
                    .iter()
                    .any(|c| seen.contains(*c) || deal.iter().any(|o| o.contains(c)));
                if weight.is_zero() || clash {
                    continue;
                }
                let mut d = deal.clone();
                d.push(cards);
                next.push((d, w * u128::from(weight.permille())));
            }
        }
        deals = next;
    }
    let mut counts = StrengthCounts::default();
    for (deal, w) in &deals {
        let now = joint(&board, deal);
        counts.now[now] += w;
        let deck: Vec<Card> = Card::all()
            .filter(|c| !seen.contains(*c) && !deal.iter().any(|o| o.contains(c)))
            .collect();
        let with = |extra: &[Card]| -> Vec<Card> { board.iter().chain(extra).copied().collect() };
        if board.len() == 3 {
            for (i, &t) in deck.iter().enumerate() {
                counts.next[now][joint(&with(&[t]), deal)] += w;
                for &r in &deck[i + 1..] {
                    counts.hp[now][joint(&with(&[t, r]), deal)] += w;
                }
            }
        } else {
            for &r in &deck {
                let s = joint(&with(&[r]), deal);
                counts.hp[now][s] += w;
                counts.next[now][s] += w;
            }
        }
    }
    counts
}

/// Weights in deals: per mille per opponent, shown as whole deals where
/// they are.
fn deals(w: u128, n: u32) -> String {
    let scale = 1000u128.pow(n);
    let (whole, frac) = (w / scale, w % scale);
    if frac == 0 {
        return whole.to_string();
    }
    let digits = format!("{frac:0width$}", width = 3 * n as usize);
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

fn show(c: &StrengthCounts, n: u32, hs_n: f64) -> String {
    let row = |r: &[u128; 3]| r.map(|x| deals(x, n)).join("/");
    let s = c.summary(false);
    format!(
        "now {} | hp {} {} {} | hs {:.4} ppot {:.4} npot {:.4} ehs {:.4} | hs^n {:.4}",
        row(&c.now),
        row(&c.hp[AHEAD]),
        row(&c.hp[TIED]),
        row(&c.hp[BEHIND]),
        s.hs.value,
        s.ppot.value,
        s.npot.value,
        s.ehs.value,
        hs_n
    )
}

/// `HAND | BOARD | VS; VS… => counts`: the engine's exact counts, each
/// also checked against the brute force above.
#[test]
fn cases() {
    check_io("potential_multi.txt", |input| {
        let parts: Vec<&str> = input.split('|').map(str::trim).collect();
        let [hero, board, vs] = parts[..] else {
            return format!("malformed: {input}");
        };
        let vs = ranges(vs);
        let job = open(hero, board, "", &vs).unwrap();
        let counts = job.run_all();
        assert_eq!(
            counts,
            brute(hero, board, &vs),
            "brute force disagrees: {input}"
        );
        let n = vs.len() as i32;
        show(&counts, n as u32, job.hs_one_random().powi(n))
    });
}

/// One opponent: the same counts as the one-opponent job.
#[test]
fn one_opponent_is_potential_job() {
    for (hero, board, vs) in [
        ("AdQc", "3h4cJh", "random"),
        ("7c7d", "Ks8h2d5c", "QQ+, AK@50, 76s"),
    ] {
        let range = parse(vs, None).unwrap();
        let cards = parse_cards(board).unwrap();
        let one = PotentialJob::open(hole(hero), &cards, CardSet::EMPTY, &range)
            .unwrap()
            .run_all();
        let multi = open(hero, board, "", &[range]).unwrap().run_all();
        assert_eq!(multi, StrengthCounts::from(&one), "{hero} {board} {vs}");
    }
}

/// Any split of the units, merged in any order, gives the same counts; so
/// do sampled chunks (each addressed by its index).
#[test]
fn chunks_add_up() {
    let mut rng = Rng::new(0x5_7E46);
    for (hero, board, vs) in [
        ("AhKh", "2h7hTc", "QQ+, AK; 76s, 55"),
        ("7c7d", "Ks8h2d5c", "random; random"),
        ("As2s", "Ks8h2d5c", "TT+; 76s, 98s; AK@50"),
    ] {
        let job = open(hero, board, "", &ranges(vs)).unwrap();
        let whole = job.run_all();
        let n = job.total_units();
        for _ in 0..4 {
            let mut cuts: Vec<usize> = (0..rng.below(6))
                .map(|_| rng.below(n as u32 + 1) as usize)
                .collect();
            cuts.extend([0, n]);
            cuts.sort_unstable();
            let mut pieces: Vec<_> = cuts.windows(2).map(|w| job.run(w[0]..w[1])).collect();
            pieces.reverse();
            let mut sum = StrengthCounts::default();
            for p in &pieces {
                sum.add(p);
            }
            assert_eq!(sum, whole, "{hero} {board} {vs} cut at {cuts:?}");
        }
        let mut a = StrengthCounts::default();
        for chunk in [3, 0, 2, 1] {
            a.add(&job.sample(7, chunk, 50).unwrap());
        }
        let mut b = StrengthCounts::default();
        for chunk in 0..4 {
            b.add(&job.sample(7, chunk, 50).unwrap());
        }
        assert_eq!(a, b);
        assert_eq!(a.hp.iter().flatten().sum::<u128>(), 200);
    }
}

/// Sampled statistics land within a few standard errors of the exact ones.
#[test]
fn sampled_agrees_with_exact() {
    for (hero, board, vs) in [
        ("AdQc", "3h4cJh", "random; random"),
        ("7c7d", "Ks8h2d5c", "QQ+, AK@50, 76s; random; 22+"),
    ] {
        let job = open(hero, board, "", &ranges(vs)).unwrap();
        let exact = job.run_all().summary(false);
        let mut sampled = StrengthCounts::default();
        for chunk in 0..8 {
            sampled.add(&job.sample(42, chunk, 2_000).unwrap());
        }
        let s = sampled.summary(true);
        for (name, e, m) in [
            ("hs", exact.hs, s.hs),
            ("ppot", exact.ppot, s.ppot),
            ("npot", exact.npot, s.npot),
            ("ehs", exact.ehs, s.ehs),
            ("ppot1", exact.ppot1, s.ppot1),
            ("npot_whole_tie", exact.npot_whole_tie, s.npot_whole_tie),
        ] {
            let se = m.se.unwrap();
            assert!(se > 0.0 && se < 0.05, "{name}: se {se}");
            assert!(
                (e.value - m.value).abs() < 4.5 * se + 1e-9,
                "{hero} {board} {vs} {name}: exact {} sampled {} ± {se}",
                e.value,
                m.value
            );
        }
    }
}

/// Two random opponents on the flop: exact, and where the policy puts
/// bigger jobs.
#[test]
fn policy() {
    let two = open("AdQc", "3h4cJh", "", &ranges("random; random")).unwrap();
    assert!(two.affordable());
    let three_turn = open("AdQc", "3h4cJh2s", "", &ranges("random; random; random")).unwrap();
    assert!(three_turn.affordable());
    let five = open(
        "AdQc",
        "3h4cJh",
        "",
        &ranges("random; random; random; random; random"),
    )
    .unwrap();
    assert!(!five.affordable());
    // Nine: the cost saturates instead of overflowing (it panicked once).
    let nine: Vec<Range> = (0..9).map(|_| Range::random()).collect();
    let nine = open("AdQc", "3h4cJh", "", &nine).unwrap();
    assert_eq!(nine.exact_cost(), u64::MAX);
    assert!(!nine.affordable() && !nine.can_force());
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let err = |hero: &str, board: &str, dead: &str, vs: &str| {
        open(hero, board, dead, &ranges(vs))
            .err()
            .map(|e| e.to_string())
    };
    assert_eq!(
        err("AhKh", "2c3c", "", "random; random").as_deref(),
        Some("hand strength needs a flop or a turn: the board has 2 cards, give 3 or 4")
    );
    assert_eq!(
        err("AhKh", "Ah3c4c", "", "random; random").as_deref(),
        Some("Ah is in your hand and in the board")
    );
    assert_eq!(
        err("AhKh", "2c3c4c", "", "AA; Ah2h").as_deref(),
        Some("opponent 2's range has no hand left with these cards")
    );
    assert_eq!(
        err("AhKh", "2c3c4c", "", "AsAd; AsAc").as_deref(),
        Some("the opponents' ranges cannot all be dealt at once: they need the same cards")
    );
    let ten: Vec<Range> = (0..10).map(|_| Range::random()).collect();
    assert_eq!(
        open("AhKh", "2c3c4c", "", &ten)
            .err()
            .map(|e| e.to_string())
            .as_deref(),
        Some("10 opponents: give 1 to 9 (a table seats ten)")
    );
    assert_eq!(
        open("AhKh", "2c3c4c", "", &[])
            .err()
            .map(|e| e.to_string())
            .as_deref(),
        Some("0 opponents: give 1 to 9 (a table seats ten)")
    );
    // 30 dead cards leave 17: not enough for 9 opponents and the runout.
    let dead = "2d2h2s3d3h3s4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTc";
    let nine: Vec<Range> = (0..9).map(|_| Range::random()).collect();
    assert_eq!(
        open("AhKh", "2c3c4c", dead, &nine)
            .err()
            .map(|e| e.to_string())
            .as_deref(),
        Some("9 opponents need 18 cards and the runout 2 more: only 17 are left")
    );
}

/// Bigger sweeps against the brute force: two and three random
/// opponents.
#[test]
#[ignore = "release sweep: brute force over random opponents, run with --ignored"]
fn random_opponents_match_brute_force() {
    for (hero, board, vs) in [
        ("AdQc", "3h4cJh9d", "random; random"),
        ("7c7d", "Ks8h2d", "random; QQ+, AK"),
        ("AhKh", "2h7hTc5s", "22+; random; 76s, JTs"),
    ] {
        let vs = ranges(vs);
        let job = open(hero, board, "", &vs).unwrap();
        assert_eq!(job.run_all(), brute(hero, board, &vs), "{hero} {board}");
    }
}
