//! `allin distribution`: each combo of a player's range against the
//! others, sorted into the curve and its buckets (the core's
//! `equity::distribution`); the combos' jobs run on all cores.

use crate::output::json::{line, Float};
use crate::output::{preflop_table, print, CliError, TEMPLATE};
use allin::card::format_cards_compact;
use allin::equity::distribution::{Distribution, DistributionJob, BUCKETS};
use allin::equity::{Tally, DEFAULT_SEED, DEFAULT_TRIALS};
use serde::Serialize;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};

const NOTES: &str = "\
Each HAND is two hole cards or a range, as for 'allin equity'. The chosen
player (--player, default 1) must hold a range. Each of its combos is a job
of its own against the others as given: exact when all of them together are
affordable (the same limit as 'allin equity'), else each combo is sampled
(--trials N in all, shared out, at least 2,000 each; --seed) and carries
its standard error.

A combo's share is its weight times the weighted deals of the others it
meets (card removal included), over all of them: the shares sum to 1, and
the mean of the combos' equity by share is the player's equity of 'allin
equity' (to the last count when exact). Points are sorted strongest first;
buckets are the shares with equity in [0, 25), [25, 50), [50, 75), [75, 100] %.

JSON (--json), one object:
  {\"player\":1,\"range\":\"QQ+,AKs\",\"exact\":true,\"combos\":N,
  \"mean\":0.57…,\"buckets\":[{\"from\":0,\"to\":0.25,\"share\":…},…],
  \"points\":[{\"combo\":\"AsAh\",\"weight\":1,\"share\":…,\"equity\":…},…]}
  Sampled adds \"trials\" (per combo), \"stderr\" (of the mean) and a
  \"stderr\" per point. weight is the combo's weight relative to the
  range's heaviest.

Examples:
  allin distribution 'QQ+,AKs' 'TT+,AQs+' --board Kh7d2c
  allin distribution 10% random --json
  allin distribution AhKh 'JJ+,AK' --player 2";

#[derive(clap::Args)]
#[command(
    before_help = "allin distribution: the equity of each combo of a player's range against the others",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// Two hole cards (AhKh) or a range (QQ+,AKs), one per player
    #[arg(value_name = "HAND")]
    pub hands: Vec<String>,
    /// 0, 3, 4 or 5 board cards (e.g. 2h7hTc)
    #[arg(long, value_name = "CARDS")]
    pub board: Option<String>,
    /// Cards out of play; may be repeated
    #[arg(long, value_name = "CARDS")]
    pub dead: Vec<String>,
    /// The player whose range is drawn (1-based)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub player: usize,
    /// Sample each combo, N random deals in all (1e6, 1_000_000)
    #[arg(long, value_name = "N", value_parser = crate::args::count, allow_negative_numbers = true)]
    pub trials: Option<u64>,
    /// Seed for --trials (default 1)
    #[arg(long, value_name = "S", value_parser = crate::args::count, allow_negative_numbers = true, requires = "trials")]
    pub seed: Option<u64>,
    /// Threads (default: all cores; the counts are the same)
    #[arg(long, value_name = "N", value_parser = crate::args::threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// One JSON object (see below)
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let cmd = "distribution";
    if args.hands.is_empty() {
        return Err(CliError::usage(cmd, "no hands given"));
    }
    if args.trials == Some(0) {
        return Err(CliError::usage(cmd, "--trials must be at least 1"));
    }
    let spec = super::streets::player_spec(
        cmd,
        &args.hands,
        args.board.as_deref(),
        &args.dead,
        args.player,
    )?;
    let table = spec.has_ranges().then(preflop_table).transpose()?;
    let job = DistributionJob::new(&spec, args.player - 1, table, args.trials.is_some())
        .map_err(|e| CliError::Failed(e.to_string()))?;
    let seed = args.seed.unwrap_or(DEFAULT_SEED);
    let trials = job.point_trials(args.trials.unwrap_or(DEFAULT_TRIALS));
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let d = run_points(&job, seed, trials, threads);
    let range = spec.player_label(args.player - 1);
    print(&if args.json {
        to_json(&d, &range, (!d.exact).then_some(trials))
    } else {
        to_text(&d, &range, (!d.exact).then_some(trials))
    })
}

