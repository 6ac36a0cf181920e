//! Ranges: the 169 classes and 1,326 combos, parser cases from
//! `tests/data/ranges.txt`, and seeded property tests (the parser never
//! panics; canonical text round-trips for random ranges; card removal).

use crate::check::{check_io, unescape, Rng};
use allin::card::{Card, CardSet};
use allin::range::{
    explain, parse, parse_items, Expr, HandClass, HoleCards, Percent, Range, RangeError, Ranking,
    Shape, Weight,
};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The tiny fake ranking the data file's `X%` cases use: canonical order
/// (pairs from aces down, then suited, then offsuit, high cards first). Real
/// rankings come from the equity engine; this one only has to be an order.
fn fake_ranking() -> Ranking {
    match Ranking::new(HandClass::all_canonical()) {
        Ok(r) => r,
        Err(e) => panic!("fake ranking: {e}"),
    }
}

/// `N combos`, with the weighted count when some weight is below 1.
fn counts(r: &Range) -> String {
    let n = r.combo_count();
    let noun = if n == 1 { "combo" } else { "combos" };
    if r.weight_sum() == n * 1000 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}, weighted {}", r.weighted_count())
    }
}

/// Runs one case line's input and renders the outcome as the data file does.
fn run_case(case: &str) -> String {
    let ranking = fake_ranking();
    let (explaining, input) = match case.strip_prefix("explain: ") {
        Some(rest) => (true, rest),
        None => (false, case),
    };
    let input = input
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(input);
    let input = match unescape(input) {
        Ok(s) => s,
        Err(e) => return format!("malformed case: {e}"),
    };
    if explaining {
        return match explain(&input, Some(&ranking)) {
            Ok(items) => items
                .iter()
                .map(|it| {
                    let weight = if it.weight == Weight::FULL {
                        String::new()
                    } else {
                        format!(", weight {}", it.weight)
                    };
                    format!(
                        "{} [pos {}] -> {} = {} ({} combos{weight})",
                        it.token, it.position, it.text, it.stands_for, it.combo_count
                    )
                })
                .collect::<Vec<_>>()
                .join(" | "),
            Err(e) => format!("error: {e}"),
        };
    }
    match parse(&input, Some(&ranking)) {
        Ok(r) => {
            if let Err(e) = round_trips(&r) {
                return e;
            }
            format!("{r} ({})", counts(&r))
        }
        Err(e) => format!("error: {e}"),
    }
}

/// Canonical text parses back (without a ranking) to the same range.
fn round_trips(r: &Range) -> Result<(), String> {
    let text = r.to_string();
    match text.parse::<Range>() {
        Ok(back) if back == *r => Ok(()),
        Ok(back) => Err(format!("{text:?} parses back to {back:?}")),
        Err(e) => Err(format!("{text:?} does not parse back: {e}")),
    }
}

#[test]
fn parser_cases() {
    check_io("ranges.txt", run_case);
}

#[test]
fn classes_and_combos_add_up() {
    let all: Vec<HandClass> = HandClass::all().collect();
    assert_eq!(all.len(), 169);
    let count = |shape| all.iter().filter(|c| c.shape() == shape).count();
    assert_eq!(
        (
            count(Shape::Pair),
            count(Shape::Suited),
            count(Shape::Offsuit)
        ),
        (13, 78, 78)
    );
    let combos = |shape| {
        all.iter()
            .filter(|c| c.shape() == shape)
            .map(|c| c.combos().count())
            .sum::<usize>()
    };
    assert_eq!(
        (
            combos(Shape::Pair),
            combos(Shape::Suited),
            combos(Shape::Offsuit)
        ),
        (78, 312, 936)
    );

    // Every combo is in exactly one class, the one `HoleCards::class` names.
    let mut owner: Vec<Option<HandClass>> = vec![None; 1326];
    for c in HandClass::all() {
        assert_eq!(c.combos().count() as u32, c.combo_count(), "{c}");
        for combo in c.combos() {
            assert_eq!(owner[combo.index()], None, "{combo} in two classes");
            owner[combo.index()] = Some(c);
            assert_eq!(combo.class(), c, "{combo}");
        }
    }
    assert!(owner.iter().all(Option::is_some));

    // Combo index <-> cards, for every pair of distinct cards.
    let mut seen = [false; 1326];
    for a in Card::all() {
        for b in Card::all() {
            let Some(h) = HoleCards::new(a, b) else {
                assert_eq!(a, b);
                continue;
            };
            assert_eq!(HoleCards::new(b, a), Some(h));
            let [x, y] = h.cards();
            assert!(x > y && ((x, y) == (a, b) || (x, y) == (b, a)));
            assert_eq!(HoleCards::from_index(h.index()), Some(h));
            assert_eq!(h.card_set(), CardSet::EMPTY.with(a).with(b));
            seen[h.index()] = true;
        }
    }
    assert!(seen.iter().all(|&s| s));
    assert_eq!(HoleCards::all().count(), 1326);
    assert_eq!(HoleCards::from_index(1326), None);
}

