//! What one term of Omaha range text stands for, and whether a hand holds
//! it: a hand pattern (`AA`, `AsKs**`, `AxKx`, `xxyy`), a macro (`$ds`,
//! `$rd`, …) or every hand (`random`).

use super::ranking::omaha_ranking;
use crate::card::{Card, RANK_CHARS, SUIT_CHARS};
use crate::range::Percent;

/// The suit variables, in order: `x y z w` stand for four different suits.
pub(crate) const SUIT_VARS: [char; 4] = ['x', 'y', 'z', 'w'];

/// What one card of a hand pattern asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SuitPat {
    Any,
    Fixed(u8),
    Var(u8),
}

/// One card of a hand pattern: a rank (or any) and a suit (or any, or a
/// variable).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Slot {
    pub(crate) rank: Option<u8>,
    pub(crate) suit: SuitPat,
}

impl Slot {
    /// `A`, `As`, `Ax`, `*`, `s`, `x`: as written in canonical form.
    fn text(self) -> String {
        let rank = self.rank.map(|r| RANK_CHARS[usize::from(r)]);
        let suit = match self.suit {
            SuitPat::Any => None,
            SuitPat::Fixed(s) => Some(SUIT_CHARS[usize::from(s)]),
            SuitPat::Var(v) => Some(SUIT_VARS[usize::from(v)]),
        };
        match (rank, suit) {
            (Some(r), Some(s)) => format!("{r}{s}"),
            (Some(r), None) => r.to_string(),
            (None, Some(s)) => s.to_string(),
            (None, None) => "*".into(),
        }
    }
}

/// The hand macros (`$` words).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Macro {
    /// `$ds`: exactly two suits with two or more cards each.
    DoubleSuited,
    /// `$ss`: exactly one suit with two or more cards.
    SingleSuited,
    /// `$ts`: three suits with two or more cards each (six cards).
    TripleSuited,
    /// `$r`: no two cards of one suit.
    Rainbow,
    /// `$np`: no two cards of one rank.
    NoPair,
    /// `$pair`: two or more cards of one rank.
    Pair,
    /// `$rd`, `$rd1`, `$rd2`: all ranks different and within a span of
    /// (cards + gaps) ranks, the ace high or low.
    Rundown(u8),
}

/// Every macro, its word and what it means (for errors, docs and explain).
pub(crate) const MACROS: [(&str, Macro, &str); 9] = [
    (
        "ds",
        Macro::DoubleSuited,
        "double-suited: exactly two suits hold two or more cards each",
    ),
    (
        "ss",
        Macro::SingleSuited,
        "single-suited: exactly one suit holds two or more cards",
    ),
    (
        "ts",
        Macro::TripleSuited,
        "triple-suited: three suits hold two or more cards each",
    ),
    ("r", Macro::Rainbow, "rainbow: no two cards of one suit"),
    ("np", Macro::NoPair, "no pair: no two cards of one rank"),
    ("pair", Macro::Pair, "paired: two or more cards of one rank"),
    (
        "rd",
        Macro::Rundown(0),
        "a rundown: all ranks consecutive (JT98; the ace high or low)",
    ),
    (
        "rd1",
        Macro::Rundown(1),
        "a rundown with at most one gap (JT97, JT98)",
    ),
    (
        "rd2",
        Macro::Rundown(2),
        "a rundown with at most two gaps in all (JT96, J986, JT98)",
    ),
];

/// A hand's cards counted per suit and per rank (what the macros read).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    suits: [u8; 4],
    ranks: [u8; 13],
    n: u8,
}

impl Shape {
    pub(crate) fn of(cards: &[Card]) -> Shape {
        let mut shape = Shape {
            suits: [0; 4],
            ranks: [0; 13],
            n: cards.len() as u8,
        };
        for c in cards {
            shape.suits[usize::from(c.suit())] += 1;
            shape.ranks[usize::from(c.rank())] += 1;
        }
        shape
    }

    fn suited_suits(&self) -> usize {
        self.suits.iter().filter(|&&n| n >= 2).count()
    }
}