/// Every combo's job on `threads` threads (each takes the next combo).
fn run_points(job: &DistributionJob, seed: u64, trials: u64, threads: usize) -> Distribution {
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done: Vec<(usize, Tally)> = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= job.len() {
                return done;
            }
            done.push((i, job.run_point(i, seed, trials)));
        }
    };
    let helpers = threads.clamp(1, job.len().max(1)) - 1;
    let mut all = std::thread::scope(|s| {
        let workers: Vec<_> = (0..helpers).map(|_| s.spawn(work)).collect();
        let mut all = work();
        for w in workers {
            all.extend(w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        all
    });
    all.sort_by_key(|&(i, _)| i);
    job.finish(all.into_iter().map(|(_, t)| t).collect())
}

#[derive(Serialize)]
struct Json<'a> {
    player: usize,
    range: &'a str,
    exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    trials: Option<u64>,
    combos: usize,
    mean: Float,
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<Float>,
    buckets: Vec<BucketJson>,
    points: Vec<PointJson>,
}

#[derive(Serialize)]
struct BucketJson {
    from: Float,
    to: Float,
    share: Float,
}

#[derive(Serialize)]
struct PointJson {
    combo: String,
    weight: Float,
    share: Float,
    equity: Float,
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<Float>,
}

fn bucket_edges() -> impl Iterator<Item = (f64, f64)> {
    BUCKETS
        .iter()
        .enumerate()
        .map(|(i, &lo)| (lo, BUCKETS.get(i + 1).copied().unwrap_or(1.0)))
}

fn to_json(d: &Distribution, range: &str, trials: Option<u64>) -> String {
    let heaviest = d.points.iter().map(|p| p.weight).max().unwrap_or(1).max(1);
    let doc = Json {
        player: d.player + 1,
        range,
        exact: d.exact,
        trials,
        combos: d.points.len(),
        mean: Float(d.mean()),
        stderr: (!d.exact).then(|| Float(d.error())),
        buckets: bucket_edges()
            .zip(d.buckets(&BUCKETS))
            .map(|((from, to), share)| BucketJson {
                from: Float(from),
                to: Float(to),
                share: Float(share),
            })
            .collect(),
        points: d
            .points
            .iter()
            .zip(d.shares())
            .map(|(p, share)| PointJson {
                combo: format_cards_compact(&p.cards),
                weight: Float(f64::from(p.weight) / f64::from(heaviest)),
                share: Float(share),
                equity: Float(p.equity()),
                stderr: (!d.exact).then_some(Float(p.error)),
            })
            .collect(),
    };
    line(&doc)
}

fn to_text(d: &Distribution, range: &str, trials: Option<u64>) -> String {
    let mut out = String::new();
    let how = match trials {
        None => "exact".to_string(),
        Some(t) => format!("sampled, {} deals per combo", crate::output::grouped(t)),
    };
    let _ = writeln!(
        out,
        "Player {} ({range}): {} combos, {how}",
        d.player + 1,
        d.points.len()
    );
    let pm = |e: f64| {
        if d.exact {
            String::new()
        } else {
            format!(" ± {:.2}", e * 100.0)
        }
    };
    let _ = writeln!(out, "Mean equity {:.4}%{}", d.mean() * 100.0, pm(d.error()));
    for ((from, to), share) in bucket_edges().zip(d.buckets(&BUCKETS)) {
        let _ = writeln!(
            out,
            "  {:>3}–{:<3}% equity: {:>6.2}% of the range",
            from * 100.0,
            to * 100.0,
            share * 100.0
        );
    }
    let _ = writeln!(out, "\ncombo     equity  share of range");
    let mut cumulative = 0.0;
    for (p, share) in d.points.iter().zip(d.shares()) {
        cumulative += share;
        let _ = writeln!(
            out,
            "{:<8} {:>7.3}%{}  {:.3}% (to {:.1}%)",
            format_cards_compact(&p.cards),
            p.equity() * 100.0,
            pm(p.error),
            share * 100.0,
            cumulative * 100.0
        );
    }
    out
}
