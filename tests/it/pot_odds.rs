//! Pot odds: data-file cases (`tests/data/pot_odds.txt`): amounts as typed,
//! the numbers or the exact message, each answer checked against
//! identities that hold whatever the amounts (the EV is zero at the needed
//! equity; Kelly is the EV per unit of pot).

use crate::check::check_io;
use allin::equity::pot_odds::PotOdds;

/// `POT | CALL | EQUITY`: the amounts as typed (between the bars, spaces
/// kept inside), the equity a decimal fraction.
fn run_case(case: &str) -> String {
    let parts: Vec<&str> = case.split('|').collect();
    let [pot, call, equity] = parts[..] else {
        return "malformed case: expected `POT | CALL | EQUITY`".into();
    };
    let unquote = |s: &str| {
        let s = s.trim();
        s.strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or(s)
            .to_string()
    };
    let Ok(p) = equity.trim().parse::<f64>() else {
        return format!("malformed case: equity {equity:?}");
    };
    let odds = match PotOdds::parse(&unquote(pot), &unquote(call)) {
        Ok(odds) => odds,
        Err(e) => return format!("error: {e}"),
    };
    if let Err(e) = identities(odds, p) {
        return format!("identity fails: {e}");
    }
    format!(
        "odds {} needed {} ev_call {} kelly {}",
        odds.odds(),
        odds.needed(),
        odds.ev_call(p),
        odds.kelly(p)
    )
}

fn identities(o: PotOdds, p: f64) -> Result<(), String> {
    let close = |a: f64, b: f64, scale: f64| (a - b).abs() <= 1e-12 * scale.max(1.0);
    let (pot, call) = (o.pot(), o.call());
    if !close(o.odds() * call, pot, pot) {
        return Err("odds × call ≠ pot".into());
    }
    if !close(o.ev_call(o.needed()), 0.0, pot + call) {
        return Err(format!(
            "EV at the needed equity is {}",
            o.ev_call(o.needed())
        ));
    }
    if !close(o.kelly(p), o.ev_call(p) / pot, o.kelly(p).abs()) {
        return Err("Kelly ≠ EV / pot".into());
    }
    if (o.ev_call(p) > 0.0) != (p > o.needed()) && !close(p, o.needed(), 1.0) {
        return Err("the EV's sign disagrees with equity vs needed".into());
    }
    Ok(())
}

#[test]
fn pot_odds_cases() {
    check_io("pot_odds.txt", run_case);
}
