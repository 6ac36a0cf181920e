//! Hand names for people (`eval::describe`, `three_card::describe`): the
//! data file of hand → name, best five and standing; and, in the release
//! sweep, every five-card hand (one name per rank class, 7,462 names),
//! every six-card hand's best five, and the six- and seven-card category
//! counts behind the shares the page shows.

use crate::check::check_io;
use allin::card::{format_cards, parse_between, CardSet};
use allin::eval::describe::{
    describe, describe_five, ordinal_text, DISTINCT_RANKS, SEVEN_CARD_COUNTS, SIX_CARD_COUNTS,
};
use allin::eval::{census, evaluate, Hand};
use allin::three_card::{self, Rules};
use allin::Card;
use std::collections::HashMap;

/// `CARDS` (5 to 7) → `NAME | BEST FIVE | STANDING`, or `three-card RULES:
/// CARDS` → `NAME | STANDING`.
fn run(input: &str) -> String {
    if let Some(rest) = input.strip_prefix("three-card ") {
        let Some((spec, cards)) = rest.split_once(": ") else {
            return "malformed: expected `three-card RULES: CARDS`".into();
        };
        let rules: Rules = match spec.parse() {
            Ok(r) => r,
            Err(e) => return format!("error: {e}"),
        };
        let hand: three_card::Hand = match cards.parse() {
            Ok(h) => h,
            Err(e) => return format!("error: {e}"),
        };
        let standing = ordinal_text(
            hand.rank(&rules).ordinal(&rules),
            three_card::describe::DISTINCT_RANKS,
            "three-card",
        );
        return format!("{} | {standing}", three_card::describe::describe(&hand));
    }
    let cards = match parse_between(input, 5..=7) {
        Ok(c) => c,
        Err(e) => return format!("error: {e}"),
    };
    let Some(d) = describe(&cards) else {
        return "error: not a hand".into();
    };
    format!(
        "{} | {} | {}",
        d.text,
        format_cards(&d.best),
        ordinal_text(d.rank.ordinal(), DISTINCT_RANKS, "five-card")
    )
}

#[test]
fn hand_descriptions() {
    check_io("hand_descriptions.txt", run);
}

/// Every five-card hand: all hands of a rank share one name, and the 7,462
/// ranks have 7,462 different names.
#[test]
#[ignore = "release sweep: 2,598,960 hands named; run with --ignored"]
fn every_five_card_hand_is_named_by_its_rank() {
    let deck: Vec<Card> = Card::all().collect();
    let mut names: HashMap<u16, String> = HashMap::new();
    let mut hands = 0u64;
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let five = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                        let name = describe_five(&five);
                        let known = names
                            .entry(evaluate(&five).value())
                            .or_insert_with(|| name.clone());
                        assert_eq!(*known, name, "{}", format_cards(&five));
                        hands += 1;
                    }
                }
            }
        }
    }
    assert_eq!(hands, 2_598_960);
    assert_eq!(names.len(), 7_462);
    let distinct: std::collections::HashSet<&String> = names.values().collect();
    assert_eq!(distinct.len(), 7_462);
}

/// Every six-card hand: its best five are five of its cards with its rank;
/// the category counts are `SIX_CARD_COUNTS`.
#[test]
#[ignore = "release sweep: 20,358,520 six-card hands; run with --ignored"]
fn every_six_card_hand_has_its_best_five() {
    let deck: Vec<Card> = Card::all().collect();
    let mut counts = [0u64; 9];
    let mut six = [deck[0]; 6];
    for a in 0..52 {
        six[0] = deck[a];
        for b in a + 1..52 {
            six[1] = deck[b];
            for c in b + 1..52 {
                six[2] = deck[c];
                for d in c + 1..52 {
                    six[3] = deck[d];
                    for e in d + 1..52 {
                        six[4] = deck[e];
                        for &last in &deck[e + 1..] {
                            six[5] = last;
                            let rank = evaluate(&six);
                            let best = allin::eval::describe::best_five(&six).expect("a hand");
                            assert_eq!(evaluate(&best), rank, "{}", format_cards(&six));
                            let set: CardSet = six.iter().copied().collect();
                            assert!(best.iter().all(|&c| set.contains(c)));
                            counts[rank.category() as usize] += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(counts, SIX_CARD_COUNTS);
}

/// The seven-card shares come from the census.
#[test]
#[ignore = "release sweep: 133,784,560 seven-card hands; run with --ignored"]
fn seven_card_counts_match_the_census() {
    assert_eq!(census::holdem7(), SEVEN_CARD_COUNTS);
}

/// A seeded sample of seven-card hands: the best five are five of the
/// cards, with the hand's rank, and the name is the best five's.
#[test]
fn seven_card_best_five_sample() {
    let mut rng = crate::check::Rng::new(7_462);
    for _ in 0..20_000 {
        let cards = rng.cards(7);
        let d = describe(&cards).expect("seven distinct cards");
        assert_eq!(d.rank, Hand::from_cards(&cards).evaluate());
        assert!(d.best.iter().all(|c| cards.contains(c)));
        assert_eq!(d.text, describe_five(&d.best));
    }
}