#[test]
fn grid_and_labels_round_trip() {
    for (i, c) in HandClass::all().enumerate() {
        let (row, col) = c.grid();
        assert_eq!(row * 13 + col, i);
        assert_eq!(HandClass::from_grid(row, col), Some(c));
        assert_eq!(HandClass::from_index(i), Some(c));
        // Pairs on the diagonal, suited upper-right, offsuit lower-left.
        let shape = match row.cmp(&col) {
            std::cmp::Ordering::Equal => Shape::Pair,
            std::cmp::Ordering::Less => Shape::Suited,
            std::cmp::Ordering::Greater => Shape::Offsuit,
        };
        assert_eq!(c.shape(), shape);
        // Rows and columns run A→2: the high rank's row/col is 12 - rank.
        assert_eq!(12 - row.min(col), c.high() as usize);
        assert_eq!(12 - row.max(col), c.low() as usize);
        let label = c.label();
        assert_eq!(HandClass::from_label(&label), Some(c), "{label}");
        assert_eq!(HandClass::from_label(&label.to_lowercase()), Some(c));
        assert_eq!(HandClass::new(c.high(), c.low(), c.shape()), Some(c));
        assert!(!c.name().is_empty());
    }
    assert_eq!(HandClass::from_grid(0, 13), None);
    for bad in ["AK", "AhKh", "QQ+", "88s", "", "AKs:0.5", "AKx"] {
        assert_eq!(HandClass::from_label(bad), None, "{bad}");
    }
    let mut canonical: Vec<HandClass> = HandClass::all_canonical().collect();
    canonical.sort();
    assert_eq!(canonical, HandClass::all().collect::<Vec<_>>());
}

/// `HandClass::from_label` reads labels on its own (the classes do not call
/// the parser); it must name a class exactly when the parser reads the text
/// as one item of one class (for text without `+`, `-`, weights or
/// separators inside).
#[test]
fn from_label_agrees_with_parse() {
    const PIECES: &[&str] = &[
        "A", "K", "T", "t", "9", "2", "10", "1", "0", "s", "S", "o", "O", "h", "x", "♠", " ", "%",
        "*", "\u{FE0F}",
    ];
    let mut rng = Rng::new(0x1ABE_1000);
    let mut classes = 0;
    for _ in 0..20_000 {
        // Half the texts start from two ranks, so many name a class.
        let start = if rng.below(2) == 0 {
            ""
        } else {
            ["AK", "t9", "1010", " 22"][rng.below(4)]
        };
        let text: String = (0..rng.below(3))
            .map(|_| PIECES[rng.below(PIECES.len())])
            .fold(start.to_string(), |t, p| t + p);
        let parsed = match parse_items(&text).as_deref() {
            Ok([item]) => match &item.expr {
                Expr::Classes(c) if c.len() == 1 && !text.contains('\u{FE0F}') => Some(c[0]),
                _ => None,
            },
            _ => None,
        };
        assert_eq!(HandClass::from_label(&text), parsed, "{text:?}");
        classes += usize::from(parsed.is_some());
    }
    assert!(classes >= 1_000, "only {classes} texts named a class");
}

/// A random non-empty range with structure: whole classes at shared weights,
/// runs, single combos, dead cards.
fn random_range(rng: &mut Rng) -> Range {
    const WEIGHTS: [u16; 8] = [1000, 1000, 1000, 500, 250, 1, 999, 333];
    let weight = |rng: &mut Rng| {
        let p = if rng.below(4) == 0 {
            1 + rng.below(1000) as u16
        } else {
            WEIGHTS[rng.below(WEIGHTS.len())]
        };
        Weight::from_permille(p).unwrap_or(Weight::FULL)
    };
    loop {
        let mut r = match rng.below(6) {
            0 => Range::random(),
            1 => {
                let w = weight(rng);
                let mut r = Range::new();
                HoleCards::all().for_each(|c| r.set(c, w));
                r
            }
            _ => Range::new(),
        };
        match rng.below(4) {
            // Whole classes, often in runs along the grid.
            0 | 1 => {
                let w = weight(rng);
                for _ in 0..rng.below(30) {
                    let start = rng.below(169);
                    let len = 1 + rng.below(6);
                    let step = [1, 12, 13, 14][rng.below(4)];
                    let w = if rng.below(3) == 0 { weight(rng) } else { w };
                    for k in 0..len {
                        if let Some(c) = HandClass::from_index(start + k * step) {
                            r.set_class(c, w);
                        }
                    }
                }
            }
            // Single combos.
            2 => {
                for _ in 0..rng.below(40) {
                    if let Some(c) = HoleCards::from_index(rng.below(1326)) {
                        let w = weight(rng);
                        r.set(c, w);
                    }
                }
            }
            // Every combo at its own random weight (or none).
            _ => {
                let density = 1 + rng.below(100);
                for c in HoleCards::all() {
                    if rng.below(100) < density {
                        let w = weight(rng);
                        r.set(c, w);
                    } else {
                        r.set(c, Weight::ZERO);
                    }
                }
            }
        }
        if rng.below(3) == 0 {
            let n = 1 + rng.below(5);
            let dead: CardSet = rng.cards(n).into_iter().collect();
            let _ = r.remove_dead(dead);
        }
        if !r.is_empty() {
            return r;
        }
    }
}

