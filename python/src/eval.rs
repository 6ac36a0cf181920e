//! `evaluate`, `rank`, `rank_many` (through `rank_into`) and `card_ids`.
//!
//! `rank_many` reads any C-contiguous buffer of card ids (a NumPy `uint8`
//! array of shape `(n, 7)`, `bytes`, `array.array('B')`) in place and
//! writes the ranks into a caller's `uint16` buffer: no copy crosses the
//! boundary; the GIL is released while the evaluator runs.

use crate::errors::Fail;
use allin::card::{parse_between, Card};
use allin::eval::describe::describe;
use allin::eval::{evaluate_many, HandRank};
use allin::game::{Family, Question};
use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Most card ids one call takes (as the JS API's `rankHands`: memory, not speed).
const MAX_IDS: usize = 1 << 30;

#[pyfunction]
#[pyo3(signature = (cards, game, rules, board))]
pub fn evaluate<'py>(
    py: Python<'py>,
    cards: &str,
    game: &str,
    rules: Option<&str>,
    board: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let game = crate::inputs::game_for(game, Question::Eval)?;
    let board_text = board;
    let board: Vec<Card> = if board.trim().is_empty() {
        Vec::new()
    } else {
        parse_between(board, 3..=5).map_err(|e| Fail::new("board", e))?
    };
    let boardless = !matches!(game.family(), Family::Omaha | Family::ShortDeck);
    if boardless && !board.is_empty() {
        return Err(Fail::new("board", format!("{} hands have no board", game.name())).into());
    }
    let d = PyDict::new(py);
    d.set_item("low", None::<String>)?;
    match game.family() {
        Family::Draw => {
            if rules.is_some() {
                return Err(Fail::new("rules", "rules apply only to three-card games").into());
            }
            let lowball = allin::draw::Lowball::of(game).expect("a draw game");
            crate::draw::evaluate(&d, lowball, cards)?;
        }
        // (Five-card showdowns answer no `eval` in the catalogue: their
        // hands are Hold'em's.)
        Family::Holdem | Family::FiveCard => {
            if rules.is_some() {
                return Err(Fail::new("rules", "rules apply only to three-card games").into());
            }
            let cs = parse_between(cards, 5..=7).map_err(|e| Fail::new("cards", e))?;
            let desc = describe(&cs).ok_or_else(|| Fail::new("cards", "the same card twice"))?;
            d.set_item("cards", allin::card::format_cards(&cs))?;
            d.set_item("best", allin::card::format_cards(&desc.best))?;
            d.set_item("category", desc.rank.category().name())?;
            d.set_item("label", desc.rank.category().label())?;
            d.set_item("name", desc.text)?;
            d.set_item("rank", desc.rank.value())?;
            d.set_item("ordinal", desc.rank.ordinal())?;
        }
        Family::ThreeCard => {
            let rules = crate::inputs::three_card_rules(rules)?;
            let cs = parse_between(cards, 3..=3).map_err(|e| Fail::new("cards", e))?;
            let hand =
                allin::three_card::Hand::from_cards(&cs).map_err(|e| Fail::new("cards", e))?;
            let rank = hand.rank(&rules);
            d.set_item("cards", allin::card::format_cards(&cs))?;
            d.set_item("best", allin::card::format_cards(&cs))?;
            d.set_item("category", rank.category().name())?;
            d.set_item("label", rank.category().label())?;
            d.set_item("name", allin::three_card::describe::describe(&hand))?;
            d.set_item("rank", rank.value())?;
            d.set_item("ordinal", rank.ordinal(&rules))?;
        }
        // The core names a board game's hand (as the CLI's `eval` and the
        // JS API's `evaluate` show it): `board_game::hand`.
        Family::Omaha | Family::ShortDeck => {
            let hand = allin::board_game::hand::describe(game, rules, cards, board_text)
                .map_err(|e| Fail::new(e.field, e.message))?;
            let mut all = hand.cards.clone();
            if game.family() == Family::ShortDeck {
                // (Short Deck's cards are the hand with its board, as the CLI shows them.)
                all.extend_from_slice(&hand.board);
            }
            d.set_item("cards", allin::card::format_cards(&all))?;
            d.set_item("best", allin::card::format_cards(&hand.high.best))?;
            d.set_item("category", hand.category.name())?;
            d.set_item("label", hand.category.label())?;
            d.set_item("name", hand.name)?;
            d.set_item("rank", hand.rank)?;
            d.set_item("ordinal", hand.ordinal)?;
            if let Some(low) = hand.low {
                d.set_item("low", low.map(|l| l.name))?;
            }
        }
        Family::Stud => {
            if rules.is_some() {
                return Err(Fail::new("rules", "rules apply only to three-card games").into());
            }
            let stud = allin::stud::Rules::of(game).expect("a stud game");
            let (cs, _) =
                allin::stud::equity::parse_hand(cards).map_err(|e| Fail::new("cards", e))?;
            if !(5..=7).contains(&cs.len()) {
                return Err(Fail::new("cards", "a stud hand to name is 5 to 7 cards").into());
            }
            let desc = allin::stud::describe::describe(stud, &cs)
                .ok_or_else(|| Fail::new("cards", "the same card twice"))?;
            d.set_item("cards", allin::card::format_cards(&cs))?;
            if let Some(h) = &desc.high {
                d.set_item("best", allin::card::format_cards(&h.best))?;
                d.set_item("category", h.rank.category().name())?;
                d.set_item("label", h.rank.category().label())?;
                d.set_item("name", h.text.clone())?;
                d.set_item("rank", h.rank.value())?;
                d.set_item("ordinal", h.rank.ordinal())?;
                d.set_item("low", desc.low.as_ref().map(|l| l.text.clone()))?;
            } else if let Some(l) = &desc.low {
                // Razz: the low is the hand (its rank: lower wins), no
                // high category or rank.
                for key in ["category", "label", "rank", "ordinal"] {
                    d.set_item(key, None::<u32>)?;
                }
                d.set_item("best", allin::card::format_cards(&l.best))?;
                d.set_item("name", l.text.clone())?;
                d.set_item("low", l.text.clone())?;
                d.set_item("low_rank", l.value)?;
            }
        }
    }
    Ok(d)
}

