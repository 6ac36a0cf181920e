//! Equity engine: golden cases, an independent brute-force enumerator,
//! chunking invariance, Monte Carlo accuracy and reproducibility.

use crate::check::{check_expected, Mismatch, Rng};
use allin::card::{format_cards_compact, Card, CardSet};
use allin::equity::{calculate, Exact, Method, MonteCarlo, Player, Spec, Tally};
use allin::eval::evaluate;

/// The slow, obvious enumerator: every board from the remaining deck in
/// plain nested loops, every player's 7 cards evaluated from scratch.
fn brute_force(spec: &Spec) -> Tally {
    let holes: Vec<[Card; 2]> = spec
        .players()
        .iter()
        .map(|p| p.known_cards().unwrap())
        .collect();
    let deck: Vec<Card> = spec.known_cards().complement().iter().collect();
    let mut tally = Tally::new(holes.len());
    let mut board = spec.board().to_vec();
    fn deal(
        from: usize,
        left: usize,
        deck: &[Card],
        board: &mut Vec<Card>,
        holes: &[[Card; 2]],
        tally: &mut Tally,
    ) {
        if left == 0 {
            let ranks: Vec<_> = holes
                .iter()
                .map(|h| {
                    let mut seven = board.clone();
                    seven.extend_from_slice(h);
                    evaluate(&seven)
                })
                .collect();
            let best = *ranks.iter().max().unwrap();
            let winners = (0..ranks.len())
                .filter(|&p| ranks[p] == best)
                .fold(0, |m, p| m | 1 << p);
            tally.record(winners, 1);
            return;
        }
        for i in from..deck.len() {
            board.push(deck[i]);
            deal(i + 1, left - 1, deck, board, holes, tally);
            board.pop();
        }
    }
    deal(
        0,
        spec.cards_to_come(),
        &deck,
        &mut board,
        &holes,
        &mut tally,
    );
    tally
}

/// A random valid spec: `players` players, `board` board cards, up to
/// `max_dead` dead cards.
fn random_spec(rng: &mut Rng, players: usize, board: usize, max_dead: usize) -> Spec {
    let dead = rng.below(max_dead + 1);
    let cards = rng.cards(players * 2 + board + dead);
    let hands = (0..players)
        .map(|p| Player::known([cards[2 * p], cards[2 * p + 1]]))
        .collect();
    let b = cards[players * 2..players * 2 + board].to_vec();
    let d = cards[players * 2 + board..].to_vec();
    Spec::new(hands, b, d).unwrap()
}

fn describe(spec: &Spec) -> String {
    let hands: Vec<String> = (0..spec.players().len())
        .map(|p| spec.player_label(p))
        .collect();
    format!(
        "{} board [{}] dead [{}]",
        hands.join(" "),
        format_cards_compact(spec.board()),
        format_cards_compact(spec.dead())
    )
}

