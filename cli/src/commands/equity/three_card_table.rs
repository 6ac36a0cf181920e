//! `allin equity --game three-card HERO OPP --table`: the hero's win, tie
//! and equity against 1 to 5 opponents, each holding OPP (`random`, `X%`,
//! `@N`), every deal counted (`three_card::equity::rates`): the page's
//! win-rate table. A row whose count would take too long (a wide hero
//! range; past minutes of work) is sampled instead, and says so.

use super::any_game::Counts;
use super::card_games::{rules_name, ThreeCardArgs};
use crate::output::grouped;
use crate::output::json::Float;
use crate::output::{print, CliError};
use allin::three_card::equity::rates::{self, HeroCounts, Limits, RatesError};
use allin::three_card::equity::ThreeCardSpec;
use serde::Serialize;
use std::fmt::Write as _;

/// Opponents in the last row.
const ROWS: usize = 5;

/// One row as computed.
enum Row {
    Exact(HeroCounts),
    /// Sampled (the count gave up, for this reason): win, tie, equity, its
    /// standard error, deals.
    Sampled {
        why: String,
        win: f64,
        tie: f64,
        equity: f64,
        stderr: f64,
        deals: u64,
    },
    /// No such deal (too many cards for the deck, no hand left).
    Error(String),
}

#[derive(Serialize)]
struct RowJson {
    opponents: usize,
    exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// Counts as decimal text (they pass 2^64 with five opponents).
    #[serde(skip_serializing_if = "Option::is_none")]
    deals: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wins: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ties: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    win: Option<Float>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tie: Option<Float>,
    #[serde(skip_serializing_if = "Option::is_none")]
    equity: Option<Float>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<Float>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sampled_because: Option<String>,
}

#[derive(Serialize)]
struct Doc {
    game: &'static str,
    rules: String,
    deck: &'static str,
    card_removal: bool,
    hero: String,
    opponent: String,
    rows: Vec<RowJson>,
}

pub fn run(a: &ThreeCardArgs) -> Result<(), CliError> {
    let cmd = "equity";
    let [hero, opponent] = a.hands else {
        return Err(CliError::usage(
            cmd,
            format!(
                "--table takes two HANDs, the hero and what each opponent holds \
                 (e.g. 2h2s2d 30%), not {}",
                a.hands.len()
            ),
        ));
    };
    // The one-opponent row's errors are the input's: say them as such.
    let one = spec(a, hero, opponent, 1).map_err(|e| CliError::usage(cmd, e))?;
    let hero_label = one.holdings()[0].label(one.ladder());
    let opponent_label = one.holdings()[1].label(one.ladder());
    let rows: Vec<Row> = (1..=ROWS).map(|k| row(a, hero, opponent, k)).collect();
    if a.exact {
        if let Some(why) = rows.iter().find_map(|r| match r {
            Row::Sampled { why, .. } => Some(why.clone()),
            _ => None,
        }) {
            return Err(CliError::usage(cmd, format!("--exact: {why}")));
        }
    }
    let rules = rules_name(&a.rules);
    if a.json {
        let doc = Doc {
            game: "three-card",
            rules,
            deck: a.deck.name(),
            card_removal: a.removal,
            hero: hero_label,
            opponent: opponent_label,
            rows: rows
                .iter()
                .enumerate()
                .map(|(i, r)| json(i + 1, r))
                .collect(),
        };
        return print(&crate::output::json::line(&doc));
    }
    let mut out = super::card_games::three_card_heading(&a.rules, a.deck, a.removal);
    out.push('\n');
    let _ = writeln!(
        out,
        "The hero ({hero_label}) against 1 to {ROWS} opponents, each holding {opponent_label}\n"
    );
    let _ = writeln!(out, "opponents      win      tie   equity   deals");
    for (i, r) in rows.iter().enumerate() {
        let k = i + 1;
        let pct = |x: f64| format!("{:7.3}%", 100.0 * x);
        match r {
            Row::Exact(c) => {
                let _ = writeln!(
                    out,
                    "{k:>9} {} {} {}   {} (exact)",
                    pct(c.win_rate()),
                    pct(c.tie_rate()),
                    pct(c.equity()),
                    grouped(c.deals)
                );
            }
            Row::Sampled {
                win,
                tie,
                equity,
                stderr,
                deals,
                why,
                ..
            } => {
                let _ = writeln!(
                    out,
                    "{k:>9} {} {} {} ± {:.3}%   {} sampled ({why})",
                    pct(*win),
                    pct(*tie),
                    pct(*equity),
                    100.0 * stderr,
                    grouped(*deals)
                );
            }
            Row::Error(e) => {
                let _ = writeln!(out, "{k:>9}   cannot deal: {e}");
            }
        }
    }
    print(&out)
}

