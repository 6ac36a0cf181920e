//! The mixed games' rows (issue 38): stud and draw equity through the
//! core's one job (`Game::open`), allin alone (no stud or draw engine is in
//! a registry we could find; none is compared). Their own small table:
//! median time, spread, and the equities as a check.

use crate::run::{self, Answer, Engine};
use allin::game::Game;
use allin::job::{EquityJob, JobMethod, JobSpec};

/// A game workload; `trials`: Monte Carlo (one job seeded 1), else exact.
pub struct GameWorkload {
    pub name: &'static str,
    pub game: &'static str,
    pub players: &'static [&'static str],
    pub dead: &'static str,
    pub trials: Option<u64>,
}

/// Monte Carlo trials for 8-player stud from 3rd street to ±0.1 percentage
/// point (one standard error of every player's equity: 0.102 at 150,000
/// trials, so about 0.096 at this count).
pub const STUD8_TRIALS: u64 = 170_000;

pub const GAMES: &[GameWorkload] = &[
    GameWorkload {
        name: "Mixed: stud heads-up from 5th street, exact",
        game: "stud",
        players: &["[AhKh]Qh7c2s", "[9s9c]8d5c3h"],
        dead: "",
        trials: None,
    },
    GameWorkload {
        name: "Mixed: 8-player stud from 3rd street, Monte Carlo to ±0.1",
        game: "stud",
        players: &[
            "[AhKh]Qh", "[9s9c]8d", "[2c3c]4c", "[JdJh]5s", "[Td9d]8h", "[7s7h]6d", "[AcQc]Kd",
            "[2d2h]3s",
        ],
        dead: "",
        trials: Some(STUD8_TRIALS),
    },
    GameWorkload {
        name: "Mixed: 2-7 single draw, 9h8c4d2h v 9d7h5s2d (As Kd dead), exact",
        game: "2-7-draw",
        players: &["9h8c4d2h", "9d7h5s2d"],
        dead: "AsKd",
        trials: None,
    },
];

/// Each player's equity from a Tally's counts by winner set.
fn equities(counts: &[u128], players: usize) -> Vec<f64> {
    let total: u128 = counts.iter().sum();
    (0..players)
        .map(|p| {
            let share: f64 = counts
                .iter()
                .enumerate()
                .filter(|(mask, _)| mask >> p & 1 == 1)
                .map(|(mask, &n)| n as f64 / mask.count_ones() as f64)
                .sum();
            share / total.max(1) as f64
        })
        .collect()
}

/// Opens the workload's job (as every surface does).
pub fn open(w: &GameWorkload) -> Result<Box<dyn EquityJob>, String> {
    let game = Game::parse_among(w.game, &Game::ALL).map_err(|e| e.to_string())?;
    let mut spec = JobSpec::new(w.players, "", w.dead);
    spec.method = if w.trials.is_some() {
        JobMethod::MonteCarlo
    } else {
        JobMethod::Exact
    };
    game.open(&spec).map_err(|e| e.to_string())
}

/// The workload once: its equities (opening the job is part of the work).
pub fn answer(w: &GameWorkload) -> Result<Answer, String> {
    let job = open(w)?;
    let counts = match w.trials {
        Some(trials) => job.run_trials(1, 0, trials),
        None => job.run_all(),
    };
    Ok(Answer::exact(equities(&counts, job.players())))
}

/// The table of the game rows: median and spread over `reps` runs.
pub fn table(reps: usize, wanted: &dyn Fn(&str) -> bool) -> Result<String, String> {
    if !GAMES.iter().any(|w| wanted(w.name)) {
        return Ok(String::new());
    }
    let mut out = String::from(
        "\nThe mixed games (allin alone: no peer in a registry), native, one thread:\n\n\
         | workload | allin | spread | equities |\n|---|---|---|---|\n",
    );
    for w in GAMES.iter().filter(|w| wanted(w.name)) {
        eprintln!("{} …", w.name);
        let mut engines = [Engine::new("allin", || answer(w))];
        let (mut times, last) = run::interleaved(reps, &mut engines)?.remove(0);
        times.sort();
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        let values: Vec<String> = last
            .values
            .iter()
            .map(|v| format!("{:.4}", 100.0 * v))
            .collect();
        out.push_str(&format!(
            "| {} | {:.1} ms | {:.1}–{:.1} ms | {} |\n",
            w.name,
            ms(times[times.len() / 2]),
            ms(times[0]),
            ms(times[times.len() - 1]),
            values.join(" / ")
        ));
    }
    Ok(out)
}
