//! Cards, card sets and the card parser.
//!
//! A card is one byte, `id = rank * 4 + suit`:
//!
//! ```text
//!   id:   0   1   2   3   4   5  ...  48  49  50  51
//!   card: 2c  2d  2h  2s  3c  3d ...   Ac  Ad  Ah  As
//!         rank = id / 4 (0 = deuce … 12 = ace), suit = id % 4 (c d h s)
//! ```
//!
//! A [`CardSet`] is a `u64` with bit `id` set for each card it holds.
//!
//! The parser accepts what people type and paste: `As`, `td`, `10h`, `A♠`, with
//! or without spaces or commas between cards. Every error says which card, where
//! (1-based character position in the input) and why; no input string can make
//! it panic.

use crate::quote::{escape_char, quote};
use std::fmt;

/// Rank characters in rank order, deuce first.
pub const RANK_CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
/// Suit characters in suit order (clubs, diamonds, hearts, spades).
pub const SUIT_CHARS: [char; 4] = ['c', 'd', 'h', 's'];

/// Rank index of an ace (ranks run 0 = deuce … 12 = ace).
pub const ACE: u8 = 12;

static ALL_CARDS: [Card; 52] = {
    let mut cards = [Card(0); 52];
    let mut id = 0;
    while id < 52 {
        cards[id as usize] = Card(id);
        id += 1;
    }
    cards
};

/// One playing card. Invariant: `id < 52`. One byte (`repr(transparent)`:
/// the batch evaluator reads arrays of cards as bytes).
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(u8);

impl Card {
    /// The card of `rank` (0 = deuce … 12 = ace) and `suit` (0..4 = c d h s).
    ///
    /// # Panics
    /// If `rank >= 13` or `suit >= 4` (a programming error, never user input).
    pub const fn new(rank: u8, suit: u8) -> Card {
        assert!(rank < 13 && suit < 4);
        Card(rank * 4 + suit)
    }

    /// The card with this id, if `id < 52`.
    pub const fn from_id(id: u8) -> Option<Card> {
        if id < 52 {
            Some(Card(id))
        } else {
            None
        }
    }

    /// `rank * 4 + suit`, in `0..52`.
    #[inline]
    pub const fn id(self) -> u8 {
        self.0
    }

    /// 0 = deuce … 12 = ace.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 2
    }

    /// 0..4 = clubs, diamonds, hearts, spades.
    #[inline]
    pub const fn suit(self) -> u8 {
        self.0 & 3
    }

    /// All 52 cards in id order.
    pub fn all() -> impl Iterator<Item = Card> {
        ALL_CARDS.iter().copied()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_CHARS[self.rank() as usize],
            SUIT_CHARS[self.suit() as usize]
        )
    }
}

impl std::str::FromStr for Card {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Card, CardError> {
        let cards = parse_exact(s, 1)?;
        Ok(cards[0])
    }
}

/// A set of cards as a 64-bit mask (bit `id` for each card). The mask is
/// private: only bits of the 52 cards can be set ([`CardSet::from_bits`]
/// checks), so every card `iter()` yields is a real card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet((1u64 << 52) - 1);

    /// The set with this mask, if it has no bit above the 52 cards.
    pub const fn from_bits(bits: u64) -> Option<CardSet> {
        if bits & !Self::FULL.0 == 0 {
            Some(CardSet(bits))
        } else {
            None
        }
    }

    /// The mask: bit `id` for each card.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    #[inline]
    pub const fn contains(self, c: Card) -> bool {
        self.0 >> c.0 & 1 != 0
    }
    #[inline]
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1u64 << c.0;
    }
    #[inline]
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1u64 << c.0);
    }
    #[inline]
    pub const fn with(self, c: Card) -> CardSet {
        CardSet(self.0 | 1u64 << c.0)
    }
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub const fn intersection(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }
    #[inline]
    pub const fn intersects(self, o: CardSet) -> bool {
        self.0 & o.0 != 0
    }
    /// Cards not in this set (of the 52).
    #[inline]
    pub const fn complement(self) -> CardSet {
        CardSet(!self.0 & Self::FULL.0)
    }
    /// The cards in id order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let id = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(Card(id))
            }
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// Formats cards canonically, separated by spaces: `As Td 2c`.
pub fn format_cards(cards: &[Card]) -> String {
    join_cards(cards, " ")
}

