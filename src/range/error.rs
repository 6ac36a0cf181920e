//! [`RangeError`]: why range text was rejected, and the message users see.

use crate::card::{format_cards, show_char, Card, CardSet};
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
    /// A GTO+ weight block (`[50]AKs[/50]`) opened, closed or nested
    /// wrongly: the tag and why.
    Block {
        token: String,
        why: String,
        position: usize,
    },
    /// Every combo ended with weight 0 (`AA:0`).
    EmptyRange,
    /// Card removal left no combo ([`Range::remove_dead`](super::Range::remove_dead)).
    EmptyAfterRemoval { dead: CardSet },
}

impl RangeError {
    /// The item the error quotes, as typed, if it quotes one.
    pub fn token(&self) -> Option<&str> {
        use RangeError::*;
        match self {
            UnknownRank { token, .. }
            | UnknownWord { token, .. }
            | Expected { token, .. }
            | Unexpected { token, .. }
            | PairSuitedness { token, .. }
            | SingleCard { token, .. }
            | DuplicateCard { token, .. }
            | ComboModifier { token, .. }
            | DashKinds { token, .. }
            | DashShape { token, .. }
            | WeightTooBig { token, .. }
            | WeightTooSmall { token, .. }
            | PercentOutOfRange { token, .. }
            | NoRanking { token, .. }
            | Block { token, .. } => Some(token),
            Empty | EmptyRange | EmptyAfterRemoval { .. } => None,
        }
    }

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
            | NoRanking { position, .. }
            | Block { position, .. } => Some(*position),
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
            Block { token, why, .. } => write!(f, "{}: {why}", quote(token)),
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
