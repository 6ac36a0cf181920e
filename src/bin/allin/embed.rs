//! `allin embed`: an HTML snippet with the odds baked in, for blog hosts
//! that allow no scripts, plus the `<iframe>` for the live widget.

use crate::equity::{self as eq_cli};
use crate::{print, CliError};
use allin::equity::{calculate_with, Outcome, Spec};
use std::fmt::Write as _;

pub const HELP: &str = "\
allin embed: an HTML snippet with the odds baked in, for a blog post

Usage: allin embed HAND HAND... [--board CARDS] [--dead CARDS]
                   [--exact | --trials N [--seed S]] [--url URL]

Takes the same arguments as 'allin equity' (hands or ranges) and prints:
  1. a self-contained <figure> (inline styles, no script, no external
     resource) with each player's win, tie and equity, for hosts that allow
     no scripts;
  2. an <iframe> of the live widget (embed.html) for hosts that allow frames.

Options:
  --url URL   where the allin page is hosted, e.g. https://example.org/allin/
              (default: relative, for pages served next to it)
  (the rest as in 'allin equity --help')

Example:
  allin embed AhKh QsQd --board 2h7hTc --url https://example.org/allin/
";

/// Escapes text for HTML element content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Percent-encodes a URL fragment value (unreserved characters stay).
fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The scenario as the page's URL fragment: `p1=AhKh&p2=QsQd&board=2h7hTc&dead=`.
pub fn fragment(spec: &Spec) -> String {
    let mut parts: Vec<String> = (0..spec.players().len())
        .map(|p| format!("p{}={}", p + 1, encode(&spec.player_label(p))))
        .collect();
    let cards = |c: &[allin::Card]| encode(&allin::card::format_cards_compact(c));
    parts.push(format!("board={}", cards(spec.board())));
    parts.push(format!("dead={}", cards(spec.dead())));
    parts.join("&")
}

/// Splits `--url` off the arguments.
fn take_url(argv: &[String]) -> Result<(Vec<String>, String), CliError> {
    let mut rest = Vec::new();
    let mut url = String::new();
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        if a == "--url" {
            url = it
                .next()
                .ok_or_else(|| CliError::usage("embed", "option '--url' needs a value"))?
                .clone();
        } else if let Some(v) = a.strip_prefix("--url=") {
            url = v.to_string();
        } else {
            rest.push(a.clone());
        }
    }
    if !url.is_empty() && !url.ends_with('/') {
        url.push('/');
    }
    Ok((rest, url))
}

pub fn run(argv: &[String]) -> Result<(), CliError> {
    if argv.iter().any(|a| a == "-h" || a == "--help") {
        return print(HELP);
    }
    let (rest, url) = take_url(argv)?;
    if rest.iter().any(|a| a == "--json") {
        return Err(CliError::usage(
            "embed",
            "embed prints HTML; use 'allin equity --json' for JSON",
        ));
    }
    let Some((spec, method, _)) = eq_cli::parse(&rest)? else {
        return Ok(());
    };
    let table = if spec.has_ranges() {
        Some(eq_cli::preflop_table()?)
    } else {
        None
    };
    let outcome = calculate_with(&spec, method, table);
    print(&snippet(&spec, &outcome, &url))
}

/// The live widget's frame height in CSS pixels for `players` players:
/// room for embed.html on a phone (www/embedding.js `frameHeight` agrees).
pub fn frame_height(players: usize) -> usize {
    130 + 68 * players
}

/// The two snippets, with a comment before each.
pub fn snippet(spec: &Spec, o: &Outcome, url: &str) -> String {
    let t = &o.tally;
    let n = t.showdowns();
    let pct = |x: u64| {
        if n == 0 {
            0.0
        } else {
            100.0 * x as f64 / n as f64
        }
    };
    let frag = fragment(spec);
    let mut out = String::new();
    out.push_str("<!-- allin: odds baked in (no script needed) -->\n");
    out.push_str(
        "<figure style=\"margin:1em 0;padding:.75em 1em;border:1px solid #ccd3cc;\
         border-radius:8px;font:15px/1.4 system-ui,sans-serif;max-width:32em;\
         color:#17201a;background:#f7faf7\">\n",
    );
    let mut caption = String::new();
    if !spec.board().is_empty() {
        let _ = write!(caption, "Board {}", allin::card::format_cards(spec.board()));
    } else {
        caption.push_str("Preflop");
    }
    if !spec.dead().is_empty() {
        let _ = write!(caption, ", dead {}", allin::card::format_cards(spec.dead()));
    }
    let _ = writeln!(
        out,
        "<figcaption style=\"font-weight:600;margin-bottom:.4em\">{}</figcaption>",
        escape(&caption)
    );
    out.push_str(
        "<table style=\"border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums\">\n\
         <thead><tr><th style=\"text-align:left;padding:.2em .4em\">Hand</th>\
         <th style=\"text-align:right;padding:.2em .4em\">Win</th>\
         <th style=\"text-align:right;padding:.2em .4em\">Tie</th>\
         <th style=\"text-align:right;padding:.2em .4em\">Equity</th></tr></thead>\n<tbody>\n",
    );
    for p in 0..t.players() {
        let _ = writeln!(
            out,
            "<tr><td style=\"padding:.2em .4em;font-family:ui-monospace,monospace\">{}</td>\
             <td style=\"text-align:right;padding:.2em .4em\">{:.2}%</td>\
             <td style=\"text-align:right;padding:.2em .4em\">{:.2}%</td>\
             <td style=\"text-align:right;padding:.2em .4em;font-weight:600\">{:.2}%</td></tr>",
            escape(&spec.player_label(p)),
            pct(t.wins(p)),
            pct(t.ties(p)),
            100.0 * t.equity(p)
        );
    }
    out.push_str("</tbody>\n</table>\n");
    let how = if o.exact {
        format!("Exact: every one of {n} outcomes counted.")
    } else {
        format!("Monte Carlo estimate from {n} random deals.")
    };
    let _ = writeln!(
        out,
        "<p style=\"margin:.4em 0 0;font-size:13px;color:#4a574d\">{} \
         <a href=\"{}index.html#{}\" style=\"color:#1f6f43\">Open in allin</a></p>",
        escape(&how),
        escape(url),
        escape(&frag)
    );
    out.push_str("</figure>\n\n");
    out.push_str("<!-- allin: live widget (needs a host that allows iframes) -->\n");
    let _ = writeln!(
        out,
        "<iframe src=\"{}embed.html#{}\" title=\"Poker odds: {}\" width=\"100%\" height=\"{}\" \
         style=\"border:0;max-width:32em\" loading=\"lazy\"></iframe>",
        escape(url),
        escape(&frag),
        escape(
            &(0..t.players())
                .map(|p| spec.player_label(p))
                .collect::<Vec<_>>()
                .join(" vs ")
        ),
        frame_height(t.players()),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_encodes() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(encode("QQ+, AKs"), "QQ%2B%2C%20AKs");
    }

    #[test]
    fn frames_grow_with_the_players() {
        assert_eq!(frame_height(2), 266);
        assert_eq!(frame_height(10), 810);
    }
}