/// Formats cards canonically with no separator: `AsTd2c`.
pub fn format_cards_compact(cards: &[Card]) -> String {
    join_cards(cards, "")
}

fn join_cards(cards: &[Card], sep: &str) -> String {
    let mut out = String::with_capacity(cards.len() * (2 + sep.len()));
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(&c.to_string());
    }
    out
}

/// Why a card string was rejected. `Display` gives the message users see.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CardError {
    /// A character that cannot start a card (`position` is 1-based, in characters).
    UnknownRank {
        token: String,
        ch: char,
        position: usize,
    },
    /// A rank followed by something that is not a suit.
    UnknownSuit {
        token: String,
        ch: char,
        position: usize,
    },
    /// A rank at the very end of the input, with no suit after it.
    MissingSuit { token: String, position: usize },
    /// The same card twice.
    Duplicate { card: Card, position: usize },
    /// Not the number of cards the caller needs.
    WrongCount {
        expected: std::ops::RangeInclusive<usize>,
        got: usize,
    },
}

impl CardError {
    /// The 1-based character position the error points at, if any.
    pub fn position(&self) -> Option<usize> {
        match self {
            CardError::UnknownRank { position, .. }
            | CardError::UnknownSuit { position, .. }
            | CardError::MissingSuit { position, .. }
            | CardError::Duplicate { position, .. } => Some(*position),
            CardError::WrongCount { .. } => None,
        }
    }
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardError::UnknownRank {
                token,
                ch,
                position,
            } => write!(
                f,
                "{}: unknown rank '{}' at position {position} (ranks are 2-9, T or 10, J, Q, K, A)",
                quote(token),
                show_char(*ch)
            ),
            CardError::UnknownSuit {
                token,
                ch,
                position,
            } => write!(
                f,
                "{}: unknown suit '{}' at position {position} (suits are c, d, h, s or ♣ ♦ ♥ ♠)",
                quote(token),
                show_char(*ch)
            ),
            CardError::MissingSuit { token, position } => write!(
                f,
                "{}: missing suit at position {position} (suits are c, d, h, s or ♣ ♦ ♥ ♠)",
                quote(token)
            ),
            CardError::Duplicate { card, .. } => write!(f, "duplicate card {card}"),
            CardError::WrongCount { expected, got } => {
                let (lo, hi) = (*expected.start(), *expected.end());
                let want = if lo == hi {
                    format!("{lo}")
                } else if hi == lo + 1 {
                    format!("{lo} or {hi}")
                } else {
                    format!("{lo} to {hi}")
                };
                let noun = if hi == 1 { "card" } else { "cards" };
                write!(f, "expected {want} {noun}, got {got}")
            }
        }
    }
}

impl std::error::Error for CardError {}

/// One character of input inside `'…'` in an error message: itself, or
/// its escape when hidden (a double quote needs none there).
pub(crate) fn show_char(ch: char) -> String {
    match ch {
        '"' => "\"".to_string(),
        _ => escape_char(ch),
    }
}

/// The rank of a rank character (`2`–`9`, `T`, `J`, `Q`, `K`, `A`, any case).
pub(crate) fn rank_of(ch: char) -> Option<u8> {
    Some(match ch.to_ascii_uppercase() {
        '2'..='9' => ch as u8 - b'2',
        'T' => 8,
        'J' => 9,
        'Q' => 10,
        'K' => 11,
        'A' => 12,
        _ => return None,
    })
}

/// The suit of a suit character (`c d h s`, any case, or a suit symbol).
pub(crate) fn suit_of(ch: char) -> Option<u8> {
    Some(match ch {
        'c' | 'C' | '♣' | '♧' => 0,
        'd' | 'D' | '♦' | '♢' => 1,
        'h' | 'H' | '♥' | '♡' => 2,
        's' | 'S' | '♠' | '♤' => 3,
        _ => return None,
    })
}

