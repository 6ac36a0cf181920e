//! Issue 11's hostile inputs that one data-file line cannot express:
//! JSON that must parse, endless lines, URLs with queries, echoed input,
//! the clock (`--time`, progress on a terminal).

use crate::{allin, text};
use std::process::{Command, Stdio};

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
        [
            "census",
            "--game",
            "three-card",
            "--rules",
            "zha-jin-hua-235",
        ]
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
        "As Ks Qs Js Ts  Royal flush  (rank 32777)\n"
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

/// Every estimate in the blog snippet carries its error; too few deals for
/// one are refused.
#[test]
fn embed_estimates_carry_their_error() {
    let out = allin(&["embed", "AhKh", "QsQd", "--trials", "1000"], b"");
    assert!(out.status.success());
    let html = text(&out.stdout);
    assert!(
        html.contains("Monte Carlo estimate from 1000 random deals: ≈ value ± one standard error"),
        "{html}"
    );
    let cells: Vec<&str> = html
        .split("<td style=\"text-align:right")
        .skip(1)
        .map(|cell| cell.split_once('>').map_or("", |(_, rest)| rest))
        .map(|rest| rest.split("</td>").next().unwrap_or(""))
        .collect();
    assert_eq!(cells.len(), 6, "{html}");
    for cell in cells {
        assert!(
            cell.starts_with("≈&nbsp;") && cell.contains("% ±&nbsp;"),
            "{cell}"
        );
    }
    let out = allin(&["embed", "AhKh", "QsQd", "--trials", "10"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains("--trials 10: too few to show each estimate with its error"),
        "{}",
        text(&out.stderr)
    );
}
