//! Short Deck players holding ranges (issue 37): the sampled answer
//! against a brute force written here (every pair of combos of the ranges,
//! weighted by hand, each pair's exact equity from the job with known
//! hands), within 4 standard errors; range errors.

use allin::card::{format_cards_compact, parse_cards, Card};
use allin::short_deck::{Rules, ShortDeckJob};

#[test]
fn short_deck_ranges_match_the_brute_force() {
    let board = "Ah 9c 7d 6s";
    let used = parse_cards(board).unwrap();
    let deck: Vec<Card> = Card::all()
        .filter(|c| c.rank() >= 4 && !used.contains(c))
        .collect();
    // P1: KK, AKs at 50%; P2: QQ (written out: ranks 11 = K, 12 = A, 10 = Q).
    let mut p1 = Vec::new();
    let mut p2 = Vec::new();
    for (i, &a) in deck.iter().enumerate() {
        for &b in &deck[i + 1..] {
            let hand = vec![a, b];
            let ranks = (a.rank().max(b.rank()), a.rank().min(b.rank()));
            if ranks == (11, 11) {
                p1.push((hand.clone(), 1.0));
            } else if ranks == (12, 11) && a.suit() == b.suit() {
                p1.push((hand.clone(), 0.5));
            }
            if ranks == (10, 10) {
                p2.push((hand, 1.0));
            }
        }
    }
    let (mut sum, mut weight) = (0.0, 0.0);
    for (h1, a) in &p1 {
        for (h2, b) in &p2 {
            if h1.iter().any(|c| h2.contains(c)) {
                continue;
            }
            let (t1, t2) = (format_cards_compact(h1), format_cards_compact(h2));
            let job = ShortDeckJob::parse(Rules::default(), &[&t1, &t2], board, "").unwrap();
            sum += a * b * job.run_all().equity(0);
            weight += a * b;
        }
    }
    let want = sum / weight;
    let job = ShortDeckJob::parse(Rules::default(), &["KK, AKs@50", "QQ"], board, "").unwrap();
    assert_eq!(job.deal().labels(), ["KK, AKs:0.5", "QQ"]);
    let mut tally = job.run_trials(5, 0, 20_000);
    tally += &job.run_trials(5, 1, 20_000);
    let (got, se) = (tally.equity(0), tally.std_error(0));
    assert!(
        (got - want).abs() <= 4.0 * se,
        "sampled {got} ± {se}, brute force {want}"
    );
}

#[test]
fn short_deck_range_errors() {
    let err = |players: &[&str]| {
        ShortDeckJob::parse(Rules::default(), players, "", "")
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err(&["22-55", "random"]),
        "player 1: \"22-55\": no hand of the range is in the short deck (6 to A)"
    );
    assert_eq!(
        err(&["AA", "AA", "AA"]),
        "player 3: the ranges cannot all be dealt at once: 20000 tries found no deal without a card used twice"
    );
}
