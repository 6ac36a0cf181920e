//! Timing several engines on one workload: each in process, one warm-up
//! call, then `reps` samples each, interleaved (the starting engine rotates
//! every round: the machine is shared and noisy, so all see the same
//! weather). A job faster than [`MIN_SAMPLE`] is timed in batches of calls
//! (a microsecond job timed alone measures the clock).

use std::time::{Duration, Instant};

pub const MIN_SAMPLE: Duration = Duration::from_millis(20);

/// What an engine answers: numbers to check (equities, or category
/// counts) and the work done (hands, for Monte Carlo; else 1).
pub struct Answer {
    pub values: Vec<f64>,
    pub work: u64,
}

impl Answer {
    pub fn exact(values: Vec<f64>) -> Answer {
        Answer { values, work: 1 }
    }
}

pub type Call<'a> = Box<dyn FnMut() -> Result<Answer, String> + 'a>;

/// An engine by name, and how to run the workload in it.
pub struct Engine<'a> {
    pub name: &'static str,
    pub call: Call<'a>,
}

impl<'a> Engine<'a> {
    pub fn new(name: &'static str, call: impl FnMut() -> Result<Answer, String> + 'a) -> Self {
        Engine {
            name,
            call: Box::new(call),
        }
    }
}

/// Per engine (in the order given): the time of one call per sample and
/// the last answer. The first error stops the run.
pub fn interleaved(
    reps: usize,
    engines: &mut [Engine],
) -> Result<Vec<(Vec<Duration>, Answer)>, String> {
    let mut batch = Vec::new();
    let mut last = Vec::new();
    for e in engines.iter_mut() {
        let start = Instant::now();
        let answer = (e.call)().map_err(|err| format!("{}: {err}", e.name))?;
        let took = start.elapsed();
        batch.push((MIN_SAMPLE.as_nanos() / took.as_nanos().max(1)).clamp(1, 1_000_000) as u32);
        last.push(answer);
    }
    let n = engines.len();
    let mut times = vec![Vec::new(); n];
    for rep in 0..reps {
        for k in 0..n {
            let i = (rep + k) % n;
            let start = Instant::now();
            for _ in 0..batch[i] {
                let answer =
                    (engines[i].call)().map_err(|err| format!("{}: {err}", engines[i].name))?;
                last[i] = std::hint::black_box(answer);
            }
            times[i].push(start.elapsed() / batch[i]);
        }
    }
    Ok(times.into_iter().zip(last).collect())
}
