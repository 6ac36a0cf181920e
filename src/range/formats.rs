//! Ranges written for other tools: PioSolver (`AA,AKs:0.5,KQo:0.25`) and
//! GTO+ (`AA,[50]AKs[/50],[25]KQo[/25]`), as well as allin's own canonical
//! text. Both are read back by the parser (`parse.rs`: Pio's `:w` is the
//! syntax's own weight, GTO+'s blocks are `parse/gtoplus.rs`), and a round
//! trip keeps every combo's weight (`tests/it/range_formats.rs`).
//!
//! Neither format groups classes (`QQ+`): each class is listed, in the
//! grid's canonical order; a class whose combos differ in weight (some
//! removed, or weighted apart) is listed combo by combo (`AsKs:0.5`).

use super::class::{HandClass, HoleCards};
use super::set::Range;
use super::weight::Weight;
use std::fmt::Write as _;

/// A way to write a range.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// allin's canonical text (`QQ+, AKs:0.5`).
    Allin,
    /// PioSolver: `AA,AKs:0.5`.
    Pio,
    /// GTO+: `AA,[50]AKs[/50]`.
    GtoPlus,
}

impl Format {
    /// Every format, and its name.
    pub const ALL: [(Format, &'static str); 3] = [
        (Format::Allin, "allin"),
        (Format::Pio, "pio"),
        (Format::GtoPlus, "gtoplus"),
    ];

    /// The format of this name (`allin`, `pio`, `gtoplus`), any case.
    pub fn from_name(name: &str) -> Option<Format> {
        let name = name.trim().to_ascii_lowercase();
        Format::ALL
            .iter()
            .find(|(_, n)| *n == name || (name == "gto+" && *n == "gtoplus"))
            .map(|(f, _)| *f)
    }

    pub fn name(self) -> &'static str {
        Format::ALL
            .iter()
            .find(|(f, _)| *f == self)
            .map_or("allin", |(_, n)| n)
    }
}

/// Each listed part: a class or a combo, and its weight.
fn parts(range: &Range) -> Vec<(String, Weight)> {
    let mut out = Vec::new();
    for class in HandClass::all_canonical() {
        match range.class_weight(class) {
            Some(w) if w.is_zero() => {}
            Some(w) => out.push((class.label(), w)),
            None => {
                for combo in class.combos() {
                    let w = range.weight(combo);
                    if !w.is_zero() {
                        out.push((combo_text(combo), w));
                    }
                }
            }
        }
    }
    out
}

/// `AsKs`: the higher card first.
fn combo_text(combo: HoleCards) -> String {
    let [a, b] = combo.cards();
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    format!("{hi}{lo}")
}

/// The weight in percent: `50`, `12.5`, `0.1`.
fn percent(w: Weight) -> String {
    let p = w.permille();
    match p % 10 {
        0 => (p / 10).to_string(),
        d => format!("{}.{d}", p / 10),
    }
}

/// `range` written in `format`.
pub fn write(range: &Range, format: Format) -> String {
    match format {
        Format::Allin => range.to_string(),
        Format::Pio => parts(range)
            .iter()
            .map(|(text, w)| match *w {
                Weight::FULL => text.clone(),
                w => format!("{text}:{w}"),
            })
            .collect::<Vec<_>>()
            .join(","),
        Format::GtoPlus => {
            let parts = parts(range);
            let mut out: Vec<String> = parts
                .iter()
                .filter(|(_, w)| *w == Weight::FULL)
                .map(|(t, _)| t.clone())
                .collect();
            // Blocks by weight, heaviest first.
            let mut weights: Vec<Weight> = parts
                .iter()
                .map(|(_, w)| *w)
                .filter(|w| *w != Weight::FULL)
                .collect();
            weights.sort_unstable_by(|a, b| b.cmp(a));
            weights.dedup();
            for w in weights {
                let items: Vec<&str> = parts
                    .iter()
                    .filter(|(_, x)| *x == w)
                    .map(|(t, _)| t.as_str())
                    .collect();
                let mut block = String::new();
                let p = percent(w);
                let _ = write!(block, "[{p}]{}[/{p}]", items.join(","));
                out.push(block);
            }
            out.join(",")
        }
    }
}
