//! Three-card poker: data-file cases for every rule option, the census, and
//! the rank order checked against an independent naive ordering under all 24
//! combinations of rule options.

use crate::check::check;
use allin::three_card::{census, compare, AceTwoThree, Category, Hand, Rules};
use allin::Card;
use std::cmp::Ordering;

fn run_case(line: &str) -> Result<(), String> {
    let (spec, rest) = line
        .split_once(": ")
        .ok_or("malformed case: no `RULES: `")?;
    let rules: Rules = spec.parse().map_err(|e| format!("rules: {e}"))?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [a, op, b] = words[..] else {
        return Err("malformed case: expected `HAND OP HAND` or `HAND is CATEGORY`".into());
    };
    let a: Hand = a.parse().map_err(|e| format!("left hand: {e}"))?;
    if op == "is" {
        let want = Category::from_name(b).ok_or(format!("unknown category {b:?}"))?;
        let (got, ranked) = (a.category(), a.rank(&rules).category());
        return if got == want && ranked == want {
            Ok(())
        } else {
            Err(format!("category {got:?} (rank says {ranked:?})"))
        };
    }
    let b: Hand = b.parse().map_err(|e| format!("right hand: {e}"))?;
    let want = match op {
        ">" => Ordering::Greater,
        "<" => Ordering::Less,
        "=" => Ordering::Equal,
        _ => return Err(format!("unknown operator {op:?}")),
    };
    let (got, back) = (compare(&a, &b, &rules), compare(&b, &a, &rules));
    if got != want {
        return Err(format!(
            "compare gave {got:?} (ranks {} vs {})",
            a.rank(&rules).value(),
            b.rank(&rules).value()
        ));
    }
    if back != want.reverse() {
        return Err(format!("reversed compare gave {back:?}"));
    }
    Ok(())
}

#[test]
fn ordering_cases() {
    check("three_card_cases.txt", run_case);
}

fn all_hands() -> Vec<Hand> {
    let deck: Vec<Card> = Card::all().collect();
    let mut hands = Vec::with_capacity(22_100);
    for i in 0..52 {
        for j in i + 1..52 {
            for k in j + 1..52 {
                hands.push(Hand::new([deck[i], deck[j], deck[k]]).expect("distinct"));
            }
        }
    }
    hands
}

fn all_rule_combinations() -> Vec<Rules> {
    let mut out = Vec::new();
    for bits in 0..8u8 {
        for a23 in [
            AceTwoThree::Lowest,
            AceTwoThree::SecondHighest,
            AceTwoThree::Highest,
        ] {
            out.push(Rules {
                flush_over_straight: bits & 1 != 0,
                trips_over_straight_flush: bits & 2 != 0,
                ace_two_three: a23,
                two_three_five_beats_trips: bits & 4 != 0,
            });
        }
    }
    out
}

/// An independent, deliberately plain sort key: (strength of the category
/// under the rules, tiebreak numbers). Straights are keyed by twice their
/// top card so that A-2-3 can sit between two of them.
fn naive_key(hand: &Hand, rules: &Rules) -> (usize, Vec<i32>) {
    let cards = hand.cards();
    let mut ranks: Vec<i32> = cards.iter().map(|c| i32::from(c.rank())).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let (h, m, l) = (ranks[0], ranks[1], ranks[2]);
    let straight = if h == m + 1 && m == l + 1 {
        Some(2 * h)
    } else if (h, m, l) == (12, 1, 0) {
        Some(match rules.ace_two_three {
            AceTwoThree::Lowest => -1,
            AceTwoThree::SecondHighest => 23,
            AceTwoThree::Highest => 25,
        })
    } else {
        None
    };
    let (name, tiebreak) = if h == l {
        ("trips", vec![h])
    } else if h == m {
        ("pair", vec![h, l])
    } else if m == l {
        ("pair", vec![m, h])
    } else if let Some(s) = straight {
        (if flush { "straight flush" } else { "straight" }, vec![s])
    } else if flush {
        ("flush", ranks.clone())
    } else {
        ("high card", ranks.clone())
    };
    let mut order = vec!["high card", "pair"];
    if rules.flush_over_straight {
        order.extend(["straight", "flush"]);
    } else {
        order.extend(["flush", "straight"]);
    }
    if rules.trips_over_straight_flush {
        order.extend(["straight flush", "trips"]);
    } else {
        order.extend(["trips", "straight flush"]);
    }
    let tier = order.iter().position(|&n| n == name).unwrap_or(usize::MAX);
    (tier, tiebreak)
}

/// Under every combination of options, sorting all 22,100 hands by the
/// naive key puts the rank values in strictly increasing order exactly where
/// the key increases, and equal keys have equal values.
#[test]
fn rank_order_matches_naive_order_under_all_rules() {
    let hands = all_hands();
    for rules in all_rule_combinations() {
        let mut keyed: Vec<((usize, Vec<i32>), u16)> = hands
            .iter()
            .map(|h| (naive_key(h, &rules), h.rank(&rules).value()))
            .collect();
        keyed.sort();
        for w in keyed.windows(2) {
            let ((ka, va), (kb, vb)) = (&w[0], &w[1]);
            let ok = if ka == kb { va == vb } else { va < vb };
            assert!(ok, "{rules}: {ka:?} -> {va}, {kb:?} -> {vb}");
        }
        let distinct = {
            let mut v: Vec<u16> = keyed.iter().map(|k| k.1).collect();
            v.dedup();
            v.len()
        };
        assert_eq!(distinct, 741, "{rules}");
    }
}

/// With the 2-3-5 rule, an off-suit 2-3-5 beats exactly the trips, ties
/// other off-suit 2-3-5s, and loses to everything else; without it, compare
/// is plain rank order.
#[test]
fn two_three_five_against_every_hand() {
    let hands = all_hands();
    let specials: Vec<&Hand> = hands
        .iter()
        .filter(|h| h.is_off_suit_two_three_five())
        .collect();
    assert_eq!(specials.len(), 4 * 4 * 4 - 4);
    for rules in [Rules::zha_jin_hua_235(), Rules::casino()] {
        for s in &specials {
            for other in &hands {
                let want = if other.is_off_suit_two_three_five() {
                    Ordering::Equal
                } else if rules.two_three_five_beats_trips && other.category() == Category::Trips {
                    Ordering::Greater
                } else {
                    Ordering::Less
                };
                assert_eq!(compare(s, other, &rules), want, "{s} vs {other} ({rules})");
            }
        }
    }
}

#[test]
fn census_counts() {
    for (name, rules) in Rules::PRESETS {
        let c = census(&rules);
        let counts: Vec<(&str, u64)> = Category::ALL
            .iter()
            .map(|&cat| (cat.name(), c.count(cat)))
            .collect();
        assert_eq!(
            counts,
            [
                ("HighCard", 16_440),
                ("Pair", 3_744),
                ("Flush", 1_096),
                ("Straight", 720),
                ("Trips", 52),
                ("StraightFlush", 48)
            ],
            "{name}"
        );
        assert_eq!(c.hands, 22_100);
        assert_eq!(c.distinct, 741);
    }
}
