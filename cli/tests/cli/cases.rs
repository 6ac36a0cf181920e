//! The data-file cases (`cli/tests/data/cli.txt`) and the streaming and
//! showdown runs.

use crate::check::{check_expected, split_args, Mismatch, Rng};
use crate::{allin, root, text};
use allin::card::format_cards_compact;
use std::io::Write;
use std::process::{Command, Stdio};

/// One case of `cli.txt`: `ARGS => STATUS STREAM: TEXT`. A mismatch carries
/// the EXPECTED column as the binary now answers it, which bless mode
/// (`ALLIN_BLESS=1 cargo test -p allin-cli command_line_cases`) writes in.
fn run_case(args: &str, expected: &str) -> Result<(), Mismatch> {
    let args = split_args(args)?;
    let (status, rest) = expected
        .split_once(' ')
        .ok_or("malformed case: no STATUS")?;
    let status: i32 = status.parse().map_err(|_| "malformed case: STATUS")?;
    let (stream, want) = rest.split_once(':').ok_or("malformed case: no STREAM")?;
    let want = want.trim();

    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = allin(&arg_refs, b"");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let got = match stream {
        "stdout" => one_line(&stdout),
        "stderr" => one_line(&stderr),
        _ => return Err(format!("malformed case: unknown stream {stream:?}").into()),
    };
    let Some(code) = out.status.code() else {
        return Err(format!("killed by a signal: {:?}", out.status).into());
    };
    if code == 0 && !stderr.is_empty() {
        // Not something a line can expect: never blessed.
        return Err(format!("status 0 with something on stderr: {stderr}").into());
    }
    let matches = match want.strip_suffix(" …") {
        Some(prefix) => got.starts_with(prefix),
        None => got == want,
    };
    if code == status && matches {
        Ok(())
    } else {
        Err(Mismatch::actual(
            expected,
            expected_column(stream, want, code, &got),
        ))
    }
}

/// A stream as the TEXT column writes it: lines joined by " ⏎ ", the last
/// newline dropped, a blank line as "⏎ ⏎".
fn one_line(stream: &str) -> String {
    let mut got = stream.trim_end_matches('\n').replace('\n', " ⏎ ");
    while got.contains("⏎  ⏎") {
        got = got.replace("⏎  ⏎", "⏎ ⏎");
    }
    got
}

/// The EXPECTED column for a run that exited with `code` and wrote `got`
/// (as [`one_line`] writes it) on `stream`, for a case that expected
/// `want` there. A prefix case (`TEXT …`) stays one: its prefix if it still
/// matches, else as many characters of the new output, cut back to a word.
fn expected_column(stream: &str, want: &str, code: i32, got: &str) -> String {
    let text = match want.strip_suffix(" …") {
        Some(prefix) if got.starts_with(prefix) => want.to_string(),
        Some(prefix) if got.chars().count() > prefix.chars().count() => {
            let n = prefix.chars().count();
            let cut: String = got.chars().take(n).collect();
            let at_word_end = got.chars().nth(n) == Some(' ');
            let cut = match cut.rfind(' ') {
                Some(space) if !at_word_end && space > 0 => &cut[..space],
                _ => &cut,
            };
            format!("{} …", cut.trim_end())
        }
        _ => got.to_string(),
    };
    if text.is_empty() {
        format!("{code} {stream}:")
    } else {
        format!("{code} {stream}: {text}")
    }
}

#[test]
fn command_line_cases() {
    check_expected("cli.txt", run_case);
}

#[test]
fn blessed_columns_keep_the_stream_and_prefix_cases() {
    // A changed status and text.
    assert_eq!(
        expected_column("stderr", "error: old", 2, "error: new"),
        "2 stderr: error: new"
    );
    // Empty output: no space after the colon (lines are trimmed).
    assert_eq!(expected_column("stdout", "x", 0, ""), "0 stdout:");
    // A prefix that still matches is kept; only the status changes.
    assert_eq!(
        expected_column("stdout", "Monte Carlo: …", 1, "Monte Carlo: 9 trials"),
        "1 stdout: Monte Carlo: …"
    );
    // A prefix that no longer matches: as long a prefix of the new text,
    // cut back to a word.
    assert_eq!(
        expected_column(
            "stdout",
            "allin: old help …",
            0,
            "allin: new help text here"
        ),
        "0 stdout: allin: new help …"
    );
    assert_eq!(
        expected_column("stdout", "ab cde …", 0, "xy zwmore"),
        "0 stdout: xy …"
    );
    assert_eq!(
        expected_column("stdout", "ab cd …", 0, "xy zw more"),
        "0 stdout: xy zw …"
    );
    // New text shorter than the prefix: the whole text, exact.
    assert_eq!(
        expected_column("stdout", "a long old prefix …", 0, "short"),
        "0 stdout: short"
    );
    assert_eq!(one_line("a\n\nb\n"), "a ⏎ ⏎ b");
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
        let d = allin::eval::describe::describe(h).expect("a hand");
        let best = if h.len() > 5 {
            format!(",\"best\":\"{}\"", format_cards_compact(&d.best))
        } else {
            String::new()
        };
        let want = format!(
            "{{\"cards\":\"{}\",\"category\":\"{}\",\"name\":\"{}\"{best},\"rank\":{}}}",
            format_cards_compact(h),
            rank.category().name(),
            d.text,
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
    let d = allin::eval::describe::describe(&hands[0]).expect("a hand");
    let best = if hands[0].len() > 5 {
        format!("best {}; ", allin::card::format_cards(&d.best))
    } else {
        String::new()
    };
    assert_eq!(
        first,
        format!(
            "{}  {}  ({best}rank {})",
            allin::card::format_cards(&hands[0]),
            d.text,
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
        "2c 2d 2h 3s 3d  Full house, twos full of threes  (rank 24576)\n\
         As Ks Qs Js Ts  Royal flush  (rank 32777)\n\
         2c 3c 4c 5c 6c 7c  Straight flush, seven-high  (best 7c 6c 5c 4c 3c; rank 32770)\n\
         7c 5d 4h 3s 2c  High card, seven-five-four-three-two  (rank 0)\n"
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

#[test]
fn omaha_stdin_shares_the_board() {
    // One hand a line against --board; a bad line is reported by number,
    // the others still ranked in order.
    let input = "AsAhKsKh\n\nAh2dKcQd\nAh2c\n7c 8c 6d 6h\n";
    let out = allin(
        &["eval", "--game", "omaha-hilo", "--board", "2c3h4s5d9h", "-"],
        input.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lows: Vec<&str> = stdout
        .lines()
        .map(|l| l.rsplit_once(")  ").map_or("", |(_, low)| low))
        .map(|low| low.split(" (").next().unwrap_or(""))
        .collect();
    assert_eq!(lows, ["no low", "low 5-4-3-2-A", "low 7-6-4-3-2"]);
    assert_eq!(
        text(&out.stderr),
        "error: line 4: 2 cards: Omaha Hi-Lo deals 4 cards a hand\n"
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
