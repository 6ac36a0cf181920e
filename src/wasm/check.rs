//! Checking a Hold'em scenario as it is typed (`check`'s Hold'em arm),
//! and the scenario's texts from JS for the other Hold'em exports.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::card::{parse_cards, Card};
use crate::equity::{boards, table_fits, Place, Plan, Spec, SpecError, MAX_PLAYERS};

use super::{
    args, field_error,
    range::parse_with_ranking,
    table::{preflop_table, preflop_table_loaded},
    to_js,
};

/// One input field as the engine read it.
#[derive(Serialize)]
struct FieldCheck {
    /// The field's cards, canonical (`["Ah", "Kh"]`), when the field parses
    /// on its own; empty otherwise.
    cards: Vec<String>,
    /// A player's range, canonical (`"QQ+, AKs"`), when the text is range
    /// text rather than two cards; `null` otherwise.
    range: Option<String>,
    /// The range's combos: once the cards in play are removed when the
    /// scenario is valid, else as written; `null` for anything but a range.
    combos: Option<u32>,
}

impl FieldCheck {
    pub(super) fn cards(text: &str) -> FieldCheck {
        FieldCheck {
            cards: parse_cards(text)
                .map(|cards| cards.iter().map(Card::to_string).collect())
                .unwrap_or_default(),
            range: None,
            combos: None,
        }
    }

    pub(super) fn player(text: &str, live: Option<&crate::equity::Player>) -> FieldCheck {
        let mut check = FieldCheck::cards(text);
        if check.cards.len() != 2 {
            if let Ok(range) = parse_with_ranking(text) {
                check.combos = Some(live.map_or(range.combo_count(), |p| p.combos.len() as u32));
                check.range = Some(range.to_string());
            }
        }
        check
    }
}

/// An error and the field it belongs to.
#[derive(Serialize)]
pub(super) struct FieldError {
    /// `"p1"` … `"p10"`, `"board"`, `"dead"`, or `"players"` for the table
    /// as a whole (too few or too many players).
    pub(super) field: String,
    /// The core's message, verbatim.
    pub(super) message: String,
}

/// What the Hold'em check (`check`, [`check_texts`]) returns.
///
/// Every field is text, a flag or a number that is exact in JS: the cost of
/// an exact enumeration can exceed 2^53, so it crosses as decimal text.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Check {
    players: Vec<FieldCheck>,
    board: FieldCheck,
    dead: FieldCheck,
    /// The first problem with the scenario, or `null` when it can be computed.
    error: Option<FieldError>,
    /// With an error: each field's own error, the field read alone (the
    /// players', the board's, the dead cards', in that order; `error` may
    /// be one of them), so every wrong field can be marked at once.
    field_errors: Vec<FieldError>,
    /// `"exact"` or `"monte-carlo"` (what `"auto"` would pick in this
    /// instance, with the preflop table if loaded); `null` on error.
    method: Option<&'static str>,
    /// Why `"auto"` samples, for people (`"too many boards for exact
    /// (≈9.6e15 evaluations): Monte Carlo"`); `null` when it is exact.
    why_sampled: Option<String>,
    /// Boards an exact enumeration visits per deal of hands (at most
    /// C(50, 5) = 2,118,760).
    boards: u32,
    /// The cost of an exact enumeration in evaluations (table lookups count
    /// one each), as decimal text: `"9587631835493712"`.
    cost: String,
    /// Some player holds a range.
    ranges: bool,
    /// The preflop table answers this job (ranges, heads-up, no board, no
    /// dead cards), and whether this instance has it.
    table_fits: bool,
    table_loaded: bool,
}

impl Check {
    /// The fields as read, with no error and no plan yet.
    fn unplanned(players: Vec<FieldCheck>, board: &str, dead: &str) -> Check {
        Check {
            players,
            board: FieldCheck::cards(board),
            dead: FieldCheck::cards(dead),
            error: None,
            field_errors: Vec::new(),
            method: None,
            why_sampled: None,
            boards: 0,
            cost: "0".into(),
            ranges: false,
            table_fits: false,
            table_loaded: preflop_table_loaded(),
        }
    }
}

