//! `allin embed`'s HTML: the figure with the odds baked in, the live
//! widget's `<iframe>`, and the page's URL (`--url`, the scenario as the
//! fragment www/scenario.js writes).

use crate::commands::equity::job::Computed;
use crate::output::CliError;
use allin::equity::Spec;
use allin::quote::quote;
use std::fmt::Write as _;

/// Where the page lives: the folder (ending in `/`, or empty for "here")
/// and the query (with its `?`, or empty).
#[derive(Debug, PartialEq)]
pub struct Base {
    dir: String,
    query: String,
}

impl Base {
    /// The link to `file` (`index.html`, `embed.html`) with the scenario.
    pub(super) fn link(&self, file: &str, fragment: &str) -> String {
        format!("{}{file}{}#{fragment}", self.dir, self.query)
    }
}

/// Checks `--url`: http(s) absolute URLs and relative paths only.
pub fn base(url: &str) -> Result<Base, String> {
    let refuse = |why: &str| {
        Err(format!(
            "--url must be an http(s) URL or a relative path, got {} ({why})",
            quote(url)
        ))
    };
    if url
        .chars()
        .any(|c| c.is_whitespace() || allin::quote::is_hidden(c))
    {
        return refuse("spaces or hidden characters");
    }
    if url.contains('\\') {
        return refuse("a backslash");
    }
    let url_no_frag = url.split_once('#').map_or(url, |(u, _)| u);
    let (path, query) = match url_no_frag.split_once('?') {
        Some((p, q)) => (p, format!("?{q}")),
        None => (url_no_frag, String::new()),
    };
    let scheme_end = path.find(['/', '?', '#']).unwrap_or(path.len());
    let mut path = path.to_string();
    if let Some(colon) = path[..scheme_end].find(':') {
        let scheme = path[..colon].to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return refuse("only http and https");
        }
        let rest = path[colon + 1..].to_string();
        let host = rest
            .strip_prefix("//")
            .map(|r| r.split('/').next().unwrap_or(""));
        if host.map_or(true, str::is_empty) {
            return refuse("no host");
        }
        let slash = if rest["//".len()..].contains('/') {
            ""
        } else {
            "/"
        };
        path = format!("{scheme}:{rest}{slash}");
    } else if path.starts_with("//") {
        return refuse("//host is another site: write https://host/…");
    }
    if !path.is_empty() && !path.ends_with('/') {
        let last = path.rsplit('/').next().unwrap_or("");
        if last.ends_with(".html") || last.ends_with(".htm") {
            path.truncate(path.len() - last.len());
        } else {
            path.push('/');
        }
    }
    Ok(Base { dir: path, query })
}

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
pub fn encode(s: &str) -> String {
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

/// The page's fragment of a three-card scenario, in the order of
/// www/scenario.js `toFragment` (game, rules, deck and removal when not
/// the default, the players, dead cards when there are some).
pub fn three_card_fragment(
    rules: &str,
    deck: allin::three_card::ladder::Deck,
    removal: bool,
    labels: &[String],
    dead: &str,
) -> String {
    let mut parts = vec![
        "game=three-card".to_string(),
        format!("rules={}", encode(rules)),
    ];
    if deck == allin::three_card::ladder::Deck::Short {
        parts.push("deck=short".into());
    }
    if !removal {
        parts.push("removal=off".into());
    }
    parts.extend(players(labels));
    if !dead.is_empty() {
        parts.push(format!("dead={}", encode(dead)));
    }
    parts.join("&")
}

/// `p1=…&p2=…` of a fragment.
pub fn players(labels: &[String]) -> impl Iterator<Item = String> + '_ {
    labels
        .iter()
        .enumerate()
        .map(|(i, l)| format!("p{}={}", i + 1, encode(l)))
}

/// The live widget's frame height in CSS pixels for `players` players:
/// room for embed.html on a phone (www/embedding.js `frameHeight` agrees);
/// Omaha Hi-Lo's widget has a line more and its terms' summary under the
/// rows (`hilo`).
pub fn frame_height(players: usize, hilo: bool) -> usize {
    130 + 68 * players + if hilo { HILO_EXTRA_HEIGHT } else { 0 }
}

/// The height of Hi-Lo's part under the widget's rows (no low, the terms).
const HILO_EXTRA_HEIGHT: usize = 72;

