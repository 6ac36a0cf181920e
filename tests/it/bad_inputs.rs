//! The bad-input table, `tests/data/bad_inputs.txt`, on the CLI: every line
//! whose surfaces include `cli` (scenario lines run as `allin equity …`,
//! `cli` lines as the argument list they are). The JS API and the page run
//! the same table in `tests/e2e/bad-inputs.test.mjs`. The format is
//! documented at the top of the data file.

use crate::check::{check_expected, unescape, Mismatch};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Longest a CLI run may take before it counts as a hang.
const TIMEOUT: Duration = Duration::from_secs(20);
/// Address-space cap for every run (`ulimit -v`, KiB): a run that would
/// grow without bound fails fast instead of starving the machine.
const MEMORY_KIB: u64 = 2 << 20;

/// The `allin` binary under test, the one place that finds it: `ALLIN_CLI`
/// when set (the e2e step sets it), else the CLI crate's debug build
/// (`cli/`, package `allin-cli`), built once here with the cargo running
/// these tests so it is never stale or missing.
pub fn allin_binary() -> PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY
        .get_or_init(|| {
            if let Some(path) = std::env::var_os("ALLIN_CLI") {
                return PathBuf::from(path);
            }
            let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
            let status = Command::new(cargo)
                .args(["build", "--quiet", "-p", "allin-cli", "--bin", "allin"])
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .status()
                .expect("run cargo build for the allin binary");
            assert!(status.success(), "cargo build -p allin-cli failed");
            let target = std::env::var_os("CARGO_TARGET_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
            target
                .join("debug")
                .join(format!("allin{}", std::env::consts::EXE_SUFFIX))
        })
        .clone()
}

/// What a run gave: exit status (`None`: killed after the time limit),
/// stdout, stderr.
pub struct Run {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `allin ARGS` from the package root with `stdin`, under a memory cap
/// and a time limit.
pub fn run_allin(args: &[String], stdin: &[u8], timeout: Duration) -> Run {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {MEMORY_KIB} 2>/dev/null; exec \"$0\" \"$@\""
        ))
        .arg(allin_binary())
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run allin");
    let started = Instant::now();
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = std::io::Read::read_to_end(&mut out, &mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = std::io::Read::read_to_end(&mut err, &mut s);
        s
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for allin") {
            break status.code();
        }
        if started.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    Run {
        status,
        stdout: text(reader.join().unwrap_or_default()),
        stderr: text(err_reader.join().unwrap_or_default()),
    }
}

/// Where a line runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Surface {
    Cli,
    Js,
    Page,
}

/// A line's surfaces and what its INPUT is.
#[derive(Debug)]
enum Input {
    /// A scenario in URL-fragment syntax (`p1=AhKh&p2=QsQd&board=…`).
    Scenario(String),
    /// `allin` arguments, split as tests/data/cli.txt splits them.
    Args(String),
    /// A call of one wasm export (the JS runner's business).
    Call(String),
}

/// Parses `SURFACES | INPUT` into the surfaces and the input, `{TEXT*N}`
/// repeats expanded.
fn parse_line(left: &str) -> Result<(Vec<Surface>, Input), String> {
    let (surfaces, input) = left
        .split_once(" | ")
        .ok_or("malformed case: expected `SURFACES | INPUT => MESSAGE`")?;
    let mut list = Vec::new();
    for s in surfaces.trim().split(',') {
        match s.trim() {
            "all" => list.extend([Surface::Cli, Surface::Js, Surface::Page]),
            "cli" => list.push(Surface::Cli),
            "js" => list.push(Surface::Js),
            "page" => list.push(Surface::Page),
            other => return Err(format!("malformed case: unknown surface {other:?}")),
        }
    }
    let input = expand_repeats(input.trim())?;
    let input = match list.as_slice() {
        [Surface::Cli] => Input::Args(input),
        [Surface::Js] => Input::Call(input),
        _ => Input::Scenario(input),
    };
    Ok((list, input))
}

