//! What each hand makes and hits (`src/equity/detail.rs`): every data-file
//! case (`tests/data/detail.txt`) against a brute force written here from
//! the definitions (every assignment, every final board, every next card,
//! ranks from the naive reference evaluator), the same counts from any
//! split of the units, and the sampler against the exact answer.

use crate::check::check_io;
use crate::reference::reference;
use allin::card::CardSet;
use allin::equity::detail::{
    DetailCounts, DetailJob, DetailPlan, DetailReport, DetailSampler, CATEGORIES,
};
use allin::equity::{Spec, Tally};
use allin::eval::Category;
use allin::Card;

fn spec(line: &str) -> Spec {
    let parts: Vec<&str> = line.split('|').map(str::trim).collect();
    let hands: Vec<&str> = parts[0].split_whitespace().collect();
    Spec::parse(
        &hands,
        parts.get(1).unwrap_or(&""),
        parts.get(2).unwrap_or(&""),
    )
    .unwrap()
}

/// Every compatible assignment of hole cards with its weight.
fn assignments(spec: &Spec) -> Vec<(Vec<[Card; 2]>, u64)> {
    let mut out = vec![(Vec::new(), 1u64)];
    for p in spec.players() {
        let mut next = Vec::new();
        for (holes, w) in &out {
            for c in &p.combos {
                let clash = holes.iter().flatten().any(|x: &Card| c.cards.contains(x));
                if !clash {
                    let mut h = holes.clone();
                    h.push(c.cards);
                    next.push((h, w * u64::from(c.weight)));
                }
            }
        }
        out = next;
    }
    out
}

/// Ranks of every player on `board` (3 to 5 cards), by the reference.
fn ranks(holes: &[[Card; 2]], board: &[Card]) -> Vec<u16> {
    holes
        .iter()
        .map(|h| {
            let all: Vec<Card> = h.iter().chain(board).copied().collect();
            reference().best(&all).unwrap()
        })
        .collect()
}

fn winner_mask(r: &[u16]) -> usize {
    let best = *r.iter().max().unwrap();
    r.iter()
        .enumerate()
        .filter(|(_, &x)| x == best)
        .map(|(p, _)| 1 << p)
        .sum()
}

/// Every `k`-subset of `cards`.
fn subsets(cards: &[Card], k: usize) -> Vec<Vec<Card>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for i in 0..cards.len() {
        for mut rest in subsets(&cards[i + 1..], k - 1) {
            rest.insert(0, cards[i]);
            out.push(rest);
        }
    }
    out
}

/// The detail by brute force, from the definitions.
fn brute(spec: &Spec) -> DetailCounts {
    let n = spec.players().len();
    let board = spec.board().to_vec();
    let with_next = matches!(board.len(), 3 | 4);
    let mut made = vec![0u64; n * CATEGORIES];
    let (mut won, mut tied) = (made.clone(), made.clone());
    // Who beat whom with what: each ordered pair of players, by category.
    let mut beat = vec![0u64; n * CATEGORIES * CATEGORIES];
    let mut tied_against = made.clone();
    let mut deals = 0;
    let mut next: Vec<Tally> = (0..52).map(|_| Tally::new(n)).collect();
    let mut seen = [0u64; 52];
    let mut clean = vec![0u64; 52 * n];
    let mut shared = clean.clone();
    let fixed: CardSet = board.iter().chain(spec.dead()).copied().collect();
    for (holes, w) in assignments(spec) {
        let mut used = fixed;
        holes.iter().flatten().for_each(|&c| used.insert(c));
        let deck: Vec<Card> = Card::all().filter(|&c| !used.contains(c)).collect();
        for extra in subsets(&deck, 5 - board.len()) {
            let full: Vec<Card> = board.iter().chain(&extra).copied().collect();
            let r = ranks(&holes, &full);
            let m = winner_mask(&r);
            deals += w;
            for (p, &rank) in r.iter().enumerate() {
                let i = p * CATEGORIES + usize::from(rank >> 12);
                made[i] += w;
                if m == 1 << p {
                    won[i] += w;
                } else if m >> p & 1 == 1 {
                    tied[i] += w;
                }
                for (q, &other) in r.iter().enumerate() {
                    let (mine, theirs) = (usize::from(rank >> 12), usize::from(other >> 12));
                    if q == p {
                        continue;
                    } else if rank > other {
                        beat[(p * CATEGORIES + mine) * CATEGORIES + theirs] += w;
                    } else if rank == other {
                        assert_eq!(mine, theirs, "a tie within one category");
                        tied_against[p * CATEGORIES + mine] += w;
                    }
                }
            }
        }
        if !with_next {
            continue;
        }
        let now = winner_mask(&ranks(&holes, &board));
        for &c in &deck {
            seen[c.id() as usize] += w;
            let mut b = board.clone();
            b.push(c);
            let then = winner_mask(&ranks(&holes, &b));
            for p in 0..n {
                let i = c.id() as usize * n + p;
                let behind = now >> p & 1 == 0;
                let ahead = now == 1 << p;
                if then == 1 << p && !ahead {
                    clean[i] += w;
                } else if then >> p & 1 == 1 && behind {
                    shared[i] += w;
                }
            }
            if b.len() == 5 {
                next[c.id() as usize].record(then, w);
            } else {
                for &r in deck.iter().filter(|&&r| r != c) {
                    let mut f = b.clone();
                    f.push(r);
                    next[c.id() as usize].record(winner_mask(&ranks(&holes, &f)), w);
                }
            }
        }
    }
    let mut flat = vec![deals];
    flat.extend(made.iter().chain(&won).chain(&tied));
    flat.extend(beat.iter().chain(&tied_against));
    if with_next {
        next.iter().for_each(|t| flat.extend(t.by_winners()));
        flat.extend(seen);
        flat.extend(clean.iter().chain(&shared));
    }
    DetailCounts::from_flat(n, with_next, &flat).unwrap()
}

