//! `allin equity`: who wins how often.

use crate::args::{self, Opt};
use crate::{print, CliError};
use allin::equity::preflop::PreflopTable;
use allin::equity::{calculate_with, exact_cost_with, Method, Outcome, Spec};
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

pub const HELP: &str = "\
allin equity: win, tie and equity of 2 to 10 hands, exact or Monte Carlo

Usage: allin equity HAND HAND... [--board CARDS] [--dead CARDS]
                    [--exact | --trials N [--seed S]] [--json]

Each HAND is two hole cards (AhKh, 'ah kh', A♥K♥). Every remaining board
is enumerated exactly when that is affordable (always, for known hands);
otherwise N random deals are sampled (Monte Carlo, with standard errors).

Options:
  --board CARDS  0, 3, 4 or 5 board cards (e.g. 2h7hTc)
  --dead CARDS   cards out of play (folded, burnt, seen)
  --exact        enumerate every board (the default when affordable)
  --trials N     Monte Carlo with N random deals instead
  --seed S       seed for --trials (default 1): the same seed, the same answer
  --json         one JSON object:
                 {\"exact\":true,\"showdowns\":N,\"players\":[{\"hand\":\"AhKh\",
                 \"win\":N,\"tie\":N,\"lose\":N,\"equity\":0.4621450…},…],
                 \"splits\":[{\"players\":[0,1],\"count\":N},…]}
                 (Monte Carlo adds \"trials\" and a \"stderr\" per player)
  -h, --help     Show this help

Equity is wins plus each split's share of the pot. Counts are integers.

Examples:
  allin equity AhKh QsQd
  allin equity AhKh QsQd --board 2h7hTc --json
  allin equity AhAd KsKc QhQd --trials 1000000 --seed 7
";

const OPTS: [Opt; 6] = [
    Opt {
        name: "--board",
        takes_value: true,
    },
    Opt {
        name: "--dead",
        takes_value: true,
    },
    Opt {
        name: "--exact",
        takes_value: false,
    },
    Opt {
        name: "--trials",
        takes_value: true,
    },
    Opt {
        name: "--seed",
        takes_value: true,
    },
    Opt {
        name: "--json",
        takes_value: false,
    },
];

/// Trials when exact is too costly and `--trials` was not given.
const DEFAULT_TRIALS: u64 = 1_000_000;
const DEFAULT_SEED: u64 = 1;

fn number(p: &args::Parsed, name: &str, default: u64) -> Result<u64, CliError> {
    match p.value(name) {
        None => Ok(default),
        Some(v) => v.replace('_', "").parse().map_err(|_| {
            CliError::usage("equity", format!("{name} needs a whole number, got '{v}'"))
        }),
    }
}

/// Parses the command line into a spec and a method.
pub fn parse(argv: &[String]) -> Result<Option<(Spec, Method, bool)>, CliError> {
    let p = args::parse("equity", argv, &OPTS)?;
    if p.help {
        print(HELP)?;
        return Ok(None);
    }
    let trials = number(&p, "--trials", DEFAULT_TRIALS)?;
    let seed = number(&p, "--seed", DEFAULT_SEED)?;
    let method = match (p.switch("--exact"), p.value("--trials")) {
        (true, Some(_)) => {
            return Err(CliError::usage(
                "equity",
                "--exact and --trials exclude each other",
            ))
        }
        (true, None) => Method::Exact,
        (false, Some(_)) if trials == 0 => {
            return Err(CliError::usage("equity", "--trials must be at least 1"))
        }
        (false, Some(_)) => Method::MonteCarlo { trials, seed },
        (false, None) => {
            if p.value("--seed").is_some() {
                return Err(CliError::usage("equity", "--seed goes with --trials"));
            }
            Method::Auto { trials, seed }
        }
    };
    if p.positionals.is_empty() {
        return Err(CliError::usage("equity", "no hands given"));
    }
    let spec = Spec::parse(
        &p.positionals,
        p.value("--board").unwrap_or(""),
        p.value("--dead").unwrap_or(""),
    )
    .map_err(|e| CliError::Failed(e.to_string()))?;
    if method == Method::Exact {
        let table = if spec.has_ranges() {
            Some(preflop_table()?)
        } else {
            None
        };
        let cost = exact_cost_with(&spec, table.as_deref());
        if cost > EXACT_REFUSE {
            return Err(CliError::Failed(format!(
                "--exact would take about {cost:.1e} hand evaluations (hours or more); \
                 use --trials N for a Monte Carlo estimate"
            )));
        }
    }
    Ok(Some((spec, method, p.switch("--json"))))
}

/// Evaluations beyond which `--exact` is refused rather than left to run
/// for hours (about an hour at a few hundred million evaluations a second).
const EXACT_REFUSE: u64 = 1_000_000_000_000;

pub fn run(argv: &[String]) -> Result<(), CliError> {
    let Some((spec, method, json)) = parse(argv)? else {
        return Ok(());
    };
    let table = if spec.has_ranges() {
        Some(preflop_table()?)
    } else {
        None
    };
    let outcome = calculate_with(&spec, method, table);
    let seed = match method {
        Method::Auto { seed, .. } | Method::MonteCarlo { seed, .. } => seed,
        Method::Exact => DEFAULT_SEED,
    };
    print(&if json {
        to_json(&spec, &outcome)
    } else {
        to_table(&spec, &outcome, seed)
    })
}

/// The JSON document (one line).
pub fn to_json(spec: &Spec, o: &Outcome) -> String {
    let t = &o.tally;
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\"exact\":{},\"showdowns\":{}",
        o.exact,
        t.showdowns()
    );
    if !o.exact {
        let _ = write!(out, ",\"trials\":{}", t.showdowns());
    }
    out.push_str(",\"players\":[");
    for p in 0..t.players() {
        if p > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            "{{\"hand\":\"{}\",\"win\":{},\"tie\":{},\"lose\":{},\"equity\":{}",
            spec.player_label(p),
            t.wins(p),
            t.ties(p),
            t.losses(p),
            t.equity(p)
        );
        if !o.exact {
            let _ = write!(out, ",\"stderr\":{}", t.std_error(p));
        }
        out.push('}');
    }
    out.push_str("],\"splits\":[");
    for (i, (mask, count)) in t.splits().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let who: Vec<String> = (0..t.players())
            .filter(|p| mask >> p & 1 == 1)
            .map(|p| p.to_string())
            .collect();
        let _ = write!(out, "{{\"players\":[{}],\"count\":{count}}}", who.join(","));
    }
    out.push_str("]}\n");
    out
}

