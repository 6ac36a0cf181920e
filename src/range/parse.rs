//! The range parser: PokerStove/Equilab range text → [`Range`].
//!
//! ```text
//!  text   = item { sep item }                 sep: whitespace , ;
//!  item   = hand [ weight ]
//!  hand   = "random" | "any" | "*"            every combo
//!         | number "%"                        top X% by a Ranking: 10%, 10.5%
//!         | card card                         one combo: AhKh, A♥K♥, 10s10h
//!         | class [ "+" ]                     AA, AKs, AKo, AK (both), QQ+, KTo+, K9+
//!         | class "-" class                   22-55, A2s-A5s, T9s-65s (either order)
//!  class  = rank rank [ "s" | "o" ]           rank: 2-9 T J Q K A, or 10
//!  weight = ":" decimal                       0 to 1, e.g. AKs:0.5
//!         | "@" decimal [ "%" ]               percent, e.g. AK@50
//! ```
//!
//! Case-insensitive; suit symbols (♠♥♦♣, outline ♤♡♢♧, with or without the
//! emoji variation selector) as in the card parser; blanks may surround `-`,
//! `:` and `@`. `X+` raises the low card up to one below the high card (`KTo+`
//! = KTo, KJo, KQo) and a pair up to aces. Items apply left to right; a later
//! item sets the weight of combos an earlier one already gave.
//!
//! Errors name the token and, for a bad character, its 1-based character
//! position in the whole input. No input makes the parser panic.

use super::class::{HandClass, HoleCards, Shape};
use super::ranking::{Percent, Ranking};
use super::{Range, Weight};
use crate::card::{format_cards, rank_of, show_char, suit_of, Card, CardSet};
use crate::quote::{is_hidden, quote, MAX_QUOTED};
use std::fmt;

/// Why range text was rejected. `Display` is the message users see.
///
/// `token` is the item as typed; `position` is a 1-based character position in
/// the whole input (of the offending character, or of the token's start for
/// errors about the whole token).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RangeError {
    /// No items at all (empty or only separators).
    Empty,
    /// A character where a rank should start a hand.
    UnknownRank {
        token: String,
        ch: char,
        position: usize,
    },
    /// A word that is neither a hand nor a keyword.
    UnknownWord { token: String, position: usize },
    /// Something else (or nothing) where `expected` was needed.
    Expected {
        token: String,
        expected: &'static str,
        position: usize,
    },
    /// A character after a complete item.
    Unexpected {
        token: String,
        ch: char,
        position: usize,
    },
    /// `88s` or `88o`.
    PairSuitedness {
        token: String,
        suited: bool,
        position: usize,
    },
    /// One card (`Ah`) where a hand needs two.
    SingleCard { token: String, position: usize },
    /// `AhAh`.
    DuplicateCard {
        token: String,
        card: Card,
        position: usize,
    },
    /// `+` or `-` on exact cards (`AhKh+`).
    ComboModifier {
        token: String,
        ch: char,
        position: usize,
    },
    /// The ends of `X-Y` are of different kinds (`22-A5s`, `AKs-AQo`).
    DashKinds { token: String, position: usize },
    /// The ends of `X-Y` share neither the high card nor the gap (`A5s-K2s`).
    DashShape { token: String, position: usize },
    /// A weight above 1 (or above 100% with `@`).
    WeightTooBig {
        token: String,
        text: String,
        percent: bool,
        position: usize,
    },
    /// A weight above zero that rounds to zero (below 0.0005).
    WeightTooSmall {
        token: String,
        text: String,
        position: usize,
    },
    /// `X%` outside 0.01%..=100%.
    PercentOutOfRange { token: String, position: usize },
    /// `X%` with no ranking to take the top X% of.
    NoRanking { token: String, position: usize },
    /// Every combo ended with weight 0 (`AA:0`).
    EmptyRange,
    /// Card removal left no combo ([`Range::remove_dead`]).
    EmptyAfterRemoval { dead: CardSet },
}

