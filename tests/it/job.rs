//! Every game through the one job trait: any chunking of the exact work,
//! and any order of Monte Carlo chunks, gives the same counts
//! (`tests/data/job_chunks.txt`).

use crate::check::check;
use allin::game::Game;
use allin::job::{add_counts, EquityJob, JobMethod, JobSpec};

fn spec(fields: &[&str], method: JobMethod) -> JobSpec {
    let players: Vec<&str> = fields[1].split(';').map(str::trim).collect();
    JobSpec {
        rules: fields[4].into(),
        method,
        ..JobSpec::new(&players, fields[2], fields[3])
    }
}

fn sum(job: &dyn EquityJob, parts: impl Iterator<Item = Vec<u128>>) -> Vec<u128> {
    let mut total = job.empty();
    for p in parts {
        if p.len() != job.counts_width() {
            return Vec::new();
        }
        add_counts(&mut total, &p);
    }
    total
}

fn exact_chunkings(job: &dyn EquityJob) -> Result<(), String> {
    let all = job.run_all();
    let units = job.total_units();
    if all.len() != job.counts_width() || all.iter().all(|&n| n == 0) {
        return Err(format!(
            "run_all: {} counts, all zero or the wrong width",
            all.len()
        ));
    }
    for stride in [1, 2, 3, 7, units.max(1)] {
        let strided = sum(job, (0..stride).map(|f| job.run_strided(f, stride)));
        if strided != all {
            return Err(format!("{stride} strided chunks differ from run_all"));
        }
    }
    let cuts = [0, units / 3, units / 2, units];
    let ranges = sum(job, cuts.windows(2).map(|w| job.run_units(w[0]..w[1])));
    if ranges != all {
        return Err("contiguous ranges differ from run_all".into());
    }
    Ok(())
}

fn monte_carlo_chunks(job: &dyn EquityJob) -> Result<(), String> {
    let forward = sum(job, (0..5).map(|c| job.run_trials(7, c, 200)));
    let backward = sum(job, (0..5).rev().map(|c| job.run_trials(7, c, 200)));
    if forward != backward || forward.is_empty() {
        return Err("Monte Carlo chunks differ by order".into());
    }
    let showdowns: u128 = forward[..1 << job.players()].iter().sum();
    if showdowns != 1_000 {
        return Err(format!("{showdowns} showdowns in 5 chunks of 200 trials"));
    }
    if job.total_units() != 0 || job.run_strided(0, 1) != job.empty() {
        return Err("a Monte Carlo job has exact units".into());
    }
    Ok(())
}

#[test]
fn any_chunking_gives_the_same_counts() {
    check("job_chunks.txt", |line| {
        let (case, expected) = line.split_once("=>").ok_or("no =>")?;
        let fields: Vec<&str> = case.split('|').map(str::trim).collect();
        if fields.len() != 5 {
            return Err("expected GAME | PLAYERS | BOARD | DEAD | RULES".into());
        }
        let game: Game = fields[0].parse().map_err(|e| format!("{e}"))?;
        let job = game
            .open(&spec(&fields, JobMethod::Auto))
            .map_err(|e| e.to_string())?;
        let method = if job.exact() { "exact" } else { "monte-carlo" };
        if method != expected.trim() {
            return Err(format!("auto chose {method}"));
        }
        if job.game() != game || job.labels().len() != job.players() {
            return Err("the job's game or labels".into());
        }
        if job.exact() {
            exact_chunkings(job.as_ref())?;
        }
        let sampled = game
            .open(&spec(&fields, JobMethod::MonteCarlo))
            .map_err(|e| e.to_string())?;
        monte_carlo_chunks(sampled.as_ref())
    });
}
