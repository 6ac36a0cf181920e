//! `allin table`: generates the data files the page and the CLI ship with.

use crate::output::{CliError, TEMPLATE};
use allin::equity::preflop::{self, PreflopTable};
use allin::equity::strength;
use allin::quote::quote;
use allin::range::HandClass;
use std::fs::OpenOptions;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

const NOTES: &str = "\
Tables:
  preflop-hu  the exact result of all 47,008 heads-up preflop matchups (up to
              suit symmetry), each enumerated over its 1,712,304 boards;
              the project ships it as www/data/preflop-hu.bin
  strength    the 169 classes' equity against 1 to 9 random hands (exact
              against one, from the preflop-hu table; seeded Monte Carlo
              otherwise), as Rust source: src/equity/strength_table.rs

FILE is checked for writing before the (long) computation starts.

Examples:
  allin table preflop-hu --out www/data/preflop-hu.bin
  allin table strength --out src/equity/strength_table.rs";

#[derive(clap::Args)]
#[command(
    before_help = "allin table: generate the engine's precomputed data files",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// preflop-hu or strength
    #[arg(value_name = "TABLE")]
    which: Option<String>,
    /// Where to write the table (required)
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Worker threads (default: all cores)
    #[arg(long, value_name = "N", value_parser = crate::args::threads)]
    threads: Option<usize>,
}

/// Fails now, not after minutes of work, if `out` cannot be written.
pub fn check_writable(out: &str) -> Result<(), CliError> {
    let existed = std::path::Path::new(out).exists();
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(out)
        .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", quote(out))))?;
    if !existed {
        let _ = std::fs::remove_file(out);
    }
    Ok(())
}

fn write(out: &str, bytes: &[u8]) -> Result<(), CliError> {
    std::fs::write(out, bytes)
        .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", quote(out))))
}

pub fn run(a: Args) -> Result<(), CliError> {
    let Some(which) = a.which.as_deref() else {
        return Err(CliError::usage(
            "table",
            "name one table: preflop-hu or strength",
        ));
    };
    let Some(out) = a.out.as_deref() else {
        return Err(CliError::usage("table", "--out FILE is required"));
    };
    generate(which, out, a.threads)
}

/// Writes table `which` to `out`.
pub fn generate(which: &str, out: &str, threads: Option<usize>) -> Result<(), CliError> {
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    match which {
        "preflop-hu" => {
            check_writable(out)?;
            let bytes = preflop_hu(threads);
            write(out, &bytes)?;
            eprintln!("wrote {out} ({} bytes)", bytes.len());
            Ok(())
        }
        "strength" => {
            check_writable(out)?;
            let table = crate::output::preflop_table()?;
            let text = strength(&table, threads);
            write(out, text.as_bytes())?;
            eprintln!("wrote {out}");
            Ok(())
        }
        other => Err(CliError::usage(
            "table",
            format!(
                "unknown table {}{}",
                quote(other),
                allin::game::nearest(other, &["preflop-hu", "strength"])
                    .map(|t| format!(" (did you mean '{t}'?)"))
                    .unwrap_or_default()
            ),
        )),
    }
}

/// Solves every canonical matchup on `threads` threads.
pub fn preflop_hu(threads: usize) -> Vec<u8> {
    let started = Instant::now();
    let matchups = preflop::canonical_matchups();
    let next = AtomicUsize::new(0);
    let mut results = vec![(0u32, 0u32); matchups.len()];
    let chunks: Vec<Vec<(usize, (u32, u32))>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(_, h1, h2)) = matchups.get(i) else {
                            break;
                        };
                        mine.push((i, preflop::solve(h1, h2)));
                        if i % 5000 == 0 {
                            eprintln!(
                                "preflop-hu: {i} of {} ({:.0} s)",
                                matchups.len(),
                                started.elapsed().as_secs_f64()
                            );
                        }
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("worker"))
            .collect()
    });
    for (i, r) in chunks.into_iter().flatten() {
        results[i] = r;
    }
    let records: Vec<(u32, u32, u32)> = matchups
        .iter()
        .zip(&results)
        .map(|(&(key, _, _), &(wins, ties))| (key, wins, ties))
        .collect();
    eprintln!(
        "preflop-hu: {} matchups in {:.1} s",
        records.len(),
        started.elapsed().as_secs_f64()
    );
    preflop::encode(&records)
}

/// The strength table's source, one class per task on `threads` threads.
pub fn strength(table: &PreflopTable, threads: usize) -> String {
    let started = Instant::now();
    let classes: Vec<HandClass> = HandClass::all().collect();
    let next = AtomicUsize::new(0);
    let rows: Vec<(usize, [u32; strength::MAX_OPPONENTS])> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    while let Some(&class) = classes.get(next.fetch_add(1, Ordering::Relaxed)) {
                        mine.push((class.index(), strength::row(table, class)));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("worker"))
            .collect()
    });
    let mut ordered = vec![[0u32; strength::MAX_OPPONENTS]; classes.len()];
    for (i, r) in rows {
        ordered[i] = r;
    }
    eprintln!(
        "strength: 169 classes in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    strength::generate_source(&ordered)
}