impl RangeError {
    /// The 1-based character position the error points at, if any.
    pub fn position(&self) -> Option<usize> {
        use RangeError::*;
        match self {
            UnknownRank { position, .. }
            | UnknownWord { position, .. }
            | Expected { position, .. }
            | Unexpected { position, .. }
            | PairSuitedness { position, .. }
            | SingleCard { position, .. }
            | DuplicateCard { position, .. }
            | ComboModifier { position, .. }
            | DashKinds { position, .. }
            | DashShape { position, .. }
            | WeightTooBig { position, .. }
            | WeightTooSmall { position, .. }
            | PercentOutOfRange { position, .. }
            | NoRanking { position, .. } => Some(*position),
            Empty | EmptyRange | EmptyAfterRemoval { .. } => None,
        }
    }
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RangeError::*;
        match self {
            Empty => f.write_str("empty range (try QQ+, AKs, AhKh or random)"),
            UnknownRank { token, ch, position } => write!(
                f,
                "{}: unknown rank '{}' at position {position} (ranks are 2-9, T or 10, J, Q, K, A)",
                quote(token),
                show_char(*ch)
            ),
            UnknownWord { token, .. } => write!(
                f,
                "{}: not a hand or a keyword (hands look like AKs, QQ+ or AhKh; keywords are random and any)",
                quote(token)
            ),
            Expected {
                token,
                expected,
                position,
            } => write!(
                f,
                "{}: expected {expected} at position {position}",
                quote(token)
            ),
            Unexpected { token, ch, position } => write!(
                f,
                "{}: unexpected '{}' at position {position}",
                quote(token),
                show_char(*ch)
            ),
            PairSuitedness { token, suited, .. } => {
                if *suited {
                    write!(f, "{}: a pair cannot be suited", quote(token))
                } else {
                    write!(
                        f,
                        "{}: a pair takes no 'o' (write it without)",
                        quote(token)
                    )
                }
            }
            SingleCard { token, .. } => write!(
                f,
                "{}: one card is not a hand (write two cards together, like AhKh)",
                quote(token)
            ),
            DuplicateCard { token, card, .. } => {
                write!(f, "{}: the same card {card} twice", quote(token))
            }
            ComboModifier { token, ch, .. } => write!(
                f,
                "{}: '{}' works on hand classes (like KTo+ or A5s-A2s), not on exact cards",
                quote(token),
                show_char(*ch)
            ),
            DashKinds { token, .. } => write!(
                f,
                "{}: both ends of a range must be alike: pairs, suited, offsuit, or neither marked",
                quote(token)
            ),
            DashShape { token, .. } => write!(
                f,
                "{}: the ends must share the high card (like A5s-A2s) or the gap (like T9s-65s)",
                quote(token)
            ),
            WeightTooBig {
                token,
                text,
                percent,
                ..
            } => {
                let (token, text) = (quote(token), number(text));
                if *percent {
                    write!(f, "{token}: weight {text}% is more than 100%")
                } else {
                    write!(f, "{token}: weight {text} is more than 1 (weights go from 0 to 1, or from 0 to 100 after @)")
                }
            }
            WeightTooSmall { token, text, .. } => write!(
                f,
                "{}: weight {} is below the smallest step, 0.001 (0.1%)",
                quote(token),
                number(text)
            ),
            PercentOutOfRange { token, .. } => write!(
                f,
                "{}: expected a percentage from 0.01% to 100%",
                quote(token)
            ),
            NoRanking { token, .. } => write!(
                f,
                "{}: top X% needs a hand ranking, and none is loaded",
                quote(token)
            ),
            EmptyRange => f.write_str("the range is empty (every hand in it has weight 0)"),
            EmptyAfterRemoval { dead } => {
                let dead: Vec<Card> = dead.iter().collect();
                if dead.is_empty() {
                    f.write_str("the range is empty")
                } else {
                    write!(
                        f,
                        "no hand of the range is left once {} are removed",
                        format_cards(&dead)
                    )
                }
            }
        }
    }
}

/// A number as typed (digits and a point), as is unless too long to echo.
fn number(text: &str) -> String {
    if text.chars().count() <= MAX_QUOTED && !text.chars().any(is_hidden) {
        text.to_string()
    } else {
        quote(text)
    }
}

impl std::error::Error for RangeError {}

/// What one item stands for, before weights.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Expr {
    /// `random`, `any`, `*`: every combo.
    Random,
    /// `10%`: the top classes of a [`Ranking`].
    Percent(Percent),
    /// `AhKh`: one exact combo.
    Combo(HoleCards),
    /// `AA`, `AK`, `QQ+`, `A2s-A5s`, …: whole classes, in canonical order.
    Classes(Vec<HandClass>),
}