/// The two snippets of a Hold'em job, with a comment before each; with
/// `svg`, the standalone SVG card it draws instead.
pub fn snippet(
    spec: &Spec,
    done: &Computed,
    base: &Base,
    svg: Option<Card>,
) -> Result<String, CliError> {
    let o = &done.outcome;
    let t = &o.tally;
    let mut caption = String::new();
    if !spec.board().is_empty() {
        let _ = write!(caption, "Board {}", allin::card::format_cards(spec.board()));
    } else {
        caption.push_str("Preflop");
    }
    if !spec.dead().is_empty() {
        let _ = write!(caption, ", dead {}", allin::card::format_cards(spec.dead()));
    }
    let labels: Vec<String> = (0..t.players()).map(|p| spec.player_label(p)).collect();
    let figure = Figure::of_tally(caption, &labels, t, o.exact);
    if let Some(card) = svg {
        // The same figure, as a card (enough deals for its errors, as render's).
        render(&figure, &fragment(spec), base, "")?;
        return Ok(card(&figure, &fragment(spec), base));
    }
    render(&figure, &fragment(spec), base, "")
}

/// What draws a figure as an SVG card (`svg::card`, passed in by `embed`).
pub type Card = fn(&Figure, &str, &Base) -> String;

/// One number of the figure: a share (of the showdowns, or of the pot),
/// with its standard error when it was sampled.
#[derive(Clone, Copy, Debug)]
pub struct Share {
    value: f64,
    error: Option<f64>,
}

impl Share {
    /// `count` of `n` showdowns; sampled (each trial one independent
    /// deal), with the binomial standard error, its variance taken at
    /// (count + 1) / (n + 2) so that a share never seen (or always seen)
    /// is not shown as certain (± 0).
    pub fn of(count: u64, n: u64, exact: bool) -> Share {
        let value = if n == 0 { 0.0 } else { count as f64 / n as f64 };
        let error = (!exact).then(|| {
            let p = (count as f64 + 1.0) / (n as f64 + 2.0);
            (p * (1.0 - p) / n.max(1) as f64).sqrt()
        });
        Share { value, error }
    }

    /// An equity and, sampled, its standard error.
    pub fn equity(value: f64, error: f64, exact: bool) -> Share {
        Share {
            value,
            error: (!exact).then_some(error),
        }
    }

    /// As plain text: `54.44%`, or sampled `≈ 54.44% ± 0.16` (points).
    pub fn text(self) -> String {
        match self.error {
            None => format!("{:.2}%", 100.0 * self.value),
            Some(e) => format!("≈ {:.2}% ± {:.2}", 100.0 * self.value, 100.0 * e),
        }
    }

    /// The value (a fraction).
    pub fn value(self) -> f64 {
        self.value
    }

    /// As HTML: `54.44%`, or sampled `≈ 54.44% ± 0.16` (points).
    fn html(self) -> String {
        match self.error {
            None => format!("{:.2}%", 100.0 * self.value),
            Some(e) => format!("≈&nbsp;{:.2}% ±&nbsp;{:.2}", 100.0 * self.value, 100.0 * e),
        }
    }
}

/// What the static figure shows: a caption, one row per player (its label
/// and one [`Share`] per column; the last column, in bold, is the
/// equity), an optional note, and how it was computed.
pub struct Figure<'a> {
    pub caption: String,
    pub columns: &'a [&'a str],
    pub labels: &'a [String],
    pub rows: Vec<Vec<Share>>,
    /// A line under the table: text, then a share (`No qualifying low:
    /// 12.34%`): Hi-Lo's, and only Hi-Lo's (its widget's frame is taller).
    pub note: Option<(String, Share)>,
    pub exact: bool,
    /// Showdowns counted (exact) or deals sampled.
    pub showdowns: u64,
}

impl<'a> Figure<'a> {
    /// Win, tie and equity from a Hold'em tally (the other games:
    /// `games::figure`).
    pub fn of_tally(
        caption: String,
        labels: &'a [String],
        t: &allin::equity::Tally,
        exact: bool,
    ) -> Figure<'a> {
        let n = t.showdowns();
        Figure {
            caption,
            columns: &["Win", "Tie", "Equity"],
            labels,
            rows: (0..t.players())
                .map(|p| {
                    vec![
                        Share::of(t.wins(p), n, exact),
                        Share::of(t.ties(p), n, exact),
                        Share::equity(t.equity(p), t.std_error(p), exact),
                    ]
                })
                .collect(),
            note: None,
            exact,
            showdowns: n,
        }
    }
}