/// The Hold'em rank of 5 to 7 cards (higher wins).
#[pyfunction]
pub fn rank(cards: &str) -> PyResult<u16> {
    let cs = parse_between(cards, 5..=7).map_err(|e| Fail::new("cards", e))?;
    let mut seen = 0u64;
    for c in &cs {
        if seen >> c.id() & 1 == 1 {
            return Err(Fail::new("cards", format!("{c} is used twice")).into());
        }
        seen |= 1 << c.id();
    }
    Ok(allin::eval::evaluate(&cs).value())
}

/// Card texts (`["AhKh", "2c"]`, each one or more cards) as ids `0..52`
/// (`rank * 4 + suit`), in order.
#[pyfunction]
pub fn card_ids(texts: Vec<String>) -> PyResult<Vec<u8>> {
    let mut out = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        let cs = allin::card::parse_cards(t).map_err(|e| Fail::new(format!("cards[{i}]"), e))?;
        out.extend(cs.iter().map(|c| c.id()));
    }
    Ok(out)
}

/// Ranks every hand of `size` cards in `cards` (ids) into `out` (one
/// `uint16` per hand); the number of hands.
#[pyfunction]
pub fn rank_into(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
    size: usize,
    out: &Bound<'_, PyAny>,
) -> PyResult<usize> {
    if !(5..=7).contains(&size) {
        return Err(Fail::new("size", format!("a hand has 5 to 7 cards, not {size}")).into());
    }
    let input = PyBuffer::<u8>::get(cards)
        .map_err(|e| Fail::new("cards", format!("expected a buffer of uint8 card ids: {e}")))?;
    let output = PyBuffer::<u16>::get(out)
        .map_err(|e| Fail::new("out", format!("expected a writable buffer of uint16: {e}")))?;
    if !input.is_c_contiguous() {
        return Err(Fail::new("cards", "the card ids must be C-contiguous").into());
    }
    let ids = input
        .as_slice(py)
        .ok_or_else(|| Fail::new("cards", "the card ids must be C-contiguous"))?;
    if ids.len() > MAX_IDS {
        return Err(Fail::new(
            "cards",
            format!("{} card ids; at most {MAX_IDS} in one call", ids.len()),
        )
        .into());
    }
    if ids.len() % size != 0 {
        return Err(Fail::new(
            "cards",
            format!("{} card ids do not make hands of {size}", ids.len()),
        )
        .into());
    }
    let n = ids.len() / size;
    let slots = output
        .as_mut_slice(py)
        .ok_or_else(|| Fail::new("out", "expected a writable, C-contiguous buffer of uint16"))?;
    if slots.len() != n {
        return Err(Fail::new("out", format!("{} slots for {n} hands", slots.len())).into());
    }
    // Checked and read once, with the GIL held (the buffer is the caller's).
    let mut hands: Vec<[Card; 7]> = Vec::with_capacity(n);
    let mut short: Vec<Vec<Card>> = Vec::new();
    for (h, chunk) in ids.chunks_exact(size).enumerate() {
        let mut seen = 0u64;
        let mut hand = [Card::from_id(0).expect("card 0"); 7];
        for (i, cell) in chunk.iter().enumerate() {
            let id = cell.get();
            let card = Card::from_id(id).ok_or_else(|| {
                Fail::new(
                    "cards",
                    format!(
                        "hand {}, card {}: {id} is not a card id (0 to 51)",
                        h + 1,
                        i + 1
                    ),
                )
            })?;
            if seen >> id & 1 == 1 {
                return Err(Fail::new(
                    "cards",
                    format!("hand {}, card {}: {card} is used twice", h + 1, i + 1),
                )
                .into());
            }
            seen |= 1 << id;
            hand[i] = card;
        }
        if size == 7 {
            hands.push(hand);
        } else {
            short.push(hand[..size].to_vec());
        }
    }
    let ranks: Vec<HandRank> = py.detach(|| {
        if size == 7 {
            let mut ranks = vec![HandRank::MIN; n];
            evaluate_many(&hands, &mut ranks);
            ranks
        } else {
            short.iter().map(|h| allin::eval::evaluate(h)).collect()
        }
    });
    for (slot, r) in slots.iter().zip(&ranks) {
        slot.set(r.value());
    }
    Ok(n)
}
