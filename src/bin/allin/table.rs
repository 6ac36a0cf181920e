//! `allin table`: generates the data files the page and the CLI ship with.

use crate::args::{self, Opt};
use crate::{print, CliError};
use allin::equity::preflop::{self, PreflopTable};
use allin::equity::strength;
use allin::range::HandClass;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

pub const HELP: &str = "\
allin table: generate the engine's precomputed data files

Usage: allin table preflop-hu|strength --out FILE [--threads N]

Tables:
  preflop-hu  the exact result of all 47,008 heads-up preflop matchups (up to
              suit symmetry), each enumerated over its 1,712,304 boards;
              the project ships it as www/data/preflop-hu.bin
  strength    the 169 classes' equity against 1 to 9 random hands (exact
              against one, from the preflop-hu table; seeded Monte Carlo
              otherwise), as Rust source: src/equity/strength_table.rs

Options:
  --out FILE     where to write the table (required)
  --threads N    worker threads (default: all cores)
  -h, --help     Show this help

Examples:
  allin table preflop-hu --out www/data/preflop-hu.bin
  allin table strength --out src/equity/strength_table.rs
";

const OPTS: [Opt; 2] = [
    Opt {
        name: "--out",
        takes_value: true,
    },
    Opt {
        name: "--threads",
        takes_value: true,
    },
];

pub fn run(argv: &[String]) -> Result<(), CliError> {
    let p = args::parse("table", argv, &OPTS)?;
    if p.help {
        return print(HELP);
    }
    let [which] = p.positionals.as_slice() else {
        return Err(CliError::usage(
            "table",
            "name one table: preflop-hu or strength",
        ));
    };
    let Some(out) = p.value("--out") else {
        return Err(CliError::usage("table", "--out FILE is required"));
    };
    let threads = match p.value("--threads") {
        Some(v) => v.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| {
            CliError::usage(
                "table",
                format!("--threads needs a positive number, got '{v}'"),
            )
        })?,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    match which.as_str() {
        "preflop-hu" => {
            let bytes = preflop_hu(threads);
            std::fs::write(out, &bytes)
                .map_err(|e| CliError::Failed(format!("cannot write {out}: {e}")))?;
            eprintln!("wrote {out} ({} bytes)", bytes.len());
            Ok(())
        }
        "strength" => {
            let table = crate::equity::preflop_table()?;
            let text = strength(&table, threads);
            std::fs::write(out, &text)
                .map_err(|e| CliError::Failed(format!("cannot write {out}: {e}")))?;
            eprintln!("wrote {out}");
            Ok(())
        }
        other => Err(CliError::usage(
            "table",
            format!(
                "unknown table '{other}'{}",
                args::did_you_mean(other, &["preflop-hu", "strength"])
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
