//! Short Deck: the evaluator against a naive scorer written here from the
//! rules (every 5-card hand of the 36 under both rule sets; 6- and 7-card
//! hands on a random sample, every 7-card hand in the release sweep); the
//! category order and names in `tests/data/short_deck_hands.txt`; equity
//! cases in `tests/data/short_deck_cases.txt`, each also counted by a brute
//! force with the naive scorer; chunking invariance.

use crate::check::{check, check_io};
use allin::card::parse_cards;
use allin::equity::rng::Rng;
use allin::equity::Tally;
use allin::short_deck::{describe_short, evaluate_short, Rules, ShortDeckJob};
use allin::Card;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The naive score of five short-deck cards: the category's place under
/// the rules (shifted to the top), then the tiebreak ranks, four bits each.
fn naive5(cards: [Card; 5], trips_beat_straight: bool) -> u32 {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
    // A-6-7-8-9: the ace plays low, the nine is the top card.
    let low_straight = ranks == [12, 7, 6, 5, 4];
    let straight_top = if distinct && ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if low_straight {
        Some(7)
    } else {
        None
    };
    // Groups: (count, rank), most cards first, then the higher rank.
    let mut groups: Vec<(u8, u8)> = Vec::new();
    for &r in &ranks {
        match groups.iter_mut().find(|g| g.1 == r) {
            Some(g) => g.0 += 1,
            None => groups.push((1, r)),
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let (straight, trips) = if trips_beat_straight { (3, 4) } else { (4, 3) };
    let (place, tiebreak): (u32, Vec<u8>) = match (straight_top, flush) {
        (Some(top), true) => (8, vec![top]),
        (Some(top), false) => (straight, vec![top]),
        (None, true) => (6, ranks.clone()),
        _ => {
            let place = match shape[..] {
                [4, 1] => 7,
                [3, 2] => 5,
                [3, 1, 1] => trips,
                [2, 2, 1] => 2,
                [2, 1, 1, 1] => 1,
                _ => 0,
            };
            (place, groups.iter().map(|g| g.1).collect())
        }
    };
    tiebreak.iter().fold(place, |s, &r| s << 4 | u32::from(r)) << (4 * (5 - tiebreak.len()))
}

fn short_deck() -> Vec<Card> {
    Card::all().filter(|c| c.rank() >= 4).collect()
}

/// The fast value of every naive score, from every 5-card hand, after
/// checking that the two orders agree (a bijection, increasing).
fn score_map(trips: bool) -> &'static HashMap<u32, u16> {
    static MAPS: [OnceLock<HashMap<u32, u16>>; 2] = [OnceLock::new(), OnceLock::new()];
    MAPS[usize::from(trips)].get_or_init(|| {
        let rules = Rules {
            trips_beat_straight: trips,
        };
        let deck = short_deck();
        let mut map: HashMap<u32, u16> = HashMap::new();
        let n = deck.len();
        let mut hands = 0;
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        for e in d + 1..n {
                            let five = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                            let fast = evaluate_short(&five, rules).value();
                            let naive = naive5(five, trips);
                            let old = *map.entry(naive).or_insert(fast);
                            assert_eq!(old, fast, "{five:?}: one naive class, two values");
                            hands += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(hands, 376_992);
        let mut pairs: Vec<(u32, u16)> = map.iter().map(|(&k, &v)| (k, v)).collect();
        pairs.sort_unstable();
        for w in pairs.windows(2) {
            assert!(w[0].1 < w[1].1, "order differs at {w:?}");
        }
        map
    })
}

#[test]
fn every_five_card_hand_in_both_rule_sets() {
    for trips in [false, true] {
        let map = score_map(trips);
        // The classes of the short deck: 1,404 (both rule sets).
        assert_eq!(map.len(), 1_404, "trips beat straight: {trips}");
    }
}

fn naive_best(cards: &[Card], trips: bool) -> u32 {
    let n = cards.len();
    let mut best = 0;
    for mask in 0u32..1 << n {
        if mask.count_ones() == 5 {
            let five: Vec<Card> = (0..n)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| cards[i])
                .collect();
            best = best.max(naive5(five.try_into().unwrap(), trips));
        }
    }
    best
}

fn check_hand(cards: &[Card], trips: bool) {
    let rules = Rules {
        trips_beat_straight: trips,
    };
    let want = score_map(trips)[&naive_best(cards, trips)];
    assert_eq!(
        evaluate_short(cards, rules).value(),
        want,
        "{cards:?} trips {trips}"
    );
}

#[test]
fn six_and_seven_card_hands_on_a_sample() {
    let deck = short_deck();
    let mut rng = Rng::new(36);
    for i in 0..40_000 {
        let mut hand = deck.clone();
        let size = 6 + i % 2;
        for k in 0..size {
            let j = k + rng.below((hand.len() - k) as u32) as usize;
            hand.swap(k, j);
        }
        check_hand(&hand[..size], i % 4 < 2);
    }
}

/// `naive5`'s score of every 5-card hand of the short deck, by the colex
/// index of its positions in `short_deck()` (`colex5`): the sweep below
/// looks each of a 7-card hand's 21 fives up here rather than scoring it
/// again (the same naive scores, computed once).
fn naive5_table(trips: bool) -> Vec<u32> {
    let deck = short_deck();
    let mut table = vec![0; 376_992];
    let mut idx = [0, 1, 2, 3, 4];
    loop {
        table[colex5(idx)] = naive5(idx.map(|i| deck[i]), trips);
        if !next_combination(&mut idx, deck.len()) {
            break;
        }
    }
    assert!(
        table.iter().all(|&score| score != 0),
        "colex5 missed a hand"
    );
    table
}

/// The colex rank of five increasing positions: Σ C(idx[k], k + 1).
fn colex5(idx: [usize; 5]) -> usize {
    let mut rank = 0;
    for (k, &i) in idx.iter().enumerate() {
        let mut c = 1;
        for j in 0..=k {
            if i < j + 1 {
                c = 0;
                break;
            }
            c = c * (i - j) / (j + 1);
        }
        rank += c;
    }
    rank
}

// release sweep: ALLIN_EXHAUSTIVE
#[test]
#[ignore = "release sweep: every 7-card short-deck hand (8,347,680), run with --ignored"]
fn every_seven_card_hand() {
    let deck = short_deck();
    let n = deck.len();
    // The 21 ways to keep five of seven.
    let fives: Vec<[usize; 5]> = (0u32..1 << 7)
        .filter(|m| m.count_ones() == 5)
        .map(|m| {
            let mut keep = (0..7).filter(|i| m >> i & 1 == 1);
            [(); 5].map(|()| keep.next().unwrap())
        })
        .collect();
    assert_eq!(fives.len(), 21);
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    for trips in [false, true] {
        let rules = Rules {
            trips_beat_straight: trips,
        };
        let table = naive5_table(trips);
        let map = score_map(trips);
        // Hands by their first card, dealt round the threads.
        let hands: u64 = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    let (deck, fives, table) = (&deck, &fives, &table);
                    scope.spawn(move || {
                        let mut hands = 0u64;
                        for first in (t..n - 6).step_by(threads) {
                            let mut idx = [
                                first,
                                first + 1,
                                first + 2,
                                first + 3,
                                first + 4,
                                first + 5,
                                first + 6,
                            ];
                            while idx[0] == first {
                                let naive = fives
                                    .iter()
                                    .map(|f| table[colex5(f.map(|k| idx[k]))])
                                    .max()
                                    .unwrap();
                                let cards = idx.map(|i| deck[i]);
                                assert_eq!(
                                    evaluate_short(&cards, rules).value(),
                                    map[&naive],
                                    "{cards:?} trips {trips}"
                                );
                                hands += 1;
                                if !next_combination(&mut idx, n) {
                                    break;
                                }
                            }
                        }
                        hands
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).sum()
        });
        assert_eq!(hands, 8_347_680);
    }
}