/// The golden text of a detail: deals, then per player the make/win/tie
/// weights (strongest first), clean and shared outs as `card:weight`, and
/// the totals of its matrix: the (deal, opponent) pairs it beat and tied.
fn summary(c: &DetailCounts) -> String {
    let mut s = format!("deals {}", c.deals());
    for p in 0..c.players() {
        let list = |f: &dyn Fn(Category) -> u64| {
            let v: Vec<String> = Category::ALL
                .iter()
                .rev()
                .map(|&k| f(k).to_string())
                .collect();
            v.join("/")
        };
        s += &format!(
            " | make {} win {} tie {}",
            list(&|k| c.made(p, k)),
            list(&|k| c.won(p, k)),
            list(&|k| c.tied(p, k))
        );
        let pairs = |f: &dyn Fn(Category) -> u64| Category::ALL.into_iter().map(f).sum::<u64>();
        s += &format!(
            " beat {} tied {}",
            pairs(&|k| pairs(&|o| c.beat(p, k, o))),
            pairs(&|k| c.tied_against(p, k))
        );
        if c.has_next() {
            let outs = |f: &dyn Fn(Card) -> u64| {
                let v: Vec<String> = Card::all()
                    .filter(|&k| f(k) > 0)
                    .map(|k| {
                        let (w, seen) = (f(k), c.seen(k));
                        if w == seen {
                            k.to_string()
                        } else {
                            format!("{k}:{w}/{seen}")
                        }
                    })
                    .collect();
                if v.is_empty() {
                    "-".into()
                } else {
                    v.join(",")
                }
            };
            s += &format!(
                " clean {} shared {}",
                outs(&|k| c.clean(k, p)),
                outs(&|k| c.shared(k, p))
            );
        }
    }
    s
}

#[test]
fn detail_cases_match_the_brute_force() {
    check_io("detail.txt", |input| {
        let spec = spec(input);
        let counts = DetailJob::new(&spec).run_all();
        let naive = brute(&spec);
        assert!(
            counts == naive,
            "differs from the brute force: {input}\n engine {}\n  brute {}",
            summary(&counts),
            summary(&naive)
        );
        summary(&counts)
    });
}