/// Characters allowed between cards.
fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, ',' | ';' | '|' | '/' | '-' | '[' | ']' | '(' | ')')
}

/// Parses any number of cards (possibly zero), rejecting duplicates.
///
/// Accepts `AsKd`, `as kd`, `As, Kd`, `10h`, `A♠`, the variation selector
/// some keyboards append to suit symbols (`♥️`), and a leading byte order
/// mark (dropped; positions count from the character after it).
pub fn parse_cards(input: &str) -> Result<Vec<Card>, CardError> {
    let input = input.strip_prefix('\u{FEFF}').unwrap_or(input);
    let chars: Vec<char> = input.chars().collect();
    let mut cards = Vec::new();
    let mut seen = CardSet::EMPTY;
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if is_separator(ch) || ch == '\u{FE0F}' {
            i += 1;
            continue;
        }
        let start = i;
        // Suit first, as the Zha Jin Hua write-up writes cards (`H2`, `SA`,
        // `S10`, `H2S2D2`): unambiguous, since no rank character is a suit
        // character. Only a whole run of such cards (up to a separator), so
        // that a word such as `hasOwnProperty` gets the message it got
        // before, at its start.
        if let Some((run, len)) = suit_first_run(&chars[i..]) {
            for card in run {
                push_new(&mut cards, &mut seen, card, start + 1)?;
            }
            i += len;
            continue;
        }
        // Rank: one character, or "10".
        let rank = if ch == '1' && chars.get(i + 1) == Some(&'0') {
            i += 2;
            8
        } else if let Some(r) = rank_of(ch) {
            i += 1;
            r
        } else {
            return Err(CardError::UnknownRank {
                token: token_at(&chars, start),
                ch,
                position: start + 1,
            });
        };
        let Some(&sch) = chars.get(i) else {
            return Err(CardError::MissingSuit {
                token: token_at(&chars, start),
                position: i + 1,
            });
        };
        let Some(suit) = suit_of(sch) else {
            if is_separator(sch) {
                return Err(CardError::MissingSuit {
                    token: token_at(&chars, start),
                    position: i + 1,
                });
            }
            return Err(CardError::UnknownSuit {
                token: token_at(&chars, start),
                ch: sch,
                position: i + 1,
            });
        };
        i += 1;
        push_new(&mut cards, &mut seen, Card::new(rank, suit), start + 1)?;
    }
    Ok(cards)
}

/// Adds `card` (read at `position`) unless it was read before.
fn push_new(
    cards: &mut Vec<Card>,
    seen: &mut CardSet,
    card: Card,
    position: usize,
) -> Result<(), CardError> {
    if seen.contains(card) {
        return Err(CardError::Duplicate { card, position });
    }
    seen.insert(card);
    cards.push(card);
    Ok(())
}

/// The cards written suit first (`H2`, `♠A`, `S10`) that make the whole
/// run of `chars` up to a separator (or the end), and that run's length;
/// `None` unless every character of the run is part of one.
fn suit_first_run(chars: &[char]) -> Option<(Vec<Card>, usize)> {
    let end = chars
        .iter()
        .position(|&c| is_separator(c) || c == '\u{FE0F}')
        .unwrap_or(chars.len());
    let run = &chars[..end];
    let mut cards = Vec::new();
    let mut i = 0;
    while i < run.len() {
        let suit = suit_of(run[i])?;
        let (rank, len) = match run.get(i + 1..i + 3) {
            Some(['1', '0']) => (8, 3),
            _ => (rank_of(*run.get(i + 1)?)?, 2),
        };
        cards.push(Card::new(rank, suit));
        i += len;
    }
    Some((cards, end))
}

/// The text of the card-like token starting at `start`, for error messages:
/// up to the next separator, at most 3 characters of it.
fn token_at(chars: &[char], start: usize) -> String {
    chars[start..]
        .iter()
        .take_while(|c| !is_separator(**c))
        .take(3)
        .collect()
}

