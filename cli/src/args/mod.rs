//! The values the commands' options share, as clap value parsers: counts
//! like `1e6` or `1,000,000`, durations like `2s`, thread counts, `--game`
//! (`game`: the catalogue's games) and `--rules` (`rules`).

pub mod game;
pub mod rules;

use allin::quote::quote;
use std::time::Duration;

/// The largest count (`--trials`, `--seed`) accepted: 2^63, far beyond any
/// job that finishes.
const MAX_COUNT: u64 = 1 << 63;

/// A whole number: `1000000`, `1_000_000`, `1,000,000`, `1e6` or `2.5e6`.
pub fn count(s: &str) -> Result<u64, String> {
    let bad = || {
        format!(
            "needs a whole number (like 1000000, 1_000_000 or 1e6), got {}",
            quote(s)
        )
    };
    // Commas group thousands: `1,000,000`, never `1,0,0` (which would be
    // read as 100), and never after the point or in the exponent.
    let mut parts = s.split(['.', 'e', 'E']);
    let int_part = parts.next().unwrap_or_default();
    let mut groups = int_part.split(',');
    let head = groups.next().unwrap_or_default();
    let grouped =
        !int_part.contains(',') || ((1..=3).contains(&head.len()) && groups.all(|g| g.len() == 3));
    if !grouped || parts.any(|part| part.contains(',')) {
        return Err(bad());
    }
    let plain: String = s.chars().filter(|c| !matches!(c, '_' | ',')).collect();
    if plain.is_empty() || plain.starts_with(['+', '-']) {
        return Err(bad());
    }
    let n = if let Some((mantissa, exp)) = plain.split_once(['e', 'E']) {
        let exp: u32 = exp.parse().map_err(|_| bad())?;
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        if int.is_empty() && frac.is_empty()
            || !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit())
        {
            return Err(bad());
        }
        let frac = frac.trim_end_matches('0');
        let shift = exp
            .checked_sub(frac.len() as u32)
            .ok_or_else(|| format!("needs a whole number, got {} (not whole)", quote(s)))?;
        let digits = format!("{int}{frac}");
        let base: u128 = if digits.is_empty() {
            0
        } else {
            digits.parse().map_err(|_| too_large(s))?
        };
        10u128
            .checked_pow(shift)
            .and_then(|p| base.checked_mul(p))
            .ok_or_else(|| too_large(s))?
    } else {
        if !plain.chars().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        plain.parse::<u128>().map_err(|_| too_large(s))?
    };
    u64::try_from(n)
        .ok()
        .filter(|&n| n <= MAX_COUNT)
        .ok_or_else(|| too_large(s))
}

fn too_large(s: &str) -> String {
    format!("is too large: {} (at most 2^63)", quote(s))
}

/// A duration: `2s`, `500ms`, `1.5s`, `1m`, `1h`.
pub fn duration(s: &str) -> Result<Duration, String> {
    let bad = || format!("needs a duration like 500ms, 2s or 1m, got {}", quote(s));
    let split = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .ok_or_else(bad)?;
    let (num, unit) = s.split_at(split);
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => return Err(bad()),
    };
    let value: f64 = num.parse().map_err(|_| bad())?;
    let secs = value * scale;
    if secs.is_nan() || secs <= 0.0 {
        return Err(format!("must be more than zero, got {}", quote(s)));
    }
    if secs > MAX_TIME.as_secs_f64() {
        return Err(format!("is at most 1h, got {}", quote(s)));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// The longest `--time` budget (longer jobs are refused with an estimate).
pub const MAX_TIME: Duration = Duration::from_secs(3600);

/// `--threads`: a positive number.
pub fn threads(s: &str) -> Result<usize, String> {
    s.parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("needs a positive number, got {}", quote(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        for (s, n) in [
            ("1000000", 1_000_000),
            ("1_000_000", 1_000_000),
            ("1,000,000", 1_000_000),
            ("1e6", 1_000_000),
            ("2.5e6", 2_500_000),
            ("1E12", 1_000_000_000_000),
            ("0", 0),
        ] {
            assert_eq!(count(s), Ok(n), "{s}");
        }
        for s in [
            "",
            "lots",
            "-5",
            "1.5",
            "1.5e0",
            "e6",
            "1e",
            "1e99",
            "18446744073709551615",
        ] {
            assert!(count(s).is_err(), "{s}");
        }
        assert_eq!(count("9223372036854775808"), Ok(1 << 63));
    }

    #[test]
    fn durations() {
        assert_eq!(duration("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(duration("1m"), Ok(Duration::from_secs(60)));
        assert_eq!(duration("1.5s"), Ok(Duration::from_millis(1500)));
        for s in ["2", "s", "0s", "2 s", "-1s", "2d", "2h"] {
            assert!(duration(s).is_err(), "{s}");
        }
    }
}