/// Heads-up the matrix refines "wins with" and "ties with": a row's sum is
/// the category's wins alone, the tie diagonal its split pots; multiway a
/// player's wins are at most its (deal, opponent) pairs beaten.
#[test]
fn detail_matrix_rows_add_up_to_the_wins() {
    for line in [
        "AhKh QsQd | 2h7hTc",
        "Ac2d Ad3c | 5h6h7h8s",
        "AA,KK@50 JhTh | Qh9h2c",
        "AhKd AcKs 7c7d | QsJd2c",
    ] {
        let counts = DetailJob::new(&spec(line)).run_all();
        let report = DetailReport::new(&counts, true);
        let n = counts.players();
        for p in 0..n {
            for k in Category::ALL {
                let row: u64 = Category::ALL.iter().map(|&o| counts.beat(p, k, o)).sum();
                let m = &report.players[p].matrix;
                assert_eq!(
                    m.wins
                        .iter()
                        .filter(|c| c.mine == k)
                        .map(|c| c.count)
                        .sum::<u64>(),
                    row
                );
                assert_eq!(m.tied(k), counts.tied_against(p, k));
                if n == 2 {
                    assert_eq!(row, counts.won(p, k), "{line}: p{p} {k}");
                    assert_eq!(counts.tied_against(p, k), counts.tied(p, k), "{line}");
                } else {
                    // Winning alone beats every opponent.
                    assert!(row >= counts.won(p, k) * (n as u64 - 1), "{line}: p{p} {k}");
                    assert!(
                        row <= counts.made(p, k) * (n as u64 - 1),
                        "{line}: p{p} {k}"
                    );
                }
            }
        }
    }
}

#[test]
fn detail_any_split_gives_the_same_counts() {
    for line in [
        "AhKh 7c7d | 2h7hTc",
        "QQ+,AKs random | Ks8h2d5c",
        "AsKs 8d8c | ",
        "AhKd AcKs 7c7d | QsJd2c",
    ] {
        let job = DetailJob::new(&spec(line));
        let all = job.run_all();
        let n = job.total_units();
        for parts in [2u64, 7, 53, 1000] {
            let mut sum = job.empty();
            let cuts: Vec<u64> = (0..=parts).map(|i| n * i / parts).collect();
            for w in cuts.windows(2).rev() {
                sum.add(&job.run(w[0], w[1]));
            }
            assert_eq!(sum, all, "{line}: {parts} ranges");
            let mut sum = job.empty();
            for first in (0..parts).rev() {
                sum.add(&job.run_strided(first, parts));
            }
            assert_eq!(sum, all, "{line}: {parts} strided");
        }
        let flat = all.to_flat();
        let back = DetailCounts::from_flat(all.players(), all.has_next(), &flat).unwrap();
        assert_eq!(back, all);
    }
}

