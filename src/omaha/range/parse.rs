//! Omaha range text → items: the tokens (words, `$` macros, `:` `!`, `@`
//! weights, separators), split into items, each checked with an error that
//! names the item, the position and why.

use super::error::OmahaRangeError as Error;
use super::item::Item;
use super::pattern::{HandPattern, Join, Macro, Slot, SuitPat, Term, MACROS, PLURALS};
use super::ranking::omaha_ranking;
use crate::card::RANK_CHARS;
use crate::range::{Percent, Weight};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A run of letters, digits and `*`.
    Word,
    /// `$` and a run of letters and digits.
    Macro,
    /// `X%`.
    Percent,
    /// `:` or `!`.
    Op,
    /// `@` and a number.
    At,
    /// `,` or `;`.
    Sep,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Kind,
    /// Character indices `[start, end)` in the text.
    start: usize,
    end: usize,
    /// Whether blanks come right before it.
    spaced: bool,
}

fn word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '*'
}

fn tokens(chars: &[char]) -> Result<Vec<Token>, Error> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut spaced = false;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        let kind = if c.is_whitespace() {
            i += 1;
            spaced = true;
            continue;
        } else if c == ',' || c == ';' {
            i += 1;
            Kind::Sep
        } else if c == ':' || c == '!' {
            i += 1;
            Kind::Op
        } else if c == '$' {
            i += 1;
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            Kind::Macro
        } else if c == '@' {
            i += 1;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                i += 1;
            }
            if chars.get(i) == Some(&'%') {
                i += 1;
            }
            Kind::At
        } else if word_char(c) {
            let mut j = i;
            while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == '.') {
                j += 1;
            }
            if j > i && chars.get(j) == Some(&'%') {
                i = j + 1;
                Kind::Percent
            } else {
                while i < chars.len() && word_char(chars[i]) {
                    i += 1;
                }
                Kind::Word
            }
        } else {
            // The item around it: from the separator before to the next.
            let sep = |c: &char| *c == ',' || *c == ';';
            let from = chars[..i].iter().rposition(sep).map_or(0, |p| p + 1);
            let to = chars[i..]
                .iter()
                .position(sep)
                .map_or(chars.len(), |p| i + p);
            let rest: String = chars[from..to]
                .iter()
                .collect::<String>()
                .trim()
                .to_string();
            if c == '+' || c == '-' {
                return Err(Error::at(
                    &rest,
                    i + 1,
                    format!("'{c}' is Hold'em range syntax (QQ+, 22-55); Omaha lists the hands: AA, KK, QQ"),
                ));
            }
            return Err(Error::at(
                &rest,
                i + 1,
                format!(
                    "unexpected '{}' (items are hands like AAKK or AxKx**, $macros and random, joined by : and !, separated by commas)",
                    crate::card::show_char(c)
                ),
            ));
        };
        out.push(Token {
            kind,
            start,
            end: i,
            spaced,
        });
        spaced = false;
    }
    Ok(out)
}

/// The items of `text` for a hand of `hole` cards.
pub(super) fn items(text: &str, hole: usize) -> Result<Vec<Item>, Error> {
    let chars: Vec<char> = text.chars().collect();
    let toks = tokens(&chars)?;
    // Split into items: at separators, and where a term follows a complete
    // item after blanks (`AA KK`).
    let mut groups: Vec<Vec<Token>> = vec![Vec::new()];
    for t in toks {
        let cur = groups.last_mut().expect("one group");
        let term = matches!(t.kind, Kind::Word | Kind::Macro | Kind::Percent);
        let after_item = cur
            .last()
            .is_some_and(|l| matches!(l.kind, Kind::Word | Kind::Macro | Kind::Percent | Kind::At));
        if t.kind == Kind::Sep {
            groups.push(Vec::new());
        } else if term && after_item && t.spaced {
            groups.push(vec![t]);
        } else {
            cur.push(t);
        }
    }
    let mut out = Vec::new();
    for g in groups.iter().filter(|g| !g.is_empty()) {
        out.push(item(&chars, g, hole)?);
    }
    if out.is_empty() {
        return Err(Error::whole(
            "empty range (try AA, AA:$ds, AxKx**, $rd or random)",
        ));
    }
    Ok(out)
}

