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
        "player 1: \"22-55\": 55, 44, 33 and 1 more have a card below six, and the short deck is 6 to A (36 cards) at position 1"
    );
    assert_eq!(
        err(&["AA", "AA", "AA"]),
        "player 3: the ranges cannot all be dealt at once: 20000 tries found no deal without a card used twice"
    );
}

/// Ranks 0 = deuce … 12 = ace.
const A: u8 = 12;
const K: u8 = 11;
const Q: u8 = 10;
const J: u8 = 9;
const T: u8 = 8;

/// The two cards' ranks, high first, and whether they share a suit.
fn shape(h: [Card; 2]) -> (u8, u8, bool) {
    let (a, b) = (h[0].rank().max(h[1].rank()), h[0].rank().min(h[1].rank()));
    (a, b, h[0].suit() == h[1].suit())
}

/// The 81 cells (rows and columns A→6: a pair on the diagonal, suited above
/// it, offsuit below) by the committed equities, best first (ties by cell),
/// taken while their combos are below `hundredths` / 10,000 of 630: the
/// short-deck ranking written out from its documented rule.
fn top_cells(hundredths: u64) -> Vec<usize> {
    use allin::short_deck::ranking::VS_RANDOM_SHORT;
    let mut cells: Vec<usize> = (0..81).collect();
    cells.sort_by_key(|&i| (std::cmp::Reverse(VS_RANDOM_SHORT[i]), i));
    let combos = |i: usize| match (i / 9, i % 9) {
        (r, c) if r == c => 6,
        (r, c) if c > r => 4,
        _ => 12,
    };
    let (mut sum, mut out) = (0u64, Vec::new());
    for i in cells {
        if sum * 10_000 >= hundredths * 630 {
            break;
        }
        sum += combos(i);
        out.push(i);
    }
    out
}

/// The cell of a hand on the 9×9 grid.
fn cell(h: [Card; 2]) -> usize {
    let (hi, lo, suited) = shape(h);
    let (r, c) = (usize::from(A - hi), usize::from(A - lo));
    match (hi == lo, suited) {
        (true, _) => r * 9 + r,
        (false, true) => r * 9 + c,
        (false, false) => c * 9 + r,
    }
}

fn full(b: bool) -> u64 {
    u64::from(b) * 1000
}

/// The brute force of a case's text: a hand's weight in thousandths.
fn brute(text: &str) -> Option<Box<dyn Fn([Card; 2]) -> u64>> {
    let ranks = |h: [Card; 2]| (shape(h).0, shape(h).1);
    let top = |h: u64| {
        let cells = top_cells(h);
        move |x: [Card; 2]| cells.contains(&cell(x))
    };
    let f: Box<dyn Fn([Card; 2]) -> u64> = match text {
        "random" => Box::new(|_| 1000),
        "AA" => Box::new(move |h| full(ranks(h) == (A, A))),
        "AKs" => Box::new(|h| full(shape(h) == (A, K, true))),
        "AKo" => Box::new(|h| full(shape(h) == (A, K, false))),
        "AK" => Box::new(move |h| full(ranks(h) == (A, K))),
        "76s" => Box::new(|h| full(shape(h) == (5, 4, true))),
        "66+" => Box::new(move |h| full(ranks(h).0 == ranks(h).1)),
        "\"QQ+, AKs\"" => Box::new(|h| {
            full(matches!(shape(h), (x, y, _) if x == y && x >= Q) || shape(h) == (A, K, true))
        }),
        "99-66" => Box::new(move |h| full(ranks(h).0 == ranks(h).1 && ranks(h).0 <= 7)),
        "A6s+" => Box::new(|h| full(matches!(shape(h), (A, y, true) if y < A))),
        "K9o+" => Box::new(|h| full(matches!(shape(h), (K, y, false) if (7..K).contains(&y)))),
        "J6+" => Box::new(move |h| full(matches!(ranks(h), (J, y) if y < J))),
        "T9s-76s" => Box::new(|h| {
            full(matches!(shape(h), (x, y, true) if x == y + 1 && (5..=T).contains(&x)))
        }),
        "AhKh" => Box::new(|h| {
            let mut s = [h[0].to_string(), h[1].to_string()];
            s.sort();
            full(s == ["Ah", "Kh"])
        }),
        "\"random, 76o:0\"" => Box::new(|h| full(shape(h) != (5, 4, false))),
        "AK@50" => Box::new(move |h| if ranks(h) == (A, K) { 500 } else { 0 }),
        "\"AKs:0.5,AA,KQo:0.25\"" => Box::new(|h| match shape(h) {
            (A, K, true) => 500,
            (A, A, _) => 1000,
            (K, Q, false) => 250,
            _ => 0,
        }),
        "\"[50]AKs[/50],AA\"" => Box::new(|h| match shape(h) {
            (A, K, true) => 500,
            (A, A, _) => 1000,
            _ => 0,
        }),
        "5%" => Box::new(move |h| full(top(500)(h))),
        "10%" => Box::new(move |h| full(top(1000)(h))),
        "25%" => Box::new(move |h| full(top(2500)(h))),
        "\"10%, 76s\"" => Box::new(move |h| full(top(1000)(h) || shape(h) == (5, 4, true))),
        _ => return None,
    };
    Some(f)
}

fn show(combos: u64, permille: u64) -> String {
    if permille == combos * 1000 {
        format!("{combos} combos")
    } else {
        let w = format!("{}.{:03}", permille / 1000, permille % 1000);
        format!(
            "{combos} combos, weighted {}",
            w.trim_end_matches('0').trim_end_matches('.')
        )
    }
}

#[test]
fn short_deck_range_counts() {
    use allin::short_deck::parse_short;
    // The 630 hands of six to ace, dealt here (rank 4 is the six).
    let deck: Vec<Card> = Card::all().filter(|c| c.rank() >= 4).collect();
    let hands: Vec<[Card; 2]> = (0..deck.len())
        .flat_map(|i| (i + 1..deck.len()).map(move |j| (i, j)))
        .map(|(i, j)| [deck[i], deck[j]])
        .collect();
    assert_eq!(hands.len(), 630);
    crate::check::check_io("short_deck_ranges.txt", |input| {
        let key = input.trim();
        let text = key
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or(key);
        let range = match parse_short(text) {
            Ok(r) => r,
            Err(e) => return format!("error: {e}"),
        };
        let got = show(
            u64::from(range.combo_count()),
            u64::from(range.weight_sum()),
        );
        let Some(filter) = brute(key) else {
            panic!("no brute-force filter for {key} in tests/it/short_deck_ranges.rs");
        };
        let (mut combos, mut permille) = (0, 0);
        for &h in &hands {
            let w = filter(h);
            combos += u64::from(w > 0);
            permille += w;
        }
        if show(combos, permille) != got {
            panic!("parser: {got}, brute force: {}", show(combos, permille));
        }
        let canonical = range.to_string();
        match parse_short(&canonical) {
            Ok(again) if again == range => {}
            _ => panic!("canonical text {canonical} does not parse back to the same range"),
        }
        format!("{canonical} ({got})")
    });
}
