//! A job's scenario from JS (`new Job(spec)`, `check(spec)`): every value
//! checked ([`args`](super::args)), and every core error put in its input
//! field.

use serde::Serialize;
use wasm_bindgen::{JsCast, JsValue};

use crate::board_game::BoardGameError;
use crate::draw::DrawError;
use crate::five_card::FiveCardError;
use crate::game::Game;
use crate::job::{JobMethod, JobSpec, OpenError};
use crate::three_card::equity::ThreeCardError;

use super::args;
use super::check::FieldError;
use super::table::{preflop_table, preflop_table_loaded};

/// Longest list of players read (a longer one than any table reaches the
/// core, which says how many fit).
const MAX_LISTED: u32 = 40;

fn fail(field: &str, message: impl Into<String>) -> FieldError {
    FieldError {
        field: field.into(),
        message: message.into(),
    }
}

/// `spec[key]`; a getter that throws reads as nothing.
fn get(spec: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(spec, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// Whether `spec` has `key` (its own or inherited): a key that is there
/// must hold a value of its type, even `undefined` or `null`.
fn has(spec: &JsValue, key: &str) -> bool {
    js_sys::Reflect::has(spec, &key.into()).unwrap_or(false)
}

/// Text, or `""` when the key is absent.
fn optional_text(spec: &JsValue, key: &str, what: &str, field: &str) -> Result<String, FieldError> {
    if !has(spec, key) {
        return Ok(String::new());
    }
    args::text(&get(spec, key), what).map_err(|m| fail(field, m))
}

/// The game and the scenario of a job spec, for a module that opens `games`.
pub(super) fn read_spec(spec: &JsValue, games: &[Game]) -> Result<(Game, JobSpec), FieldError> {
    if !spec.is_object() || js_sys::Array::is_array(spec) {
        return Err(fail(
            "players",
            format!(
                "the job: expected {{game, players, board, dead, …}}, got {}",
                args::kind(spec)
            ),
        ));
    }
    let game = match optional_text(spec, "game", "the game", "game")?.as_str() {
        "" => Game::Holdem,
        name => Game::parse_among(name, &Game::ALL).map_err(|e| fail("game", e.to_string()))?,
    };
    if !games.contains(&game) {
        return Err(fail(
            "game",
            format!(
                "{} is in the other engine module (this one opens {})",
                game.name(),
                games
                    .iter()
                    .map(|g| g.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    let players = get(spec, "players");
    if !js_sys::Array::is_array(&players) {
        return Err(fail(
            "players",
            format!(
                "the players: expected a list of texts, got {}",
                args::kind(&players)
            ),
        ));
    }
    let list: &js_sys::Array = players.unchecked_ref();
    if list.length() > MAX_LISTED {
        return Err(fail(
            "players",
            format!(
                "the players: {} entries; at most {MAX_LISTED}",
                list.length()
            ),
        ));
    }
    let players = (0..list.length())
        .map(|i| {
            args::text(&list.get(i), &format!("player {}", i + 1))
                .map_err(|m| fail(&format!("p{}", i + 1), m))
        })
        .collect::<Result<Vec<String>, FieldError>>()?;
    let removal = get(spec, "removal");
    let removal = if !has(spec, "removal") {
        true
    } else {
        removal.as_bool().ok_or_else(|| {
            fail(
                "removal",
                format!(
                    "card removal: expected true or false, got {}",
                    args::kind(&removal)
                ),
            )
        })?
    };
    let method = match optional_text(spec, "method", "the method", "method")?.as_str() {
        "" => JobMethod::Auto,
        text => JobMethod::parse(text).ok_or_else(|| {
            fail(
                "method",
                format!(
                    "unknown method {} (methods are auto, exact, monte-carlo)",
                    crate::quote::quote(text)
                ),
            )
        })?,
    };
    let table = get(spec, "table");
    let table = if !has(spec, "table") {
        preflop_table()
    } else if table.as_bool() == Some(false) {
        None
    } else if table.as_bool() == Some(true) {
        // Required when it fits: see `require_table`.
        preflop_table()
    } else {
        return Err(fail(
            "table",
            format!(
                "the table: expected true or false, got {}",
                args::kind(&table)
            ),
        ));
    };
    Ok((
        game,
        JobSpec {
            players,
            board: optional_text(spec, "board", "the board", "board")?,
            dead: optional_text(spec, "dead", "the dead cards", "dead")?,
            // `undefined` or `null` rules: the game's default (as absent).
            rules: match get(spec, "rules") {
                r if r.is_undefined() || r.is_null() => String::new(),
                r => args::text(&r, "the rules").map_err(|m| fail("rules", m))?,
            },
            deck: optional_text(spec, "deck", "the deck", "deck")?,
            removal,
            method,
            table,
        },
    ))
}

/// Whether `spec` asks for the preflop table (`table: true`) though this
/// instance does not have it.
pub(super) fn table_missing(spec: &JsValue) -> bool {
    get(spec, "table").as_bool() == Some(true) && !preflop_table_loaded()
}

/// The field a core error belongs to, with its message. (The core
/// module opens only Hold'em: the other games' errors, and their messages,
/// are the other modules'.)
pub(super) fn open_error(err: &OpenError) -> FieldError {
    match err {
        OpenError::Holdem(e) => FieldError::from(e),
        OpenError::Rules(m) => fail("rules", m.as_str()),
        OpenError::Deck(m) => fail("deck", m.as_str()),
        OpenError::Board(m) => fail("board", m.as_str()),
        #[cfg(any(feature = "wasm-extra", feature = "wasm-board", feature = "wasm-mixed"))]
        other => fail(&other_field(other), other.to_string()),
        #[cfg(not(any(feature = "wasm-extra", feature = "wasm-board", feature = "wasm-mixed")))]
        _ => fail("game", "this game is another module's"),
    }
}

/// The field of an error of a game of the other modules.
#[cfg(any(feature = "wasm-extra", feature = "wasm-board", feature = "wasm-mixed"))]
fn other_field(err: &OpenError) -> String {
    match err {
        OpenError::ThreeCard(e) => three_card_field(e),
        OpenError::FiveCard(e) => five_card_field(e),
        OpenError::BoardGame(e) => board_game_field(e),
        OpenError::Draw(e) => draw_field(e),
        OpenError::Stud(e) => stud_field(e),
        _ => "players".into(),
    }
}

/// The input field a three-card error belongs to: `"p1"` … `"p6"`,
/// `"dead"`, `"players"` (the table as a whole) or `"method"`.
pub(super) fn three_card_field(err: &ThreeCardError) -> String {
    // "the hero (player 1)" / "player 3" / "the dead cards"
    let place = |text: &str| {
        text.rsplit("player ")
            .next()
            .and_then(|n| n.trim_end_matches(')').parse::<usize>().ok())
            .filter(|_| text.contains("player "))
            .map_or_else(|| "dead".to_string(), |n| format!("p{n}"))
    };
    match err {
        ThreeCardError::Holding(i, _) | ThreeCardError::NoHand(i) => format!("p{}", i + 1),
        ThreeCardError::Dead(_) | ThreeCardError::DeadWithoutRemoval => "dead".into(),
        ThreeCardError::Overlap(_, _, later) => place(later),
        ThreeCardError::TooBig { .. } => "method".into(),
        ThreeCardError::PlayerCount(_)
        | ThreeCardError::TooManyCards { .. }
        | ThreeCardError::NoDeal => "players".into(),
    }
}

/// The input field a five-card error belongs to.
fn five_card_field(err: &FiveCardError) -> String {
    match err {
        FiveCardError::Player(i, _) => format!("p{}", i + 1),
        FiveCardError::Dead(_) => "dead".into(),
        // The later of the two places: "player 3" or "the dead cards".
        FiveCardError::Overlap(_, _, later) => later
            .strip_prefix("player ")
            .map_or_else(|| "dead".into(), |n| format!("p{n}")),
        FiveCardError::TooBig { .. } => "method".into(),
        FiveCardError::PlayerCount(_) | FiveCardError::TooManyCards { .. } => "players".into(),
    }
}

/// The input field a draw game's error belongs to.
fn draw_field(err: &DrawError) -> String {
    match err {
        DrawError::Player(i, _) => format!("p{}", i + 1),
        DrawError::Dead(_) => "dead".into(),
        // The later of the two places: "player 3" or "the dead cards".
        DrawError::Overlap(_, _, later) => later
            .strip_prefix("player ")
            .map_or_else(|| "dead".into(), |n| format!("p{n}")),
        DrawError::TooBig { .. } => "method".into(),
        DrawError::PlayerCount(_) | DrawError::TooManyCards { .. } => "players".into(),
    }
}

/// The input field a stud error belongs to.
fn stud_field(err: &crate::stud::StudError) -> String {
    match err {
        crate::stud::StudError::Player(i, _) | crate::stud::StudError::SeventhCard(i) => {
            format!("p{}", i + 1)
        }
        crate::stud::StudError::Dead(_) => "dead".into(),
        crate::stud::StudError::Board => "board".into(),
        crate::stud::StudError::Overlap(_, _, later) => later
            .strip_prefix("player ")
            .map_or_else(|| "dead".into(), |n| format!("p{n}")),
        crate::stud::StudError::TooBig { .. } => "method".into(),
        crate::stud::StudError::PlayerCount(_) | crate::stud::StudError::TooManyCards { .. } => {
            "players".into()
        }
    }
}

/// The input field an Omaha or Short Deck error belongs to.
fn board_game_field(err: &BoardGameError) -> String {
    // `"player 3"` → `p3`, `"the board"` → `board`, `"the dead cards"` → `dead`.
    let place = |place: &str| {
        if let Some(n) = place.strip_prefix("player ") {
            format!("p{n}")
        } else if place.contains("board") {
            "board".into()
        } else {
            "dead".into()
        }
    };
    match err {
        BoardGameError::Player(i, _) => format!("p{}", i + 1),
        BoardGameError::Board(_) => "board".into(),
        BoardGameError::Dead(_) => "dead".into(),
        BoardGameError::Overlap(_, _, later) | BoardGameError::NotInDeck { place: later, .. } => {
            place(later)
        }
        BoardGameError::NotExact(_) => "method".into(),
        BoardGameError::PlayerCount { .. } | BoardGameError::TooManyCards { .. } => {
            "players".into()
        }
    }
}

#[derive(Serialize)]
struct NoCards {
    cards: [(); 0],
}

/// `check`'s answer when the spec itself cannot be read.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Unread {
    players: [(); 0],
    board: NoCards,
    dead: NoCards,
    error: FieldError,
    field_errors: [(); 0],
    method: Option<()>,
    why_sampled: Option<()>,
    boards: u32,
    cost: &'static str,
    ranges: bool,
    table_fits: bool,
    table_loaded: bool,
}

/// [`Unread`] for `error`.
pub(super) fn spec_error(error: FieldError) -> Unread {
    Unread {
        players: [],
        board: NoCards { cards: [] },
        dead: NoCards { cards: [] },
        error,
        field_errors: [],
        method: None,
        why_sampled: None,
        boards: 0,
        cost: "0",
        ranges: false,
        table_fits: false,
        table_loaded: preflop_table_loaded(),
    }
}
