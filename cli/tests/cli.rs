//! The `allin` binary, run for real: one-line cases from
//! `cli/tests/data/cli.txt`, plus stdin streaming, showdown files, the
//! censuses, JSON escaping and bounded reading.
//!
//! The cases run from the repository root (paths like
//! `tests/data/euler54_poker.txt` are relative to it), through the shared
//! `check` helper of the main crate's tests.

#[allow(dead_code)]
#[path = "../../tests/it/check.rs"]
mod check;

use allin::card::format_cards_compact;
use check::{check, Rng};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root, where the cases run.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ is inside the repository")
        .to_path_buf()
}

/// Runs `allin ARGS` from the repository root, feeding `stdin`.
fn allin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_allin"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run allin");
    let mut pipe = child.stdin.take().expect("stdin");
    // Write from a thread so a child that answers while reading cannot
    // deadlock against a full pipe.
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for allin");
    let _ = writer.join();
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Splits on spaces, with '…' quoting one argument.
fn split_args(s: &str) -> Result<Vec<String>, String> {
    let (mut args, mut cur, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for c in s.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    args.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if quoted {
        return Err("unbalanced quote".into());
    }
    if any {
        args.push(cur);
    }
    Ok(args)
}

fn run_case(line: &str) -> Result<(), String> {
    let (args, expect) = line
        .split_once(" => ")
        .map(|(a, e)| (a, e.trim()))
        .or_else(|| line.strip_prefix("=> ").map(|e| ("", e.trim())))
        .ok_or("malformed case: expected `ARGS => STATUS STREAM: TEXT`")?;
    let args = split_args(args)?;
    let (status, rest) = expect.split_once(' ').ok_or("malformed case: no STATUS")?;
    let status: i32 = status.parse().map_err(|_| "malformed case: STATUS")?;
    let (stream, want) = rest.split_once(':').ok_or("malformed case: no STREAM")?;
    let want = want.trim();

    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = allin(&arg_refs, b"");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let got = match stream {
        "stdout" => &stdout,
        "stderr" => &stderr,
        _ => return Err(format!("malformed case: unknown stream {stream:?}")),
    };
    let mut got = got.trim_end_matches('\n').replace('\n', " ⏎ ");
    while got.contains("⏎  ⏎") {
        got = got.replace("⏎  ⏎", "⏎ ⏎");
    }
    let matches = match want.strip_suffix(" …") {
        Some(prefix) => got.starts_with(prefix),
        None => got == want,
    };
    let mut problems = Vec::new();
    if out.status.code() != Some(status) {
        problems.push(format!("status {:?}, expected {status}", out.status.code()));
    }
    if !matches {
        problems.push(format!("{stream} was: {got}"));
    }
    if status == 0 && !stderr.is_empty() {
        problems.push(format!("unexpected stderr: {stderr}"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

#[test]
fn command_line_cases() {
    check("cli.txt", run_case);
}

#[test]
fn no_arguments_prints_usage_and_fails() {
    let out = allin(&[], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(
        err.starts_with("allin: exact poker hand evaluation"),
        "{err}"
    );
    assert!(err.ends_with("error: no command given\nRun 'allin --help' for usage.\n"));
}

/// Thousands of hands through stdin, JSON and human output, each line equal
/// to what the library says.
#[test]
fn eval_stdin_many_lines() {
    let mut rng = Rng::new(42);
    let hands: Vec<Vec<allin::Card>> = (0..6_000).map(|i| rng.cards(5 + i % 3)).collect();
    let mut input = String::new();
    for (i, h) in hands.iter().enumerate() {
        // Vary the formatting the parser must accept.
        let line = match i % 3 {
            0 => format_cards_compact(h),
            1 => allin::card::format_cards(h).to_lowercase(),
            _ => allin::card::format_cards(h).replace(' ', ", "),
        };
        input.push_str(&line);
        input.push_str(if i % 2 == 0 { "\n" } else { "\r\n" });
    }

    let out = allin(&["eval", "--json", "-"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), hands.len());
    for (h, line) in hands.iter().zip(&lines) {
        let rank = allin::eval::evaluate(h);
        let want = format!(
            "{{\"cards\":\"{}\",\"category\":\"{}\",\"rank\":{}}}",
            format_cards_compact(h),
            rank.category().name(),
            rank.value()
        );
        assert_eq!(*line, want);
    }

    let out = allin(&["eval", "-"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), hands.len());
    let first = stdout.lines().next().unwrap_or_default();
    let rank = allin::eval::evaluate(&hands[0]);
    assert_eq!(
        first,
        format!(
            "{}  {}  (rank {})",
            allin::card::format_cards(&hands[0]),
            rank.category().label(),
            rank.value()
        )
    );
}

/// Bad lines on stdin are reported by line number, the rest still ranked,
/// and the status is 1. Arguments and stdin mix, in order.
#[test]
fn eval_stdin_bad_lines() {
    let input = "AsKsQsJsTs\n\nKx\n2c 3c 4c 5c 6c 7c\nAs As Kd Qh Jc\nÿ\n7c5d4h3s2c";
    let out = allin(&["eval", "2c2d2h3s3d", "-", "Ah"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "2c 2d 2h 3s 3d  Full house  (rank 24576)\n\
         As Ks Qs Js Ts  Straight flush  (rank 32777)\n\
         2c 3c 4c 5c 6c 7c  Straight flush  (rank 32770)\n\
         7c 5d 4h 3s 2c  High card  (rank 0)\n"
    );
    let stderr = text(&out.stderr);
    let errors: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        errors,
        [
            "error: line 3: \"Kx\": unknown suit 'x' at position 2 (suits are c, d, h, s or ♣ ♦ ♥ ♠)",
            "error: line 5: duplicate card As",
            "error: line 6: \"ÿ\": unknown rank 'ÿ' at position 1 (ranks are 2-9, T or 10, J, Q, K, A)",
            "error: argument 3 \"Ah\": expected 5 to 7 cards, got 1",
        ]
    );
}

/// Hold'em lines are ranked a block of 4,096 at a time: bad lines on either
/// side of a block boundary keep their line numbers, and the 7-card hands of
/// every block (ranked together) match the library one by one.
#[test]
fn eval_stdin_bad_lines_across_blocks() {
    let mut rng = Rng::new(7);
    let mut input = String::new();
    let mut good = Vec::new();
    for n in 1..=9_000 {
        if [1, 4_096, 4_097, 8_999].contains(&n) {
            input.push_str("As As\n");
        } else {
            let hand = rng.cards(if n % 10 == 0 { 6 } else { 7 });
            input.push_str(&format_cards_compact(&hand));
            input.push('\n');
            good.push(hand);
        }
    }
    let out = allin(&["eval", "--json", "-"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: line 1: duplicate card As\n\
         error: line 4096: duplicate card As\n\
         error: line 4097: duplicate card As\n\
         error: line 8999: duplicate card As\n"
    );
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), good.len());
    for (hand, line) in good.iter().zip(&lines) {
        let rank = allin::eval::evaluate(hand);
        assert!(
            line.ends_with(&format!(",\"rank\":{}}}", rank.value())),
            "{line}"
        );
    }
}

/// Bytes that are not UTF-8 are an invalid line, not a crash.
#[test]
fn invalid_utf8_lines() {
    let out = allin(&["eval", "-"], b"AsKsQsJsTs\n\xff\xfeAs\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: line 2: not UTF-8 text (invalid byte at position 1)\n"
    );
    let out = allin(&["showdown", "-"], b"\xc3\n8C TS KC 9H 4S 7D 2S 5D 3S AC\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "{\"p1\":0,\"p2\":1,\"ties\":0,\"invalid\":1}\n"
    );
    assert_eq!(
        text(&out.stderr),
        "error: stdin: line 1: not UTF-8 text (invalid byte at position 1)\n"
    );
}

/// The Euler file through stdin gives the same answer as by name.
#[test]
fn showdown_stdin() {
    let euler = std::fs::read(root().join("tests/data/euler54_poker.txt")).expect("euler file");
    let out = allin(&["showdown", "-"], &euler);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "{\"p1\":376,\"p2\":624,\"ties\":0,\"invalid\":0}\n"
    );
}

#[test]
fn three_card_stdin() {
    let input = "2c3d5h\nAsAdAh\nAh 2c 3d\nKsQdJh\nAsKs\n";
    let out = allin(
        &["eval", "--game", "three-card", "--rules", "teen-patti", "-"],
        input.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let ranks: Vec<u32> = stdout
        .lines()
        .filter_map(|l| l.rsplit_once("(rank ")?.1.strip_suffix(')')?.parse().ok())
        .collect();
    assert_eq!(ranks.len(), 4);
    // 2-3-5 < A-2-3 (straight) ... trips on top; A-2-3 above K-Q-J.
    assert!(ranks[0] < ranks[3] && ranks[3] < ranks[2] && ranks[2] < ranks[1]);
    assert_eq!(
        text(&out.stderr),
        "error: line 5: expected 3 cards, got 2\n"
    );
}

/// Closing the output early (as `| head` does) is not an error.
#[test]
fn closed_stdout_is_quiet() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_allin"))
        .args(["eval", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run allin");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        for _ in 0..50_000 {
            if stdin.write_all(b"AsKsQsJsTs\n").is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().expect("wait");
    let _ = writer.join();
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}

// release sweep: ALLIN_EXHAUSTIVE
#[test]
#[ignore = "release sweep: cargo test --release -p allin-cli --test cli -- --ignored"]
fn census_holdem7() {
    let out = allin(&["census", "--game", "holdem7"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "{\"game\":\"holdem7\",\"hands\":133784560,\"categories\":{\"StraightFlush\":41584,\
         \"Quads\":224848,\"FullHouse\":3473184,\"Flush\":4047644,\"Straight\":6180020,\
         \"Trips\":6461620,\"TwoPair\":31433400,\"Pair\":58627800,\"HighCard\":23294460}}\n"
    );
}

/// The blog snippet: numbers baked in, no script, nothing fetched, and a
/// hostile hand name can only produce an error.
#[test]
fn embed_snippet_is_static_html() {
    let out = allin(
        &[
            "embed",
            "AhKh",
            "QsQd",
            "--board",
            "2h7hTc",
            "--url",
            "https://example.org/a/",
        ],
        b"",
    );
    assert!(out.status.success());
    let html = text(&out.stdout);
    assert!(
        html.contains(">54.44%<") && html.contains(">45.56%<"),
        "{html}"
    );
    assert!(!html.to_lowercase().contains("<script"));
    assert!(
        !html.contains("src=\"http") || html.matches("src=\"").count() == 1,
        "only the iframe has a src"
    );
    assert!(html.contains("<iframe src=\"https://example.org/a/embed.html#p1=AhKh&amp;p2=QsQd&amp;board=2h7hTc&amp;dead=\""));
    let bad = allin(&["embed", "AhKh", "\"><script>alert(1)</script>"], b"");
    assert!(!bad.status.success());
    assert!(text(&bad.stdout).is_empty());
}

/// Every `--json` command's stdout parses as JSON, whatever quotes and
/// backslashes the input holds: labels come from the input (range text),
/// and the output is written by serde, never by hand.
#[test]
fn json_output_always_parses() {
    let hostile = [
        "QQ+", "AKs:0.5", "AK@50", "random", "10%", "QQ+ \"", "A\\K", "\"AKs\"",
    ];
    let mut runs: Vec<Vec<String>> = Vec::new();
    for a in hostile {
        for b in hostile {
            runs.push(["equity", a, b, "--json"].map(String::from).to_vec());
        }
        runs.push(
            ["range", a, "--json", "--explain"]
                .map(String::from)
                .to_vec(),
        );
        runs.push(["eval", a, "--json"].map(String::from).to_vec());
    }
    runs.push(
        ["equity", "AhKh", "QsQd", "--trials", "1", "--json"]
            .map(String::from)
            .to_vec(),
    );
    runs.push(
        ["equity", "random", "random", "random", "--json"]
            .map(String::from)
            .to_vec(),
    );
    runs.push(
        ["census", "--game", "three-card", "--rules", "zha-jin-hua"]
            .map(String::from)
            .to_vec(),
    );
    runs.push(
        ["table169", "--json", "--sort", "2"]
            .map(String::from)
            .to_vec(),
    );
    runs.push(["eval", "--json", "-"].map(String::from).to_vec());
    runs.push(["showdown", "-"].map(String::from).to_vec());
    let mut parsed = 0;
    for args in &runs {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = allin(&refs, "AsKsQsJsTs\n\"\\\n".as_bytes());
        let stdout = text(&out.stdout);
        for line in stdout.lines() {
            serde_json::from_str::<serde_json::Value>(line)
                .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {line}"));
            parsed += 1;
        }
        if stdout.is_empty() {
            assert_ne!(out.status.code(), Some(0), "{args:?}: no output, no error");
        }
    }
    assert!(parsed >= 30, "only {parsed} JSON documents");
}

/// Auto falls back to Monte Carlo when exact is too large, and says so in
/// the JSON too.
#[test]
fn fallback_is_reported_in_json() {
    let out = allin(&["equity", "random", "random", "random", "--json"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(doc["exact"], false);
    assert_eq!(doc["trials"], 1_000_000);
    assert_eq!(doc["fallback"]["reason"], "too many boards for exact");
    assert!(doc["fallback"]["evaluations"].as_u64().unwrap() > 1_000_000_000_000);
    assert!(doc["players"][0]["stderr"].as_f64().unwrap() > 0.0);
}

/// Input without newlines is refused at the first 4 KiB, in bounded time
/// and memory, from stdin as from a file (`showdown /dev/zero` is in
/// cli.txt); a byte-order mark at the start of stdin is skipped.
#[test]
fn endless_lines_and_byte_order_marks() {
    let endless = vec![b'A'; 8 << 20];
    for args in [&["eval", "-"][..], &["showdown", "-"]] {
        let started = std::time::Instant::now();
        let out = allin(args, &endless);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            "error: stdin: line 1 is longer than 4096 bytes (not a text file of hands?); stopped reading\n"
        );
        assert!(started.elapsed().as_secs() < 10);
    }
    let out = allin(&["eval", "-"], "\u{feff}AsKsQsJsTs\n".as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "As Ks Qs Js Ts  Straight flush  (rank 32777)\n"
    );
    let out = allin(
        &["showdown", "-"],
        "\u{feff}8C TS KC 9H 4S 7D 2S 5D 3S AC\n".as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// A query in --url is kept, a fragment replaced by the scenario: both the
/// link and the frame work.
#[test]
fn embed_url_with_a_query() {
    let out = allin(
        &[
            "embed",
            "AhKh",
            "QsQd",
            "--board",
            "2h7hTc",
            "--url",
            "https://example.org/allin/index.html?lang=en&x=1#old",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let html = text(&out.stdout);
    let frag = "#p1=AhKh&amp;p2=QsQd&amp;board=2h7hTc&amp;dead=";
    assert!(
        html.contains(&format!(
            "<a href=\"https://example.org/allin/index.html?lang=en&amp;x=1{frag}\""
        )),
        "{html}"
    );
    assert!(
        html.contains(&format!(
            "<iframe src=\"https://example.org/allin/embed.html?lang=en&amp;x=1{frag}\""
        )),
        "{html}"
    );
}

/// Echoed input is short and escaped: a 100 KB argument and a terminal
/// escape sequence come back quoted, never whole or raw.
#[test]
fn echoed_input_is_short_and_escaped() {
    let long = format!("--{}", "x".repeat(100 * 1024)); // (one argument: at most 128 KiB on Linux)
    let cases: [&[&str]; 5] = [
        &["eval", &long],
        &["eval", "--game", "\u{1b}[2Jomaha", "AsKsQs"],
        &["census", "--game", "\u{1b}[31m"],
        &["\u{1b}]0;pwned\u{7}"],
        &["showdown", "\u{1b}[2J\u{200b}"],
    ];
    for args in cases {
        let out = allin(args, b"");
        let stderr = text(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(1 | 2)),
            "{args:?}: {stderr}"
        );
        assert!(stderr.len() < 400, "{args:?}: {} bytes", stderr.len());
        assert!(
            !stderr.contains('\u{1b}') && !stderr.contains('\u{200b}'),
            "{stderr}"
        );
        assert!(
            stderr.contains("\\u{1b}") || stderr.contains("characters)"),
            "{stderr}"
        );
    }
}

/// `--time` stops Monte Carlo by the clock and says how many trials ran;
/// piped, a job over a second writes no progress to stderr.
#[test]
fn time_budget() {
    let started = std::time::Instant::now();
    let out = allin(
        &["equity", "AhKh", "QsQd", "--time", "1200ms", "--json"],
        b"",
    );
    let took = started.elapsed().as_secs_f64();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "",
        "no progress when stderr is not a terminal"
    );
    assert!((1.2..4.0).contains(&took), "took {took} s");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(doc["trials"].as_u64().unwrap() >= 10_000, "{doc}");
    // With --trials too, whichever ends first.
    let out = allin(
        &[
            "equity", "AhKh", "QsQd", "--time", "1m", "--trials", "20000",
        ],
        b"",
    );
    assert!(text(&out.stdout)
        .starts_with("Monte Carlo: 20,000 trials (seed 1, --time 60s); ± is one standard error"));
}

/// On a terminal, a job over a second shows one updating progress line on
/// stderr and erases it at the end (run under `script` for a terminal;
/// skipped where `script` is missing).
#[test]
fn progress_on_a_terminal() {
    let cmd = format!(
        "{} equity AhKh QsQd --time 1500ms >/dev/null",
        env!("CARGO_BIN_EXE_allin")
    );
    let Ok(out) = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .stdin(Stdio::null())
        .output()
    else {
        eprintln!("skipped: no `script`");
        return;
    };
    if !out.status.success() {
        eprintln!("skipped: `script` failed: {}", text(&out.stderr));
        return;
    }
    let tty = text(&out.stdout);
    assert!(tty.contains("\requity (Monte Carlo): "), "{tty:?}");
    assert!(tty.contains(" trials), about "), "{tty:?}");
    assert!(
        tty.trim_end_matches(['\r', '\n']).ends_with("\r\u{1b}[K"),
        "{tty:?}"
    );
}

/// An estimate in the blog snippet carries its error, or says it has none
/// worth showing.
#[test]
fn embed_estimates_carry_their_error() {
    let html = text(&allin(&["embed", "AhKh", "QsQd", "--trials", "1000"], b"").stdout);
    assert!(
        html.contains("Monte Carlo estimate from 1000 random deals (± 1.57 points at most, one standard error)."),
        "{html}"
    );
    let html = text(&allin(&["embed", "AhKh", "QsQd", "--trials", "10"], b"").stdout);
    assert!(
        html.contains("Monte Carlo estimate from 10 random deals: too few for a meaningful error."),
        "{html}"
    );
}