fn item(chars: &[char], toks: &[Token], hole: usize) -> Result<Item, Error> {
    let (first, last) = (toks[0], toks[toks.len() - 1]);
    let token: String = chars[first.start..last.end].iter().collect();
    let position = first.start + 1;
    let err = |t: &Token, why: String| Error::at(&token, t.start + 1, why);
    let text_of = |t: &Token| chars[t.start..t.end].iter().collect::<String>();
    let mut terms: Vec<(Join, Term)> = Vec::new();
    let mut weight = Weight::FULL;
    let mut join = Some(Join::And);
    let mut weighted = false;
    for (k, t) in toks.iter().enumerate() {
        if weighted {
            return Err(err(
                t,
                format!(
                    "unexpected '{}' after the weight (a weight ends its item)",
                    text_of(t)
                ),
            ));
        }
        match t.kind {
            Kind::Op => {
                let op = chars[t.start];
                if join.is_some() {
                    let why = if terms.is_empty() {
                        format!("'{op}' needs a hand, a $macro or random before it (AA{op}AAA)")
                    } else {
                        format!("'{op}' right after an operator")
                    };
                    return Err(err(t, why));
                }
                if k + 1 == toks.len() || toks[k + 1].kind == Kind::At {
                    return Err(err(
                        t,
                        format!("nothing after '{op}' (write a hand, a $macro or random after it)"),
                    ));
                }
                join = Some(if op == ':' { Join::And } else { Join::Not });
            }
            Kind::At => {
                if join.is_some() {
                    return Err(err(t, "a weight needs a hand before it (AA@50)".into()));
                }
                weight = parse_weight(&text_of(t), |why| err(t, why))?;
                weighted = true;
            }
            Kind::Word | Kind::Macro | Kind::Percent => {
                let Some(j) = join.take() else {
                    return Err(err(
                        t,
                        format!("expected ':', '!', '@' or a comma before '{}'", text_of(t)),
                    ));
                };
                let term = match t.kind {
                    Kind::Word => word(chars, t, hole, &err)?,
                    Kind::Macro => macro_word(&text_of(t), |why| err(t, why))?,
                    _ => top(&text_of(t), hole, |why| err(t, why))?,
                };
                terms.push((j, term));
            }
            Kind::Sep => unreachable!("separators split items"),
        }
    }
    Ok(Item::new(token, position, terms, weight))
}

/// `15%`, `2.5%`: the top share of four-card hands (`ranking.rs`).
fn top(text: &str, hole: usize, err: impl Fn(String) -> Error) -> Result<Term, Error> {
    if hole != 4 {
        return Err(err(format!(
            "top X% is ranked for four-card Omaha only (a {hole}-card hand has no ranking yet; describe the hands: AA:$ds, $rd)"
        )));
    }
    let number = text.trim_end_matches('%');
    let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
    let bad = || {
        err(format!(
            "{text} is not a share from 0.01% to 100% (15%, 2.5%)"
        ))
    };
    if whole.is_empty() || frac.len() > 2 || !frac.chars().all(|c| c.is_ascii_digit()) {
        return Err(bad());
    }
    let whole: u64 = whole.parse().map_err(|_| bad())?;
    let frac: u64 = format!("{frac:0<2}").parse().map_err(|_| bad())?;
    let hundredths = whole.saturating_mul(100).saturating_add(frac);
    let percent = u16::try_from(hundredths)
        .ok()
        .and_then(Percent::from_hundredths)
        .ok_or_else(bad)?;
    let cutoff = omaha_ranking().cutoff(percent);
    Ok(Term::Top { percent, cutoff })
}

fn macro_word(text: &str, err: impl Fn(String) -> Error) -> Result<Term, Error> {
    let name = text[1..].to_ascii_lowercase();
    let list: Vec<String> = MACROS.iter().map(|m| format!("${}", m.0)).collect();
    if name.is_empty() {
        return Err(err(format!(
            "expected a macro name after '$' ({})",
            list.join(" ")
        )));
    }
    match MACROS.iter().find(|m| m.0 == name) {
        Some(&(_, m, _)) => Ok(Term::Macro(m as Macro)),
        None => Err(err(format!(
            "unknown macro '{text}' (the macros are {})",
            list.join(" ")
        ))),
    }
}

fn rank_of(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    RANK_CHARS.iter().position(|&r| r == c).map(|r| r as u8)
}

/// A suit letter (either case) or a suit variable (lower case only, so
/// that a typo such as `Zz` is not read as two variables).
fn suit_of(c: char) -> Option<SuitPat> {
    match c {
        'c' | 'C' => Some(SuitPat::Fixed(0)),
        'd' | 'D' => Some(SuitPat::Fixed(1)),
        'h' | 'H' => Some(SuitPat::Fixed(2)),
        's' | 'S' => Some(SuitPat::Fixed(3)),
        'x' => Some(SuitPat::Var(0)),
        'y' => Some(SuitPat::Var(1)),
        'z' => Some(SuitPat::Var(2)),
        'w' => Some(SuitPat::Var(3)),
        _ => None,
    }
}

