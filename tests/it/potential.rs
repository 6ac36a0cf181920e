//! Hand strength and potential (`src/equity/potential.rs`): the published
//! Billings–Papp example, every data-file case against a brute force
//! written here from the naive reference evaluator (best of the 5-card
//! subsets), and the same counts from any split of the units.

use crate::check::check_io;
use crate::reference::reference;
use allin::card::{parse_cards, CardSet};
use allin::equity::potential::{PotentialCounts, PotentialJob, AHEAD, BEHIND, TIED};
use allin::range::{parse, HoleCards, Range};
use allin::Card;

fn hole(text: &str) -> HoleCards {
    let c = parse_cards(text).unwrap();
    HoleCards::new(c[0], c[1]).unwrap()
}

fn open(hero: &str, board: &str, vs: &str) -> PotentialJob {
    let board = parse_cards(board).unwrap();
    PotentialJob::open(
        hole(hero),
        &board,
        CardSet::EMPTY,
        &parse(vs, None).unwrap(),
    )
    .unwrap()
}

/// The counts by brute force: every opponent combo, every runout, ranks
/// from the naive reference evaluator.
fn brute(hero: &str, board: &str, vs: &str) -> PotentialCounts {
    let reference = reference();
    let hero = parse_cards(hero).unwrap();
    let board = parse_cards(board).unwrap();
    let range: Range = parse(vs, None).unwrap();
    let mut seen = CardSet::EMPTY;
    for &c in hero.iter().chain(&board) {
        seen.insert(c);
    }
    let rank = |hand: &[Card], cards: &[Card]| {
        let all: Vec<Card> = hand.iter().chain(cards).copied().collect();
        reference.best(&all).unwrap()
    };
    let state = |h: u16, o: u16| match h.cmp(&o) {
        std::cmp::Ordering::Greater => AHEAD,
        std::cmp::Ordering::Equal => TIED,
        std::cmp::Ordering::Less => BEHIND,
    };
    let mut counts = PotentialCounts::default();
    for (combo, weight) in range.combos() {
        let opp = combo.cards();
        if weight.is_zero() || opp.iter().any(|&c| seen.contains(c)) {
            continue;
        }
        let w = u64::from(weight.permille());
        let now = state(rank(&hero, &board), rank(&opp, &board));
        counts.now[now] += w;
        let deck: Vec<Card> = Card::all()
            .filter(|&c| !seen.contains(c) && !opp.contains(&c))
            .collect();
        let with = |extra: &[Card]| -> Vec<Card> { board.iter().chain(extra).copied().collect() };
        if board.len() == 3 {
            for (i, &t) in deck.iter().enumerate() {
                let b = with(&[t]);
                counts.next[now][state(rank(&hero, &b), rank(&opp, &b))] += w;
                for &r in &deck[i + 1..] {
                    let b = with(&[t, r]);
                    counts.hp[now][state(rank(&hero, &b), rank(&opp, &b))] += w;
                }
            }
        } else {
            for &r in &deck {
                let b = with(&[r]);
                let s = state(rank(&hero, &b), rank(&opp, &b));
                counts.hp[now][s] += w;
                counts.next[now][s] += w;
            }
        }
    }
    counts
}

/// Weights in combos: per mille sums shown as whole combos where they are.
fn combos(w: u64) -> String {
    if w % 1000 == 0 {
        (w / 1000).to_string()
    } else {
        format!("{}.{:03}", w / 1000, w % 1000)
    }
}

fn show(c: &PotentialCounts) -> String {
    let row = |r: &[u64; 3]| r.map(combos).join("/");
    format!(
        "now {} | hp {} {} {} | hs {:.4} ppot {:.4} npot {:.4} ehs {:.4}",
        row(&c.now),
        row(&c.hp[AHEAD]),
        row(&c.hp[TIED]),
        row(&c.hp[BEHIND]),
        c.hs(),
        c.ppot(),
        c.npot(),
        c.ehs()
    )
}

