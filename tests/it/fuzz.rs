//! Bounded fuzzing on stable Rust: a seeded loop of hostile strings over
//! every parser a user's text reaches (cards, ranges and `explain`, the
//! spec, three-card hands and rules) and the core of every wasm export that
//! takes text, plus a handful of runs of the `allin` binary.
//!
//! Inputs: random bytes read as UTF-8, random characters from a hostile
//! alphabet (controls, zero-width, BOM, combining marks, bidi marks, suit
//! symbols, fullwidth digits), `%`/`@`/`+`/`-` soup, and valid inputs
//! mutated (truncated, duplicated, hostile characters inserted, huge
//! repeats). Invariants: no panic; no hang (every case under [`CASE_LIMIT`],
//! and a watchdog fails the test if one never returns); an error is an
//! error (a non-empty message, no raw control or invisible characters,
//! at most [`MAX_MESSAGE`] characters); valid input round-trips through its
//! canonical text.
//!
//! `ALLIN_FUZZ_CASES=N` (default [`DEFAULT_CASES`]) sets the cases per
//! target, `ALLIN_FUZZ_SEED=S` the seed; both pass through `cargo xtask
//! test`. Each target prints its executions and time.

mod gen;

use crate::bad_inputs::run_allin;
use crate::check::Rng;
use allin::card::{format_cards, format_cards_compact, parse_between, parse_cards, parse_exact};
use allin::equity::{self, strength, ExactJob, MonteCarlo, Spec};
use allin::quote::is_hidden;
use allin::range::{self, HandClass, HoleCards, Percent, Range, Ranking};
use allin::three_card;
use gen::{decode, encode, hostile, scenario, valid_cards, valid_range};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Cases per target in a default run.
pub const DEFAULT_CASES: usize = 50_000;
/// Longest one case may take (debug build, a loaded machine).
const CASE_LIMIT: Duration = Duration::from_secs(1);
/// A case that has not returned after this long is a hang.
const WATCHDOG: Duration = Duration::from_secs(30);
/// Longest error message accepted, whatever the input's length: input in
/// errors is quoted short (at most 40 characters, each hidden one written
/// as an escape of up to 10, so 400), and the fixed text around it is short.
const MAX_MESSAGE: usize = 600;

