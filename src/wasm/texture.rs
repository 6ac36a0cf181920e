//! What a range makes and draws on a flop or a turn
//! (`crate::range::texture`), for the page's breakdown panel.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{format_cards_compact, parse_cards, Card};
use crate::range::texture::{Row, TextureJob};
use crate::range::HandClass;

use super::range::parse_with_ranking;
use super::{args, field_error, to_js};

/// One row of the table.
#[derive(Serialize)]
struct RowView {
    /// Machine name (`"top_pair"`), `"made"` or `"draw"`, and the label.
    row: &'static str,
    kind: &'static str,
    label: &'static str,
    /// Combos (unweighted), combos by weight, share of the live weight.
    combos: u32,
    weighted: f64,
    share: f64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TextureView {
    /// The range as given (canonical), the board (compact).
    range: String,
    board: String,
    /// Live combos, their weight in combos, and what the board and dead
    /// cards removed.
    combos: u32,
    weighted: f64,
    removed: u32,
    removed_weighted: f64,
    rows: Vec<RowView>,
    /// Per class in grid order: its live weight in combos (0: none live).
    class_weighted: Vec<f64>,
    /// Per row (table order), per class in grid order: the share of the
    /// class's live weight in that row (0 where the class has none).
    class_shares: Vec<Vec<f64>>,
}

fn combos(permille: u64) -> f64 {
    permille as f64 / 1000.0
}

fn cards(text: &str, field: &str, what: &str) -> Result<Vec<Card>, JsValue> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    parse_cards(text).map_err(|e| field_error(field, format!("{what}: {e}")))
}

/// What `range` (range text, `X%` allowed) makes and draws on `board` (3
/// or 4 cards) with `dead` out of play: `{range, board, combos, weighted,
/// removed, removedWeighted, rows: [{row, kind, label, combos, weighted,
/// share}], classWeighted: [169], classShares: [rows][169]}` (grid order).
/// Throws an `Error` whose `field` is `"range"`, `"board"` or `"dead"`.
/// Cheap (at most 1,326 combos): no worker needed.
#[wasm_bindgen]
pub fn range_texture(range: JsValue, board: JsValue, dead: JsValue) -> Result<JsValue, JsValue> {
    let range = args::text(&range, "the range").map_err(|m| field_error("range", m))?;
    let board = args::text(&board, "the board").map_err(|m| field_error("board", m))?;
    let dead = args::text(&dead, "the dead cards").map_err(|m| field_error("dead", m))?;
    range_texture_str(&range, &board, &dead)
}

pub(super) fn range_texture_str(range: &str, board: &str, dead: &str) -> Result<JsValue, JsValue> {
    let parsed = parse_with_ranking(range).map_err(|e| field_error("range", e))?;
    let board_cards = cards(board, "board", "the board")?;
    let dead_cards = cards(dead, "dead", "the dead cards")?;
    let job = TextureJob::open(&parsed, &board_cards, &dead_cards).map_err(|e| {
        use crate::range::texture::TextureError as E;
        let field = match e {
            E::BoardSize(_) => "board",
            E::Overlap(..) => "dead",
            E::Empty { .. } => "range",
        };
        field_error(field, e)
    })?;
    let c = job.counts();
    let (removed, removed_w) = job.removed();
    let view = TextureView {
        range: parsed.to_string(),
        board: format_cards_compact(job.board()),
        combos: c.combos,
        weighted: combos(c.total),
        removed,
        removed_weighted: combos(removed_w),
        rows: Row::all()
            .map(|row| RowView {
                row: row.key(),
                kind: row.kind(),
                label: row.label(),
                combos: c.row_combos[row.index()],
                weighted: combos(c.rows[row.index()]),
                share: c.share(row),
            })
            .collect(),
        class_weighted: HandClass::all()
            .map(|k| combos(c.class_total[k.index()].into()))
            .collect(),
        class_shares: Row::all()
            .map(|row| {
                HandClass::all()
                    .map(|k| c.class_share(k, row).unwrap_or(0.0))
                    .collect()
            })
            .collect(),
    };
    to_js(&view)
}
