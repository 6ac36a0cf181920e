//! Numbers in range text: weights (`:0.5`, `@50`, `@12.5%`) and `X%`.

use super::item::{Ch, Expr};
use crate::range::error::RangeError;
use crate::range::ranking::Percent;
use crate::range::weight::Weight;

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

pub(super) fn parse_percent(
    number: &[Ch],
    token: &str,
    position: usize,
) -> Result<Expr, RangeError> {
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

pub(super) fn parse_weight(
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
