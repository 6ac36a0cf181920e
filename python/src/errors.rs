//! `allin.InputError(field, message)`: the engine's own message, and the
//! argument it belongs to (`"players"`, `"players[1]"`, `"board"`,
//! `"dead"`, `"game"`, `"rules"`, `"method"`, `"trials"`, …). The class is
//! Python's (`allin/_errors.py`); this builds one.

use allin::board_game::BoardGameError;
use allin::equity::{Place, SpecError};
use pyo3::prelude::*;

/// An input error before it becomes a Python exception.
#[derive(Debug)]
pub struct Fail {
    pub field: String,
    pub message: String,
}

impl Fail {
    pub fn new(field: impl Into<String>, message: impl std::fmt::Display) -> Fail {
        Fail {
            field: field.into(),
            message: message.to_string(),
        }
    }

    /// About the players as a whole.
    pub fn players(message: impl std::fmt::Display) -> Fail {
        Fail::new("players", message)
    }

    /// A Hold'em spec's error, in the field it belongs to (as the wasm
    /// binding's `FieldError`; the core could expose this mapping).
    pub fn spec(err: &SpecError) -> Fail {
        let field = match err {
            SpecError::Cards { place, .. } => place_field(*place),
            SpecError::HoleCards { player, .. }
            | SpecError::EmptyRange { player }
            | SpecError::Range { player, .. } => place_field(Place::Player(*player)),
            SpecError::BoardSize { .. } => "board".into(),
            SpecError::Duplicate { second, .. } => place_field(*second),
            _ => "players".into(),
        };
        Fail::new(field, err)
    }

    /// An Omaha or Short Deck error.
    pub fn board_game(err: &BoardGameError) -> Fail {
        let field = match err {
            BoardGameError::Player(i, _) => format!("players[{i}]"),
            BoardGameError::Board(_) => "board".into(),
            BoardGameError::Dead(_) => "dead".into(),
            _ => "players".into(),
        };
        Fail::new(field, err)
    }
}

fn place_field(place: Place) -> String {
    match place {
        Place::Player(i) => format!("players[{i}]"),
        Place::Board => "board".into(),
        Place::Dead => "dead".into(),
    }
}

impl From<Fail> for PyErr {
    fn from(f: Fail) -> PyErr {
        Python::attach(|py| {
            let made = py
                .import("allin._errors")
                .and_then(|m| m.getattr("InputError"))
                .and_then(|cls| cls.call1((f.field.as_str(), f.message.as_str())));
            match made {
                Ok(obj) => PyErr::from_value(obj),
                Err(e) => e,
            }
        })
    }
}