/// One item of range text: what was typed, where, what it means, its weight.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Item {
    /// The item as typed, weight included (`AK @ 50`).
    pub token: String,
    /// 1-based character position of the token's first character.
    pub position: usize,
    pub expr: Expr,
    pub weight: Weight,
}

impl Item {
    /// Calls `f` with every combo the item covers (weight aside).
    ///
    /// # Errors
    /// [`RangeError::NoRanking`] for `X%` without a ranking.
    pub fn for_each_combo(
        &self,
        ranking: Option<&Ranking>,
        mut f: impl FnMut(HoleCards),
    ) -> Result<(), RangeError> {
        match &self.expr {
            Expr::Random => HoleCards::all().for_each(f),
            Expr::Combo(c) => f(*c),
            Expr::Classes(classes) => classes.iter().flat_map(|c| c.combos()).for_each(f),
            Expr::Percent(p) => {
                let ranking = ranking.ok_or_else(|| RangeError::NoRanking {
                    token: self.token.clone(),
                    position: self.position,
                })?;
                ranking.top(*p).iter().flat_map(|c| c.combos()).for_each(f)
            }
        }
        Ok(())
    }
}

/// Parses range text into a range. `ranking` is what `X%` takes the top of
/// (`None`: `X%` is an error).
///
/// # Errors
/// Any [`RangeError`] but `EmptyAfterRemoval`; see the module docs.
pub fn parse(text: &str, ranking: Option<&Ranking>) -> Result<Range, RangeError> {
    let mut range = Range::new();
    for item in parse_items(text)? {
        item.for_each_combo(ranking, |c| range.set(c, item.weight))?;
    }
    if range.is_empty() {
        return Err(RangeError::EmptyRange);
    }
    Ok(range)
}

/// Parses range text into its items, without expanding `X%` (no ranking is
/// needed). Fails on the first bad item.
///
/// # Errors
/// [`RangeError::Empty`] for no items; a syntax error for a bad item.
pub fn parse_items(text: &str) -> Result<Vec<Item>, RangeError> {
    // A leading byte order mark (pasted from a file) is not part of the text.
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let chars: Vec<Ch> = text
        .chars()
        .enumerate()
        .filter(|&(_, c)| c != VARIATION_SELECTOR)
        .map(|(i, c)| Ch { c, pos: i + 1 })
        .collect();
    let end_pos = text.chars().count() + 1;
    let mut items = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if is_separator(chars[i].c) {
            i += 1;
            continue;
        }
        let (item, next) = scan_item(&chars, i, end_pos)?;
        items.push(item);
        i = next;
    }
    if items.is_empty() {
        return Err(RangeError::Empty);
    }
    Ok(items)
}

/// The class a label names (`AKs`, `akO`, `1010`, ` TT `), if exactly one.
pub(crate) fn class_label(label: &str) -> Option<HandClass> {
    let chars: Vec<Ch> = label
        .trim()
        .chars()
        .enumerate()
        .map(|(i, c)| Ch { c, pos: i + 1 })
        .collect();
    let mut cur = Cursor::new(&chars, label, chars.len() + 1);
    match cur.end_point().ok()? {
        End::Class(p) if cur.peek().is_none() => match p.kind {
            Kind::Pair => HandClass::new(p.high, p.low, Shape::Pair),
            Kind::Suited => HandClass::new(p.high, p.low, Shape::Suited),
            Kind::Offsuit => HandClass::new(p.high, p.low, Shape::Offsuit),
            Kind::Both => None,
        },
        _ => None,
    }
}

const VARIATION_SELECTOR: char = '\u{FE0F}';

/// A character of the input and its 1-based position.
#[derive(Clone, Copy, Debug)]
struct Ch {
    c: char,
    pos: usize,
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ',' || c == ';'
}

fn is_weight_mark(c: char) -> bool {
    c == ':' || c == '@'
}

/// Index after the run of characters from `i` that satisfy `keep`.
fn run(chars: &[Ch], mut i: usize, keep: impl Fn(char) -> bool) -> usize {
    while i < chars.len() && keep(chars[i].c) {
        i += 1;
    }
    i
}