/// `1234567` as `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// The human table.
pub fn to_table(spec: &Spec, o: &Outcome, seed: u64) -> String {
    let t = &o.tally;
    let n = t.showdowns();
    let mut out = String::new();
    if o.exact && spec.has_ranges() {
        let _ = writeln!(
            out,
            "Exact: {} showdowns (every deal of the ranges, by weight, times every board)",
            grouped(n)
        );
    } else if o.exact {
        let _ = writeln!(out, "Exact: {} boards", grouped(n));
    } else {
        let _ = writeln!(
            out,
            "Monte Carlo: {} trials (seed {seed}); ± is one standard error",
            grouped(n)
        );
    }
    if !spec.board().is_empty() {
        let _ = writeln!(out, "Board: {}", allin::card::format_cards(spec.board()));
    }
    if !spec.dead().is_empty() {
        let _ = writeln!(out, "Dead:  {}", allin::card::format_cards(spec.dead()));
    }
    out.push('\n');
    let w = (0..t.players())
        .map(|p| spec.player_label(p).chars().count())
        .max()
        .unwrap_or(0)
        .max(6)
        .max("hand".len());
    if o.exact {
        let _ = writeln!(
            out,
            "{:<7} {:<w$} {:>9} {:>9} {:>9}  {:>12} {:>12} {:>12}",
            "player", "hand", "win %", "tie %", "equity %", "wins", "ties", "losses"
        );
    } else {
        let _ = writeln!(
            out,
            "{:<7} {:<w$} {:>9} {:>9} {:>9} {:>9}",
            "player", "hand", "win %", "tie %", "equity %", "± %"
        );
    }
    for p in 0..t.players() {
        let _ = write!(
            out,
            "{:<7} {:<w$} {:>9.4} {:>9.4} {:>9.4}",
            p + 1,
            spec.player_label(p),
            percent(t.wins(p), n),
            percent(t.ties(p), n),
            100.0 * t.equity(p)
        );
        if o.exact {
            let _ = writeln!(
                out,
                "  {:>12} {:>12} {:>12}",
                grouped(t.wins(p)),
                grouped(t.ties(p)),
                grouped(t.losses(p))
            );
        } else {
            let _ = writeln!(out, " {:>9.4}", 100.0 * t.std_error(p));
        }
    }
    let splits: Vec<(usize, u64)> = t.splits().collect();
    if !splits.is_empty() {
        out.push_str("\nSplit pots:\n");
        for (mask, count) in splits {
            let who: Vec<String> = (0..t.players())
                .filter(|p| mask >> p & 1 == 1)
                .map(|p| format!("{} ({})", p + 1, spec.player_label(p)))
                .collect();
            let _ = writeln!(
                out,
                "  {}: {} ({:.4}%)",
                who.join(" + "),
                grouped(count),
                percent(count, n)
            );
        }
    }
    out
}

/// The heads-up preflop table, built into the binary from
/// `www/data/preflop-hu.bin` (the file the page loads).
pub fn preflop_table() -> Result<Arc<PreflopTable>, CliError> {
    static TABLE: OnceLock<Result<Arc<PreflopTable>, String>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            PreflopTable::from_bytes(include_bytes!("../../../www/data/preflop-hu.bin"))
                .map(Arc::new)
                .map_err(|e| e.to_string())
        })
        .clone()
        .map_err(CliError::Failed)
}
