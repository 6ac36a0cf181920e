//! Many hands ranked in one call, for bot builders' loops: card ids in a
//! `Uint8Array` (`rank * 4 + suit`, `0 = 2c … 51 = As`, the order of
//! [`deck`](super::grid::deck)), `size` cards a hand, ranks out in a
//! `Uint16Array` (higher wins; `rank >> 12` indexes `categories()`). One
//! boundary crossing for the lot instead of text parsing per hand.

use super::{args, error};
use crate::card::Card;
use crate::eval::Hand;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Most card bytes one call takes (a million 7-card hands and more).
const MAX_BYTES: u32 = 8 << 20;

/// Ranks `cards.length / size` hands of `size` (5, 6 or 7) cards each.
/// Throws for anything but a `Uint8Array` whose length is a multiple of
/// `size`, for an id above 51 and for a card twice in one hand, naming the
/// hand and the card.
#[wasm_bindgen]
pub fn rank_hands(cards: JsValue, size: f64) -> Result<js_sys::Uint16Array, JsValue> {
    let size = args::whole(size, "hand ranks: cards a hand", 5, 7).map_err(error)? as usize;
    let Some(array) = cards.dyn_ref::<js_sys::Uint8Array>() else {
        return Err(error(format!(
            "hand ranks: expected a Uint8Array of card ids, got {}",
            args::kind(&cards)
        )));
    };
    if array.length() > MAX_BYTES {
        return Err(error(format!(
            "hand ranks: {} card ids; at most {MAX_BYTES} in one call",
            array.length()
        )));
    }
    let bytes = array.to_vec();
    if bytes.len() % size != 0 {
        return Err(error(format!(
            "hand ranks: {} card ids do not make hands of {size}",
            bytes.len()
        )));
    }
    let ranks = rank_all(&bytes, size).map_err(error)?;
    Ok(js_sys::Uint16Array::from(&ranks[..]))
}

/// The ranks, or which hand and card is wrong (hands and cards counted from 1).
fn rank_all(bytes: &[u8], size: usize) -> Result<Vec<u16>, String> {
    let mut ranks = Vec::with_capacity(bytes.len() / size);
    for (h, ids) in bytes.chunks_exact(size).enumerate() {
        let mut hand = Hand::new();
        let mut seen = 0u64;
        for (i, &id) in ids.iter().enumerate() {
            let card = Card::from_id(id).ok_or_else(|| {
                format!(
                    "hand ranks: hand {}, card {}: {id} is not a card id (0 = 2c … 51 = As)",
                    h + 1,
                    i + 1
                )
            })?;
            if seen >> id & 1 == 1 {
                return Err(format!("hand ranks: hand {}: {card} twice", h + 1));
            }
            seen |= 1 << id;
            hand = hand.add(card);
        }
        ranks.push(hand.evaluate().value());
    }
    Ok(ranks)
}

/// Card ids (`0 = 2c … 51 = As`) of cards typed by a person (`"AhKh"`,
/// `"A♠ 10h"`), in the order given; throws the parser's message (a card
/// twice included).
#[wasm_bindgen]
pub fn card_ids(text: JsValue) -> Result<Vec<u8>, JsValue> {
    let text = args::text(&text, "the cards").map_err(error)?;
    let cards = crate::card::parse_cards(&text).map_err(error)?;
    Ok(cards.iter().map(|c| c.id()).collect())
}
