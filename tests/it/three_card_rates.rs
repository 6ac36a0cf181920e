//! The three-card win-rate table: data-file cases (exact counts), each
//! also sampled by the equity job and held within 4 standard errors.

use crate::check::check;
use allin::three_card::equity::rates::{hero_counts, Limits};
use allin::three_card::equity::{ThreeCardJob, ThreeCardSpec};
use allin::three_card::ladder::Deck;
use allin::three_card::Rules;

fn run_case(line: &str) -> Result<(), String> {
    let (head, rest) = line.split_once(": ").ok_or("no `RULES DECK DEALS: `")?;
    let [rules, deck, deals] = head.split_whitespace().collect::<Vec<_>>()[..] else {
        return Err("expected `RULES DECK DEALS`".into());
    };
    let rules: Rules = rules.parse().map_err(|e| format!("rules: {e}"))?;
    let deck = Deck::parse(deck).ok_or("deck: full or short")?;
    let removal = match deals {
        "removal" => true,
        "independent" => false,
        _ => return Err("deals: removal or independent".into()),
    };
    let (setup, want) = rest.split_once(" -> ").ok_or("no ` -> `")?;
    let words: Vec<&str> = setup.split_whitespace().collect();
    let (hero, k, opponent, dead) = match words[..] {
        [hero, "vs", k, "x", opp] => (hero, k, opp, String::new()),
        [hero, "vs", k, "x", opp, "dead", ref cards @ ..] => (hero, k, opp, cards.join(" ")),
        _ => return Err("expected `HERO vs K x OPP [dead CARDS]`".into()),
    };
    let k: usize = k.parse().map_err(|_| "K: a number")?;
    let mut players = vec![hero];
    players.extend(std::iter::repeat(opponent).take(k));
    let spec = || ThreeCardSpec::build(&players, &dead, rules, deck, removal);
    let c =
        hero_counts(spec().map_err(|e| e.to_string())?, Limits::CLI).map_err(|e| e.to_string())?;
    let got = format!("deals={} wins={} ties={}", c.deals, c.win, c.tie);
    if got != want.trim() {
        return Err(format!("counted {got}"));
    }
    let job = ThreeCardJob::new(spec().map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    let n = 50_000;
    let t = job.run_trials(1, 0, n);
    // The error by the exact equity e: a share in [0, 1] has variance at
    // most e(1 - e), so this also holds where the sample saw no win.
    let e = c.equity();
    let se = t.std_error(0).max((e * (1.0 - e) / n as f64).sqrt());
    let sampled = t.equity(0);
    if (sampled - e).abs() > 4.0 * se {
        return Err(format!(
            "sampled equity {sampled} ± {se} is more than 4 errors from {e}"
        ));
    }
    Ok(())
}

#[test]
fn win_rate_table_cases() {
    check("three_card_rates.txt", run_case);
}
