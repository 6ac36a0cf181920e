//! Ranges that travel (issue 37): random weighted ranges written for
//! PioSolver, GTO+ and allin read back to the same weight for every
//! combo; the writers' text on a fixed range.

use crate::check::Rng;
use allin::range::formats::{write, Format};
use allin::range::{parse, HandClass, HoleCards, Range, Weight};

/// A random range: some whole classes at one weight, some single combos
/// at their own (so classes whose combos differ are written combo by
/// combo), weights from a few round values and any thousandth.
fn random_range(rng: &mut Rng) -> Range {
    let mut r = Range::new();
    let classes: Vec<HandClass> = HandClass::all().collect();
    let weight = |rng: &mut Rng| {
        let w = match rng.below(4) {
            0 => 1000,
            1 => [500, 250, 125, 750][rng.below(4)],
            _ => 1 + rng.below(1000),
        };
        Weight::from_permille(w as u16).unwrap()
    };
    for _ in 0..1 + rng.below(30) {
        let w = weight(rng);
        r.set_class(classes[rng.below(classes.len())], w);
    }
    for _ in 0..rng.below(10) {
        let w = weight(rng);
        r.set(HoleCards::from_index(rng.below(1326)).unwrap(), w);
    }
    if r.is_empty() {
        r.set_class(classes[0], Weight::FULL);
    }
    r
}

#[test]
fn every_format_round_trips() {
    let mut rng = Rng::new(37);
    for case in 0..300 {
        let range = random_range(&mut rng);
        for (format, name) in Format::ALL {
            let text = write(&range, format);
            let back = parse(&text, None)
                .unwrap_or_else(|e| panic!("case {case}, {name}: {text} does not parse: {e}"));
            assert_eq!(back, range, "case {case}, {name}: {text}");
        }
    }
}

#[test]
fn writers() {
    let r = parse("QQ+, AK@50, AhKh, 76s:0.125", None).unwrap();
    assert_eq!(
        write(&r, Format::Pio),
        "AA,KK,QQ,AcKc:0.5,AdKd:0.5,AhKh,AsKs:0.5,76s:0.125,AKo:0.5"
    );
    assert_eq!(
        write(&r, Format::GtoPlus),
        "AA,KK,QQ,AhKh,[50]AcKc,AdKd,AsKs,AKo[/50],[12.5]76s[/12.5]"
    );
    assert_eq!(Format::from_name("GTO+"), Some(Format::GtoPlus));
    assert_eq!(Format::from_name("pio").map(Format::name), Some("pio"));
}
