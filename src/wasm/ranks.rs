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

/// The rank of one hand of 5 to 7 cards given as a set: bit `id` for each
/// card (`0 = 2c … 51 = As`), a whole number below 2^52 (exact as a JS
/// number). One crossing and no allocation a hand: the JS API's `rank`.
/// Throws for anything else (a fraction, 2^52 and above, not 5 to 7 cards).
#[wasm_bindgen]
pub fn rank_card_set(set: f64) -> Result<u32, JsValue> {
    rank_of_set(set).map(u32::from).map_err(error)
}

fn rank_of_set(set: f64) -> Result<u16, String> {
    if !(set.fract() == 0.0 && (0.0..TWO_TO_52).contains(&set)) {
        return Err(format!(
            "hand rank: {} is not a set of cards (a whole number from 0 to 2^52 - 1)",
            args::number_text(set)
        ));
    }
    let mut bits = set as u64;
    let n = bits.count_ones();
    if !(5..=7).contains(&n) {
        return Err(format!("hand rank: {n} cards in the set; a hand is 5 to 7"));
    }
    let mut hand = Hand::new();
    while bits != 0 {
        // (Always a card: the set is below 2^52.)
        let Some(card) = Card::from_id(bits.trailing_zeros() as u8) else {
            return Err("hand rank: not a set of cards".into());
        };
        hand = hand.add(card);
        bits &= bits - 1;
    }
    Ok(hand.evaluate().value())
}

/// 2^52: one past the largest set of the 52 cards.
const TWO_TO_52: f64 = 4_503_599_627_370_496.0;

/// Card ids (`0 = 2c … 51 = As`) of cards typed by a person (`"AhKh"`,
/// `"A♠ 10h"`), in the order given; throws the parser's message (a card
/// twice included).
#[wasm_bindgen]
pub fn card_ids(text: JsValue) -> Result<Vec<u8>, JsValue> {
    let text = args::text(&text, "the cards").map_err(error)?;
    let cards = crate::card::parse_cards(&text).map_err(error)?;
    Ok(cards.iter().map(|c| c.id()).collect())
}