impl Macro {
    fn holds(self, shape: &Shape) -> bool {
        match self {
            Macro::DoubleSuited => shape.suited_suits() == 2,
            Macro::SingleSuited => shape.suited_suits() == 1,
            Macro::TripleSuited => shape.suited_suits() == 3,
            Macro::Rainbow => shape.suited_suits() == 0,
            Macro::NoPair => shape.ranks.iter().all(|&n| n <= 1),
            Macro::Pair => shape.ranks.iter().any(|&n| n >= 2),
            Macro::Rundown(gaps) => {
                if shape.ranks.iter().any(|&n| n >= 2) {
                    return false;
                }
                let mask = shape
                    .ranks
                    .iter()
                    .enumerate()
                    .filter(|(_, &n)| n > 0)
                    .fold(0u16, |m, (r, _)| m | 1 << r);
                let span = |m: u16| 16 - m.leading_zeros() - m.trailing_zeros();
                let most = u32::from(shape.n) + u32::from(gaps);
                // The ace low: bit 0 is the ace, the deuce bit 1, ….
                let low = if mask & 1 << 12 != 0 {
                    (mask & !(1 << 12)) << 1 | 1
                } else {
                    mask << 1
                };
                span(mask) <= most || span(low) <= most
            }
        }
    }

    pub(crate) fn word(self) -> &'static str {
        MACROS.iter().find(|m| m.1 == self).map_or("?", |m| m.0)
    }

    pub(crate) fn meaning(self) -> &'static str {
        MACROS.iter().find(|m| m.1 == self).map_or("?", |m| m.2)
    }
}

/// A hand pattern: up to the hand's size of cards, the hand holding each
/// on a card of its own. Built only by [`HandPattern::new`] (the parser),
/// which has checked it can match.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct HandPattern {
    slots: Vec<Slot>,
}

impl HandPattern {
    /// The pattern of these slots, most specific first (for a quick match).
    pub(crate) fn new(mut slots: Vec<Slot>) -> HandPattern {
        slots.sort_by_key(|s| {
            let suit = match s.suit {
                SuitPat::Fixed(_) => 0,
                SuitPat::Var(_) => 1,
                SuitPat::Any => 2,
            };
            (u8::from(s.rank.is_none()), suit)
        });
        HandPattern { slots }
    }

    /// The slots in matching order.
    pub(crate) fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// Whether `cards` hold the pattern: each slot on a different card,
    /// each variable one suit, different variables different suits.
    pub(crate) fn holds(&self, cards: &[Card]) -> bool {
        let mut vars = [None; 4];
        assign(&self.slots, cards, 0, &mut vars)
    }

    /// The canonical text (slots with a rank first, high ranks first).
    pub(crate) fn text(&self) -> String {
        let mut slots = self.slots.clone();
        slots.sort_by_key(|s| {
            (
                std::cmp::Reverse(s.rank.map_or(-1, i16::from)),
                s.suit_key(),
            )
        });
        slots.iter().map(|s| s.text()).collect()
    }
}

impl Slot {
    fn suit_key(&self) -> u8 {
        match self.suit {
            SuitPat::Fixed(s) => s,
            SuitPat::Var(v) => 4 + v,
            SuitPat::Any => 8,
        }
    }

    fn fits(self, card: Card, vars: &[Option<u8>; 4]) -> Option<Option<usize>> {
        if self.rank.is_some_and(|r| r != card.rank()) {
            return None;
        }
        match self.suit {
            SuitPat::Any => Some(None),
            SuitPat::Fixed(s) => (s == card.suit()).then_some(None),
            SuitPat::Var(v) => {
                let v = usize::from(v);
                match vars[v] {
                    Some(s) => (s == card.suit()).then_some(None),
                    None if vars.contains(&Some(card.suit())) => None,
                    None => Some(Some(v)),
                }
            }
        }
    }
}

/// Backtracking: the slots from the first, each on an unused card.
fn assign(slots: &[Slot], cards: &[Card], used: u8, vars: &mut [Option<u8>; 4]) -> bool {
    let Some((&slot, rest)) = slots.split_first() else {
        return true;
    };
    for (i, &card) in cards.iter().enumerate() {
        if used & 1 << i != 0 {
            continue;
        }
        let Some(bind) = slot.fits(card, vars) else {
            continue;
        };
        if let Some(v) = bind {
            vars[v] = Some(card.suit());
        }
        let ok = assign(rest, cards, used | 1 << i, vars);
        if let Some(v) = bind {
            vars[v] = None;
        }
        if ok {
            return true;
        }
    }
    false
}

/// One term: a hand pattern, a macro, every hand, or the top `X%` of
/// four-card hands (the best `cutoff` classes of `ranking.rs`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Term {
    All,
    Hand(HandPattern),
    Macro(Macro),
    Top { percent: Percent, cutoff: usize },
}

impl Term {
    pub(crate) fn holds(&self, cards: &[Card], shape: &Shape) -> bool {
        match self {
            Term::All => true,
            Term::Hand(p) => p.holds(cards),
            Term::Macro(m) => m.holds(shape),
            Term::Top { cutoff, .. } => omaha_ranking().within(cards, *cutoff),
        }
    }