/// Expands `{TEXT*N}` (TEXT repeated N times) in `s`: long inputs stay one
/// short line in the file.
fn expand_repeats(s: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = s;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let body = &rest[open + 1..open + close];
        match body.rsplit_once('*').map(|(t, n)| (t, n.parse::<usize>())) {
            Some((text, Ok(n))) if !text.is_empty() => {
                out.push_str(&rest[..open]);
                out.push_str(&text.repeat(n));
            }
            _ => out.push_str(&rest[..=open + close]),
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Decodes `application/x-www-form-urlencoded` text as `URLSearchParams`
/// does: `+` is a space, `%XX` a byte, bytes then read as UTF-8 (invalid
/// sequences become U+FFFD).
fn form_decode(s: &str) -> String {
    let mut bytes = Vec::with_capacity(s.len());
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => bytes.push(b' '),
            b'%' if i + 2 < b.len() => {
                match std::str::from_utf8(&b[i + 1..i + 3])
                    .ok()
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                {
                    Some(byte) => {
                        bytes.push(byte);
                        i += 3;
                        continue;
                    }
                    None => bytes.push(b'%'),
                }
            }
            c => bytes.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A scenario's fields as the page reads them: `p1`…`p10` (missing ones
/// empty, at least two), `board`, `dead`, `method`. Only the first value of
/// a key counts, as `URLSearchParams.get` does.
struct Scenario {
    players: Vec<String>,
    board: String,
    dead: String,
    method: String,
}

fn parse_scenario(fragment: &str) -> Scenario {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for part in fragment.trim_start_matches('#').split('&') {
        if part.is_empty() {
            continue;
        }
        let (k, v) = part.split_once('=').unwrap_or((part, ""));
        pairs.push((form_decode(k), form_decode(v)));
    }
    let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    let highest = pairs
        .iter()
        .filter_map(|(k, _)| k.strip_prefix('p')?.parse::<usize>().ok())
        .max()
        .unwrap_or(0)
        .max(2);
    Scenario {
        players: (1..=highest)
            .map(|i| get(&format!("p{i}")).unwrap_or_default())
            .collect(),
        board: get("board").unwrap_or_default(),
        dead: get("dead").unwrap_or_default(),
        method: get("method").unwrap_or_else(|| "auto".into()),
    }
}

/// The command line a scenario runs as: `equity P1 … [--board B] [--dead
/// D] [--exact | --trials 2000 --seed 1]`.
fn scenario_args(s: &Scenario) -> Vec<String> {
    let mut args = vec!["equity".to_string()];
    args.extend(s.players.iter().cloned());
    if !s.board.is_empty() {
        args.extend(["--board".into(), s.board.clone()]);
    }
    if !s.dead.is_empty() {
        args.extend(["--dead".into(), s.dead.clone()]);
    }
    match s.method.as_str() {
        "exact" => args.push("--exact".into()),
        "mc" | "monte-carlo" => {
            args.extend(["--trials", "2000", "--seed", "1"].map(String::from));
        }
        _ => {}
    }
    args
}

/// Splits on spaces, with '…' quoting one argument (as tests/data/cli.txt
/// does); then each argument's escapes (`\t`, `\n`, `\\`, `\u{HEX}`) are
/// decoded.
fn split_args(s: &str) -> Result<Vec<String>, String> {
    let args = crate::check::split_args(s).map_err(|e| format!("malformed case: {e}"))?;
    args.iter().map(|a| unescape(a)).collect()
}

/// The CLI's answer normalised to the table's MESSAGE column: `ok` for
/// status 0 with nothing on stderr; otherwise the first line of stderr
/// without its `error: ` prefix (the usage hint that follows is dropped).
/// A status other than 0, 1 or 2 (a panic is 101), a run killed after
/// [`TIMEOUT`] or an error that is not one line of text are failures, not
/// messages.
fn cli_message(run: &Run) -> Result<String, String> {
    match run.status {
        None => Err(format!("hung: killed after {TIMEOUT:?}")),
        Some(0) if run.stderr.trim().is_empty() => Ok("ok".into()),
        Some(0) => Err(format!("status 0 with stderr: {}", short(&run.stderr))),
        Some(1 | 2) => {
            let first = run.stderr.lines().next().unwrap_or("");
            let message = first
                .strip_prefix("error: ")
                .ok_or_else(|| format!("stderr does not start with `error: `: {}", short(first)))?;
            if message.chars().any(|c| c.is_control()) {
                return Err(format!("raw control character in {}", short(message)));
            }
            Ok(message.to_string())
        }
        Some(code) => Err(format!(
            "status {code}: stderr {} stdout {}",
            short(&run.stderr),
            short(&run.stdout)
        )),
    }
}

fn short(s: &str) -> String {
    let s: String = s.chars().take(300).collect();
    format!("{s:?}")
}

/// Messages the table expects are echoed input at most this long: errors
/// quote input shortened.
const MAX_MESSAGE: usize = 400;

/// Whether `got` is the MESSAGE `expected`: equal, or for an `expected`
/// ending in ` …`, starting with the rest (for messages with measured
/// figures, like a time estimate).
fn matches(expected: &str, got: &str) -> bool {
    match expected.strip_suffix(" …") {
        Some(prefix) => got.starts_with(prefix),
        None => got == expected,
    }
}

#[test]
fn bad_inputs_on_the_cli() {
    let mut ran = 0;
    check_expected("bad_inputs.txt", |left, expected| {
        let (surfaces, input) = parse_line(left)?;
        if !surfaces.contains(&Surface::Cli) {
            return Ok(());
        }
        let args = match &input {
            Input::Scenario(fragment) => scenario_args(&parse_scenario(fragment)),
            Input::Args(args) => split_args(args)?,
            Input::Call(_) => unreachable!("a js line has no cli surface"),
        };
        ran += 1;
        let run = run_allin(&args, b"", TIMEOUT);
        let got = cli_message(&run)?;
        if got.chars().count() > MAX_MESSAGE {
            return Err(format!("message of {} characters", got.chars().count()).into());
        }
        if matches(expected, &got) {
            Ok(())
        } else {
            Err(Mismatch::actual(expected, got))
        }
    });
    eprintln!("bad_inputs.txt: {ran} CLI runs");
}

#[test]
fn the_table_is_well_formed() {
    let text = std::fs::read_to_string(crate::check::data_path("bad_inputs.txt")).unwrap();
    let (mut total, mut cli, mut js, mut page) = (0, 0, 0, 0);
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (left, _) = crate::check::split_case(line).expect("INPUT => MESSAGE");
        let (surfaces, input) = parse_line(left).unwrap();
        match &input {
            Input::Args(args) => drop(split_args(args).unwrap()),
            Input::Call(call) => assert!(
                call.split_once(' ')
                    .is_some_and(|(_, a)| a.starts_with('[')),
                "a js line is `EXPORT [ARGS…]`: {call}"
            ),
            Input::Scenario(_) => {}
        }
        total += 1;
        cli += usize::from(surfaces.contains(&Surface::Cli));
        js += usize::from(surfaces.contains(&Surface::Js));
        page += usize::from(surfaces.contains(&Surface::Page));
    }
    eprintln!("bad_inputs.txt: {total} lines; cli {cli}, js {js}, page {page}");
    assert!(total >= 120, "the table has {total} lines, fewer than 120");
}

#[test]
fn helpers() {
    assert_eq!(expand_repeats("a{xy*3}b").unwrap(), "axyxyxyb");
    assert!(matches("would take about …", "would take about 3 h"));
    assert!(!matches("would take about …", "would take"));
    assert_eq!(expand_repeats("{not a repeat}").unwrap(), "{not a repeat}");
    assert_eq!(form_decode("A%E2%80%8Bh+K%2B"), "A\u{200b}h K+");
    assert_eq!(form_decode("100%"), "100%");
    let s = parse_scenario("p1=AhKh&p3=QQ%2B&board=2h7h&dead=&method=mc&p1=x");
    assert_eq!(s.players, ["AhKh", "", "QQ+"]);
    assert_eq!((s.board.as_str(), s.method.as_str()), ("2h7h", "mc"));
    assert_eq!(
        scenario_args(&s).join(" "),
        "equity AhKh  QQ+ --board 2h7h --trials 2000 --seed 1"
    );
}
