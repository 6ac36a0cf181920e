//! Hold'em ranges written for other tools (the range editor's Copy menu):
//!
//! ```text
//!   write_range("QQ+, AK@50", "gtoplus")   // "AA,KK,QQ,[50]AKs,AKo[/50]"
//! ```

use wasm_bindgen::prelude::*;

use crate::range::formats::{self, Format};

use super::{args, error};

/// Range text (any syntax the range box reads: allin's, PioSolver's,
/// GTO+'s) written in `format`: `allin`, `pio` or `gtoplus`. Throws for
/// text that is no range or an unknown format.
#[wasm_bindgen]
pub fn write_range(text: JsValue, format: JsValue) -> Result<String, JsValue> {
    let text = args::text(&text, "the range").map_err(error)?;
    let name = args::text(&format, "the format").map_err(error)?;
    let format = Format::from_name(&name).ok_or_else(|| {
        error(format!(
            "unknown format {} (formats: allin, pio, gtoplus)",
            crate::quote::quote(&name)
        ))
    })?;
    let range = super::range::parse_with_ranking(&text).map_err(error)?;
    Ok(formats::write(&range, format))
}