    /// Canonical text: `AAKK`, `$ds`, `random`.
    pub(crate) fn text(&self) -> String {
        match self {
            Term::All => "random".into(),
            Term::Hand(p) => p.text(),
            Term::Macro(m) => format!("${}", m.word()),
            Term::Top { percent, .. } => percent.to_string(),
        }
    }

    /// For people: `at least A, A` / the macro's meaning / `any hand`.
    pub(crate) fn meaning(&self) -> String {
        match self {
            Term::All => "any hand".into(),
            Term::Macro(m) => m.meaning().into(),
            Term::Top { percent, .. } => format!(
                "the top {percent} of four-card hands by preflop equity against one random hand"
            ),
            Term::Hand(p) => {
                let mut slots = p.slots().to_vec();
                slots.sort_by_key(|s| {
                    (
                        std::cmp::Reverse(s.rank.map_or(-1, i16::from)),
                        s.suit_key(),
                    )
                });
                let mut parts: Vec<String> = Vec::new();
                let mut k = 0;
                while k < slots.len() {
                    let slot = slots[k];
                    let same = slots[k..].iter().take_while(|s| **s == slot).count();
                    match slot.rank {
                        Some(r) if same >= 2 && slot.suit == SuitPat::Any => {
                            let n = ["two", "three", "four"][same.min(4) - 2];
                            parts.push(format!("{n} {}", PLURALS[usize::from(r)]));
                            k += same;
                        }
                        _ => {
                            parts.push(describe(slot));
                            k += 1;
                        }
                    }
                }
                let vars = slots.iter().any(|s| matches!(s.suit, SuitPat::Var(_)));
                format!(
                    "holds {}{}",
                    parts.join(", "),
                    if vars {
                        " (each of x y z w one suit, different letters different suits)"
                    } else {
                        ""
                    }
                )
            }
        }
    }
}

/// Rank names in the plural, deuces first.
pub(crate) const PLURALS: [&str; 13] = [
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
    "queens", "kings", "aces",
];

fn describe(slot: Slot) -> String {
    const NAMES: [&str; 13] = [
        "a deuce", "a three", "a four", "a five", "a six", "a seven", "an eight", "a nine",
        "a ten", "a jack", "a queen", "a king", "an ace",
    ];
    const SUITS: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];
    let rank = slot.rank.map_or("a card", |r| NAMES[usize::from(r)]);
    match slot.suit {
        SuitPat::Any => rank.to_string(),
        SuitPat::Fixed(s) => format!("{rank} of {}", SUITS[usize::from(s)]),
        SuitPat::Var(v) => format!("{rank} of suit {}", SUIT_VARS[usize::from(v)]),
    }
}

/// How a term joins the ones before it in an item.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Join {
    /// `:`, and.
    And,
    /// `!`, but not.
    Not,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn shape(s: &str) -> (Vec<Card>, Shape) {
        let cards = parse_cards(s).unwrap();
        let shape = Shape::of(&cards);
        (cards, shape)
    }

    #[test]
    fn rundowns() {
        let holds = |m: Macro, s: &str| m.holds(&shape(s).1);
        assert!(holds(Macro::Rundown(0), "JsTd9c8h"));
        assert!(holds(Macro::Rundown(0), "Ac2d3h4s"));
        assert!(holds(Macro::Rundown(0), "AcKdQhJs"));
        assert!(!holds(Macro::Rundown(0), "KcAd2h3s"));
        assert!(!holds(Macro::Rundown(0), "JsTd9c7h"));
        assert!(holds(Macro::Rundown(1), "JsTd9c7h"));
        assert!(!holds(Macro::Rundown(1), "JsTd7c6h"));
        assert!(holds(Macro::Rundown(2), "JsTd7c6h"));
        assert!(!holds(Macro::Rundown(2), "JsJd9c8h"));
    }

    #[test]
    fn variables() {
        let p = HandPattern::new(vec![
            Slot {
                rank: Some(12),
                suit: SuitPat::Var(0),
            },
            Slot {
                rank: Some(11),
                suit: SuitPat::Var(0),
            },
        ]);
        assert!(p.holds(&shape("AsKs2c3d").0));
        assert!(!p.holds(&shape("AsKh2c3d").0));
        let q = HandPattern::new(vec![
            Slot {
                rank: None,
                suit: SuitPat::Var(0),
            },
            Slot {
                rank: None,
                suit: SuitPat::Var(0),
            },
            Slot {
                rank: None,
                suit: SuitPat::Var(1),
            },
            Slot {
                rank: None,
                suit: SuitPat::Var(1),
            },
        ]);
        assert!(q.holds(&shape("AsKs2c3c").0));
        assert!(!q.holds(&shape("AsKs2s3s").0));
        assert_eq!(q.text(), "xxyy");
    }
}
