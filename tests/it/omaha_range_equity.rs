//! Omaha range equity (issue 37): the sampled answer against a brute force
//! written here (every pair of the ranges' hands, weighted by the product
//! of weights written out by hand, each pair's exact equity from the job
//! with known hands, or the evaluator itself), within 4 standard errors;
//! range errors through the job.

use allin::card::{format_cards_compact, parse_cards, Card, CardSet};
use allin::omaha::eval::evaluate_omaha;
use allin::omaha::range::for_each_hand;
use allin::omaha::{Game, OmahaJob};

fn set(cards: &[Card]) -> CardSet {
    cards.iter().copied().collect()
}

fn has(h: &[Card], card: &str) -> bool {
    h.contains(&card.parse::<Card>().unwrap())
}

/// Sampled equity of player 0 and its standard error.
fn sampled(game: Game, players: &[&str], board: &str, trials: u64) -> (f64, f64) {
    let job = OmahaJob::parse(game, players, board, "").unwrap();
    let mut counts = job.run_trials(7, 0, trials / 2);
    counts += &job.run_trials(7, 1, trials - trials / 2);
    (counts.equity(0), counts.std_error(0))
}

fn within(name: &str, (got, se): (f64, f64), want: f64) {
    assert!(
        (got - want).abs() <= 4.0 * se.max(1e-4),
        "{name}: sampled {got} ± {se}, brute force {want}"
    );
}

/// Narrow ranges on a turn, high and Hi-Lo: `AsAhKc@25, AsAhKd` against
/// `QcQd9c*`; the brute force weighs each pair of hands' exact equity.
#[test]
fn narrow_ranges_match_the_brute_force() {
    let board = "Ts Js 2d 7c";
    let known = set(&parse_cards(board).unwrap());
    let w1 = |h: &[Card]| -> f64 {
        if has(h, "As") && has(h, "Ah") && has(h, "Kd") {
            1.0
        } else if has(h, "As") && has(h, "Ah") && has(h, "Kc") {
            0.25
        } else {
            0.0
        }
    };
    let w2 =
        |h: &[Card]| -> f64 { f64::from(u8::from(has(h, "Qc") && has(h, "Qd") && has(h, "9c"))) };
    let mut hands1 = Vec::new();
    let mut hands2 = Vec::new();
    for_each_hand(4, known, |h| {
        if w1(h) > 0.0 {
            hands1.push((h.to_vec(), w1(h)));
        }
        if w2(h) > 0.0 {
            hands2.push((h.to_vec(), w2(h)));
        }
    });
    for name in ["omaha", "omaha-hilo"] {
        let game = Game::from_name(name).unwrap();
        let (mut sum, mut weight) = (0.0, 0.0);
        for (h1, a) in &hands1 {
            for (h2, b) in &hands2 {
                if set(h1).intersects(set(h2)) {
                    continue;
                }
                let (t1, t2) = (format_cards_compact(h1), format_cards_compact(h2));
                let job = OmahaJob::parse(game, &[&t1, &t2], board, "").unwrap();
                sum += a * b * job.run_all().equity(0);
                weight += a * b;
            }
        }
        let got = sampled(game, &["AsAhKc@25, AsAhKd", "QcQd9c*"], board, 40_000);
        within(name, got, sum / weight);
    }
}

/// A wide range (listed hands would be too many: it is dealt by
/// filtering) on the river: `random@10, AA` against KsKh7s7h.
#[test]
fn wide_range_matches_the_brute_force() {
    let board = parse_cards("Kd 8c 7d 3h 2s").unwrap();
    let villain = parse_cards("KsKh7s7h").unwrap();
    let known = set(&board.iter().chain(&villain).copied().collect::<Vec<_>>());
    let theirs = evaluate_omaha(&villain, &board);
    let (mut sum, mut weight) = (0.0, 0.0);
    for_each_hand(4, known, |h| {
        let aces = h.iter().filter(|c| c.rank() == 12).count();
        let w = if aces >= 2 { 1.0 } else { 0.1 };
        let mine = evaluate_omaha(h, &board);
        let share = match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
        sum += w * share;
        weight += w;
    });
    let game = Game::from_name("omaha").unwrap();
    let got = sampled(
        game,
        &["random@10, AA", "KsKh7s7h"],
        "Kd 8c 7d 3h 2s",
        20_000,
    );
    within("wide", got, sum / weight);
}

#[test]
fn range_errors_name_the_player() {
    let game = Game::from_name("omaha").unwrap();
    let err = |players: &[&str], board: &str| {
        OmahaJob::parse(game, players, board, "")
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err(&["AA!", "random"], ""),
        "player 1: \"AA!\": nothing after '!' (write a hand, a $macro or random after it) at position 3"
    );
    assert_eq!(
        err(&["AAAA", "AA"], ""),
        "player 2: the ranges cannot all be dealt at once: 20000 tries found no deal without a card used twice"
    );
    assert_eq!(
        err(&["AsAh**", "random"], "As 2c 3d"),
        "player 1: no hand of the range \"AhAs**\" is possible with the cards in play"
    );
    // Exact cards of the hand's size stay a known hand; the label of a
    // range is its canonical text.
    let job = OmahaJob::parse(game, &["aa : $DS", "AsKsQsJs"], "", "").unwrap();
    assert_eq!(job.deal().labels(), ["AA:$ds", "AsKsQsJs"]);
}