fn word(
    chars: &[char],
    t: &Token,
    hole: usize,
    err: &impl Fn(&Token, String) -> Error,
) -> Result<Term, Error> {
    let text: String = chars[t.start..t.end].iter().collect();
    let lower = text.to_ascii_lowercase();
    if lower == "random" || lower == "any" {
        return Ok(Term::All);
    }
    let at = |i: usize| Token {
        start: i,
        end: i + 1,
        ..*t
    };
    // (slot, position) per card.
    let mut slots: Vec<(Slot, usize)> = Vec::new();
    let mut i = t.start;
    while i < t.end {
        let c = chars[i];
        let rank = if c == '*' {
            Some(None)
        } else if c == '1' && chars.get(i + 1) == Some(&'0') && i + 1 < t.end {
            i += 1;
            Some(Some(8))
        } else {
            rank_of(c).map(Some)
        };
        let pos = i;
        if let Some(rank) = rank {
            let suit = match chars
                .get(i + 1)
                .filter(|_| i + 1 < t.end)
                .and_then(|&c| suit_of(c))
            {
                Some(s) => {
                    i += 1;
                    s
                }
                None => SuitPat::Any,
            };
            slots.push((Slot { rank, suit }, pos));
        } else if let Some(suit) = suit_of(c) {
            slots.push((Slot { rank: None, suit }, pos));
        } else {
            return Err(err(
                &at(pos),
                format!(
                    "'{}' is neither a rank (2-9, T, J, Q, K, A, or * for any card) nor a suit (c d h s, or x y z w for one suit each)",
                    crate::card::show_char(c)
                ),
            ));
        }
        i += 1;
    }
    if slots.len() > hole {
        return Err(err(
            t,
            format!(
                "{} cards in a hand of {hole} (an Omaha {hole}-card hand holds at most {hole})",
                slots.len()
            ),
        ));
    }
    for (k, &(s, pos)) in slots.iter().enumerate() {
        let before = &slots[..k];
        if let Some(r) = s.rank {
            let same_rank = before.iter().filter(|(b, _)| b.rank == Some(r)).count();
            if same_rank >= 4 {
                return Err(err(
                    &at(pos),
                    format!("five {}: a deck has four", PLURALS[usize::from(r)]),
                ));
            }
            if s.suit != SuitPat::Any
                && before
                    .iter()
                    .any(|(b, _)| b.rank == Some(r) && b.suit == s.suit)
            {
                let why = match s.suit {
                    SuitPat::Var(_) => format!(
                        "a suit variable on two {} (two cards of one rank and one suit do not exist; use different letters, AxAy)",
                        PLURALS[usize::from(r)]
                    ),
                    _ => format!("the same card {} twice", s_text(s)),
                };
                return Err(err(&at(pos), why));
            }
        }
    }
    Ok(Term::Hand(HandPattern::new(
        slots.into_iter().map(|s| s.0).collect(),
    )))
}

fn s_text(s: Slot) -> String {
    let r = s.rank.map_or('*', |r| RANK_CHARS[usize::from(r)]);
    match s.suit {
        SuitPat::Fixed(x) => format!("{r}{}", crate::card::SUIT_CHARS[usize::from(x)]),
        _ => r.to_string(),
    }
}

/// `@50`, `@12.5`, `@50%`: a weight in percent, to 0.1%.
fn parse_weight(text: &str, err: impl Fn(String) -> Error) -> Result<Weight, Error> {
    let number = text[1..].trim_end_matches('%');
    let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
    if whole.is_empty() && frac.is_empty() || frac.contains('.') {
        return Err(err(
            "expected a number from 0 to 100 after '@' (AA@50)".into()
        ));
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().unwrap_or(u64::MAX)
    };
    let mut permille = whole.saturating_mul(10);
    let mut digits = frac.chars();
    if let Some(d) = digits.next() {
        permille = permille.saturating_add(u64::from(d as u8 - b'0'));
    }
    if digits.next().is_some_and(|d| d >= '5') {
        permille = permille.saturating_add(1);
    }
    if permille > 1000 {
        return Err(err(format!("weight {number}% is more than 100%")));
    }
    Ok(Weight::from_permille(permille as u16).expect("at most 1000"))
}
