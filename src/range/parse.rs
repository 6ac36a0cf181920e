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
//!  weight = ":" decimal                       0 to 1, e.g. AKs:0.5 (PioSolver's)
//!         | "@" decimal [ "%" ]               percent, e.g. AK@50
//!  block  = "[" decimal "]" text "[/" decimal "]"   GTO+: [50]AKs,KQo[/50]
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
//!
//! [`RangeError`] lives in `error.rs`; the hand part of an item (cards or a
//! class pattern) is read in `parse/hand.rs`, weights and `X%` in
//! `parse/weight.rs`.

mod gtoplus;
mod hand;
mod item;
mod weight;

use super::error::RangeError;
use super::ranking::Ranking;
use super::set::Range;
use super::weight::Weight;
use crate::card::rank_of;
use gtoplus::Tag;
use hand::{Cursor, End};
use item::Ch;
pub use item::{Expr, Item};
use weight::{parse_percent, parse_weight};

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
    parse_items_strictly(text).or_else(|err| {
        // One hand as the player boxes read it (`ah kh`, `A♥ K♥`, `10h 10d`,
        // `Ah,Kh`): the same one combo here, not "one card is not a hand".
        match crate::card::parse_cards(text) {
            Ok(cards) if cards.len() == 2 && cards[0] != cards[1] => {
                parse_items_strictly(&crate::card::format_cards_compact(&cards))
            }
            _ => Err(err),
        }
    })
}

/// [`parse_items`] of range syntax alone.
fn parse_items_strictly(text: &str) -> Result<Vec<Item>, RangeError> {
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
    // The open GTO+ block: its weight, tag and position.
    let mut block: Option<(Weight, String, usize)> = None;
    while i < chars.len() {
        if is_separator(chars[i].c) {
            i += 1;
            continue;
        }
        if gtoplus::starts_tag(&chars, i) {
            let (tag, token, next) = gtoplus::scan_tag(&chars, i, end_pos)?;
            let position = chars[i].pos;
            let bad = |why: String| RangeError::Block {
                token: token.clone(),
                why,
                position,
            };
            block = match (tag, block.take()) {
                (Tag::Open(w), None) => Some((w, token.clone(), position)),
                (Tag::Open(_), Some((_, open, _))) => {
                    return Err(bad(format!(
                        "a block inside the block {open} (close it first)"
                    )))
                }
                (Tag::Close(w), Some((open_w, _, _))) if w == open_w => None,
                (Tag::Close(_), Some((_, open, _))) => {
                    return Err(bad(format!("does not close {open}: the weights differ")))
                }
                (Tag::Close(_), None) => {
                    return Err(bad("closes no block (GTO+ writes [50]AKs[/50])".into()))
                }
            };
            i = next;
            continue;
        }
        let (mut item, next) = scan_item(&chars, i, end_pos)?;
        if let Some((w, _, _)) = &block {
            item.weight = *w;
        }
        items.push(item);
        i = next;
    }
    if let Some((_, token, position)) = block {
        return Err(RangeError::Block {
            token,
            why: "is never closed (GTO+ writes [50]AKs[/50])".into(),
            position,
        });
    }
    if items.is_empty() {
        return Err(RangeError::Empty);
    }
    Ok(items)
}

const VARIATION_SELECTOR: char = '\u{FE0F}';

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

/// `end`, or the start of the first GTO+ tag in `chars[from..end]`.
fn before_tag(chars: &[Ch], from: usize, end: usize) -> usize {
    (from..end)
        .find(|&k| gtoplus::is_tag(chars, k))
        .unwrap_or(end)
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
        let j = before_tag(chars, i, run(chars, i, in_hand));
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
        let to = before_tag(chars, from, run(chars, from, |c| !is_separator(c)));
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
}
