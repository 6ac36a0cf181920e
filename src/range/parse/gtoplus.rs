//! GTO+'s weight blocks: `[50]AKs,KQo[/50]` gives the items between the
//! tags the weight 50% (`[12.5]`, `[50.0]` too). Blocks do not nest, and
//! the closing tag repeats the opening one's weight.

use super::item::Ch;
use super::weight::parse_weight;
use crate::range::error::RangeError;
use crate::range::weight::Weight;

/// A tag: `[50]` opens a block of weight 50%, `[/50]` closes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Tag {
    Open(Weight),
    Close(Weight),
}

/// The tag starting at `chars[i]` (a `[`): it, its text and the index
/// after it.
pub(super) fn scan_tag(
    chars: &[Ch],
    i: usize,
    end_pos: usize,
) -> Result<(Tag, String, usize), RangeError> {
    let close = chars[i..].iter().position(|c| c.c == ']').map(|k| i + k);
    let Some(close) = close else {
        let token: String = chars[i..].iter().map(|c| c.c).collect();
        return Err(RangeError::Expected {
            token,
            expected: "']' to end the weight tag (GTO+ writes [50]AKs[/50])",
            position: end_pos,
        });
    };
    let token: String = chars[i..=close].iter().map(|c| c.c).collect();
    let closing = chars.get(i + 1).is_some_and(|c| c.c == '/');
    let digits = &chars[i + 1 + usize::from(closing)..close];
    if digits.is_empty() {
        return Err(RangeError::Expected {
            token,
            expected: "a weight in percent inside the tag (GTO+ writes [50]AKs[/50])",
            position: chars[close].pos,
        });
    }
    let mark = Ch {
        c: '@',
        pos: chars[i].pos,
    };
    let weight = parse_weight(mark, digits, &token, chars[close].pos)?;
    let tag = if closing {
        Tag::Close(weight)
    } else {
        Tag::Open(weight)
    };
    Ok((tag, token, close + 1))
}

/// Whether a whole tag starts at `chars[i]`: `[`, maybe `/`, digits and
/// points, `]` (inside an item, only such a tag ends it: `AKs[/50]`).
pub(super) fn is_tag(chars: &[Ch], i: usize) -> bool {
    if chars.get(i).map(|c| c.c) != Some('[') {
        return false;
    }
    let mut k = i + 1;
    if chars.get(k).is_some_and(|c| c.c == '/') {
        k += 1;
    }
    while chars
        .get(k)
        .is_some_and(|c| c.c.is_ascii_digit() || c.c == '.')
    {
        k += 1;
    }
    chars.get(k).is_some_and(|c| c.c == ']')
}

/// Whether an item starting at `chars[i]` is read as a tag: `[` and then a
/// digit, a point, `/` or `]` (so that `[50` says what is missing).
pub(super) fn starts_tag(chars: &[Ch], i: usize) -> bool {
    chars.get(i).map(|c| c.c) == Some('[')
        && chars
            .get(i + 1)
            .is_some_and(|c| c.c.is_ascii_digit() || matches!(c.c, '.' | '/' | ']'))
}