/// Golden cases: `HANDS... | BOARD | DEAD => SHOWDOWNS | WINS... | TIES... [| SPLITS]`
/// where SPLITS lists `players:count` for every split, players as 1-based
/// numbers joined by `+` (e.g. `1+2+3:5448`). Blessable, except where the
/// brute-force enumerator disagrees.
#[test]
fn golden_cases() {
    check_expected("equity_exact.txt", |input, expected| {
        let inp: Vec<&str> = input.split('|').map(str::trim).collect();
        let [hands, board, dead] = inp[..] else {
            return Err("expected `HANDS | BOARD | DEAD`".into());
        };
        let hands: Vec<&str> = hands.split_whitespace().collect();
        let spec = Spec::parse(&hands, board, dead).map_err(|e| e.to_string())?;
        let t = Exact::new(&spec).run_all();
        let n = hands.len();
        let list = |f: &dyn Fn(usize) -> u64| {
            (0..n)
                .map(|p| f(p).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut got = format!(
            "{} | {} | {}",
            t.showdowns(),
            list(&|p| t.wins(p)),
            list(&|p| t.ties(p))
        );
        let exp: Vec<&str> = expected.split('|').map(str::trim).collect();
        if exp.len() == 4 {
            let splits: Vec<String> = t
                .splits()
                .map(|(mask, count)| {
                    let who: Vec<String> = (0..n)
                        .filter(|p| mask >> p & 1 == 1)
                        .map(|p| (p + 1).to_string())
                        .collect();
                    format!("{}:{count}", who.join("+"))
                })
                .collect();
            got = format!("{got} | {}", splits.join(" "));
        }
        let want = exp.join(" | ");
        // The slow enumerator agrees (skipped for the big preflop cases in
        // debug builds; the release sweep runs them all).
        if spec.cards_to_come() < 5 || !cfg!(debug_assertions) {
            let slow = brute_force(&spec);
            if slow != t {
                // Not blessable: the two enumerators must agree first.
                return Err(format!("brute force disagrees: {:?}", slow.by_winners()).into());
            }
        }
        if got == want {
            Ok(())
        } else {
            Err(Mismatch::actual(&want, got))
        }
    });
}

/// Random flop, turn and river specs with 2–10 players and dead cards:
/// the fast enumerator equals the brute force, count for count.
#[test]
fn matches_brute_force_postflop() {
    let mut rng = Rng::new(0xE0_1717);
    for i in 0..300 {
        let players = 2 + rng.below(9);
        let board = 3 + rng.below(3);
        let spec = random_spec(&mut rng, players, board, 6);
        let fast = Exact::new(&spec).run_all();
        assert_eq!(fast, brute_force(&spec), "case {i}: {}", describe(&spec));
    }
}

/// Preflop specs against the brute force: many players keep it affordable.
#[test]
fn matches_brute_force_preflop() {
    let mut rng = Rng::new(0x9E_F10F);
    let cases = if cfg!(debug_assertions) { 3 } else { 40 };
    for i in 0..cases {
        let players = 8 + rng.below(3);
        let spec = random_spec(&mut rng, players, 0, 8);
        let fast = Exact::new(&spec).run_all();
        assert_eq!(fast, brute_force(&spec), "case {i}: {}", describe(&spec));
    }
}

// release sweep: ALLIN_EXHAUSTIVE
#[test]
#[ignore = "release sweep: heads-up preflop brute force, run with --ignored"]
fn matches_brute_force_heads_up_preflop() {
    let mut rng = Rng::new(0x2_2222);
    for i in 0..20 {
        let players = 2 + rng.below(2);
        let spec = random_spec(&mut rng, players, 0, 3);
        let fast = Exact::new(&spec).run_all();
        assert_eq!(fast, brute_force(&spec), "case {i}: {}", describe(&spec));
    }
}

/// Any chunking, in any order, gives the identical tally.
#[test]
fn chunks_merge_to_the_whole() {
    let mut rng = Rng::new(0xC4_0C5);
    for i in 0..40 {
        let board = [0, 3, 4][rng.below(3)];
        let players = 2 + rng.below(5);
        let spec = random_spec(&mut rng, players, board, 4);
        let job = Exact::new(&spec);
        let whole = job.run_all();
        let n = job.total_units();
        // Random cut points, chunks merged in shuffled order.
        let mut cuts: Vec<u64> = (0..rng.below(8))
            .map(|_| rng.below(n as usize + 1) as u64)
            .collect();
        cuts.extend([0, n]);
        cuts.sort_unstable();
        let mut chunks: Vec<(u64, u64)> = cuts.windows(2).map(|w| (w[0], w[1])).collect();
        rng.shuffle(&mut chunks);
        let mut merged = Tally::new(spec.players().len());
        for (a, b) in chunks {
            merged += &job.run(a, b);
        }
        assert_eq!(merged, whole, "case {i}: {}", describe(&spec));
        // Strided chunks too (what the page schedules for honest partials).
        let stride = 1 + rng.below(7) as u64;
        let mut merged = Tally::new(spec.players().len());
        for k in 0..stride {
            let mut u = k;
            while u < n {
                merged += &job.run(u, u + 1);
                u += stride;
            }
        }
        assert_eq!(merged, whole, "case {i} stride {stride}");
    }
}

/// A fixed seed lands within a few standard errors of the exact answer, and
/// `(seed, chunk, trials)` fixes the tally.
#[test]
fn monte_carlo_is_accurate_and_reproducible() {
    for (players, board) in [
        (&["AhKh", "QsQd"][..], ""),
        (&["AhAd", "KsKc", "QhQd"][..], ""),
        (&["AhKh", "QsQd", "JcTc", "9s8s", "7d7c", "AdKc"][..], ""),
        (&["AhKh", "QsQd"][..], "2h7hTc"),
    ] {
        let spec = Spec::parse(players, board, "").unwrap();
        let exact = Exact::new(&spec).run_all();
        let mc = calculate(
            &spec,
            Method::MonteCarlo {
                trials: 200_000,
                seed: 7,
            },
        )
        .tally;
        assert_eq!(mc.showdowns(), 200_000);
        for p in 0..players.len() {
            let se = mc.std_error(p);
            let diff = (mc.equity(p) - exact.equity(p)).abs();
            assert!(
                se > 0.0 && diff < 4.0 * se,
                "{players:?} player {p}: |{diff}| vs se {se}"
            );
        }
        let job = MonteCarlo::new(&spec);
        assert_eq!(job.run(7, 3, 1000), job.run(7, 3, 1000));
        assert_ne!(job.run(7, 3, 1000), job.run(7, 4, 1000));
    }
}

/// Automatic choice: exact for known hands (always affordable).
#[test]
fn auto_is_exact_for_known_hands() {
    let spec = Spec::parse(&["AhKh", "QsQd"], "2h7hTc", "").unwrap();
    let out = calculate(
        &spec,
        Method::Auto {
            trials: 1000,
            seed: 1,
        },
    );
    assert!(out.exact);
    assert_eq!(out.tally.showdowns(), 990);
}

/// Dead cards come out of the deck; a flush-heavy board with ten players.
#[test]
fn dead_cards_and_full_tables() {
    let spec = Spec::parse(&["AhKh", "QsQd"], "2h7hTc", "3h 4h").unwrap();
    assert_eq!(Exact::new(&spec).run_all().showdowns(), 43 * 42 / 2);
    let all: CardSet = spec.known_cards();
    assert_eq!(all.len(), 9);
}

/// Golden range cases: `PLAYER vs PLAYER … | BOARD | DEAD => SHOWDOWNS | WINS… | TIES…`.
#[test]
fn golden_range_cases() {
    let table = std::sync::Arc::new(
        allin::equity::preflop::PreflopTable::from_bytes(
            &std::fs::read(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/www/data/preflop-hu.bin"
            ))
            .unwrap(),
        )
        .unwrap(),
    );
    check_expected("equity_ranges.txt", |input, expected| {
        let inp: Vec<&str> = input.split('|').map(str::trim).collect();
        let [players, board, dead] = inp[..] else {
            return Err("expected `PLAYERS | BOARD | DEAD`".into());
        };
        let players: Vec<&str> = players.split(" vs ").map(str::trim).collect();
        let spec = Spec::parse(&players, board, dead).map_err(|e| e.to_string())?;
        let out = allin::equity::calculate_with(&spec, Method::Exact, Some(table.clone()));
        let t = out.tally;
        let n = players.len();
        let list = |f: &dyn Fn(usize) -> u64| {
            (0..n)
                .map(|p| f(p).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let got = format!(
            "{} | {} | {}",
            t.showdowns(),
            list(&|p| t.wins(p)),
            list(&|p| t.ties(p))
        );
        let want = expected
            .split('|')
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" | ");
        if got == want {
            Ok(())
        } else {
            Err(Mismatch::actual(&want, got))
        }
    });
}