/// Index of the first character at or after `i` that is not whitespace.
fn skip_blanks(chars: &[Ch], i: usize) -> usize {
    run(chars, i, char::is_whitespace)
}

/// Scans and parses the item starting at `start` (not a separator). Returns
/// it and the index after it.
fn scan_item(chars: &[Ch], start: usize, end_pos: usize) -> Result<(Item, usize), RangeError> {
    let in_hand = |c: char| !is_separator(c) && !is_weight_mark(c);
    // The hand part: runs of non-separators, joined across blanks around '-'.
    let mut hand: Vec<Ch> = Vec::new();
    let mut i = start;
    loop {
        let j = run(chars, i, in_hand);
        hand.extend_from_slice(&chars[i..j]);
        i = j;
        let k = skip_blanks(chars, i);
        let ends_in_dash = hand.last().is_some_and(|c| c.c == '-');
        let continues = k < chars.len()
            && k > i
            && if ends_in_dash {
                in_hand(chars[k].c)
            } else {
                chars[k].c == '-'
            };
        if !continues {
            break;
        }
        i = k;
    }
    // Position just after the hand part.
    let hand_end = chars.get(i).map_or(end_pos, |c| c.pos);
    // The weight, if any: ':' or '@', blanks allowed around it.
    let k = skip_blanks(chars, i);
    let mut weight_part = None;
    if k < chars.len() && is_weight_mark(chars[k].c) {
        let from = skip_blanks(chars, k + 1);
        let to = run(chars, from, |c| !is_separator(c));
        weight_part = Some((chars[k], &chars[from..to]));
        i = to;
    }
    let token: String = chars[start..i].iter().map(|c| c.c).collect();
    // Position just after the token.
    let after = chars.get(i).map_or(end_pos, |c| c.pos);
    let position = chars[start].pos;

    let expr = parse_hand(&hand, &token, position, hand_end)?;
    let weight = match weight_part {
        None => Weight::FULL,
        Some((mark, digits)) => parse_weight(mark, digits, &token, after)?,
    };
    Ok((
        Item {
            token,
            position,
            expr,
            weight,
        },
        i,
    ))
}

/// Parses the hand part of an item (blanks already removed).
fn parse_hand(
    hand: &[Ch],
    token: &str,
    position: usize,
    end_pos: usize,
) -> Result<Expr, RangeError> {
    let Some(first) = hand.first() else {
        return Err(RangeError::Expected {
            token: token.into(),
            expected: "a hand before the weight",
            position,
        });
    };
    let word: String = hand.iter().map(|c| c.c.to_ascii_lowercase()).collect();
    if matches!(word.as_str(), "random" | "any" | "*") {
        return Ok(Expr::Random);
    }
    if word.ends_with('%') && (first.c.is_ascii_digit() || first.c == '.') {
        return parse_percent(&hand[..hand.len() - 1], token, position);
    }
    if rank_of(first.c).is_none() && first.c != '1' {
        if hand.len() >= 2 && hand.iter().all(|c| c.c.is_alphabetic()) {
            return Err(RangeError::UnknownWord {
                token: token.into(),
                position,
            });
        }
        return Err(RangeError::UnknownRank {
            token: token.into(),
            ch: first.c,
            position: first.pos,
        });
    }

    let mut cur = Cursor::new(hand, token, end_pos);
    let a = cur.end_point()?;
    match cur.peek() {
        None => match a {
            End::Combo(c) => Ok(Expr::Combo(c)),
            End::Class(p) => Ok(Expr::Classes(p.classes())),
        },
        Some(ch @ ('+' | '-')) => {
            let mark_pos = cur.pos();
            cur.bump();
            let a = match a {
                End::Combo(_) => return Err(cur.combo_modifier(ch, mark_pos)),
                End::Class(p) => p,
            };
            let classes = if ch == '+' {
                a.plus()
            } else {
                let b = match cur.end_point()? {
                    End::Combo(_) => return Err(cur.combo_modifier(ch, mark_pos)),
                    End::Class(p) => p,
                };
                cur.finish()?;
                a.dash(b).map_err(|kinds| {
                    if kinds {
                        RangeError::DashKinds {
                            token: token.into(),
                            position,
                        }
                    } else {
                        RangeError::DashShape {
                            token: token.into(),
                            position,
                        }
                    }
                })?
            };
            cur.finish()?;
            Ok(Expr::Classes(classes))
        }
        Some(ch) => Err(cur.unexpected(ch)),
    }
}

