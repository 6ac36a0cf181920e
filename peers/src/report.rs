//! The table: per workload both engines' median time, their spread
//! (fastest–slowest run) and the ratio of the medians, with the machine and
//! build named above it; in Markdown and JSON.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

/// One workload's timings, checked equal.
pub struct Row {
    name: &'static str,
    peer: &'static str,
    ours: Vec<Duration>,
    theirs: Vec<Duration>,
    check: &'static str,
}

impl Row {
    pub fn new(
        name: &'static str,
        peer: &'static str,
        ours: Vec<Duration>,
        theirs: Vec<Duration>,
        check: &'static str,
    ) -> Row {
        Row {
            name,
            peer,
            ours,
            theirs,
            check,
        }
    }

    /// allin's median over the peer's: below 1 is faster.
    fn ratio(&self) -> f64 {
        secs(median(&self.ours)) / secs(median(&self.theirs))
    }
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

fn median(times: &[Duration]) -> Duration {
    let mut t = times.to_vec();
    t.sort();
    t[t.len() / 2]
}

/// `1.23 s`, `45.6 ms`, `7.89 µs`.
fn show(d: Duration) -> String {
    let s = secs(d);
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{:.2} µs", s * 1e6)
    }
}

fn spread(times: &[Duration]) -> String {
    let min = times.iter().min().copied().unwrap_or_default();
    let max = times.iter().max().copied().unwrap_or_default();
    format!("{}–{}", show(min), show(max))
}

/// The CPU's model name and the cores this process may use.
fn machine() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{model}, {cores} cores available, one thread used")
}

fn build() -> String {
    let mut features = Vec::new();
    for (on, name) in [
        (cfg!(target_feature = "popcnt"), "popcnt"),
        (cfg!(target_feature = "bmi2"), "bmi2"),
        (cfg!(target_feature = "avx2"), "avx2"),
    ] {
        if on {
            features.push(name);
        }
    }
    format!(
        "{} build, {} ({})",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        std::env::consts::ARCH,
        if features.is_empty() {
            "default target CPU: no popcnt, bmi2, avx2".to_string()
        } else {
            format!("with {}", features.join(", "))
        }
    )
}

pub fn markdown(rows: &[Row]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Machine: {}. Build: {}.", machine(), build());
    let _ = writeln!(
        s,
        "Each engine in process, interleaved runs after a warm-up; medians, (fastest–slowest), \
         ratio = allin / peer (below 1: allin is faster).\n"
    );
    let _ = writeln!(
        s,
        "| workload | allin | peer | peer's time | allin / peer | checked |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|");
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} ({}) | {} | {} ({}) | {:.2}× | {}, {} runs each |",
            r.name,
            show(median(&r.ours)),
            spread(&r.ours),
            r.peer,
            show(median(&r.theirs)),
            spread(&r.theirs),
            r.ratio(),
            r.check,
            r.ours.len()
        );
    }
    s
}

/// JSON text (strings escaped by hand: the names are ours, plain ASCII but for `–`).
pub fn json(rows: &[Row]) -> String {
    let text = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let times = |t: &[Duration]| {
        let list: Vec<String> = t.iter().map(|d| format!("{:.9}", secs(*d))).collect();
        format!("[{}]", list.join(", "))
    };
    let mut s = format!(
        "{{\n  \"machine\": {},\n  \"build\": {},\n  \"rows\": [\n",
        text(&machine()),
        text(&build())
    );
    for (i, r) in rows.iter().enumerate() {
        let _ = writeln!(
            s,
            "    {{\"workload\": {}, \"peer\": {}, \"allin_s\": {}, \"peer_s\": {}, \"ratio\": {:.4}, \"checked\": {}}}{}",
            text(r.name),
            text(r.peer),
            times(&r.ours),
            times(&r.theirs),
            r.ratio(),
            text(r.check),
            if i + 1 < rows.len() { "," } else { "" }
        );
    }
    s.push_str("  ]\n}\n");
    s
}

/// Writes both files to `target/bench/` (under `CARGO_TARGET_DIR` if set).
pub fn write(markdown: &str, json: &str) -> std::io::Result<PathBuf> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"));
    let dir = target.join("bench");
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("peers.md"), markdown)?;
    std::fs::write(dir.join("peers.json"), json)?;
    Ok(dir)
}