/// A figure as the two snippets: the `<figure>` (caption, one row per
/// player, the note, how it was computed, the link) and the `<iframe>` of
/// the live widget, both at the page's `fragment`; `lead` starts the
/// frame's title as the page's share panel does (`"Omaha, "`, or empty for
/// Hold'em). A sampled figure needs enough deals for its errors.
pub fn render(figure: &Figure, frag: &str, base: &Base, lead: &str) -> Result<String, CliError> {
    let n = figure.showdowns;
    if !figure.exact && n < crate::output::MIN_TRIALS_FOR_ERROR {
        return Err(CliError::usage(
            "embed",
            format!(
                "{n} random deals are too few to show each estimate with its error \
                 ({} or more are needed)",
                crate::output::MIN_TRIALS_FOR_ERROR
            ),
        ));
    }
    let cell = "text-align:right;padding:.2em .4em";
    let mut out = String::new();
    out.push_str("<!-- allin: odds baked in (no script needed) -->\n");
    out.push_str(
        "<figure style=\"margin:1em 0;padding:.75em 1em;border:1px solid #ccd3cc;\
         border-radius:8px;font:15px/1.4 system-ui,sans-serif;max-width:32em;\
         color:#17201a;background:#f7faf7\">\n",
    );
    let _ = writeln!(
        out,
        "<figcaption style=\"font-weight:600;margin-bottom:.4em\">{}</figcaption>",
        escape(&figure.caption)
    );
    out.push_str(
        "<table style=\"border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums\">\n\
         <thead><tr><th style=\"text-align:left;padding:.2em .4em\">Hand</th>",
    );
    for column in figure.columns {
        let _ = write!(out, "<th style=\"{cell}\">{}</th>", escape(column));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (label, row) in figure.labels.iter().zip(&figure.rows) {
        let _ = write!(
            out,
            "<tr><td style=\"padding:.2em .4em;font-family:ui-monospace,monospace\">{}</td>",
            escape(label)
        );
        for (i, share) in row.iter().enumerate() {
            let bold = if i + 1 == row.len() {
                ";font-weight:600"
            } else {
                ""
            };
            let _ = write!(out, "<td style=\"{cell}{bold}\">{}</td>", share.html());
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    let note = "margin:.4em 0 0;font-size:13px;color:#4a574d";
    if let Some((text, share)) = &figure.note {
        let _ = writeln!(
            out,
            "<p style=\"{note}\">{}{}.</p>",
            escape(text),
            share.html()
        );
    }
    let how = if figure.exact {
        format!("Exact: every one of {n} outcomes counted.")
    } else {
        format!(
            "Monte Carlo estimate from {n} random deals: ≈ value ± one standard error \
             (in percentage points)."
        )
    };
    let _ = writeln!(
        out,
        "<p style=\"{note}\">{} <a href=\"{}\" style=\"color:#1f6f43\">Open in allin</a></p>",
        escape(&how),
        escape(&base.link("index.html", frag))
    );
    out.push_str("</figure>\n\n");
    out.push_str("<!-- allin: live widget (needs a host that allows iframes) -->\n");
    let _ = writeln!(
        out,
        "<iframe src=\"{}\" title=\"Poker odds: {}{}\" width=\"100%\" height=\"{}\" \
         style=\"border:0;max-width:32em\" loading=\"lazy\"></iframe>",
        escape(&base.link("embed.html", frag)),
        escape(lead),
        escape(&figure.labels.join(" vs ")),
        frame_height(figure.labels.len(), figure.note.is_some()),
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_card_fragments_are_the_pages() {
        use allin::three_card::ladder::Deck;
        let labels = ["2h2s2d".to_string(), "30%".to_string()];
        assert_eq!(
            three_card_fragment(
                "zha-jin-hua,235-beats-trips=no",
                Deck::Full,
                true,
                &labels,
                ""
            ),
            "game=three-card&rules=zha-jin-hua%2C235-beats-trips%3Dno&p1=2h2s2d&p2=30%25"
        );
        assert_eq!(
            three_card_fragment("casino", Deck::Short, false, &labels, "Ah"),
            "game=three-card&rules=casino&deck=short&removal=off&p1=2h2s2d&p2=30%25&dead=Ah"
        );
    }

    #[test]
    fn escapes_and_encodes() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(encode("QQ+, AKs"), "QQ%2B%2C%20AKs");
    }

    #[test]
    fn urls() {
        let ok = |u: &str, dir: &str, query: &str| {
            assert_eq!(
                base(u),
                Ok(Base {
                    dir: dir.into(),
                    query: query.into()
                }),
                "{u}"
            )
        };
        ok("", "", "");
        ok(
            "https://example.org/allin",
            "https://example.org/allin/",
            "",
        );
        ok("https://example.org", "https://example.org/", "");
        ok("HTTP://example.org/a/", "http://example.org/a/", "");
        ok(
            "https://x.org/a/?lang=en#old",
            "https://x.org/a/",
            "?lang=en",
        );
        ok("https://x.org/a/index.html?x=1", "https://x.org/a/", "?x=1");
        ok("allin", "allin/", "");
        ok("../allin/", "../allin/", "");
        ok("/allin", "/allin/", "");
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "data:text/html,<script>",
            "//evil.example/",
            "/\\evil.example/",
            "https:evil",
            "https:///x",
            "ftp://x.org/",
            "https://x.org/a b",
            "https://x.org/\u{202e}",
        ] {
            assert!(base(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn frames_grow_with_the_players() {
        assert_eq!(frame_height(2, false), 266);
        assert_eq!(frame_height(10, false), 810);
        assert_eq!(frame_height(2, true), 338);
    }
}