/// The next combination of `idx.len()` of `0..n` in lexicographic order;
/// false after the last.
fn next_combination(idx: &mut [usize], n: usize) -> bool {
    let k = idx.len();
    for i in (0..k).rev() {
        if idx[i] < n - k + i {
            idx[i] += 1;
            for j in i + 1..k {
                idx[j] = idx[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

fn rules_named(name: &str) -> Result<Rules, String> {
    match name {
        "standard" => Ok(Rules::default()),
        "trips" => Ok(Rules {
            trips_beat_straight: true,
        }),
        _ => Err(format!("unknown rules {name:?}")),
    }
}

#[test]
fn category_order_and_names() {
    check("short_deck_hands.txt", |line| {
        let (rules, rest) = line.split_once(": ").ok_or("no `RULES: `")?;
        let rules = rules_named(rules)?;
        if let Some((cards, name)) = rest.split_once(" is ") {
            let cards = parse_cards(cards).map_err(|e| e.to_string())?;
            let five: [Card; 5] = cards.try_into().map_err(|_| "five cards")?;
            let got = describe_short(&five, rules);
            return if got == name {
                Ok(())
            } else {
                Err(format!("named {got:?}"))
            };
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let [a, op, b] = words[..] else {
            return Err("expected `HAND OP HAND` or `HAND is NAME`".into());
        };
        let a = evaluate_short(&parse_cards(a).map_err(|e| e.to_string())?, rules);
        let b = evaluate_short(&parse_cards(b).map_err(|e| e.to_string())?, rules);
        let ok = match op {
            ">" => a > b,
            "<" => a < b,
            "=" => a == b,
            _ => return Err(format!("unknown operator {op:?}")),
        };
        if ok {
            Ok(())
        } else {
            Err(format!("{a:?} vs {b:?}"))
        }
    });
}

/// Every board from the cards left, the naive best of seven per player.
fn brute_force(trips: bool, hands: &[Vec<Card>], board: &[Card], dead: &[Card]) -> Tally {
    let used: Vec<Card> = hands
        .iter()
        .flatten()
        .chain(board)
        .chain(dead)
        .copied()
        .collect();
    let rest: Vec<Card> = short_deck()
        .into_iter()
        .filter(|c| !used.contains(c))
        .collect();
    let mut tally = Tally::new(hands.len());
    let missing = 5 - board.len();
    let mut each = |full: &[Card]| {
        let scores: Vec<u32> = hands
            .iter()
            .map(|h| {
                let mut seven = h.clone();
                seven.extend_from_slice(full);
                naive_best(&seven, trips)
            })
            .collect();
        let best = *scores.iter().max().unwrap();
        let winners = (0..hands.len())
            .filter(|&p| scores[p] == best)
            .fold(0, |m, p| m | 1 << p);
        tally.record(winners, 1);
    };
    let n = rest.len();
    let mut idx: Vec<usize> = (0..missing).collect();
    loop {
        let mut full = board.to_vec();
        full.extend(idx.iter().map(|&i| rest[i]));
        each(&full);
        let mut k = missing;
        loop {
            if k == 0 {
                return tally;
            }
            k -= 1;
            if idx[k] < n - missing + k {
                idx[k] += 1;
                for j in k + 1..missing {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

fn summary(job: &ShortDeckJob, t: &Tally) -> String {
    let mut out = format!("boards {}", t.showdowns());
    for p in 0..t.players() {
        out += &format!(
            "; {}: win {} tie {} lose {} equity {:.6}",
            job.deal().labels()[p],
            t.wins(p),
            t.ties(p),
            t.losses(p),
            t.equity(p)
        );
    }
    out
}

#[test]
fn equity_cases_match_the_brute_force() {
    check_io("short_deck_cases.txt", |input| {
        let mut words = input.split_whitespace();
        let rules = match rules_named(words.next().unwrap_or("")) {
            Ok(r) => r,
            Err(e) => return e,
        };
        let (mut hands, mut board, mut dead, mut target) =
            (vec![], String::new(), String::new(), 0);
        for w in words {
            match w {
                "board" => target = 1,
                "dead" => target = 2,
                _ if target == 1 => board += w,
                _ if target == 2 => dead += w,
                _ => hands.push(w),
            }
        }
        let job = match ShortDeckJob::parse(rules, &hands, &board, &dead) {
            Ok(job) => job,
            Err(e) => return format!("error: {e}"),
        };
        let t = job.run_all();
        let d = job.deal();
        let known: Vec<Vec<Card>> = d.hands().iter().map(|h| h.clone().unwrap()).collect();
        let naive = brute_force(rules.trips_beat_straight, &known, d.board(), d.dead());
        if naive != t {
            return format!("brute force disagrees: {naive:?} vs {t:?}");
        }
        summary(&job, &t)
    });
}

#[test]
fn any_chunking_gives_the_same_tally() {
    let job = ShortDeckJob::parse(Rules::default(), &["AsKs", "9h9d", "7c8c"], "", "").unwrap();
    let whole = job.run_all();
    assert_eq!(whole.showdowns(), 142_506); // C(30, 5)
    let units = job.units();
    let mut sum = Tally::new(3);
    let mut start = units;
    for step in [1, 7, 30, 100, 1000] {
        let from = start.saturating_sub(step);
        sum += &job.run(from..start);
        start = from;
    }
    sum += &job.run(0..start);
    assert_eq!(sum, whole);
    let mut mc = Tally::new(3);
    for chunk in 0..4 {
        mc += &job.run_trials(9, chunk, 5_000);
    }
    for p in 0..3 {
        let z = (mc.equity(p) - whole.equity(p)) / mc.std_error(p);
        assert!(z.abs() < 4.5, "player {p}: z = {z}");
    }
}