/// Suitedness as written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Pair,
    Suited,
    Offsuit,
    /// `AK`: suited and offsuit.
    Both,
}

/// A class pattern: ranks (high first) and suitedness.
#[derive(Clone, Copy, Debug)]
struct Pattern {
    high: u8,
    low: u8,
    kind: Kind,
}

impl Pattern {
    /// The classes with this high card and kickers `lo..=hi`, canonical order.
    fn kickers(self, high: u8, lo: u8, hi: u8, out: &mut Vec<HandClass>) {
        let shapes: &[Shape] = match self.kind {
            Kind::Pair => &[],
            Kind::Suited => &[Shape::Suited],
            Kind::Offsuit => &[Shape::Offsuit],
            Kind::Both => &[Shape::Suited, Shape::Offsuit],
        };
        for &shape in shapes {
            for low in (lo..=hi).rev() {
                out.push(HandClass::make(high, low, shape));
            }
        }
    }

    fn classes(self) -> Vec<HandClass> {
        let mut out = Vec::new();
        if self.kind == Kind::Pair {
            out.push(HandClass::make(self.high, self.high, Shape::Pair));
        } else {
            self.kickers(self.high, self.low, self.low, &mut out);
        }
        out
    }

    /// `QQ+` (up to aces), `KTo+` (kicker up to one below the high card).
    fn plus(self) -> Vec<HandClass> {
        let mut out = Vec::new();
        if self.kind == Kind::Pair {
            for r in (self.high..=12).rev() {
                out.push(HandClass::make(r, r, Shape::Pair));
            }
        } else {
            self.kickers(self.high, self.low, self.high - 1, &mut out);
        }
        out
    }

    /// `22-55`, `A2s-A5s`, `T9s-65s`, either order. `Err(true)`: kinds
    /// differ; `Err(false)`: neither high card nor gap shared.
    fn dash(self, other: Pattern) -> Result<Vec<HandClass>, bool> {
        if self.kind != other.kind {
            return Err(true);
        }
        let mut out = Vec::new();
        if self.kind == Kind::Pair {
            let (lo, hi) = (self.high.min(other.high), self.high.max(other.high));
            for r in (lo..=hi).rev() {
                out.push(HandClass::make(r, r, Shape::Pair));
            }
        } else if self.high == other.high {
            let (lo, hi) = (self.low.min(other.low), self.low.max(other.low));
            self.kickers(self.high, lo, hi, &mut out);
        } else if self.high - self.low == other.high - other.low {
            let gap = self.high - self.low;
            let (lo, hi) = (self.high.min(other.high), self.high.max(other.high));
            let shapes: &[Shape] = match self.kind {
                Kind::Suited => &[Shape::Suited],
                Kind::Offsuit => &[Shape::Offsuit],
                _ => &[Shape::Suited, Shape::Offsuit],
            };
            for &shape in shapes {
                for h in (lo..=hi).rev() {
                    out.push(HandClass::make(h, h - gap, shape));
                }
            }
        } else {
            return Err(false);
        }
        Ok(out)
    }
}

/// One end of a hand: exact cards or a class pattern.
#[derive(Clone, Copy, Debug)]
enum End {
    Combo(HoleCards),
    Class(Pattern),
}

/// Reads the hand part of one item.
struct Cursor<'a> {
    chars: &'a [Ch],
    i: usize,
    token: &'a str,
    /// Position just after the hand part.
    end_pos: usize,
}

