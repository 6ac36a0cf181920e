//! The evaluator's unit tests: ranks and categories, best five of seven,
//! building `Hand`s, names, and the committed tables against the generator.

use super::*;
use crate::card::Card;

/// `from_value` accepts exactly the ranks the evaluator makes.
#[test]
fn from_value_accepts_every_evaluated_rank() {
    let mut seen = vec![false; 1 << 16];
    census::for_each_5(|r| seen[r.value() as usize] = true);
    for v in 0..=u16::MAX {
        assert_eq!(HandRank::from_value(v).is_some(), seen[v as usize], "{v}");
    }
}
use crate::card::parse_cards;

fn rank(s: &str) -> HandRank {
    evaluate(&parse_cards(s).unwrap())
}

#[test]
fn categories_and_order() {
    let cases = [
        ("As Ks Qs Js Ts", Category::StraightFlush),
        ("Ah 2h 3h 4h 5h", Category::StraightFlush),
        ("As Ad Ah Ac 2d", Category::Quads),
        ("Ks Kd Kh 2c 2d", Category::FullHouse),
        ("2s 4s 6s 8s Ts", Category::Flush),
        ("Ah 2c 3d 4s 5h", Category::Straight),
        ("7h 7c 7d As 2d", Category::Trips),
        ("7h 7c 2d 2s As", Category::TwoPair),
        ("7h 7c 3d 2s As", Category::Pair),
        ("7h 5c 3d 2s As", Category::HighCard),
    ];
    for w in cases.windows(2) {
        assert!(rank(w[0].0) > rank(w[1].0), "{} vs {}", w[0].0, w[1].0);
    }
    for (hand, cat) in cases {
        assert_eq!(rank(hand).category(), cat, "{hand}");
    }
    assert_eq!(rank("As Ks Qs Js Ts").value(), (8 << 12) | 9);
    assert_eq!(rank("7h 5c 4d 3s 2h").value(), 0);
    // The wheel is the lowest straight; a 6-high beats it.
    assert!(rank("6h 2c 3d 4s 5h") > rank("Ah 2c 3d 4s 5h"));
    assert_eq!(rank("Ah 2c 3d 4s 5h").value(), 4 << 12);
}

#[test]
fn best_five_of_seven() {
    // Flush and a straight: the flush wins.
    assert_eq!(rank("2h 5h 9h Jh Kh Qd Tc").category(), Category::Flush);
    // Straight flush hidden in six hearts.
    assert_eq!(rank("9h Th Jh Qh Kh 2h 3c"), rank("9h Th Jh Qh Kh"));
    // Two trips make a full house; the higher trips on top.
    assert_eq!(rank("Ks Kd Kh 2c 2d 2h 3s"), rank("Ks Kd Kh 2c 2d"));
    // Three pairs: best two plus best kicker.
    assert_eq!(rank("Ks Kd 2h 2c 3d 3h 4s"), rank("Ks Kd 3d 3h 4s"));
    // Six cards.
    assert_eq!(rank("As Ad 7c 7d 9h 9s"), rank("As Ad 9h 9s 7c"));
}

#[test]
fn plus_two_is_every_pair_after_first() {
    // Prefixes without and with three of a suit (the flush-checking path).
    for prefix in [
        "2c 7d 9h Js 3c",
        "Ah Kh Qh 2c 3d",
        "Ah Kh Qh 2h 3d",
        "2s 3s 4s 5s 6s",
    ] {
        let cards = parse_cards(prefix).unwrap();
        let hand = Hand::from_cards(&cards);
        for first in [0u8, 13, 40, 50, 51, 52] {
            let mut got = vec![];
            hand.for_each_plus_two(first, |r| got.push(r));
            // `None` where a pair clashes with the prefix (its rank is meaningless).
            let mut want = vec![];
            for a in first..52 {
                for b in a + 1..52 {
                    let (a, b) = (Card::from_id(a).unwrap(), Card::from_id(b).unwrap());
                    let clash = cards.contains(&a) || cards.contains(&b);
                    want.push((!clash).then(|| hand.add(a).add(b).evaluate()));
                }
            }
            assert_eq!(got.len(), want.len(), "{prefix} from {first}");
            for (g, w) in got.iter().zip(&want) {
                if let Some(w) = w {
                    assert_eq!(g, w, "{prefix} from {first}");
                }
            }
        }
    }
}

#[test]
fn combine_is_union() {
    let a = Hand::from_cards(&parse_cards("Ah Kh").unwrap());
    let b = Hand::from_cards(&parse_cards("Qh Jh Th 2c 3d").unwrap());
    assert_eq!(
        a.combine(b),
        Hand::from_cards(&parse_cards("AhKhQhJhTh2c3d").unwrap())
    );
    assert_eq!(a.combine(b).evaluate().category(), Category::StraightFlush);
}

#[test]
fn names() {
    for c in Category::ALL {
        assert_eq!(Category::from_name(c.name()), Some(c));
        assert_eq!(Category::from_index(c as u8), Some(c));
    }
    assert_eq!(Category::from_index(9), None);
}

/// The committed tables are exactly what the generator produces (from
/// the committed search results here; the search itself in the release
/// sweep below).
#[test]
fn tables_match_generator() {
    let fresh = gen::tables_source(&gen::tables_from(gen::committed_params()));
    let committed = include_str!("tables.rs");
    assert!(
        fresh == committed,
        "src/eval/tables.rs is stale: run `cargo xtask gen-tables`"
    );
}

// release sweep: ALLIN_EXHAUSTIVE
#[test]
#[ignore = "release sweep: key search takes seconds; run with --ignored"]
fn search_gives_committed_params() {
    assert_eq!(gen::find_params(), gen::committed_params());
}

fn counts_of(cards: &str) -> [u8; 13] {
    let mut counts = [0; 13];
    for c in parse_cards(cards).unwrap() {
        counts[c.rank() as usize] += 1;
    }
    counts
}

/// `direct.rs` (the WebAssembly tables' source) ranks as [`evaluate`] does
/// (here, not there: `direct.rs` is below the evaluator).
#[test]
fn direct_agrees_with_the_evaluator_on_examples() {
    use super::direct::{flush, no_flush};
    for hand in [
        "As Ad Ah Ac Kd Kh 2c",
        "Ks Kd Kh 2c 2d 2h 3s",
        "Ah 2c 3d 4s 5h 5c 5d",
        "7h 7c 7d As 2d 9c Jd",
        "Ks Kd 2h 2c 3d 3h 4s",
        "7h 7c 3d 2s As",
        "7h 5c 4d 3s 2h",
        "Ah Kc Qd Js 9h 8c 2d",
    ] {
        assert_eq!(
            no_flush(&counts_of(hand)),
            evaluate(&parse_cards(hand).unwrap()),
            "{hand}"
        );
    }
    let suited = |s: &str| {
        let cards = parse_cards(s).unwrap();
        (
            cards.iter().fold(0u16, |m, c| m | 1 << c.rank()),
            evaluate(&cards),
        )
    };
    for hand in [
        "2h 5h 9h Jh Kh",
        "9h Th Jh Qh Kh 2h 3h",
        "Ah 2h 3h 4h 5h 9h",
    ] {
        let (mask, want) = suited(hand);
        assert_eq!(flush(mask), want, "{hand}");
    }
}
