//! The 1,326 two-card combos ([`HoleCards`]) and the 169 starting-hand
//! classes ([`HandClass`]) they fall into.
//!
//! ```text
//!  combo index (colex over card ids, high card first):
//!      HoleCards(hi, lo) = hi * (hi - 1) / 2 + lo      with 0 <= lo < hi < 52
//!      0 = 2d2c, 1 = 2h2c, 2 = 2h2d, … 1325 = AsAh
//!
//!  class index = row * 13 + col on the 13×13 grid, rows and columns A→2:
//!
//!            col 0   1   2        12
//!  row 0      AA  AKs AQs  …  A2s      pairs on the diagonal,
//!  row 1      AKo KK  KQs  …  K2s      suited upper-right (row < col),
//!  row 2      AQo KQo QQ   …  Q2s      offsuit lower-left (row > col)
//!   …
//!  row 12     A2o K2o Q2o  …  22
//! ```
//!
//! Ranks are `u8` as in [`crate::card`]: 0 = deuce … 12 = ace.

use crate::card::{rank_of, Card, CardSet, RANK_CHARS};
use std::fmt;

/// Number of two-card combos (52 choose 2).
pub const COMBOS: usize = 1326;
/// Number of starting-hand classes (13 pairs + 78 suited + 78 offsuit).
pub const CLASSES: usize = 169;

const RANK_NAMES: [&str; 13] = [
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];
const RANK_PLURALS: [&str; 13] = [
    "Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
    "Queens", "Kings", "Aces",
];

/// The two card ids of each combo index, high card first.
static COMBO_CARDS: [[u8; 2]; COMBOS] = {
    let mut table = [[0u8; 2]; COMBOS];
    let mut hi = 1;
    let mut i = 0;
    while hi < 52 {
        let mut lo = 0;
        while lo < hi {
            table[i] = [hi as u8, lo as u8];
            i += 1;
            lo += 1;
        }
        hi += 1;
    }
    table
};

/// The combo indices of each class (by grid index), in index order; the
/// first `combo_count()` entries are used.
static CLASS_COMBOS: [[u16; 12]; CLASSES] = {
    let mut table = [[0u16; 12]; CLASSES];
    let mut len = [0usize; CLASSES];
    let mut i = 0;
    while i < COMBOS {
        let class = HoleCards(i as u16).class().0 as usize;
        table[class][len[class]] = i as u16;
        len[class] += 1;
        i += 1;
    }
    table
};

/// Two distinct cards, unordered: one of the 1,326 combos, stored as its
/// canonical index (see the module docs). Prints as `AhKh`, high card first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HoleCards(u16);

impl HoleCards {
    /// Number of combos.
    pub const COUNT: usize = COMBOS;

    /// The combo of two cards in either order; `None` if they are the same card.
    pub const fn new(a: Card, b: Card) -> Option<HoleCards> {
        let (a, b) = (a.id() as u16, b.id() as u16);
        let (hi, lo) = if a > b {
            (a, b)
        } else if b > a {
            (b, a)
        } else {
            return None;
        };
        Some(HoleCards(hi * (hi - 1) / 2 + lo))
    }

    /// The combo with this canonical index, if `index < 1326`.
    pub const fn from_index(index: usize) -> Option<HoleCards> {
        if index < COMBOS {
            Some(HoleCards(index as u16))
        } else {
            None
        }
    }

    /// The canonical index, in `0..1326`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The two cards, higher id first (`[Ah, Kh]`, `[As, Ah]`).
    #[inline]
    pub const fn cards(self) -> [Card; 2] {
        let [hi, lo] = COMBO_CARDS[self.0 as usize];
        [Card::new(hi / 4, hi % 4), Card::new(lo / 4, lo % 4)]
    }

    /// The two cards as a set.
    #[inline]
    pub const fn card_set(self) -> CardSet {
        let [hi, lo] = COMBO_CARDS[self.0 as usize];
        CardSet::EMPTY
            .with(Card::new(hi / 4, hi % 4))
            .with(Card::new(lo / 4, lo % 4))
    }

    /// The class this combo belongs to (`AhKh` → `AKs`).
    pub const fn class(self) -> HandClass {
        let [hi, lo] = COMBO_CARDS[self.0 as usize];
        let (rh, rl) = (hi / 4, lo / 4);
        let shape = if rh == rl {
            Shape::Pair
        } else if hi % 4 == lo % 4 {
            Shape::Suited
        } else {
            Shape::Offsuit
        };
        HandClass::make(rh, rl, shape)
    }

    /// All 1,326 combos in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = HoleCards> + ExactSizeIterator {
        (0..COMBOS as u16).map(HoleCards)
    }
}

impl fmt::Display for HoleCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cards();
        write!(f, "{a}{b}")
    }
}