impl<'a> Cursor<'a> {
    fn new(chars: &'a [Ch], token: &'a str, end_pos: usize) -> Cursor<'a> {
        Cursor {
            chars,
            i: 0,
            token,
            end_pos,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).map(|c| c.c)
    }

    fn pos(&self) -> usize {
        self.chars.get(self.i).map_or(self.end_pos, |c| c.pos)
    }

    fn bump(&mut self) {
        self.i += 1;
    }

    fn expected(&self, expected: &'static str) -> RangeError {
        RangeError::Expected {
            token: self.token.into(),
            expected,
            position: self.pos(),
        }
    }

    fn combo_modifier(&self, ch: char, position: usize) -> RangeError {
        RangeError::ComboModifier {
            token: self.token.into(),
            ch,
            position,
        }
    }

    fn unexpected(&self, ch: char) -> RangeError {
        RangeError::Unexpected {
            token: self.token.into(),
            ch,
            position: self.pos(),
        }
    }

    /// Fails on any character left.
    fn finish(&self) -> Result<(), RangeError> {
        match self.peek() {
            None => Ok(()),
            Some(ch) => Err(self.unexpected(ch)),
        }
    }

    /// A rank (`10` for ten), if one starts here.
    fn rank(&mut self) -> Option<u8> {
        let c = self.peek()?;
        if c == '1' && self.chars.get(self.i + 1).map(|c| c.c) == Some('0') {
            self.i += 2;
            return Some(8);
        }
        let r = rank_of(c)?;
        self.bump();
        Some(r)
    }

    fn suit(&mut self) -> Option<u8> {
        let s = suit_of(self.peek()?)?;
        self.bump();
        Some(s)
    }

    /// `AhKh` or `AK`, `AKs`, `AKo`, `QQ`.
    fn end_point(&mut self) -> Result<End, RangeError> {
        let start = self.pos();
        let Some(r1) = self.rank() else {
            return Err(match self.peek() {
                Some(ch) if self.i == 0 => RangeError::UnknownRank {
                    token: self.token.into(),
                    ch,
                    position: self.pos(),
                },
                _ => self.expected("a rank"),
            });
        };
        if let Some(s1) = self.suit() {
            let Some(r2) = self.rank() else {
                if self.peek().is_none() {
                    return Err(RangeError::SingleCard {
                        token: self.token.into(),
                        position: start,
                    });
                }
                return Err(self.expected("a rank"));
            };
            let Some(s2) = self.suit() else {
                return Err(self.expected("a suit"));
            };
            let (a, b) = (Card::new(r1, s1), Card::new(r2, s2));
            return match HoleCards::new(a, b) {
                Some(c) => Ok(End::Combo(c)),
                None => Err(RangeError::DuplicateCard {
                    token: self.token.into(),
                    card: a,
                    position: start,
                }),
            };
        }
        let Some(r2) = self.rank() else {
            return Err(self.expected("a second rank or a suit"));
        };
        let (high, low) = (r1.max(r2), r1.min(r2));
        let mark_pos = self.pos();
        let mark = match self.peek() {
            Some('s' | 'S') => Some(true),
            Some('o' | 'O') => Some(false),
            _ => None,
        };
        if high == low {
            if let Some(suited) = mark {
                return Err(RangeError::PairSuitedness {
                    token: self.token.into(),
                    suited,
                    position: mark_pos,
                });
            }
            return Ok(End::Class(Pattern {
                high,
                low,
                kind: Kind::Pair,
            }));
        }
        let kind = match mark {
            Some(true) => Kind::Suited,
            Some(false) => Kind::Offsuit,
            None => match self.peek() {
                None | Some('+' | '-') => Kind::Both,
                Some(_) => return Err(self.expected("'s' or 'o'")),
            },
        };
        if mark.is_some() {
            self.bump();
        }
        Ok(End::Class(Pattern { high, low, kind }))
    }
}

/// A decimal `digits[.digits]` scaled by `10^scale`, rounded half up.
/// `Err(i)`: character `i` is not part of a number (`i == len`: no digits).
/// Huge values saturate. Also says whether any digit was non-zero.
fn decimal(chars: &[Ch], scale: u32) -> Result<(u64, bool), usize> {
    let mut value: u64 = 0;
    let mut nonzero = false;
    let mut digits = 0;
    let mut frac: Option<u32> = None;
    let mut round_up = false;
    for (i, ch) in chars.iter().enumerate() {
        match ch.c {
            '.' if frac.is_none() => frac = Some(0),
            d @ '0'..='9' => {
                let d = u64::from(d as u8 - b'0');
                digits += 1;
                nonzero |= d != 0;
                match frac {
                    Some(n) if n >= scale => {
                        if n == scale {
                            round_up = d >= 5;
                        }
                        frac = Some(n + 1);
                    }
                    Some(n) => {
                        value = value.saturating_mul(10).saturating_add(d);
                        frac = Some(n + 1);
                    }
                    None => value = value.saturating_mul(10).saturating_add(d),
                }
            }
            _ => return Err(i),
        }
    }
    if digits == 0 {
        return Err(chars.len());
    }
    let used = frac.map_or(0, |n| n.min(scale));
    let value = value
        .saturating_mul(10u64.saturating_pow(scale - used))
        .saturating_add(u64::from(round_up));
    Ok((value, nonzero))
}

