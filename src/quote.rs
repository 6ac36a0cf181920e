//! Quoting user input inside error messages: short, and with every control
//! or invisible character shown as an escape, so a message can never carry
//! a terminal escape sequence, a 128 KB argument or a zero-width space that
//! reads as nothing.
//!
//! `quote("Kx")` is `"Kx"`; `quote("A\u{200b}h")` is `"A\u{200b}h"` (the
//! escape written out); input longer than [`MAX_QUOTED`] characters keeps
//! its start and end around an ellipsis and says how long it was.

use std::fmt::Write;

/// Characters of input shown before it is shortened.
pub const MAX_QUOTED: usize = 40;

/// `s` in double quotes, shortened and escaped (see the module docs).
pub fn quote(s: &str) -> String {
    let n = s.chars().count();
    let mut out = String::with_capacity(s.len().min(4 * MAX_QUOTED) + 2);
    out.push('"');
    if n <= MAX_QUOTED {
        s.chars().for_each(|c| push_escaped(&mut out, c));
    } else {
        let head = MAX_QUOTED * 3 / 4;
        let tail = MAX_QUOTED - head;
        s.chars().take(head).for_each(|c| push_escaped(&mut out, c));
        out.push('…');
        s.chars()
            .skip(n - tail)
            .for_each(|c| push_escaped(&mut out, c));
    }
    out.push('"');
    if n > MAX_QUOTED {
        let _ = write!(out, " ({n} characters)");
    }
    out
}

/// One character as shown inside [`quote`]: itself, or an escape.
pub fn escape_char(c: char) -> String {
    let mut out = String::new();
    push_escaped(&mut out, c);
    out
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '"' => out.push_str("\\\""),
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if is_hidden(c) => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
        c => out.push(c),
    }
}

/// Control characters, and characters that print as nothing or as a blank
/// other than the plain space: format characters (zero-width spaces and
/// joiners, bidirectional marks, the BOM), variation selectors, tags, odd
/// spaces, private use and unassigned surrogate-adjacent code points.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c as u32,
            0x00A0 | 0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x1680
            | 0x17B4 | 0x17B5 | 0x180B..=0x180F | 0x2000..=0x200F
            | 0x2028..=0x202F | 0x205F..=0x206F | 0x3000 | 0x3164
            | 0xE000..=0xF8FF | 0xFE00..=0xFE0F | 0xFEFF | 0xFFA0
            | 0xFFF0..=0xFFFB | 0x1D173..=0x1D17A | 0xE0000..=0xE0FFF
            | 0xF0000..=0x10FFFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_input_is_quoted_as_is() {
        assert_eq!(quote("Kx"), "\"Kx\"");
        assert_eq!(quote("A♠"), "\"A♠\"");
        assert_eq!(quote(""), "\"\"");
    }

    #[test]
    fn hidden_characters_are_escaped() {
        assert_eq!(quote("A\u{200b}h"), "\"A\\u{200b}h\"");
        assert_eq!(quote("\u{feff}Ah"), "\"\\u{feff}Ah\"");
        assert_eq!(quote("\x1b[31mA"), "\"\\u{1b}[31mA\"");
        assert_eq!(quote("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
        assert_eq!(escape_char('\u{0}'), "\\u{0}");
    }

    #[test]
    fn long_input_is_shortened() {
        let long = "x".repeat(131_072);
        let q = quote(&long);
        assert!(q.chars().count() < 80, "{q}");
        assert!(q.ends_with("(131072 characters)"), "{q}");
        assert_eq!(
            quote(&"y".repeat(MAX_QUOTED)),
            format!("\"{}\"", "y".repeat(40))
        );
    }
}
