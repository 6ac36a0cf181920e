//! The heads-up preflop table.

use std::cell::RefCell;
use std::sync::Arc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::card::Card;
use crate::equity::preflop::{self, PreflopTable, HEADS_UP_BOARDS};

use super::{args, error};

thread_local! {
    /// This instance's copy of the heads-up preflop table, once loaded.
    pub(super) static PREFLOP: RefCell<Option<Arc<PreflopTable>>> = const { RefCell::new(None) };
}

/// The loaded table, if any.
pub(super) fn preflop_table() -> Option<Arc<PreflopTable>> {
    PREFLOP.with(|t| t.borrow().clone())
}

/// Loads the heads-up preflop table (the bytes of `data/preflop-hu.bin`)
/// into this instance, replacing any earlier one. The bytes are checked
/// (header, size, order) and one matchup is enumerated and compared, so a
/// damaged file is refused rather than trusted. Returns the number of
/// matchups (47,008). Throws for anything but a `Uint8Array` of at most
/// 4 MB.
// (Exported by the core module; the extra one never loads the table.)
#[cfg_attr(feature = "wasm-core", wasm_bindgen)]
pub fn load_preflop_table(bytes: JsValue) -> Result<u32, JsValue> {
    let Some(array) = bytes.dyn_ref::<js_sys::Uint8Array>() else {
        return Err(error(format!(
            "heads-up preflop table: expected a Uint8Array, got {}",
            args::kind(&bytes)
        )));
    };
    if array.length() > MAX_TABLE_BYTES {
        return Err(error(format!(
            "heads-up preflop table: {} bytes; at most {MAX_TABLE_BYTES}",
            array.length()
        )));
    }
    load_preflop_bytes(&array.to_vec())
}

/// The table file is 564 KB; anything far larger is not it.
const MAX_TABLE_BYTES: u32 = 4 << 20;

pub(super) fn load_preflop_bytes(bytes: &[u8]) -> Result<u32, JsValue> {
    let table = PreflopTable::from_bytes(bytes).map_err(error)?;
    let (ah_kh, qs_qd) = (
        [Card::new(12, 2), Card::new(11, 2)],
        [Card::new(10, 3), Card::new(10, 1)],
    );
    let (wins, ties) = preflop::solve(ah_kh, qs_qd);
    let want = (
        wins as u64,
        HEADS_UP_BOARDS - wins as u64 - ties as u64,
        ties as u64,
    );
    if table.lookup(ah_kh, qs_qd) != Some(want) {
        return Err(error(
            "heads-up preflop table: AhKh vs QsQd disagrees with the engine (damaged file?)",
        ));
    }
    let n = table.len() as u32;
    PREFLOP.with(|t| *t.borrow_mut() = Some(Arc::new(table)));
    Ok(n)
}

/// Whether this instance has the heads-up preflop table.
// (Exported by the core module; the extra one never loads the table.)
#[cfg_attr(feature = "wasm-core", wasm_bindgen)]
pub fn preflop_table_loaded() -> bool {
    PREFLOP.with(|t| t.borrow().is_some())
}