#[test]
fn canonical_text_round_trips_for_random_ranges() {
    let mut rng = Rng::new(0x005A_170F_CA7A_1065);
    let mut failures = Vec::new();
    for _ in 0..5_000 {
        let r = random_range(&mut rng);
        if let Err(e) = round_trips(&r) {
            failures.push(e);
            if failures.len() >= 10 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
}

#[test]
fn every_single_class_and_combo_round_trips() {
    for c in HandClass::all() {
        for w in [1000, 500, 1] {
            let mut r = Range::new();
            r.set_class(c, Weight::from_permille(w).unwrap_or(Weight::FULL));
            round_trips(&r).unwrap();
            let text = r.to_string();
            assert!(text.starts_with(&c.label()), "{text}");
        }
    }
    for h in HoleCards::all() {
        let mut r = Range::new();
        r.set(h, Weight::FULL);
        assert_eq!(r.to_string(), h.to_string());
        round_trips(&r).unwrap();
    }
}

#[test]
fn explain_agrees_with_parse() {
    let ranking = fake_ranking();
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for _ in 0..500 {
        let text = random_items(&mut rng);
        let (Ok(items), Ok(range)) = (explain(&text, Some(&ranking)), parse(&text, Some(&ranking)))
        else {
            continue;
        };
        checked += 1;
        // Applying each item's expansion in order gives the parsed range.
        let mut r = Range::new();
        for it in &items {
            let covered = parse(&it.text, None).unwrap_or_default();
            assert_eq!(covered.combo_count(), it.combo_count, "{text}");
            let from_parts =
                it.classes.iter().map(|c| c.combo_count()).sum::<u32>() + it.combos.len() as u32;
            assert_eq!(from_parts, it.combo_count, "{text}");
            for (c, _) in covered.combos() {
                r.set(c, it.weight);
            }
        }
        assert_eq!(r, range, "{text}");
    }
    // Most random texts are valid: a generator that drifted into errors
    // would otherwise pass without checking anything.
    assert!(checked >= 400, "only {checked} of 500 texts parsed");
}

/// Random range text from valid-looking items.
fn random_items(rng: &mut Rng) -> String {
    const ITEMS: &[&str] = &[
        "AA", "QQ+", "22-55", "A2s-A5s", "T9s-65s", "KTo+", "K9+", "AK", "AhKh", "random", "10%",
        "5%", "72o", "JJ-99", "A5o-A2o", "KQ", "33", "AsAh", "7c6c", "87s",
    ];
    const WEIGHTS: &[&str] = &["", "", "", ":0.5", "@25", ":0", ":1", ":0.125"];
    let n = 1 + rng.below(6);
    (0..n)
        .map(|_| {
            format!(
                "{}{}",
                ITEMS[rng.below(ITEMS.len())],
                WEIGHTS[rng.below(WEIGHTS.len())]
            )
        })
        .collect::<Vec<_>>()
        .join([", ", " ", ";"][rng.below(3)])
}

#[test]
fn card_removal() {
    let mut rng = Rng::new(11);
    for _ in 0..2_000 {
        let r = random_range(&mut rng);
        let n = rng.below(8);
        let dead: CardSet = rng.cards(n).into_iter().collect();
        let mut live = r.clone();
        match live.remove_dead(dead) {
            Ok(()) => {
                for h in HoleCards::all() {
                    let want = if h.card_set().intersects(dead) {
                        Weight::ZERO
                    } else {
                        r.weight(h)
                    };
                    assert_eq!(live.weight(h), want);
                }
                assert!(!live.is_empty());
            }
            Err(e) => {
                assert_eq!(e, RangeError::EmptyAfterRemoval { dead });
                assert_eq!(live, r, "unchanged on error");
                assert!(r.combos().all(|(h, _)| h.card_set().intersects(dead)));
            }
        }
    }
    // The message names the dead cards.
    let mut r: Range = "AhKh".parse().unwrap();
    let dead: CardSet = [Card::new(12, 2)].into_iter().collect();
    let e = r.remove_dead(dead).unwrap_err();
    assert_eq!(
        e.to_string(),
        "no hand of the range is left once Ah are removed"
    );
}

#[test]
fn top_percent_grows_and_reaches_its_share() {
    let ranking = fake_ranking();
    let mut last = 0;
    for h in 1..=10_000u16 {
        let Some(p) = Percent::from_hundredths(h) else {
            panic!("{h}")
        };
        let top = ranking.top(p);
        let combos: u64 = top.iter().map(|c| u64::from(c.combo_count())).sum();
        // Reaches the share; one class fewer would not.
        assert!(combos * 10_000 >= u64::from(h) * 1326, "{p}");
        let without_last = combos - u64::from(top[top.len() - 1].combo_count());
        assert!(without_last * 10_000 < u64::from(h) * 1326, "{p}");
        assert!(top.len() >= last);
        last = top.len();
    }
    assert_eq!(last, 169);
}

/// Pieces the fuzzer strings together.
const PIECES: &[&str] = &[
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "T",
    "J",
    "Q",
    "K",
    "A",
    "t",
    "q",
    "a",
    "1",
    "0",
    "10",
    "s",
    "o",
    "c",
    "d",
    "h",
    "S",
    "O",
    "♣",
    "♦",
    "♥",
    "♠",
    "\u{FE0F}",
    "+",
    "-",
    ":",
    "@",
    "%",
    ".",
    " ",
    ",",
    ";",
    "\t",
    "random",
    "any",
    "*",
    "x",
    "é",
    "漢",
    "👍🏽",
    "\u{0}",
    "\u{202E}",
    "İ",
    "AKs",
    "QQ+",
    "22-55",
    "AhKh",
    "0.5",
    "50",
    "99999999999999999999",
];

fn random_input(rng: &mut Rng, kind: usize) -> String {
    match kind {
        0 => {
            let bytes: Vec<u8> = (0..rng.below(24)).map(|_| rng.next_u64() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        1 => (0..rng.below(16))
            .map(|_| PIECES[rng.below(PIECES.len())])
            .collect(),
        2 => random_items(rng),
        // Valid text with a few random edits.
        _ => {
            let text = random_items(rng);
            let edits = 1 + rng.below(3);
            rng.mutate(&text, PIECES, edits)
        }
    }
}

/// What must hold for any input, whether it parses or not.
fn check_input(input: &str, ranking: &Ranking) -> Result<bool, String> {
    let len = input.chars().count();
    let _ = parse_items(input);
    let _ = explain(input, Some(ranking));
    match parse(input, Some(ranking)) {
        Ok(r) => {
            if r.is_empty() {
                return Err("parsed to an empty range".into());
            }
            round_trips(&r)?;
            Ok(true)
        }
        Err(e) => {
            let message = e.to_string();
            if message.is_empty() {
                return Err("empty error message".into());
            }
            if let Some(p) = e.position() {
                if p == 0 || p > len + 1 {
                    return Err(format!("{message}: position {p} out of 1..={}", len + 1));
                }
            }
            if let RangeError::UnknownRank { ch, position, .. }
            | RangeError::Unexpected { ch, position, .. } = &e
            {
                if input.chars().nth(position - 1) != Some(*ch) {
                    return Err(format!("{message}: position does not point at {ch:?}"));
                }
            }
            Ok(false)
        }
    }
}

#[test]
fn parser_never_panics_and_round_trips() {
    let ranking = fake_ranking();
    let mut rng = Rng::new(0x0A11_0000_5EED_0005);
    let mut failures = Vec::new();
    let (mut ok, mut err) = (0u32, 0u32);
    for i in 0..100_000 {
        let input = random_input(&mut rng, i % 4);
        match catch_unwind(AssertUnwindSafe(|| check_input(&input, &ranking))) {
            Ok(Ok(true)) => ok += 1,
            Ok(Ok(false)) => err += 1,
            Ok(Err(why)) => failures.push(format!("{input:?}: {why}")),
            Err(_) => failures.push(format!("{input:?}: panicked")),
        }
        if failures.len() >= 20 {
            break;
        }
    }
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
    assert!(ok > 20_000 && err > 20_000, "ok {ok}, errors {err}");
}
