//! Monte Carlo on the edges issue 11 found: tight ranges (every deal is
//! drawn exactly, none skipped) and decks with just enough cards left.

use allin::card::{format_cards, parse_cards};
use allin::equity::{calculate, Method, MonteCarlo, Spec};
use allin::CardSet;

/// Dead cards: every card but `keep`.
fn dead_but(keep: &str) -> String {
    let keep: CardSet = parse_cards(keep).unwrap().into_iter().collect();
    format_cards(&keep.complement().iter().collect::<Vec<_>>())
}

/// Monte Carlo lands within 4 standard errors of the exact answer, counts
/// every trial, and repeats itself for the same `(seed, chunk, trials)`.
fn agrees_with_exact(players: &[&str], board: &str, dead: &str) {
    let spec = Spec::parse(players, board, dead).unwrap();
    let exact = calculate(&spec, Method::Exact).tally;
    let trials = 100_000;
    let mc = calculate(&spec, Method::MonteCarlo { trials, seed: 5 }).tally;
    assert_eq!(mc.showdowns(), trials, "{players:?}: a trial was skipped");
    for p in 0..players.len() {
        let se = mc.std_error(p);
        let diff = (mc.equity(p) - exact.equity(p)).abs();
        assert!(
            diff <= 4.0 * se.max(1e-9),
            "{players:?} player {p}: |{diff}| vs se {se}"
        );
    }
    let job = MonteCarlo::new(&spec);
    assert_eq!(job.run(3, 1, 500), job.run(3, 1, 500));
}

#[test]
fn tight_ranges_are_sampled_exactly() {
    agrees_with_exact(&["AA,KK", "AA,KK", "AA,KK:0.5"], "2c7d9h", "");
    agrees_with_exact(
        &["AA,KK,AKs", "KK,QQ", "AhKh,QQ", "AcQc,KsKd"],
        "2c7d9h",
        "",
    );
    agrees_with_exact(&["AA,KK,QQ,JJ"; 5], "2c7d9hTs", "");
}

#[test]
fn just_enough_cards_left() {
    // Five cards left for a five-card board: one board only.
    agrees_with_exact(&["AhKh", "QsQd"], "", &dead_but("AhKhQsQd2c3c4c5c6c"));
    // A random player and a range sharing a small deck.
    agrees_with_exact(
        &["AhKh", "random", "QQ,JJ"],
        "2c3c4c",
        &dead_but("AhKh2c3c4c QsQdQhJsJd 8c9c"),
    );
}

/// Ten random players: two cards each from the cards left, every trial.
#[test]
fn ten_random_players() {
    let spec = Spec::parse(&["random"; 10], "", "").unwrap();
    let t = MonteCarlo::new(&spec).run(1, 0, 20_000);
    assert_eq!(t.showdowns(), 20_000);
    for p in 0..10 {
        assert!((t.equity(p) - 0.1).abs() < 5.0 * t.std_error(p), "{p}");
    }
}

/// Ten players of AA-TT must use all 20 of those cards: independent draws
/// almost never fit, and the old sampler skipped trials after a million
/// redraws (3 trials counted 2 showdowns). Now every trial counts, fast.
#[test]
fn no_trial_is_skipped_when_ranges_barely_fit() {
    let spec = Spec::parse(&["AA,KK,QQ,JJ,TT"; 10], "", "").unwrap();
    let t = MonteCarlo::new(&spec).run(1, 0, 300);
    assert_eq!(t.showdowns(), 300);
    let spec = Spec::parse(&["22+,A2+,K2+"; 10], "", "").unwrap();
    assert_eq!(MonteCarlo::new(&spec).run(1, 0, 300).showdowns(), 300);
}