impl fmt::Debug for HoleCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Pair, suited or offsuit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Shape {
    Pair,
    Suited,
    Offsuit,
}

impl Shape {
    /// Combos in a class of this shape: 6, 4 or 12.
    pub const fn combo_count(self) -> u32 {
        match self {
            Shape::Pair => 6,
            Shape::Suited => 4,
            Shape::Offsuit => 12,
        }
    }
}

/// One of the 169 starting-hand classes (`AA`, `AKs`, `AKo`, …), stored as
/// its grid index `row * 13 + col` (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandClass(u8);

impl HandClass {
    /// Number of classes.
    pub const COUNT: usize = CLASSES;

    /// The class with ranks `high` and `low` (0 = deuce … 12 = ace) and
    /// `shape`; `None` unless `high == low` for a pair, `high > low` otherwise.
    pub const fn new(high: u8, low: u8, shape: Shape) -> Option<HandClass> {
        if high > 12 || low > 12 {
            return None;
        }
        match shape {
            Shape::Pair if high == low => Some(HandClass::make(high, low, shape)),
            Shape::Suited | Shape::Offsuit if high > low => Some(HandClass::make(high, low, shape)),
            _ => None,
        }
    }

    /// [`HandClass::new`] for arguments known to be valid.
    pub(crate) const fn make(high: u8, low: u8, shape: Shape) -> HandClass {
        let (hr, lr) = (12 - high, 12 - low);
        let (row, col) = match shape {
            Shape::Pair | Shape::Suited => (hr, lr),
            Shape::Offsuit => (lr, hr),
        };
        HandClass(row * 13 + col)
    }

    /// The class at `(row, col)` of the grid, if both are below 13.
    pub const fn from_grid(row: usize, col: usize) -> Option<HandClass> {
        if row < 13 && col < 13 {
            Some(HandClass((row * 13 + col) as u8))
        } else {
            None
        }
    }

    /// `(row, col)` on the grid: rows and columns A→2 from the top-left.
    #[inline]
    pub const fn grid(self) -> (usize, usize) {
        (self.0 as usize / 13, self.0 as usize % 13)
    }

    /// The grid index `row * 13 + col`, in `0..169`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The class with grid index `index`, if below 169.
    pub const fn from_index(index: usize) -> Option<HandClass> {
        if index < CLASSES {
            Some(HandClass(index as u8))
        } else {
            None
        }
    }

    pub const fn shape(self) -> Shape {
        let (row, col) = self.grid();
        if row == col {
            Shape::Pair
        } else if row < col {
            Shape::Suited
        } else {
            Shape::Offsuit
        }
    }

    /// The higher rank (0 = deuce … 12 = ace).
    pub const fn high(self) -> u8 {
        let (row, col) = self.grid();
        let top = if row < col { row } else { col };
        12 - top as u8
    }

    /// The lower rank (equal to [`HandClass::high`] for a pair).
    pub const fn low(self) -> u8 {
        let (row, col) = self.grid();
        let bottom = if row > col { row } else { col };
        12 - bottom as u8
    }

    /// `AA`, `AKs`, `AKo`, `T9s`: high rank first.
    pub fn label(self) -> String {
        self.to_string()
    }

    /// The class named by a label, case-insensitively, with `10` for `T`
    /// (`AKs`, `akO`, `1010`); `None` for anything else, including `AK`
    /// (two classes) and ranges.
    pub fn from_label(label: &str) -> Option<HandClass> {
        let mut rest = label.trim();
        let mut rank = || {
            if let Some(after) = rest.strip_prefix("10") {
                rest = after;
                return Some(8);
            }
            let c = rest.chars().next()?;
            let r = rank_of(c)?;
            rest = &rest[c.len_utf8()..];
            Some(r)
        };
        let (a, b) = (rank()?, rank()?);
        let shape = match rest {
            "" if a == b => Shape::Pair,
            "s" | "S" => Shape::Suited,
            "o" | "O" => Shape::Offsuit,
            _ => return None,
        };
        HandClass::new(a.max(b), a.min(b), shape)
    }

    /// A name for screen readers: "Ace King suited", "Pair of Tens",
    /// "Seven Deuce offsuit".
    pub fn name(self) -> String {
        let (h, l) = (self.high() as usize, self.low() as usize);
        match self.shape() {
            Shape::Pair => format!("Pair of {}", RANK_PLURALS[h]),
            Shape::Suited => format!("{} {} suited", RANK_NAMES[h], RANK_NAMES[l]),
            Shape::Offsuit => format!("{} {} offsuit", RANK_NAMES[h], RANK_NAMES[l]),
        }
    }

    /// The 6, 4 or 12 combos of this class, in index order.
    pub fn combos(self) -> impl DoubleEndedIterator<Item = HoleCards> + ExactSizeIterator {
        let n = self.combo_count() as usize;
        CLASS_COMBOS[self.0 as usize][..n]
            .iter()
            .map(|&i| HoleCards(i))
    }