fn cases() -> usize {
    std::env::var("ALLIN_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

fn seed() -> u64 {
    std::env::var("ALLIN_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x0A11_1100)
}

// ---- invariants ----

/// What an error message must look like, whatever the input.
fn well_formed(message: &str) -> Result<(), String> {
    if message.trim().is_empty() {
        return Err("an empty error message".into());
    }
    if let Some(c) = message.chars().find(|&c| c.is_control() || is_hidden(c)) {
        return Err(format!(
            "a raw U+{:04X} in the message {:?}",
            c as u32,
            short(message)
        ));
    }
    let n = message.chars().count();
    if n > MAX_MESSAGE {
        return Err(format!("a message of {n} characters: {:?}", short(message)));
    }
    Ok(())
}

fn short(s: &str) -> String {
    let n = s.chars().count();
    if n <= 120 {
        s.to_string()
    } else {
        let head: String = s.chars().take(80).collect();
        format!("{head}… ({n} characters)")
    }
}

fn error<E: std::fmt::Display>(e: E) -> Result<(), String> {
    well_formed(&e.to_string())
}

// ---- the loop ----

/// Runs `case` on `n` inputs from `input`, each under [`CASE_LIMIT`], on a
/// worker thread watched for hangs; fails listing the first failures with
/// their inputs (as Rust string literals, to paste into a data file).
fn fuzz(
    name: &str,
    mut input: impl FnMut(&mut Rng) -> String + Send + 'static,
    case: impl Fn(&str) -> Result<(), String> + Send + 'static,
) {
    let n = cases();
    let seed = seed();
    let current = Arc::new(Mutex::new(String::new()));
    let (tx, rx) = mpsc::channel();
    let shared = Arc::clone(&current);
    let started = Instant::now();
    let target_seed = seed ^ fnv(name);
    std::thread::spawn(move || {
        let mut rng = Rng::new(target_seed);
        let mut failures = Vec::new();
        for _ in 0..n {
            let text = input(&mut rng);
            *shared.lock().unwrap_or_else(|e| e.into_inner()) = text.clone();
            let t = Instant::now();
            let outcome = catch_unwind(AssertUnwindSafe(|| case(&text)))
                .unwrap_or_else(|p| Err(format!("panicked: {}", panic_text(&p))));
            let outcome = outcome.and_then(|()| {
                let took = t.elapsed();
                if took > CASE_LIMIT {
                    Err(format!("took {took:?}"))
                } else {
                    Ok(())
                }
            });
            if let Err(why) = outcome {
                failures.push(format!("{:?}: {why}", short(&text)));
            }
            let _ = tx.send(None);
        }
        let _ = tx.send(Some(failures));
    });
    let failures = loop {
        match rx.recv_timeout(WATCHDOG) {
            Ok(Some(failures)) => break failures,
            Ok(None) => {}
            Err(_) => {
                let text = current.lock().unwrap_or_else(|e| e.into_inner()).clone();
                panic!(
                    "fuzz {name}: hung (no answer in {WATCHDOG:?}) on {:?}",
                    short(&text)
                );
            }
        }
    };
    eprintln!(
        "fuzz {name}: {n} executions in {:.1}s (seed {seed}), {} failed",
        started.elapsed().as_secs_f64(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "fuzz {name}: {} of {n} cases failed (seed {seed}); first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// FNV-1a: each target its own stream of the one seed.
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(non-string panic)".into())
}

fn ranking() -> &'static Ranking {
    strength::standard_ranking()
}

// ---- targets ----

#[test]
fn fuzz_card_parser() {
    fuzz(
        "cards",
        |rng| {
            let n = rng.below(8);
            let valid = valid_cards(rng, n);
            hostile(rng, &valid)
        },
        |text| {
            for result in [
                parse_cards(text),
                parse_exact(text, 2),
                parse_between(text, 5..=7),
            ] {
                match result {
                    Ok(cards) => {
                        let back = parse_cards(&format_cards(&cards)).map_err(|e| e.to_string())?;
                        if back != cards {
                            return Err(format!("{cards:?} round-trips to {back:?}"));
                        }
                    }
                    Err(e) => error(e)?,
                }
            }
            Ok(())
        },
    );
}

#[test]
fn fuzz_range_parser() {
    let ranking = ranking();
    fuzz(
        "ranges",
        |rng| {
            let valid = valid_range(rng);
            hostile(rng, &valid)
        },
        move |text| {
            match range::explain(text, Some(ranking)) {
                Ok(items) => {
                    for item in items {
                        if item.position == 0 || item.position > text.chars().count() + 1 {
                            return Err(format!("explain: position {}", item.position));
                        }
                        let covered = range::parse(&item.text, Some(ranking));
                        if item.combo_count > 0 && covered.is_err() {
                            return Err(format!("explain text {:?} does not parse", item.text));
                        }
                    }
                }
                Err(e) => error(e)?,
            }
            let _ = range::parse_items(text);
            match range::parse(text, Some(ranking)) {
                Ok(r) => round_trip(&r, ranking),
                Err(e) => error(e),
            }
        },
    );
}

/// Canonical text parses back to the same range.
fn round_trip(r: &Range, ranking: &Ranking) -> Result<(), String> {
    let text = r.to_string();
    let back = range::parse(&text, Some(ranking)).map_err(|e| format!("{text:?}: {e}"))?;
    if &back != r {
        return Err(format!("canonical text {text:?} parses to another range"));
    }
    Ok(())
}

/// The spec, and what `check_scenario` and `new Job` do with it natively:
/// plan, open the exact job, run a few Monte Carlo trials.
#[test]
fn fuzz_spec() {
    fuzz(
        "spec",
        |rng| {
            let (p, b, d) = scenario(rng);
            encode(&p, &b, &d)
        },
        |encoded| {
            let (players, board, dead) = decode(encoded);
            match Spec::parse(&players, &board, &dead) {
                Ok(spec) => {
                    spec_round_trips(&spec)?;
                    let _ = equity::boards(&spec);
                    let cost = equity::exact_cost(&spec);
                    if cost <= 200_000 {
                        let job = ExactJob::new(&spec, None);
                        let units = job.total_units();
                        if units > 0 {
                            let _ = job.run_strided(0, units.min(64));
                        }
                    }
                    let tally = MonteCarlo::new(&spec).run(1, 0, 20);
                    if tally.showdowns() == 0 {
                        return Err("20 Monte Carlo trials counted nothing".into());
                    }
                    Ok(())
                }
                Err(e) => error(e),
            }
        },
    );
}

/// A valid spec written back as text (cards compact, ranges canonical)
/// parses to the same deal: the same weighted combos per player, board and
/// dead cards. Skipped when a range's canonical text is two cards (`AhKh,
/// AhKh` is a range of one combo, written back as `AhKh`, a known hand):
/// the same equity, but other ranges then lose the combos touching it up
/// front instead of at the deal.
fn spec_round_trips(spec: &Spec) -> Result<(), String> {
    let reads_as_cards = |p: &allin::equity::Player| {
        p.range
            .as_deref()
            .is_some_and(|t| parse_cards(t).is_ok_and(|c| c.len() == 2))
    };
    if spec.players().iter().any(reads_as_cards) {
        return Ok(());
    }
    let players: Vec<String> = spec
        .players()
        .iter()
        .map(|p| match (&p.range, p.known_cards()) {
            (Some(text), _) => text.clone(),
            (None, Some(cards)) => format_cards_compact(&cards),
            (None, None) => String::new(),
        })
        .collect();
    let board = format_cards_compact(spec.board());
    let dead = format_cards_compact(spec.dead());
    let back = Spec::parse(&players, &board, &dead)
        .map_err(|e| format!("canonical {players:?} {board:?} {dead:?}: {e}"))?;
    let deal = |s: &Spec| {
        let players: Vec<Vec<([u8; 2], u32)>> = s
            .players()
            .iter()
            .map(|p| {
                let mut combos: Vec<([u8; 2], u32)> = p
                    .combos
                    .iter()
                    .map(|c| {
                        let mut ids = c.cards.map(|card| card.id());
                        ids.sort_unstable();
                        (ids, c.weight)
                    })
                    .collect();
                combos.sort_unstable();
                combos
            })
            .collect();
        (players, s.board().to_vec(), s.dead().to_vec())
    };
    if deal(&back) != deal(spec) {
        return Err(format!(
            "canonical {players:?} {board:?} {dead:?} parses to another deal"
        ));
    }
    Ok(())
}

#[test]
fn fuzz_three_card() {
    const RULES: &[&str] = &[
        "casino",
        "teen-patti",
        "zha-jin-hua-235",
        "casino,a23=highest",
        "teen-patti,flush-over-straight=no",
        "a23=second,235-beats-trips=yes",
    ];
    fuzz(
        "three-card",
        |rng| {
            let hand = valid_cards(rng, 3);
            let rules = RULES[rng.below(RULES.len())];
            let (hand, rules) = match rng.below(3) {
                0 => (hostile(rng, &hand), rules.to_string()),
                1 => (hand, hostile(rng, rules)),
                _ => (hostile(rng, &hand), hostile(rng, rules)),
            };
            format!("{hand}\u{2}{rules}")
        },
        |text| {
            let (hand, rules) = text.split_once('\u{2}').unwrap_or((text, ""));
            let hand = match hand.parse::<three_card::Hand>() {
                Ok(h) => {
                    let back: three_card::Hand =
                        h.to_string().parse().map_err(|e| format!("{h}: {e}"))?;
                    if back != h {
                        return Err(format!("hand {h} round-trips to {back}"));
                    }
                    Some(h)
                }
                Err(e) => {
                    error(e)?;
                    None
                }
            };
            match rules.parse::<three_card::Rules>() {
                Ok(r) => {
                    let back: three_card::Rules =
                        r.to_string().parse().map_err(|e| format!("{r}: {e}"))?;
                    if back != r {
                        return Err(format!("rules {r} round-trip to {back}"));
                    }
                    if let Some(h) = hand {
                        let _ = h.rank(&r);
                    }
                    Ok(())
                }
                Err(e) => error(e),
            }
        },
    );
}

/// The text-taking wasm exports' core paths: `evaluate_hand`
/// (`parse_between` 5–7 then evaluate), `pick_combo`/`edit_range` labels
/// (`HandClass::from_label`), `class_of` (two cards), `range_top`
/// (`Percent::from_hundredths`).
#[test]
fn fuzz_wasm_export_cores() {
    fuzz(
        "wasm exports",
        |rng| {
            let valid = match rng.below(3) {
                0 => {
                    let n = 5 + rng.below(3);
                    valid_cards(rng, n)
                }
                1 => HandClass::all()
                    .nth(rng.below(169))
                    .map(|c| c.label())
                    .unwrap_or_default(),
                _ => valid_cards(rng, 2),
            };
            hostile(rng, &valid)
        },
        |text| {
            match parse_between(text, 5..=7) {
                Ok(cards) => {
                    let _ = allin::eval::evaluate(&cards);
                }
                Err(e) => error(e)?,
            }
            if let Some(class) = HandClass::from_label(text) {
                if HandClass::from_label(&class.label()) != Some(class) {
                    return Err(format!("label {} does not read back", class.label()));
                }
            }
            if let Ok(cards) = parse_cards(text) {
                if let [a, b] = cards.as_slice() {
                    let _ = HoleCards::new(*a, *b).map(|h| h.class().label());
                }
            }
            let hundredths = text
                .chars()
                .fold(0u32, |h, c| h.wrapping_mul(31).wrapping_add(c as u32));
            let _ = u16::try_from(hundredths)
                .ok()
                .and_then(Percent::from_hundredths);
            Ok(())
        },
    );
}

/// A handful of runs of the binary with hostile arguments: it exits 0, 1
/// or 2 (never a panic's 101 or a signal), within the time limit, and
/// every stderr line is a well-formed error.
#[test]
fn fuzz_cli_arguments() {
    let runs = (cases() / 500).clamp(12, 2000);
    let mut rng = Rng::new(seed() ^ 0xC11);
    let started = Instant::now();
    let mut failures = Vec::new();
    for _ in 0..runs {
        let (players, board, dead) = scenario(&mut rng);
        let mut args: Vec<String> = match rng.below(4) {
            0 => vec![
                "range".into(),
                hostile(&mut rng, &valid_range(&mut Rng::new(1))),
            ],
            1 => vec!["eval".into(), hostile(&mut rng, "AsKsQsJsTs")],
            _ => {
                let mut a = vec!["equity".to_string()];
                a.extend(players.iter().cloned());
                if !board.is_empty() {
                    a.extend(["--board".into(), board.clone()]);
                }
                if !dead.is_empty() {
                    a.extend(["--dead".into(), dead.clone()]);
                }
                a.extend(["--trials".into(), "200".into()]);
                a
            }
        };
        // Arguments cannot hold NUL.
        for a in &mut args {
            a.retain(|c| c != '\0');
        }
        let run = run_allin(&args, b"", Duration::from_secs(20));
        let verdict = match run.status {
            None => Err("hung".to_string()),
            Some(0..=2) => run
                .stderr
                .lines()
                .filter(|l| !l.starts_with("Run 'allin"))
                .try_for_each(|l| {
                    well_formed(l.strip_prefix("error: ").unwrap_or(l))
                        .map_err(|e| format!("stderr: {e}"))
                }),
            Some(code) => Err(format!("status {code}: {}", short(&run.stderr))),
        };
        if let Err(why) = verdict {
            failures.push(format!("{:?}: {why}", short(&format!("{args:?}"))));
        }
    }
    eprintln!(
        "fuzz cli: {runs} runs in {:.1}s, {} failed",
        started.elapsed().as_secs_f64(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
