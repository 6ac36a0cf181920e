//! The hand part of an item: exact cards (`AhKh`) or a class pattern
//! (`AKs`, `QQ`, `AK`), and what `+` and `-` make of patterns.

use super::item::Ch;
use crate::card::{rank_of, suit_of, Card};
use crate::range::class::{HandClass, HoleCards, Shape};
use crate::range::error::RangeError;

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
pub(super) struct Pattern {
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

    pub(super) fn classes(self) -> Vec<HandClass> {
        let mut out = Vec::new();
        if self.kind == Kind::Pair {
            out.push(HandClass::make(self.high, self.high, Shape::Pair));
        } else {
            self.kickers(self.high, self.low, self.low, &mut out);
        }
        out
    }

    /// `QQ+` (up to aces), `KTo+` (kicker up to one below the high card).
    pub(super) fn plus(self) -> Vec<HandClass> {
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
    pub(super) fn dash(self, other: Pattern) -> Result<Vec<HandClass>, bool> {
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
pub(super) enum End {
    Combo(HoleCards),
    Class(Pattern),
}

/// Reads the hand part of one item.
pub(super) struct Cursor<'a> {
    chars: &'a [Ch],
    i: usize,
    token: &'a str,
    /// Position just after the hand part.
    end_pos: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(chars: &'a [Ch], token: &'a str, end_pos: usize) -> Cursor<'a> {
        Cursor {
            chars,
            i: 0,
            token,
            end_pos,
        }
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.chars.get(self.i).map(|c| c.c)
    }

    pub(super) fn pos(&self) -> usize {
        self.chars.get(self.i).map_or(self.end_pos, |c| c.pos)
    }

    pub(super) fn bump(&mut self) {
        self.i += 1;
    }

    fn expected(&self, expected: &'static str) -> RangeError {
        RangeError::Expected {
            token: self.token.into(),
            expected,
            position: self.pos(),
        }
    }

    pub(super) fn combo_modifier(&self, ch: char, position: usize) -> RangeError {
        RangeError::ComboModifier {
            token: self.token.into(),
            ch,
            position,
        }
    }

    pub(super) fn unexpected(&self, ch: char) -> RangeError {
        RangeError::Unexpected {
            token: self.token.into(),
            ch,
            position: self.pos(),
        }
    }

    /// Fails on any character left.
    pub(super) fn finish(&self) -> Result<(), RangeError> {
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
    pub(super) fn end_point(&mut self) -> Result<End, RangeError> {
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