/// Preflop (1.7 M boards): the engine against the fast evaluator on every
/// 5-card board (the evaluator itself is proven against the reference).
#[test]
fn detail_preflop_heads_up_matches_every_board() {
    let spec = spec("AsKs 8d8c |");
    let counts = DetailJob::new(&spec).run_all();
    let holes = [
        spec.players()[0].combos[0].cards,
        spec.players()[1].combos[0].cards,
    ];
    let deck: Vec<Card> = Card::all()
        .filter(|c| !holes.iter().flatten().any(|h| h == c))
        .collect();
    let (mut made, mut won, mut tied) = ([[0u64; 9]; 2], [[0u64; 9]; 2], [[0u64; 9]; 2]);
    let mut beat = [[[0u64; 9]; 9]; 2];
    let d = &deck;
    let mut boards = 0u64;
    for a in 0..d.len() {
        for b in a + 1..d.len() {
            for c in b + 1..d.len() {
                for e in c + 1..d.len() {
                    for f in e + 1..d.len() {
                        let board = [d[a], d[b], d[c], d[e], d[f]];
                        let r: Vec<_> = holes
                            .iter()
                            .map(|h| {
                                let mut all = board.to_vec();
                                all.extend(h);
                                allin::eval::evaluate(&all)
                            })
                            .collect();
                        boards += 1;
                        for p in 0..2 {
                            let k = r[p].category() as usize;
                            made[p][k] += 1;
                            if r[p] > r[1 - p] {
                                won[p][k] += 1;
                                beat[p][k][r[1 - p].category() as usize] += 1;
                            } else if r[p] == r[1 - p] {
                                tied[p][k] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(counts.deals(), boards);
    for p in 0..2 {
        for k in Category::ALL {
            let i = k as usize;
            assert_eq!(
                (counts.made(p, k), counts.won(p, k), counts.tied(p, k)),
                (made[p][i], won[p][i], tied[p][i]),
                "player {p} {k}"
            );
            for o in Category::ALL {
                assert_eq!(counts.beat(p, k, o), beat[p][i][o as usize], "{p} {k} {o}");
            }
            // Heads-up a pairwise tie is a split pot.
            assert_eq!(counts.tied_against(p, k), tied[p][i], "player {p} {k}");
        }
    }
}

#[test]
fn detail_sampler_agrees_with_the_exact_counts() {
    for line in [
        "AhKh 7c7d | 2h7hTc",
        "QQ+,AKs random | Ks8h2d5c",
        "AsKs 8d8c 5h6h |",
    ] {
        let spec = spec(line);
        let all = DetailJob::new(&spec).run_all();
        let exact_deals = all.deals();
        let exact = DetailReport::new(&all, true);
        let sampler = DetailSampler::new(&spec);
        let mut counts = sampler.run(7, 0, 20_000);
        counts.add(&sampler.run(7, 1, 20_000));
        assert_eq!(counts.deals(), 40_000);
        // The same seed and chunks give the same counts.
        let mut again = sampler.run(7, 1, 20_000);
        again.add(&sampler.run(7, 0, 20_000));
        assert_eq!(again, counts);
        let est = DetailReport::new(&counts, false);
        for (e, x) in est.players.iter().zip(&exact.players) {
            for (a, b) in e.categories.iter().zip(&x.categories) {
                let tol = 5.0 * a.make_se.max(1e-3);
                assert!((a.make - b.make).abs() <= tol, "{line} {:?}", a.category);
                assert!((a.win - b.win).abs() <= 5.0 * a.win_se.max(1e-3), "{line}");
            }
            // The matrix: a sampled count per trial against the exact one
            // per deal, within five (upper-bound) standard errors.
            let (trials, deals) = (counts.deals() as f64, exact_deals as f64);
            for x in &x.matrix.wins {
                let a = e
                    .matrix
                    .wins
                    .iter()
                    .find(|a| (a.mine, a.theirs) == (x.mine, x.theirs));
                let (n, se) = a.map_or((0.0, 0.0), |a| (a.count as f64, a.se));
                let tol = 5.0 * se.max(3.0) / trials;
                let want = x.count as f64 / deals;
                assert!((n / trials - want).abs() <= tol, "{line} {:?}", x);
            }
            if !spec.has_ranges() {
                // Known hands: whether a card is an out does not depend on
                // the deal, so every card drawn first gets the exact share.
                assert_eq!(e.outs, x.outs, "{line}: outs");
            }
            for (a, b) in e.next.iter().zip(&x.next) {
                assert_eq!(a.card, b.card);
                assert!(
                    (a.equity - b.equity).abs() <= 5.0 * a.se.max(0.02),
                    "{line} {}",
                    a.card
                );
            }
        }
    }
}

#[test]
fn detail_plan_samples_big_jobs() {
    assert!(DetailPlan::new(&spec("AsKs 8d8c |")).affordable());
    assert!(DetailPlan::new(&spec("AhKh random | 2h7hTc")).affordable());
    let big = DetailPlan::new(&spec("AsKs random |"));
    assert!(!big.affordable());
    assert!(big.why_sampled().unwrap().contains("Monte Carlo"));
}

#[test]
fn detail_counts_from_a_flat_list_of_the_wrong_shape_are_refused() {
    let job = DetailJob::new(&spec("AhKh 7c7d | 2h7hTc"));
    let flat = job.run(0, 10).to_flat();
    assert_eq!(flat.len(), DetailCounts::flat_len(2, true));
    assert!(DetailCounts::from_flat(2, true, &flat[1..]).is_none());
    assert!(DetailCounts::from_flat(2, false, &flat).is_none());
    assert!(DetailCounts::from_flat(3, true, &flat).is_none());
    assert!(DetailCounts::from_flat(11, true, &flat).is_none());
    // Nothing counted yet: every fraction is 0, never NaN.
    let empty = DetailReport::new(&job.empty(), true);
    assert!(empty
        .players
        .iter()
        .all(|p| p.categories.iter().all(|c| c.make == 0.0)));
}