/// A scenario's texts from JS: a list of at most [`MAX_PLAYERS`] texts,
/// the board and the dead cards; else the error and the field it is about.
pub(super) fn scenario_args(
    players: &JsValue,
    board: &JsValue,
    dead: &JsValue,
) -> Result<(Vec<String>, String, String), FieldError> {
    let fail = |field: &str, message: String| FieldError {
        field: field.into(),
        message,
    };
    if !js_sys::Array::is_array(players) {
        return Err(fail(
            "players",
            format!(
                "the players: expected a list of texts, got {}",
                args::kind(players)
            ),
        ));
    }
    let list: &js_sys::Array = players.unchecked_ref();
    let n = list.length() as usize;
    if n > MAX_PLAYERS {
        return Err(fail(
            "players",
            SpecError::TooManyPlayers { got: n }.to_string(),
        ));
    }
    let players = (0..n)
        .map(|i| {
            args::text(&list.get(i as u32), &format!("player {}", i + 1))
                .map_err(|m| fail(&field_name(Place::Player(i)), m))
        })
        .collect::<Result<Vec<String>, FieldError>>()?;
    let board = args::text(board, "the board").map_err(|m| fail("board", m))?;
    let dead = args::text(dead, "the dead cards").map_err(|m| fail("dead", m))?;
    Ok((players, board, dead))
}

/// The Hold'em check of a scenario as typed: one text per player, the
/// board and the dead cards (`check`'s Hold'em arm). Returns `{players:
/// [{cards, range, combos}], board: {cards}, dead: {cards}, error: {field,
/// message} | null, fieldErrors: [{field, message}], method, whySampled,
/// boards, cost (text), ranges, tableFits, tableLoaded}`.
pub(super) fn check_texts(players: &[String], board: &str, dead: &str) -> Result<JsValue, JsValue> {
    let spec = Spec::parse(players, board, dead);
    let mut check = Check::unplanned(
        players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                FieldCheck::player(p, spec.as_ref().ok().and_then(|s| s.players().get(i)))
            })
            .collect(),
        board,
        dead,
    );
    match spec {
        Ok(spec) => {
            let plan = Plan::new(&spec, preflop_table());
            check.method = Some(if plan.affordable() {
                "exact"
            } else {
                "monte-carlo"
            });
            check.why_sampled = plan.why_sampled();
            check.boards = boards_per_deal(&spec);
            check.cost = plan.cost().to_string();
            check.ranges = spec.has_ranges();
            check.table_fits = table_fits(&spec);
        }
        Err(err) => {
            check.error = Some(FieldError::from(&err));
            check.field_errors = Spec::field_errors(players, board, dead)
                .iter()
                .map(FieldError::from)
                .collect();
        }
    }
    // Only text, flags, `u32`s and `null`s: serialising cannot fail.
    to_js(&check)
}

/// Boards per deal of hands, as a `u32` (at most C(50, 5); saturating
/// should a future spec allow more).
pub(super) fn boards_per_deal(spec: &Spec) -> u32 {
    u32::try_from(boards(spec)).unwrap_or(u32::MAX)
}

/// The page's field name for a place in the spec.
fn field_name(place: Place) -> String {
    match place {
        Place::Player(i) => format!("p{}", i + 1),
        Place::Board => "board".into(),
        Place::Dead => "dead".into(),
    }
}

impl From<&SpecError> for FieldError {
    /// Which field an error belongs to (for a duplicate: where it was seen
    /// the second time), with the core's message.
    fn from(err: &SpecError) -> FieldError {
        let field = match err {
            SpecError::Cards { place, .. } => field_name(*place),
            SpecError::HoleCards { player, .. }
            | SpecError::EmptyRange { player }
            | SpecError::Range { player, .. } => field_name(Place::Player(*player)),
            SpecError::BoardSize { .. } => "board".into(),
            SpecError::Duplicate { second, .. } => field_name(*second),
            // Too few or too many players, ranges that cannot be dealt
            // together, too few cards left: about the table as a whole.
            SpecError::TooFewPlayers { .. }
            | SpecError::TooManyPlayers { .. }
            | SpecError::RangesClash
            | SpecError::DeckTooSmall { .. } => "players".into(),
        };
        FieldError {
            field,
            message: err.to_string(),
        }
    }
}

/// Thrown (by `new Job`), a field error is an `Error` with a `field`
/// property: [`field_error`].
impl From<FieldError> for JsValue {
    fn from(err: FieldError) -> JsValue {
        field_error(&err.field, err.message)
    }
}