/// The published example (Billings et al. 1998, and the issue): A♦Q♣ on
/// 3♥4♣J♥ against one random hand: 628 ahead, 9 tied, 444 behind, HS
/// 0.585, PPot 0.208, NPot 0.274.
#[test]
fn published_example() {
    let counts = open("AdQc", "3h4cJh", "random").run_all();
    assert_eq!(counts.now, [628_000, 9_000, 444_000]);
    assert!((counts.hs() - 0.585).abs() < 0.0005, "HS {}", counts.hs());
    assert!(
        (counts.ppot() - 0.208).abs() < 0.0005,
        "PPot {}",
        counts.ppot()
    );
    assert!(
        (counts.npot() - 0.274).abs() < 0.0005,
        "NPot {}",
        counts.npot()
    );
    // Every holding meets every runout: 990 each on the flop, 45 turns.
    let total: u64 = counts.hp.iter().flatten().sum();
    assert_eq!(total, 1081 * 990 * 1000);
    assert_eq!(counts.next.iter().flatten().sum::<u64>(), 1081 * 45 * 1000);
    assert_eq!(counts, brute("AdQc", "3h4cJh", "random"));
}

/// `HAND | BOARD | VS => counts`: the engine's counts, each also checked
/// against the brute force above.
#[test]
fn cases() {
    check_io("potential.txt", |input| {
        let parts: Vec<&str> = input.split('|').map(str::trim).collect();
        let [hero, board, vs] = parts[..] else {
            return format!("malformed: {input}");
        };
        let counts = open(hero, board, vs).run_all();
        assert_eq!(
            counts,
            brute(hero, board, vs),
            "brute force disagrees: {input}"
        );
        show(&counts)
    });
}

/// Any split of the units adds up to the same counts.
#[test]
fn chunks_add_up() {
    for (hero, board, vs) in [
        ("AhKh", "2h7hTc", "random"),
        ("7c7d", "Ks8h2d5c", "QQ+, AK@50, 76s"),
    ] {
        let job = open(hero, board, vs);
        let whole = job.run_all();
        let n = job.opponents().len();
        for size in [1, 7, 64, n] {
            let mut sum = PotentialCounts::default();
            let mut start = 0;
            while start < n {
                sum.add(&job.run(start..start + size));
                start += size;
            }
            assert_eq!(sum, whole, "{hero} {board} {vs}, chunks of {size}");
        }
    }
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let run = |hero: &str, board: &str, dead: &str, vs: &str| {
        let board = parse_cards(board).unwrap();
        let mut d = CardSet::EMPTY;
        for c in parse_cards(dead).unwrap() {
            d.insert(c);
        }
        PotentialJob::open(hole(hero), &board, d, &parse(vs, None).unwrap())
            .err()
            .map(|e| e.to_string())
    };
    // (A card twice on the board never gets here: the card parser refuses it.)
    let twice = PotentialJob::open(
        hole("AhKh"),
        &[Card::all().next().unwrap(); 3],
        CardSet::EMPTY,
        &Range::random(),
    );
    assert_eq!(
        twice.err().map(|e| e.to_string()).as_deref(),
        Some("2c is in the board twice")
    );
    assert_eq!(
        run("AhKh", "", "", "random").as_deref(),
        Some("hand strength needs a flop or a turn: the board has 0 cards, give 3 or 4")
    );
    assert_eq!(
        run("AhKh", "2c3c4c5c6c", "", "random").as_deref(),
        Some("hand strength needs a flop or a turn: the board has 5 cards, give 3 or 4")
    );
    assert_eq!(
        run("AhKh", "Ah7c2d", "", "random").as_deref(),
        Some("Ah is in your hand and in the board")
    );
    assert_eq!(
        run("AhKh", "Qh7c2d", "7c", "random").as_deref(),
        Some("7c is in the board and in the dead cards")
    );
    assert_eq!(
        run("AhKh", "Qs7c2d", "", "QsQd").as_deref(),
        Some("the opponent's range has no hand left with these cards")
    );
}