fn parse_percent(number: &[Ch], token: &str, position: usize) -> Result<Expr, RangeError> {
    let (value, _) = decimal(number, 2).map_err(|i| RangeError::Expected {
        token: token.into(),
        expected: "a number before '%'",
        position: number.get(i).map_or(position, |c| c.pos),
    })?;
    u16::try_from(value)
        .ok()
        .and_then(Percent::from_hundredths)
        .map(Expr::Percent)
        .ok_or_else(|| RangeError::PercentOutOfRange {
            token: token.into(),
            position,
        })
}

fn parse_weight(
    mark: Ch,
    digits: &[Ch],
    token: &str,
    end_pos: usize,
) -> Result<Weight, RangeError> {
    let percent = mark.c == '@';
    let number = match digits.split_last() {
        Some((last, rest)) if percent && last.c == '%' => rest,
        _ => digits,
    };
    let (expected, scale) = if percent {
        ("a weight from 0 to 100 after '@'", 1)
    } else {
        ("a weight from 0 to 1 after ':'", 3)
    };
    let position = digits.first().map_or(end_pos, |c| c.pos);
    let (value, nonzero) = decimal(number, scale).map_err(|i| RangeError::Expected {
        token: token.into(),
        expected,
        position: number.get(i).map_or(position, |c| c.pos),
    })?;
    let text: String = number.iter().map(|c| c.c).collect();
    if value > u64::from(Weight::SCALE) {
        return Err(RangeError::WeightTooBig {
            token: token.into(),
            text,
            percent,
            position,
        });
    }
    if value == 0 && nonzero {
        return Err(RangeError::WeightTooSmall {
            token: token.into(),
            text: if percent { format!("{text}%") } else { text },
            position,
        });
    }
    // value <= 1000 here.
    Ok(Weight::from_permille(value as u16).unwrap_or(Weight::FULL))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> String {
        match parse(s, None) {
            Ok(r) => format!("{r} ({})", r.combo_count()),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn basics() {
        assert_eq!(p("AA"), "AA (6)");
        assert_eq!(p("AKs"), "AKs (4)");
        assert_eq!(p("AKo"), "AKo (12)");
        assert_eq!(p("AK"), "AKs, AKo (16)");
        assert_eq!(p("AhKh"), "AhKh (1)");
        assert_eq!(p("QQ+"), "QQ+ (18)");
        assert_eq!(p("KTo+"), "KTo+ (36)");
        assert_eq!(p("random"), "random (1326)");
    }

    #[test]
    fn errors() {
        assert_eq!(
            p("AKx"),
            "error: \"AKx\": expected 's' or 'o' at position 3"
        );
        assert_eq!(p("88s"), "error: \"88s\": a pair cannot be suited");
        assert_eq!(p(""), "error: empty range (try QQ+, AKs, AhKh or random)");
        assert!(p("10%").contains("needs a hand ranking"));
    }

    #[test]
    fn decimals_round_half_up() {
        let chars = |s: &str| -> Vec<Ch> {
            s.chars()
                .enumerate()
                .map(|(i, c)| Ch { c, pos: i + 1 })
                .collect()
        };
        assert_eq!(decimal(&chars("0.5"), 3), Ok((500, true)));
        assert_eq!(decimal(&chars("0.3335"), 3), Ok((334, true)));
        assert_eq!(decimal(&chars("0.3334"), 3), Ok((333, true)));
        assert_eq!(decimal(&chars(".25"), 3), Ok((250, true)));
        assert_eq!(decimal(&chars("1."), 3), Ok((1000, true)));
        assert_eq!(decimal(&chars("0.0004"), 3), Ok((0, true)));
        assert_eq!(decimal(&chars("000"), 3), Ok((0, false)));
        assert_eq!(decimal(&chars("."), 3), Err(1));
        assert_eq!(decimal(&chars("1.2.3"), 3), Err(3));
        assert_eq!(
            decimal(&chars("99999999999999999999999"), 3).map(|v| v.0 > 1000),
            Ok(true)
        );
    }
}