fn spec(a: &ThreeCardArgs, hero: &str, opponent: &str, k: usize) -> Result<ThreeCardSpec, String> {
    let mut players = vec![hero];
    players.extend(std::iter::repeat(opponent).take(k));
    ThreeCardSpec::build(&players, &a.dead.join(" "), a.rules, a.deck, a.removal)
        .map_err(|e| e.to_string())
}

fn row(a: &ThreeCardArgs, hero: &str, opponent: &str, k: usize) -> Row {
    let spec = match spec(a, hero, opponent, k) {
        Ok(s) => s,
        Err(e) => return Row::Error(e),
    };
    match rates::hero_counts(spec, Limits::CLI) {
        Ok(c) => Row::Exact(c),
        Err(RatesError::Spec(e)) => Row::Error(e.to_string()),
        Err(why) => {
            // The equity job, as the page's first answer: exact when it can
            // afford it (1-2 opponents, a hero range), else sampled.
            let mut hands = vec![hero.to_string()];
            hands.extend(std::iter::repeat(opponent.to_string()).take(k));
            let job = ThreeCardArgs {
                hands: &hands,
                exact: false,
                ..*a
            };
            let ran = super::card_games::compute(&job, "equity");
            match ran.map(|r| (r.exact(), r.counts)) {
                Ok((true, Counts::Tally(t))) => Row::Exact(HeroCounts {
                    deals: u128::from(t.showdowns()),
                    win: u128::from(t.wins(0)),
                    tie: u128::from(t.ties(0)),
                    sixtieths: sixtieths(&t),
                }),
                Ok((false, Counts::Tally(t))) => Row::Sampled {
                    why: why.to_string(),
                    win: t.wins(0) as f64 / t.showdowns().max(1) as f64,
                    tie: t.ties(0) as f64 / t.showdowns().max(1) as f64,
                    equity: t.equity(0),
                    stderr: t.std_error(0),
                    deals: t.showdowns(),
                },
                Ok((_, Counts::Pot(_))) => unreachable!("three-card counts a tally"),
                Err(e) => Row::Error(e.to_string()),
            }
        }
    }
}

fn json(k: usize, r: &Row) -> RowJson {
    let mut j = RowJson {
        opponents: k,
        exact: false,
        error: None,
        deals: None,
        wins: None,
        ties: None,
        win: None,
        tie: None,
        equity: None,
        stderr: None,
        sampled_because: None,
    };
    match r {
        Row::Exact(c) => {
            j.exact = true;
            j.deals = Some(c.deals.to_string());
            j.wins = Some(c.win.to_string());
            j.ties = Some(c.tie.to_string());
            j.win = Some(Float(c.win_rate()));
            j.tie = Some(Float(c.tie_rate()));
            j.equity = Some(Float(c.equity()));
        }
        Row::Sampled {
            why,
            win,
            tie,
            equity,
            stderr,
            deals,
        } => {
            j.deals = Some(deals.to_string());
            j.win = Some(Float(*win));
            j.tie = Some(Float(*tie));
            j.equity = Some(Float(*equity));
            j.stderr = Some(Float(*stderr));
            j.sampled_because = Some(why.clone());
        }
        Row::Error(e) => j.error = Some(e.clone()),
    }
    j
}

/// The hero's pot share in sixtieths over a tally's showdowns (at most six
/// winners: every share is whole).
fn sixtieths(t: &allin::equity::Tally) -> u128 {
    t.by_winners()
        .iter()
        .enumerate()
        .filter(|(mask, _)| mask & 1 == 1)
        .map(|(mask, &n)| u128::from(n) * 60 / u128::from(mask.count_ones()))
        .sum()
}
