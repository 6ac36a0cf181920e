//! Write-up 004's win-rate table (`tests/data/writeup_004.txt`): the exact
//! counts of the win-rate engine, and the write-up's sampled rates held
//! within 3 standard errors of them.

use crate::check::check;
use allin::three_card::equity::rates::{hero_counts, Limits};
use allin::three_card::equity::ThreeCardSpec;
use allin::three_card::ladder::Deck;
use allin::three_card::Rules;

/// The write-up's runs: 10,000 trials per cell.
const TRIALS: f64 = 10_000.0;

fn run_case(line: &str) -> Result<(), String> {
    let (case, sampled) = line.split_once(" | 004: ").ok_or("no ` | 004: P`")?;
    let (setup, want) = case.split_once(" -> ").ok_or("no ` -> `")?;
    let [hero, "vs", k, "x", opponent, deals] = setup.split_whitespace().collect::<Vec<_>>()[..]
    else {
        return Err("expected `HERO vs K x OPP DEALS`".into());
    };
    let removal = match deals {
        "removal" => true,
        "independent" => false,
        _ => return Err("DEALS: removal or independent".into()),
    };
    let k: usize = k.parse().map_err(|_| "K: a number")?;
    let mut players = vec![hero];
    players.extend(std::iter::repeat(opponent).take(k));
    let spec = ThreeCardSpec::build(&players, "", Rules::zha_jin_hua(), Deck::Full, removal)
        .map_err(|e| e.to_string())?;
    let c = hero_counts(spec, Limits::CLI).map_err(|e| e.to_string())?;
    let got = format!("deals={} wins={} ties={}", c.deals, c.win, c.tie);
    if got != want.trim() {
        return Err(format!("counted {got}"));
    }
    let sampled: f64 = sampled.trim().parse().map_err(|_| "P: a number")?;
    let p = c.win as f64 / c.deals as f64;
    let se = (p * (1.0 - p) / TRIALS).sqrt();
    if (sampled - p).abs() > 3.0 * se + 1e-12 {
        return Err(format!(
            "the write-up's {sampled} is {:.2} standard errors from the exact {p:.6}",
            (sampled - p).abs() / se
        ));
    }
    Ok(())
}

#[test]
fn the_write_up_004_win_rates() {
    check("writeup_004.txt", run_case);
}