    /// 6 for a pair, 4 suited, 12 offsuit.
    pub const fn combo_count(self) -> u32 {
        self.shape().combo_count()
    }

    /// All 169 classes in grid order (row by row from `AA`).
    pub fn all() -> impl DoubleEndedIterator<Item = HandClass> + ExactSizeIterator {
        (0..CLASSES as u8).map(HandClass)
    }

    /// All 169 classes in canonical text order (see [`crate::range::Range`]'s
    /// `Display`): `AA KK … 22 AKs AQs … 32s AKo … 32o`.
    pub fn all_canonical() -> impl Iterator<Item = HandClass> {
        let pairs = (0..13u8).rev().map(|r| HandClass::make(r, r, Shape::Pair));
        let unpaired = |shape| {
            (1..13u8)
                .rev()
                .flat_map(move |h| (0..h).rev().map(move |l| HandClass::make(h, l, shape)))
        };
        pairs
            .chain(unpaired(Shape::Suited))
            .chain(unpaired(Shape::Offsuit))
    }
}

impl fmt::Display for HandClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (h, l) = (
            RANK_CHARS[self.high() as usize],
            RANK_CHARS[self.low() as usize],
        );
        match self.shape() {
            Shape::Pair => write!(f, "{h}{l}"),
            Shape::Suited => write!(f, "{h}{l}s"),
            Shape::Offsuit => write!(f, "{h}{l}o"),
        }
    }
}

impl fmt::Debug for HandClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn hole(s: &str) -> HoleCards {
        let c = parse_cards(s).unwrap();
        HoleCards::new(c[0], c[1]).unwrap()
    }

    #[test]
    fn combo_index_is_colex() {
        assert_eq!(hole("2d2c").index(), 0);
        assert_eq!(hole("2c2h").index(), 1);
        assert_eq!(hole("AsAh").index(), 1325);
        assert_eq!(hole("AhKh").to_string(), "AhKh");
        assert_eq!(hole("KhAh").to_string(), "AhKh");
        assert_eq!(hole("AhAs").to_string(), "AsAh");
        let c = parse_cards("Ah").unwrap()[0];
        assert_eq!(HoleCards::new(c, c), None);
        assert_eq!(HoleCards::from_index(1326), None);
        assert_eq!(hole("AhKh").card_set().len(), 2);
    }

    #[test]
    fn class_of_combos() {
        assert_eq!(hole("AhKh").class().to_string(), "AKs");
        assert_eq!(hole("AhKd").class().to_string(), "AKo");
        assert_eq!(hole("7c7d").class().to_string(), "77");
        assert_eq!(hole("2c7d").class().to_string(), "72o");
        assert_eq!(hole("Tc9c").class().to_string(), "T9s");
    }

    #[test]
    fn grid_layout() {
        let at = |r, c| HandClass::from_grid(r, c).unwrap().to_string();
        assert_eq!(at(0, 0), "AA");
        assert_eq!(at(0, 1), "AKs");
        assert_eq!(at(1, 0), "AKo");
        assert_eq!(at(0, 12), "A2s");
        assert_eq!(at(12, 0), "A2o");
        assert_eq!(at(12, 12), "22");
        assert_eq!(at(4, 5), "T9s");
        assert_eq!(HandClass::from_grid(13, 0), None);
    }

    #[test]
    fn names() {
        let name = |s| HandClass::from_label(s).unwrap().name();
        assert_eq!(name("AKs"), "Ace King suited");
        assert_eq!(name("TT"), "Pair of Tens");
        assert_eq!(name("72o"), "Seven Deuce offsuit");
        assert_eq!(name("66"), "Pair of Sixes");
        assert_eq!(name("32s"), "Three Deuce suited");
    }

    #[test]
    fn new_validates() {
        assert!(HandClass::new(12, 12, Shape::Pair).is_some());
        assert!(HandClass::new(12, 11, Shape::Pair).is_none());
        assert!(HandClass::new(11, 12, Shape::Suited).is_none());
        assert!(HandClass::new(12, 12, Shape::Offsuit).is_none());
        assert!(HandClass::new(13, 1, Shape::Offsuit).is_none());
    }

    #[test]
    fn canonical_order_is_sorted_by_key() {
        let v: Vec<HandClass> = HandClass::all_canonical().collect();
        assert_eq!(v.len(), 169);
        // Pairs, suited, offsuit; each by high card then kicker, high first.
        let key = |c: HandClass| (c.shape(), 12 - c.high(), 12 - c.low());
        assert!(v.windows(2).all(|w| key(w[0]) < key(w[1])));
        assert_eq!(v[0].to_string(), "AA");
        assert_eq!(v[13].to_string(), "AKs");
        assert_eq!(v[168].to_string(), "32o");
    }
}
