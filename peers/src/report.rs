//! The table: per workload every engine's median time, its spread
//! (fastest–slowest run) and allin's ratio to the fastest peer (paired by
//! round), with the machine and build named above it; in Markdown and JSON.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

/// One workload's timings (allin first, then each peer that ran it), checked.
pub struct Row {
    name: String,
    engines: Vec<(&'static str, Vec<Duration>)>,
    check: String,
}

impl Row {
    pub fn new(
        name: impl Into<String>,
        engines: Vec<(&'static str, Vec<Duration>)>,
        check: impl Into<String>,
    ) -> Row {
        assert!(engines.len() >= 2 && engines[0].0 == "allin");
        Row {
            name: name.into(),
            engines,
            check: check.into(),
        }
    }

    /// The fastest peer by median time, and allin's time over its time
    /// round by round (both ran in each round, one after the other, so a
    /// machine that changes speed between rounds moves both): below 1 is faster.
    fn best(&self) -> (&'static str, Ratio) {
        let (name, theirs) = self.engines[1..]
            .iter()
            .min_by_key(|(_, t)| median(t))
            .expect("a row has a peer");
        (name, Ratio::paired(&self.engines[0].1, theirs))
    }
}

/// One time over another, taken in each round: the median and the range.
struct Ratio {
    median: f64,
    low: f64,
    high: f64,
}

impl Ratio {
    fn paired(ours: &[Duration], theirs: &[Duration]) -> Ratio {
        let mut r: Vec<f64> = ours
            .iter()
            .zip(theirs)
            .map(|(a, b)| secs(*a) / secs(*b))
            .collect();
        r.sort_by(f64::total_cmp);
        Ratio {
            median: r[r.len() / 2],
            low: r[0],
            high: r[r.len() - 1],
        }
    }

    /// `0.91× (0.85–0.97)`.
    fn text(&self) -> String {
        format!(
            "{}× ({}–{})",
            ratio_text(self.median),
            ratio_text(self.low),
            ratio_text(self.high)
        )
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

/// Two decimals, or three significant digits below 0.1 (`0.00×` says nothing).
fn ratio_text(r: f64) -> String {
    if r >= 0.1 {
        format!("{r:.2}")
    } else {
        let digits = (2 - r.log10().floor() as i32).clamp(3, 8) as usize;
        format!("{r:.digits$}")
    }
}

/// The peers seen in any row, in first-seen order.
fn peers(rows: &[Row]) -> Vec<&'static str> {
    let mut names = Vec::new();
    for r in rows {
        for (name, _) in &r.engines[1..] {
            if !names.contains(name) {
                names.push(*name);
            }
        }
    }
    names
}

pub fn markdown(rows: &[Row], notes: &[String]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Machine: {}. Build: {}.", machine(), build());
    let _ = writeln!(
        s,
        "Each engine in process, interleaved runs after a warm-up (every engine once a round); \
         medians, (fastest–slowest); ratio = allin's time over the fastest peer's in the same \
         round, the median (and range) over the rounds (below 1: allin is faster).\n"
    );
    let peers = peers(rows);
    let _ = write!(s, "| workload | allin |");
    for p in &peers {
        let _ = write!(s, " {p} |");
    }
    let _ = writeln!(s, " allin / fastest peer | checked |");
    let _ = writeln!(s, "|---|---|{}---|---|", "---|".repeat(peers.len()));
    for r in rows {
        let ours = &r.engines[0].1;
        let _ = write!(
            s,
            "| {} | {} ({}) |",
            r.name,
            show(median(ours)),
            spread(ours)
        );
        for p in &peers {
            match r.engines.iter().find(|e| e.0 == *p) {
                Some((_, t)) => {
                    let _ = write!(s, " {} ({}) |", show(median(t)), spread(t));
                }
                None => s.push_str(" — |"),
            }
        }
        let (best, ratio) = r.best();
        let _ = writeln!(
            s,
            " {} {best} | {}, {} runs each |",
            ratio.text(),
            r.check,
            ours.len()
        );
    }
    for n in notes {
        let _ = writeln!(s, "\n{n}");
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
        let engines: Vec<String> = r
            .engines
            .iter()
            .map(|(name, t)| format!("{}: {}", text(name), times(t)))
            .collect();
        let (best, ratio) = r.best();
        let _ = writeln!(
            s,
            "    {{\"workload\": {}, \"seconds\": {{{}}}, \"fastest_peer\": {}, \"ratio\": {:.4}, \"ratio_range\": [{:.4}, {:.4}], \"checked\": {}}}{}",
            text(&r.name),
            engines.join(", "),
            text(best),
            ratio.median,
            ratio.low,
            ratio.high,
            text(&r.check),
            if i + 1 < rows.len() { "," } else { "" }
        );
    }
    s.push_str("  ]\n}\n");
    s
}

/// Writes both files to `ALLIN_BENCH_DIR` (set by `cargo xtask bench`), else
/// `target/bench/` (under `CARGO_TARGET_DIR` if set).
pub fn write(markdown: &str, json: &str) -> std::io::Result<PathBuf> {
    let dir = match std::env::var_os("ALLIN_BENCH_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"))
            .join("bench"),
    };
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("peers.md"), markdown)?;
    std::fs::write(dir.join("peers.json"), json)?;
    Ok(dir)
}

/// `0.91× (0.85–0.97)`: one engine's time over another's, paired by round.
#[cfg_attr(not(ompeval), allow(dead_code))]
pub fn paired(ours: &[Duration], theirs: &[Duration]) -> String {
    Ratio::paired(ours, theirs).text()
}
