//! `allin embed … --svg`: the figure as a standalone SVG card, for hosts
//! that allow no scripts and no iframes (an `<img src>` or inline SVG).
//! Every number is text (selectable, read by screen readers, checked by
//! the tests); the card links to the page with the scenario; light, and
//! dark where the host's page asks for it (`prefers-color-scheme`).

use super::html::{escape, Base, Figure};
use std::fmt::Write as _;

const WIDTH: usize = 480;
const ROW: usize = 54;

/// The card: caption, a row per player (label, equity, the other
/// columns), how it was computed, the "allin" mark and the link.
pub fn card(figure: &Figure, frag: &str, base: &Base) -> String {
    let height = 78 + ROW * figure.labels.len() + 52;
    let link = base.link("index.html", frag);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {WIDTH} {height}\" role=\"img\" aria-labelledby=\"allin-title\">"
    );
    let _ = writeln!(
        out,
        "<title id=\"allin-title\">allin: {}</title>",
        escape(&figure.caption)
    );
    out.push_str(
        "<style>\
         .bg{fill:#ffffff;stroke:#d8d3c8}.t{fill:#1c1f24}.m{fill:#5b636e}.a{fill:#0b6b43}.k{fill:#e6e2d8}\
         text{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}\
         @media (prefers-color-scheme:dark){.bg{fill:#1a1e23;stroke:#2f353d}.t{fill:#e7e9ec}\
         .m{fill:#a2a9b3}.a{fill:#3fc586}.k{fill:#2a3038}}\
         </style>\n",
    );
    let _ = writeln!(
        out,
        "<rect class=\"bg\" x=\"0.5\" y=\"0.5\" width=\"{}\" height=\"{}\" rx=\"10\"/>",
        WIDTH - 1,
        height - 1
    );
    let _ = writeln!(
        out,
        "<text class=\"t\" x=\"20\" y=\"34\" font-size=\"18\" font-weight=\"700\">{}</text>",
        escape(&figure.caption)
    );
    let how = if figure.exact {
        format!("exact, {} showdowns", figure.showdowns)
    } else {
        format!(
            "≈ Monte Carlo, {} deals, ± one standard error",
            figure.showdowns
        )
    };
    let _ = writeln!(
        out,
        "<text class=\"m\" x=\"20\" y=\"56\" font-size=\"12\">{}</text>",
        escape(&how)
    );
    let last = figure.columns.len().saturating_sub(1);
    for (i, (label, row)) in figure.labels.iter().zip(&figure.rows).enumerate() {
        let y = 78 + i * ROW;
        let equity = row.get(last).copied();
        let _ = writeln!(
            out,
            "<text class=\"t\" x=\"20\" y=\"{}\" font-size=\"15\" font-weight=\"600\">Player {} · {}</text>",
            y + 18,
            i + 1,
            escape(label)
        );
        if let Some(e) = equity {
            let _ = writeln!(
                out,
                "<text class=\"t\" x=\"{}\" y=\"{}\" font-size=\"18\" font-weight=\"700\" \
                 text-anchor=\"end\">{}</text>",
                WIDTH - 20,
                y + 18,
                escape(&e.text())
            );
        }
        let others: Vec<String> = figure
            .columns
            .iter()
            .zip(row)
            .take(last)
            .map(|(c, s)| format!("{} {}", c.to_lowercase(), s.text()))
            .collect();
        let _ = writeln!(
            out,
            "<text class=\"m\" x=\"20\" y=\"{}\" font-size=\"12\">{}</text>",
            y + 36,
            escape(&others.join(" · "))
        );
        let w = equity.map_or(0.0, |e| e.value().clamp(0.0, 1.0)) * (WIDTH - 40) as f64;
        let _ = writeln!(
            out,
            "<rect class=\"k\" x=\"20\" y=\"{}\" width=\"{}\" height=\"4\"/>\
             <rect class=\"a\" x=\"20\" y=\"{}\" width=\"{w:.1}\" height=\"4\"/>",
            y + 42,
            WIDTH - 40,
            y + 42
        );
    }
    let y = height - 20;
    let _ = writeln!(
        out,
        "<a href=\"{}\"><text class=\"a\" x=\"20\" y=\"{y}\" font-size=\"16\" font-weight=\"800\">allin</text>\
         <text class=\"m\" x=\"{}\" y=\"{y}\" font-size=\"11\" text-anchor=\"end\">open in allin</text></a>",
        escape(&link),
        WIDTH - 20
    );
    out.push_str("</svg>\n");
    out
}