/// Parses exactly `n` cards.
pub fn parse_exact(input: &str, n: usize) -> Result<Vec<Card>, CardError> {
    parse_between(input, n..=n)
}

/// Parses a number of cards within `range` (e.g. `5..=7` for a Hold'em hand).
pub fn parse_between(
    input: &str,
    range: std::ops::RangeInclusive<usize>,
) -> Result<Vec<Card>, CardError> {
    let cards = parse_cards(input)?;
    if !range.contains(&cards.len()) {
        return Err(CardError::WrongCount {
            expected: range,
            got: cards.len(),
        });
    }
    Ok(cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> String {
        match parse_cards(s) {
            Ok(c) => format_cards(&c),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn ids_and_display() {
        assert_eq!(Card::from_id(0).unwrap().to_string(), "2c");
        assert_eq!(Card::from_id(51).unwrap().to_string(), "As");
        assert_eq!(Card::new(8, 1).to_string(), "Td");
        assert!(Card::from_id(52).is_none());
        assert_eq!(Card::all().count(), 52);
    }

    #[test]
    fn parses_what_people_type() {
        assert_eq!(p("As"), "As");
        assert_eq!(p("td"), "Td");
        assert_eq!(p("10h"), "Th");
        assert_eq!(p("A♠"), "As");
        assert_eq!(p("A♥️K♦️"), "Ah Kd");
        assert_eq!(p("AsKd"), "As Kd");
        assert_eq!(p("as, kd ,2C"), "As Kd 2c");
        assert_eq!(p("10h10s"), "Th Ts");
        assert_eq!(p(""), "");
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(
            p("Kx"),
            "error: \"Kx\": unknown suit 'x' at position 2 (suits are c, d, h, s or ♣ ♦ ♥ ♠)"
        );
        assert_eq!(
            p("As Kx"),
            "error: \"Kx\": unknown suit 'x' at position 5 (suits are c, d, h, s or ♣ ♦ ♥ ♠)"
        );
        assert_eq!(p("Ah Ah"), "error: duplicate card Ah");
        assert!(p("Zs").starts_with("error: \"Zs\": unknown rank 'Z' at position 1"));
        assert!(p("A").starts_with("error: \"A\": missing suit at position 2"));
        assert!(p("A K").starts_with("error: \"A\": missing suit at position 2"));
        assert!(p("1s").starts_with("error: \"1s\": unknown rank '1' at position 1"));
        let e = parse_between("AsKsQsJsTs9s8s7s", 5..=7).unwrap_err();
        assert_eq!(e.to_string(), "expected 5 to 7 cards, got 8");
        let e = parse_exact("AsKsQsJsTs9s8s7s", 7).unwrap_err();
        assert_eq!(e.to_string(), "expected 7 cards, got 8");
        let e = parse_exact("As Ks", 1).unwrap_err();
        assert_eq!(e.to_string(), "expected 1 card, got 2");
    }

    /// Issue 12: `CardSet(u64::MAX).iter()` yielded cards whose `Display`
    /// panicked; masks are now checked.
    #[test]
    fn cardset_masks_are_checked() {
        assert_eq!(CardSet::from_bits(u64::MAX), None);
        assert_eq!(CardSet::from_bits(1 << 52), None);
        let all = CardSet::from_bits((1 << 52) - 1).unwrap();
        assert_eq!(all, CardSet::FULL);
        assert_eq!(
            all.iter().map(|c| c.to_string()).last().as_deref(),
            Some("As")
        );
        assert_eq!(CardSet::FULL.bits(), (1 << 52) - 1);
    }

    #[test]
    fn cardset_basics() {
        let s: CardSet = parse_cards("As 2c Td").unwrap().into_iter().collect();
        assert_eq!(s.len(), 3);
        assert_eq!(format_cards(&s.iter().collect::<Vec<_>>()), "2c Td As");
        assert_eq!(s.complement().len(), 49);
    }
}
