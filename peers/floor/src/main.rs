//! `allin-floor INDEX CALLS [--cold]`: workload INDEX
//! (`allin_floor::WORKLOADS`) run natively, warmed up for 300 ms (not with
//! `--cold`: for counting instructions), then CALLS calls timed: one line
//! of JSON, `{"ms": per call, "checksum": "…"}` (peers/js/floor.mjs).

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (flags, rest): (Vec<&String>, Vec<&String>) = args.iter().partition(|a| *a == "--cold");
    let cold = flags.len() == 1;
    let parsed = match rest.as_slice() {
        [i, calls] if flags.len() <= 1 => i.parse::<u32>().ok().zip(calls.parse::<u32>().ok()),
        _ => None,
    };
    let Some((i, calls)) =
        parsed.filter(|&(i, c)| (i as usize) < allin_floor::WORKLOADS.len() && c > 0)
    else {
        eprintln!(
            "usage: allin-floor INDEX CALLS [--cold] (INDEX 0 to {}, CALLS from 1)",
            allin_floor::WORKLOADS.len() - 1
        );
        std::process::exit(2);
    };
    let warm = Instant::now();
    let mut checksum = 0;
    while !cold && warm.elapsed().as_millis() < 300 {
        checksum = allin_floor::floor_run(i);
    }
    let t = Instant::now();
    for _ in 0..calls {
        checksum = std::hint::black_box(allin_floor::floor_run(std::hint::black_box(i)));
    }
    let ms = t.elapsed().as_secs_f64() * 1e3 / f64::from(calls);
    println!("{{\"ms\": {ms}, \"checksum\": \"{checksum}\"}}");
}
