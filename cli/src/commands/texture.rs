//! `allin range TEXT --board CARDS`: what the range makes and draws on a
//! flop or a turn (`allin::range::texture`), as a table or JSON.

use crate::output::json::Float;
use crate::output::{print, CliError};
use allin::card::{format_cards_compact, parse_cards, Card};
use allin::range::texture::{Row, TextureCounts, TextureJob, ROWS};
use allin::range::{HandClass, Range};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

#[derive(Serialize)]
struct TextureJson {
    /// The range as given (before removing the combos that clash).
    range: String,
    board: String,
    dead: String,
    combos: u32,
    weighted: Float,
    removed: u32,
    removed_weighted: Float,
    rows: Vec<RowJson>,
    classes: Vec<ClassJson>,
}

#[derive(Serialize)]
struct RowJson {
    row: &'static str,
    kind: &'static str,
    label: &'static str,
    combos: u32,
    weighted: Float,
    share: Float,
}

#[derive(Serialize)]
struct ClassJson {
    class: String,
    weighted: Float,
    rows: BTreeMap<&'static str, Float>,
}

/// A weight sum (per mille) in combos.
fn combos(w: u64) -> f64 {
    w as f64 / 1000.0
}

/// `12`, `1.5`, `0.125`: a weighted count as range text writes it.
fn count_text(w: u64) -> String {
    let s = format!("{:.3}", combos(w));
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn cards(flag: &str, text: &str) -> Result<Vec<Card>, CliError> {
    parse_cards(text).map_err(|e| CliError::Failed(format!("{flag}: {e}")))
}

/// Runs the breakdown of `range` (already parsed) on `board`.
pub fn run(range: &Range, board: &str, dead: &str, json: bool) -> Result<(), CliError> {
    let board = cards("--board", board)?;
    let dead = if dead.trim().is_empty() {
        Vec::new()
    } else {
        cards("--dead", dead)?
    };
    let job =
        TextureJob::open(range, &board, &dead).map_err(|e| CliError::Failed(e.to_string()))?;
    let c = job.counts();
    let out = if json {
        crate::output::json::line(&to_json(range, &job, &c, &dead))
    } else {
        table(range, &job, &c, &dead)
    };
    print(&out)
}

fn to_json(range: &Range, job: &TextureJob, c: &TextureCounts, dead: &[Card]) -> TextureJson {
    let (removed, removed_w) = job.removed();
    let rows = Row::all()
        .map(|row| RowJson {
            row: row.key(),
            kind: row.kind(),
            label: row.label(),
            combos: c.row_combos[row.index()],
            weighted: Float(combos(c.rows[row.index()])),
            share: Float(c.share(row)),
        })
        .collect();
    let classes = HandClass::all_canonical()
        .filter(|k| c.class_total[k.index()] > 0)
        .map(|k| ClassJson {
            class: k.label(),
            weighted: Float(combos(c.class_total[k.index()].into())),
            rows: Row::all()
                .filter(|r| c.class_rows[k.index()][r.index()] > 0)
                .map(|r| {
                    (
                        r.key(),
                        Float(combos(c.class_rows[k.index()][r.index()].into())),
                    )
                })
                .collect(),
        })
        .collect();
    TextureJson {
        range: range.to_string(),
        board: format_cards_compact(job.board()),
        dead: format_cards_compact(dead),
        combos: c.combos,
        weighted: Float(combos(c.total)),
        removed,
        removed_weighted: Float(combos(removed_w)),
        rows,
        classes,
    }
}

fn table(range: &Range, job: &TextureJob, c: &TextureCounts, dead: &[Card]) -> String {
    let (removed, _) = job.removed();
    let mut out = String::new();
    let _ = write!(
        out,
        "{} on {}: {} combos",
        range,
        allin::card::format_cards(job.board()),
        count_text(c.total)
    );
    if removed > 0 {
        let _ = write!(
            out,
            " ({removed} removed: they use a board{} card)",
            if dead.is_empty() { "" } else { " or dead" }
        );
    }
    out.push('\n');
    let mut last_kind = "";
    for row in Row::all() {
        let w = c.rows[row.index()];
        if row.kind() != last_kind {
            last_kind = row.kind();
            let head = if last_kind == "made" {
                "Made hand"
            } else {
                "Draw"
            };
            let _ = writeln!(out, "\n{head:<26} {:>8} {:>7}", "combos", "share");
        }
        if w == 0 {
            continue;
        }
        let _ = writeln!(
            out,
            "{:<26} {:>8} {:>6.1}%",
            row.label(),
            count_text(w),
            100.0 * c.share(row)
        );
    }
    debug_assert_eq!(ROWS, Row::all().count());
    out
}
