//! The JavaScript binding: the one module that knows JS exists.
//!
//! Compiled only for wasm32. It turns text from the page into calls on the
//! core and the core's answers into plain JS values (via serde), so core
//! types are never `#[wasm_bindgen]` and JS never re-derives poker rules:
//! card text, category names, hand-class labels and error messages all come
//! from here. No input, however malformed, makes these functions panic.
//!
//! Errors reach JS as `Error`s whose message is the core's own, verbatim.
//! Exports that take text take `JsValue`s and check them first ([`args`]:
//! text of at most 100,000 characters, lists of texts, whole numbers), so a
//! value that is not what it should be (`Object.prototype`, `NaN`, an
//! array-like with a negative length) is a clear `Error`, never a trap in
//! wasm-bindgen's copying glue.
//!
//! Numbers that can exceed 2^53 never cross as numbers: the cost of an
//! exact enumeration is decimal text (`check.cost`, `job.cost`); counts
//! sent back ([`estimate`]) are sums checked to stay below 2^53.
//!
//! # Equity jobs
//!
//! ```text
//!   const job = new Job(["AhKh", "QQ+, AKs"], "2h7hTc", "", "auto");
//!   job.exact, job.total_units()          // exact when affordable
//!   job.why_sampled                       // else why: "too many boards for exact (≈9.6e15 evaluations): Monte Carlo"
//!   job.run_strided(c, C)                 // chunk c of C: Float64Array tally
//!   job.run_trials(seed, chunk, trials)   // Monte Carlo chunk: same shape
//!   estimate(job.players, tallies, C, job.exact)   // {exact, reliable, players: [{win, tie, equity, stdError…}]…}
//! ```
//!
//! `Job` takes a fifth, optional argument: whether to answer heads-up
//! preflop range jobs from the preflop table ([`load_preflop_table`]; each
//! wasm instance holds its own copy). `undefined` uses it when it is loaded
//! and fits; `true` requires it when it fits (so that every worker splits
//! the job into the same units as the page planned); `false` never uses it.
//!
//! # Ranges
//!
//! ```text
//!   parse_range("QQ+, AKs")        // {ok, text, combos, weighted, percent, fill[169], counts[169], error}
//!   edit_range(text, ["AKo"], 500) // the same, after setting classes to a weight (per mille)
//!   range_top(1000)                // top 10.00% by the standard ranking
//!   explain_range("qq+ AhKh")      // {ok, items: [{token, position, text, classes, combos, comboCount, weight}], error}
//! ```
//!
//! A **tally** crosses the boundary as a `Float64Array` of `2^players`
//! counts, indexed by the bit mask of the players who won (or split) a
//! showdown. Several tallies travel concatenated. Counts are integers below
//! 2^53 (a job of known hands has at most C(48,5) = 1,712,304 boards; a
//! range job counts weighted showdowns, and is only exact when a bound on
//! their sum stays below 2^53, else it samples; a Monte Carlo chunk has at
//! most 2^32 trials), so `f64` holds them exactly, JS can add them with
//! `+`, and the arrays move between workers without copying.
//! [`estimate`] rejects any array that is not such a list of counts.

mod args;

use std::cell::RefCell;
use std::sync::Arc;

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::card::{format_cards, format_cards_compact, parse_between, parse_cards, Card, CardSet};
use crate::equity::preflop::{self, PreflopTable, HEADS_UP_BOARDS};
use crate::equity::strength::{self, MAX_OPPONENTS, VS_RANDOM};
use crate::equity::{
    boards, table_fits, Estimate, Exact, ExactJob, MonteCarlo, Place, Plan, Spec, SpecError, Tally,
    MAX_EXACT_COUNT, MAX_PLAYERS,
};
use crate::eval::{evaluate, Category};
use crate::range::{self, HandClass, HoleCards, Percent, Range, RangeError, Shape, Weight, COMBOS};
use crate::three_card;

/// Runs once when the module is instantiated, before JS can call anything:
/// panics go to the console with their message instead of a bare
/// "unreachable", and the evaluator computes its tables (see `eval::prepare`).
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
    crate::eval::prepare();
}

/// What [`evaluate_hand`] returns to JS.
#[derive(Serialize)]
struct HandResult {
    /// The cards, canonical: `"As Ks Qs Js Ts"`.
    cards: String,
    /// The category's name: `"StraightFlush"`.
    category: &'static str,
    /// The category for people: `"Straight flush"`.
    label: &'static str,
    /// The rank: higher wins.
    rank: u16,
}

/// What [`evaluate_three_card`] returns to JS.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ThreeCardResult {
    /// The three cards, canonical, in the order given: `"Ah 2c 3d"`.
    cards: String,
    /// The rules applied, canonical: `"casino"`, `"zha-jin-hua,a23=highest"`.
    rules: String,
    /// The category's name: `"Straight"`.
    category: &'static str,
    /// The category for people: `"Straight"`.
    label: &'static str,
    /// The rank under these rules: higher wins, except for the 2-3-5 rule.
    rank: u16,
    /// Whether this is an off-suit 2-3-5 (beats trips where the rules say so).
    off_suit_two_three_five: bool,
}

/// One entry of [`categories`].
#[derive(Serialize)]
struct CategoryInfo {
    name: &'static str,
    label: &'static str,
}

/// Evaluates 5 to 7 cards typed by a person (`"AsKsQsJsTs"`, `"A♠ K♠ 10h"`).
///
/// Returns `{cards, category, label, rank}`; throws an `Error` with the
/// parser's message for anything else (and for a value that is not text).
#[wasm_bindgen]
pub fn evaluate_hand(text: JsValue) -> Result<JsValue, JsError> {
    evaluate_hand_str(&args::text(&text, "the hand").map_err(|e| JsError::new(&e))?)
}

fn evaluate_hand_str(text: &str) -> Result<JsValue, JsError> {
    let cards = parse_between(text, 5..=7).map_err(|err| JsError::new(&err.to_string()))?;
    let rank = evaluate(&cards);
    let category = rank.category();
    to_js(&HandResult {
        cards: format_cards(&cards),
        category: category.name(),
        label: category.label(),
        rank: rank.value(),
    })
}

/// Evaluates a three-card hand (`"Ah 2c 3d"`) under `rules` (`"casino"`,
/// `"teen-patti"`, `"zha-jin-hua"`, optionally followed by options such as
/// `",a23=highest"`).
///
/// Returns `{cards, rules, category, label, rank, offSuitTwoThreeFive}`;
/// throws an `Error` with the core's message for bad cards or rules.
#[wasm_bindgen]
pub fn evaluate_three_card(text: JsValue, rules: JsValue) -> Result<JsValue, JsError> {
    let text = args::text(&text, "the hand").map_err(|e| JsError::new(&e))?;
    let rules = args::text(&rules, "the rules").map_err(|e| JsError::new(&e))?;
    evaluate_three_card_str(&text, &rules)
}

fn evaluate_three_card_str(text: &str, rules: &str) -> Result<JsValue, JsError> {
    let hand = text
        .parse::<three_card::Hand>()
        .map_err(|err| JsError::new(&err.to_string()))?;
    let rules = rules
        .parse::<three_card::Rules>()
        .map_err(|err| JsError::new(&err.to_string()))?;
    let rank = hand.rank(&rules);
    let category = rank.category();
    to_js(&ThreeCardResult {
        cards: hand.to_string(),
        rules: rules.to_string(),
        category: category.name(),
        label: category.label(),
        rank: rank.value(),
        off_suit_two_three_five: hand.is_off_suit_two_three_five(),
    })
}

/// The hand categories, weakest first: `[{name, label}, …]`.
#[wasm_bindgen]
pub fn categories() -> JsValue {
    let list: Vec<CategoryInfo> = Category::ALL
        .iter()
        .map(|c| CategoryInfo {
            name: c.name(),
            label: c.label(),
        })
        .collect();
    to_js(&list).unwrap_or_else(|err| wasm_bindgen::throw_val(err.into()))
}

// ---------------------------------------------------------------------------
// Cards, the deck and the 169-class grid
// ---------------------------------------------------------------------------

/// One entry of [`deck`].
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DeckCard {
    /// Canonical text: `"As"`.
    code: String,
    /// Rank character (`"T"` for ten) and index (0 = deuce … 12 = ace).
    rank: char,
    rank_index: u8,
    /// Suit letter (`c d h s`) and index (0..4 in that order).
    suit: char,
    suit_index: u8,
}

/// The 52 cards in id order (`2c 2d 2h 2s 3c … As`):
/// `[{code, rank, rankIndex, suit, suitIndex}]`.
#[wasm_bindgen]
pub fn deck() -> JsValue {
    let list: Vec<DeckCard> = Card::all()
        .map(|c| {
            let code = c.to_string();
            let mut chars = code.chars();
            DeckCard {
                rank: chars.next().unwrap_or('?'),
                suit: chars.next().unwrap_or('?'),
                code,
                rank_index: c.rank(),
                suit_index: c.suit(),
            }
        })
        .collect();
    to_js(&list).unwrap_or_else(|err| wasm_bindgen::throw_val(err.into()))
}

/// One entry of [`hand_classes`].
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ClassInfo {
    /// `"AKs"`, `"AKo"`, `"77"`.
    label: String,
    /// For screen readers: `"Ace King suited"`.
    name: String,
    row: usize,
    col: usize,
    /// `"pair"`, `"suited"` or `"offsuit"`.
    kind: &'static str,
    /// 6, 4 or 12.
    combos: u32,
    /// Exact preflop equity against one random hand, 0..1 (the core's
    /// generated strength table).
    vs_random: f64,
    /// Preflop equity against 1, 2, … 9 random hands, 0..1 (`strength[k -
    /// 1]`; exact against one, seeded Monte Carlo beyond).
    strength: Vec<f64>,
    /// Place in the ranking behind `X%` (0 = best).
    rank: usize,
}

/// The 169 starting-hand classes in grid order (row-major from `AA`):
/// `[{label, name, row, col, kind, combos, vsRandom, strength: [9], rank}]`.
#[wasm_bindgen]
pub fn hand_classes() -> JsValue {
    let mut rank = [0usize; HandClass::COUNT];
    for (i, c) in strength::standard_ranking().order().iter().enumerate() {
        rank[c.index()] = i;
    }
    let list: Vec<ClassInfo> = HandClass::all()
        .map(|c| {
            let (row, col) = c.grid();
            ClassInfo {
                label: c.label(),
                name: c.name(),
                row,
                col,
                kind: match c.shape() {
                    Shape::Pair => "pair",
                    Shape::Suited => "suited",
                    Shape::Offsuit => "offsuit",
                },
                combos: c.combo_count(),
                vs_random: VS_RANDOM[c.index()][0] as f64 / 1e6,
                strength: VS_RANDOM[c.index()]
                    .iter()
                    .map(|&m| m as f64 / 1e6)
                    .collect(),
                rank: rank[c.index()],
            }
        })
        .collect();
    to_js(&list).unwrap_or_else(|err| wasm_bindgen::throw_val(err.into()))
}

/// A concrete combo of hand class `class` (`"AKs"`) that uses none of the
/// `used` cards (card codes; unreadable ones are ignored), as compact text
/// (`"AsKs"`): spades first, then hearts, diamonds, clubs. Throws when the
/// label is not a class or every combo is taken.
#[wasm_bindgen]
pub fn pick_combo(class: JsValue, used: JsValue) -> Result<String, JsError> {
    let class = args::text(&class, "the hand class").map_err(|e| JsError::new(&e))?;
    let used = args::texts(&used, "the cards in use", args::MAX_LIST, |i| {
        format!("card in use {}", i + 1)
    })
    .map_err(|e| JsError::new(&e))?;
    pick_combo_str(&class, &used)
}

fn pick_combo_str(class: &str, used: &[String]) -> Result<String, JsError> {
    let class = HandClass::from_label(class).ok_or_else(|| {
        JsError::new(&format!(
            "{} is not a hand class (e.g. AKs, AKo, 77)",
            crate::quote::quote(class)
        ))
    })?;
    let used: CardSet = used
        .iter()
        .filter_map(|code| parse_cards(code).ok())
        .flatten()
        .collect();
    class
        .combos()
        .rev()
        .find(|combo| !combo.card_set().intersects(used))
        .map(|combo| format_cards_compact(&combo.cards()))
        .ok_or_else(|| {
            JsError::new(&format!(
                "every {} combo uses a card already taken",
                class.label()
            ))
        })
}

/// The class label of two hole cards as typed (`"Kh Ah"` → `"AKs"`), or
/// `undefined` unless the text is exactly two valid cards (or not text).
#[wasm_bindgen]
pub fn class_of(cards: JsValue) -> Option<String> {
    class_of_str(&args::text(&cards, "cards").ok()?)
}

fn class_of_str(cards: &str) -> Option<String> {
    match parse_cards(cards).ok()?.as_slice() {
        [a, b] => HoleCards::new(*a, *b).map(|h| h.class().label()),
        _ => None,
    }
}

/// What [`ranking_info`] returns.
#[derive(Serialize)]
struct RankingInfo {
    /// Opponents of the equity that orders the classes (3).
    opponents: usize,
    /// For people: `"equity against 3 random hands"`.
    description: String,
    /// Opponent counts the strength table covers (1 to this).
    max_opponents: usize,
}

/// The ranking behind `X%` ranges: `{opponents, description, max_opponents}`.
/// PokerStove and Equilab rank by equity against three random hands, and so
/// does the engine (`strength::standard_ranking`).
#[wasm_bindgen]
pub fn ranking_info() -> JsValue {
    let opponents = crate::equity::strength::RANKING_OPPONENTS;
    to_js(&RankingInfo {
        opponents,
        description: format!("equity against {opponents} random hands"),
        max_opponents: MAX_OPPONENTS,
    })
    .unwrap_or_else(|err| wasm_bindgen::throw_val(err.into()))
}

// ---------------------------------------------------------------------------
// The heads-up preflop table
// ---------------------------------------------------------------------------

thread_local! {
    /// This instance's copy of the heads-up preflop table, once loaded.
    static PREFLOP: RefCell<Option<Arc<PreflopTable>>> = const { RefCell::new(None) };
}

/// The loaded table, if any.
fn preflop_table() -> Option<Arc<PreflopTable>> {
    PREFLOP.with(|t| t.borrow().clone())
}

/// Loads the heads-up preflop table (the bytes of `data/preflop-hu.bin`)
/// into this instance, replacing any earlier one. The bytes are checked
/// (header, size, order) and one matchup is enumerated and compared, so a
/// damaged file is refused rather than trusted. Returns the number of
/// matchups (47,008). Throws for anything but a `Uint8Array` of at most
/// 4 MB.
#[wasm_bindgen]
pub fn load_preflop_table(bytes: JsValue) -> Result<u32, JsError> {
    let Some(array) = bytes.dyn_ref::<js_sys::Uint8Array>() else {
        return Err(JsError::new(&format!(
            "heads-up preflop table: expected a Uint8Array, got {}",
            args::kind(&bytes)
        )));
    };
    if array.length() > MAX_TABLE_BYTES {
        return Err(JsError::new(&format!(
            "heads-up preflop table: {} bytes; at most {MAX_TABLE_BYTES}",
            array.length()
        )));
    }
    load_preflop_bytes(&array.to_vec())
}

/// The table file is 564 KB; anything far larger is not it.
const MAX_TABLE_BYTES: u32 = 4 << 20;

fn load_preflop_bytes(bytes: &[u8]) -> Result<u32, JsError> {
    let table = PreflopTable::from_bytes(bytes).map_err(|err| JsError::new(&err.to_string()))?;
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
        return Err(JsError::new(
            "heads-up preflop table: AhKh vs QsQd disagrees with the engine (damaged file?)",
        ));
    }
    let n = table.len() as u32;
    PREFLOP.with(|t| *t.borrow_mut() = Some(Arc::new(table)));
    Ok(n)
}

/// Whether this instance has the heads-up preflop table.
#[wasm_bindgen]
pub fn preflop_table_loaded() -> bool {
    PREFLOP.with(|t| t.borrow().is_some())
}

// ---------------------------------------------------------------------------
// Ranges: text, the grid, explain
// ---------------------------------------------------------------------------

/// An error in range text, with the 1-based character it points at.
#[derive(Serialize)]
struct RangeErrorView {
    message: String,
    position: Option<usize>,
}

impl From<&RangeError> for RangeErrorView {
    fn from(err: &RangeError) -> RangeErrorView {
        RangeErrorView {
            message: err.to_string(),
            position: err.position(),
        }
    }
}

/// A range as the page shows it (see [`parse_range`]).
#[derive(Serialize)]
struct RangeView {
    ok: bool,
    /// Canonical text (`""` for the empty range or an error).
    text: String,
    /// Combos with a weight above zero.
    combos: u32,
    /// Combos counted by weight.
    weighted: f64,
    /// `weighted` as a percentage of all 1,326 combos.
    percent: f64,
    /// Per class, in grid order: the mean weight of its combos, 0..1.
    fill: Vec<f64>,
    /// Per class, in grid order: how many of its combos are in the range.
    counts: Vec<u32>,
    error: Option<RangeErrorView>,
}

impl RangeView {
    fn of(range: &Range) -> RangeView {
        let mut fill = Vec::with_capacity(HandClass::COUNT);
        let mut counts = Vec::with_capacity(HandClass::COUNT);
        for class in HandClass::all() {
            let sum: u32 = class
                .combos()
                .map(|c| u32::from(range.weight(c).permille()))
                .sum();
            fill.push(f64::from(sum) / f64::from(class.combo_count() * 1000));
            counts.push(range.class_combo_count(class));
        }
        let weighted = range.weighted_count();
        RangeView {
            ok: !range.is_empty(),
            text: range.to_string(),
            combos: range.combo_count(),
            weighted,
            percent: weighted / COMBOS as f64 * 100.0,
            fill,
            counts,
            error: range.is_empty().then(|| (&RangeError::Empty).into()),
        }
    }

    fn error(err: &RangeError) -> RangeView {
        RangeView {
            error: Some(err.into()),
            ..RangeView::of(&Range::new())
        }
    }

    /// An error that is not about the text's content (no position).
    fn message(message: String) -> RangeView {
        RangeView {
            error: Some(RangeErrorView {
                message,
                position: None,
            }),
            ..RangeView::of(&Range::new())
        }
    }
}

fn parse_with_ranking(text: &str) -> Result<Range, RangeError> {
    range::parse(text, Some(&strength::standard_ranking()))
}

/// Reads range text (`QQ+, AKs`, `AK@50`, `10%`, `AhKh`): `{ok, text
/// (canonical), combos, weighted, percent, fill: [169], counts: [169],
/// error: {message, position} | null}`; `fill` and `counts` are in grid
/// order. `X%` takes the top of the standard ranking ([`ranking_info`]).
/// Never throws: a value that is not text is an error in the answer.
#[wasm_bindgen]
pub fn parse_range(text: JsValue) -> Result<JsValue, JsError> {
    match args::text(&text, "the range") {
        Ok(text) => parse_range_str(&text),
        Err(message) => to_js(&RangeView::message(message)),
    }
}

fn parse_range_str(text: &str) -> Result<JsValue, JsError> {
    match parse_with_ranking(text) {
        Ok(range) => to_js(&RangeView::of(&range)),
        Err(err) => to_js(&RangeView::error(&err)),
    }
}

/// The range of `text` (empty if it does not parse) with every combo of the
/// classes `labels` (`["AKs", "QQ"]`) set to `permille / 1000` (0 removes
/// them); returns it as [`parse_range`] does, with canonical text. Throws
/// for a label that is not a class or a weight that is not a whole number
/// from 0 to 1000.
#[wasm_bindgen]
pub fn edit_range(text: JsValue, labels: JsValue, permille: f64) -> Result<JsValue, JsError> {
    let text = args::text(&text, "the range").map_err(|e| JsError::new(&e))?;
    let labels = args::texts(&labels, "the hand classes", args::MAX_LIST, |i| {
        format!("hand class {}", i + 1)
    })
    .map_err(|e| JsError::new(&e))?;
    let permille =
        args::whole(permille, "the weight in per mille", 0, 1000).map_err(|e| JsError::new(&e))?;
    edit_range_str(&text, &labels, permille)
}

fn edit_range_str(text: &str, labels: &[String], permille: u32) -> Result<JsValue, JsError> {
    let weight = u16::try_from(permille)
        .ok()
        .and_then(Weight::from_permille)
        .ok_or_else(|| JsError::new(&format!("weight {permille} is not 0 to 1000 per mille")))?;
    let mut range = parse_with_ranking(text).unwrap_or_default();
    for label in labels {
        let class = HandClass::from_label(label).ok_or_else(|| {
            JsError::new(&format!(
                "{} is not a hand class (e.g. AKs, AKo, 77)",
                crate::quote::quote(label)
            ))
        })?;
        range.set_class(class, weight);
    }
    to_js(&RangeView::of(&range))
}

/// The top `hundredths / 100` percent of hands by the standard ranking
/// (what `X%` means), as [`parse_range`] returns it: `range_top(1000)` is
/// `77+, A9s+, KTs+, QTs+, AJo+, KQo`. 0 gives the empty range; above
/// 10000 (100%), or anything but a whole number, throws.
#[wasm_bindgen]
pub fn range_top(hundredths: f64) -> Result<JsValue, JsError> {
    let hundredths = args::whole(hundredths, "the top hundredths of a percent", 0, 10_000)
        .map_err(|e| JsError::new(&e))?;
    range_top_u32(hundredths)
}

fn range_top_u32(hundredths: u32) -> Result<JsValue, JsError> {
    if hundredths == 0 {
        return to_js(&RangeView::of(&Range::new()));
    }
    let percent = u16::try_from(hundredths)
        .ok()
        .and_then(Percent::from_hundredths)
        .ok_or_else(|| {
            JsError::new(&format!(
                "{hundredths} hundredths is not a percentage from 0 to 100"
            ))
        })?;
    let ranking = strength::standard_ranking();
    let range = Range::from_classes(ranking.top(percent).iter().copied());
    to_js(&RangeView::of(&range))
}

/// One item of [`explain_range`].
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExplainItemView {
    /// The item as typed, and its 1-based character position.
    token: String,
    position: usize,
    /// Canonical text of what it covers, at full weight.
    text: String,
    /// Whole classes covered (labels), then single combos (`"AhKh"`).
    classes: Vec<String>,
    combos: Vec<String>,
    combo_count: u32,
    /// The weight it gives them: 0..1, and as range text writes it.
    weight: f64,
    weight_text: String,
}

/// What [`explain_range`] returns.
#[derive(Serialize)]
struct ExplainView {
    ok: bool,
    items: Vec<ExplainItemView>,
    error: Option<RangeErrorView>,
}

/// Explains range text item by item: `{ok, items: [{token, position, text,
/// classes, combos, comboCount, weight, weightText}], error}`. Never throws:
/// a value that is not text is an error in the answer.
#[wasm_bindgen]
pub fn explain_range(text: JsValue) -> Result<JsValue, JsError> {
    match args::text(&text, "the range") {
        Ok(text) => explain_range_str(&text),
        Err(message) => to_js(&ExplainView {
            ok: false,
            items: Vec::new(),
            error: Some(RangeErrorView {
                message,
                position: None,
            }),
        }),
    }
}

fn explain_range_str(text: &str) -> Result<JsValue, JsError> {
    let view = match range::explain(text, Some(&strength::standard_ranking())) {
        Ok(items) => ExplainView {
            ok: true,
            items: items
                .into_iter()
                .map(|item| ExplainItemView {
                    token: item.token,
                    position: item.position,
                    text: item.text,
                    classes: item.classes.iter().map(|c| c.label()).collect(),
                    combos: item
                        .combos
                        .iter()
                        .map(|c| format_cards_compact(&c.cards()))
                        .collect(),
                    combo_count: item.combo_count,
                    weight: item.weight.as_f64(),
                    weight_text: item.weight.to_string(),
                })
                .collect(),
            error: None,
        },
        Err(err) => ExplainView {
            ok: false,
            items: Vec::new(),
            error: Some((&err).into()),
        },
    };
    to_js(&view)
}

// ---------------------------------------------------------------------------
// Checking a scenario as it is typed
// ---------------------------------------------------------------------------

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
    fn cards(text: &str) -> FieldCheck {
        FieldCheck {
            cards: parse_cards(text)
                .map(|cards| cards.iter().map(Card::to_string).collect())
                .unwrap_or_default(),
            range: None,
            combos: None,
        }
    }

    fn player(text: &str, live: Option<&crate::equity::Player>) -> FieldCheck {
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
struct FieldError {
    /// `"p1"` … `"p10"`, `"board"`, `"dead"`, or `"players"` for the table
    /// as a whole (too few or too many players).
    field: String,
    /// The core's message, verbatim.
    message: String,
}

/// What [`check_scenario`] returns.
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

/// Validates a scenario as typed: one text per player, the board and the
/// dead cards. Never throws, whatever the input: returns
/// `{players: [{cards, range, combos}], board: {cards}, dead: {cards},
/// error: {field, message} | null, method, whySampled, boards, cost (text),
/// ranges, tableFits, tableLoaded}`.
#[wasm_bindgen]
pub fn check_scenario(players: JsValue, board: JsValue, dead: JsValue) -> JsValue {
    match scenario_args(&players, &board, &dead) {
        Ok((players, board, dead)) => check_texts(&players, &board, &dead),
        Err(error) => {
            let check = Check {
                players: Vec::new(),
                board: FieldCheck::cards(""),
                dead: FieldCheck::cards(""),
                error: Some(error),
                method: None,
                why_sampled: None,
                boards: 0,
                cost: "0".into(),
                ranges: false,
                table_fits: false,
                table_loaded: preflop_table_loaded(),
            };
            to_js(&check).unwrap_or_else(JsValue::from)
        }
    }
}

/// A scenario's texts from JS: a list of at most [`MAX_PLAYERS`] texts,
/// the board and the dead cards; else the error and the field it is about.
fn scenario_args(
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

/// [`check_scenario`] for texts.
fn check_texts(players: &[String], board: &str, dead: &str) -> JsValue {
    let spec = Spec::parse(players, board, dead);
    let mut check = Check {
        players: players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                FieldCheck::player(p, spec.as_ref().ok().and_then(|s| s.players().get(i)))
            })
            .collect(),
        board: FieldCheck::cards(board),
        dead: FieldCheck::cards(dead),
        error: None,
        method: None,
        why_sampled: None,
        boards: 0,
        cost: "0".into(),
        ranges: false,
        table_fits: false,
        table_loaded: preflop_table_loaded(),
    };
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
        Err(err) => check.error = Some(field_error(&err)),
    }
    // Only text, flags, `u32`s and `null`s: serialising cannot fail.
    to_js(&check).unwrap_or_else(JsValue::from)
}

/// Boards per deal of hands, as a `u32` (at most C(50, 5); saturating
/// should a future spec allow more).
fn boards_per_deal(spec: &Spec) -> u32 {
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

/// Which field an error belongs to (for a duplicate: where it was seen the
/// second time), with the core's message.
fn field_error(err: &SpecError) -> FieldError {
    let field = match err {
        SpecError::Cards { place, .. } => field_name(*place),
        SpecError::HoleCards { player, .. }
        | SpecError::EmptyRange { player }
        | SpecError::Range { player, .. } => field_name(Place::Player(*player)),
        SpecError::BoardSize { .. } => "board".into(),
        SpecError::Duplicate { second, .. } => field_name(*second),
        // Too few or too many players, ranges that cannot be dealt together,
        // too few cards left: about the table as a whole.
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

/// A JS `Error` with the core's message and a `field` property naming the
/// input it is about.
fn spec_error_to_js(err: &SpecError) -> JsValue {
    let FieldError { field, message } = field_error(err);
    field_js_error(&field, &message)
}

/// `new Error(message)` with `error.field = field`.
fn field_js_error(field: &str, message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&error, &"field".into(), &field.into());
    error.into()
}

// ---------------------------------------------------------------------------
// Equity jobs
// ---------------------------------------------------------------------------

/// An opened equity job: the scenario parsed once, then computed chunk by
/// chunk (each worker opens its own copy). See the module docs.
#[wasm_bindgen]
pub struct Job {
    players: usize,
    labels: Vec<String>,
    /// `Some` when the job is enumerated exactly.
    exact: Option<ExactJob>,
    /// Units of the exact job (0 for Monte Carlo).
    units: u32,
    monte_carlo: MonteCarlo,
    boards: u32,
    /// Evaluations of an exact enumeration (saturating: may exceed 2^53).
    cost: u64,
    why_sampled: Option<String>,
    ranges: bool,
    table_fits: bool,
    uses_table: bool,
}

/// The methods a job can be asked for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum JobMethod {
    Auto,
    Exact,
    MonteCarlo,
}

impl JobMethod {
    fn parse(text: &str) -> Result<JobMethod, JsValue> {
        match text {
            "auto" => Ok(JobMethod::Auto),
            "exact" => Ok(JobMethod::Exact),
            "monte-carlo" => Ok(JobMethod::MonteCarlo),
            _ => Err(field_js_error(
                "method",
                &format!(
                    "unknown method {} (methods are auto, exact, monte-carlo)",
                    crate::quote::quote(text)
                ),
            )),
        }
    }
}

#[wasm_bindgen]
impl Job {
    /// Opens a job from text as typed: each player two cards or a range.
    /// `method` is `"auto"` (exact unless it costs more than the engine's
    /// limit; then Monte Carlo, and `why_sampled` says why), `"exact"`
    /// (exact up to a far higher limit, about an hour; Monte Carlo beyond,
    /// saying why) or `"monte-carlo"`. `table` says whether to answer heads-up preflop
    /// ranges from the preflop table: `undefined` when it is loaded, `true`
    /// requires it (the job's units then match a planner that had it),
    /// `false` never.
    ///
    /// Throws an `Error` with the core's message and a `field` property
    /// (`"p2"`, `"board"`, `"dead"`, `"players"`, `"method"` or `"table"`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        players: JsValue,
        board: JsValue,
        dead: JsValue,
        method: JsValue,
        table: Option<bool>,
    ) -> Result<Job, JsValue> {
        let (players, board, dead) = scenario_args(&players, &board, &dead)
            .map_err(|e| field_js_error(&e.field, &e.message))?;
        let method = args::text(&method, "the method").map_err(|m| field_js_error("method", &m))?;
        Job::open(&players, &board, &dead, &method, table)
    }
}

impl Job {
    /// [`Job::new`] for texts.
    fn open(
        players: &[String],
        board: &str,
        dead: &str,
        method: &str,
        table: Option<bool>,
    ) -> Result<Job, JsValue> {
        let method = JobMethod::parse(method)?;
        let spec = Spec::parse(players, board, dead).map_err(|err| spec_error_to_js(&err))?;
        let fits = table_fits(&spec);
        let table = match (table, fits) {
            (Some(false), _) | (_, false) => None,
            (None, true) => preflop_table(),
            (Some(true), true) => Some(preflop_table().ok_or_else(|| {
                field_js_error("table", "the heads-up preflop table is not loaded")
            })?),
        };
        let plan = Plan::new(&spec, table);
        // Exact when asked for, unless it would not end (or not fit): then
        // Monte Carlo, saying why, as under "auto".
        let (exact, why_sampled) = match method {
            JobMethod::Auto => (plan.affordable(), plan.why_sampled()),
            JobMethod::Exact => (plan.can_force(), plan.why_not_forcible()),
            JobMethod::MonteCarlo => (false, None),
        };
        let exact = exact.then(|| plan.open(&spec));
        let uses_table = matches!(&exact, Some(ExactJob::Ranges(r)) if r.uses_table());
        Ok(Job {
            players: spec.players().len(),
            labels: (0..spec.players().len())
                .map(|i| spec.player_label(i))
                .collect(),
            // `feasible` bounds the units by u32::MAX.
            units: exact
                .as_ref()
                .map_or(0, |e| e.total_units().min(u64::from(u32::MAX)) as u32),
            why_sampled,
            exact,
            monte_carlo: MonteCarlo::new(&spec),
            boards: boards_per_deal(&spec),
            cost: plan.cost(),
            ranges: spec.has_ranges(),
            table_fits: fits,
            uses_table,
        })
    }
}

#[wasm_bindgen]
impl Job {
    /// Whether some player holds a range.
    #[wasm_bindgen(getter)]
    pub fn ranges(&self) -> bool {
        self.ranges
    }

    /// Whether the preflop table would answer this job (ranges, heads-up,
    /// no board, no dead cards), loaded or not.
    #[wasm_bindgen(getter)]
    pub fn table_fits(&self) -> bool {
        self.table_fits
    }

    /// Whether this job's exact units are answered from the preflop table
    /// (then a unit is one of player 1's combos).
    #[wasm_bindgen(getter)]
    pub fn uses_table(&self) -> bool {
        self.uses_table
    }

    /// Number of players (a tally has `2^players` counts).
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> usize {
        self.players
    }

    /// Whether the job is enumerated exactly (else: Monte Carlo).
    #[wasm_bindgen(getter)]
    pub fn exact(&self) -> bool {
        self.exact.is_some()
    }

    /// Each player's hole cards, canonical and compact: `["AhKh", "QsQd"]`.
    #[wasm_bindgen(getter)]
    pub fn labels(&self) -> Vec<String> {
        self.labels.clone()
    }

    /// Boards an exact enumeration visits per deal of hands.
    #[wasm_bindgen(getter)]
    pub fn boards(&self) -> u32 {
        self.boards
    }

    /// Evaluations an exact enumeration costs (at most), as decimal text:
    /// it can exceed 2^53.
    #[wasm_bindgen(getter)]
    pub fn cost(&self) -> String {
        self.cost.to_string()
    }

    /// Whether an exact enumeration costs at most `limit` evaluations
    /// (false for a `limit` that is not a number).
    pub fn cost_at_most(&self, limit: f64) -> bool {
        limit >= 0.0 && self.cost as f64 <= limit
    }

    /// Why `"auto"` chose Monte Carlo, for people: `"too many boards for
    /// exact (≈9.6e15 evaluations): Monte Carlo"`; `undefined` when the job
    /// is exact or Monte Carlo was asked for.
    #[wasm_bindgen(getter)]
    pub fn why_sampled(&self) -> Option<String> {
        self.why_sampled.clone()
    }

    /// Units of an exact job (0 for Monte Carlo): chunks are strided over
    /// them.
    pub fn total_units(&self) -> u32 {
        self.units
    }

    /// Chunk `first` of `stride` strided chunks (units `first`, `first +
    /// stride`, …) as a tally. Throws unless the job is exact and
    /// `first < stride`.
    pub fn run_strided(&self, first: u32, stride: u32) -> Result<Vec<f64>, JsError> {
        self.run_chunks(&[first], stride)
    }

    /// Several strided chunks of `stride`, their tallies concatenated in
    /// the order asked.
    pub fn run_chunks(&self, firsts: &[u32], stride: u32) -> Result<Vec<f64>, JsError> {
        let exact = self
            .exact
            .as_ref()
            .ok_or_else(|| JsError::new("this job is Monte Carlo: run trials, not chunks"))?;
        if let Some(bad) = firsts.iter().find(|&&c| c >= stride) {
            return Err(JsError::new(&format!(
                "chunk {bad} is not one of the {stride} chunks"
            )));
        }
        let mut out = Vec::with_capacity(firsts.len() << self.players);
        for &first in firsts {
            let tally = exact.run_strided(first as u64, stride as u64);
            out.extend(tally.by_winners().iter().map(|&n| n as f64));
        }
        Ok(out)
    }

    /// `trials` random deals for Monte Carlo chunk `chunk` of a job seeded
    /// `seed`, as a tally. Reproducible: the same arguments give the same
    /// counts on any worker.
    pub fn run_trials(&self, seed: u32, chunk: u32, trials: u32) -> Vec<f64> {
        self.run_trial_chunks(seed, &[chunk], trials)
    }

    /// Several Monte Carlo chunks of `trials` each, tallies concatenated.
    pub fn run_trial_chunks(&self, seed: u32, chunks: &[u32], trials: u32) -> Vec<f64> {
        let mut out = Vec::with_capacity(chunks.len() << self.players);
        for &chunk in chunks {
            let tally = self
                .monte_carlo
                .run(seed as u64, chunk as u64, trials as u64);
            out.extend(tally.by_winners().iter().map(|&n| n as f64));
        }
        out
    }
}

/// Largest count accepted from JS (2^53: beyond it `f64` loses integers).
const MAX_COUNT: f64 = MAX_EXACT_COUNT as f64;

/// One player's numbers in [`estimate`]'s answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlayerResult {
    /// Fractions 0..1 of all showdowns: won alone, split, and pot share.
    win: f64,
    tie: f64,
    equity: f64,
    /// Standard error of `equity` (0 when exact).
    std_error: f64,
    /// Counts over the showdowns merged so far.
    wins: u64,
    ties: u64,
    losses: u64,
}

/// A split pot in [`estimate`]'s answer.
#[derive(Serialize)]
struct Split {
    /// Who shared it, 1-based: `[1, 3]`.
    players: Vec<usize>,
    count: u64,
}

/// What [`estimate`] returns.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
///
/// Its counts (`showdowns`, `wins`, `ties`, `losses`, a split's `count`) are
/// sums of the counts given, which [`estimate`] checks add up to at most
/// 2^53: they are exact JS numbers by construction.
struct EstimateResult {
    exact: bool,
    /// The standard errors mean something (enough chunks or trials in; see
    /// `equity::estimate`): a partial that is neither exact nor reliable
    /// must not be shown as numbers.
    reliable: bool,
    chunks: u64,
    total_chunks: u64,
    showdowns: u64,
    players: Vec<PlayerResult>,
    splits: Vec<Split>,
}

/// Equity so far from the tallies of the chunks done (concatenated, each
/// `2^players` counts).
///
/// For an exact job (`exact = true`) the tallies are strided chunks of
/// `total_chunks`, done in random order: the result is the engine's ratio
/// estimate with standard errors, and exact once every chunk is in. For
/// Monte Carlo they are merged and the per-trial standard error is used.
///
/// Returns `{exact, reliable, chunks, totalChunks, showdowns, players:
/// [{win, tie, equity, stdError, wins, ties, losses}], splits: [{players,
/// count}]}`: show the numbers only when `exact || reliable`. Throws for
/// counts that are not a whole number of tallies of integers, `players` not
/// 2 to 10, `total_chunks` not a whole number from 1.
#[wasm_bindgen]
pub fn estimate(
    players: f64,
    tallies: JsValue,
    total_chunks: f64,
    exact: bool,
) -> Result<JsValue, JsError> {
    let players = args::whole(players, "players", 2, MAX_PLAYERS as u32)
        .map_err(|e| JsError::new(&e))? as usize;
    let total_chunks =
        args::whole(total_chunks, "total chunks", 1, u32::MAX).map_err(|e| JsError::new(&e))?;
    let counts = if let Some(array) = tallies.dyn_ref::<js_sys::Float64Array>() {
        if array.length() > MAX_TALLY_COUNTS {
            return Err(JsError::new(&format!(
                "{} counts; at most {MAX_TALLY_COUNTS}",
                array.length()
            )));
        }
        array.to_vec()
    } else if js_sys::Array::is_array(&tallies) {
        let array: &js_sys::Array = tallies.unchecked_ref();
        if array.length() > MAX_TALLY_COUNTS {
            return Err(JsError::new(&format!(
                "{} counts; at most {MAX_TALLY_COUNTS}",
                array.length()
            )));
        }
        (0..array.length())
            .map(|i| array.get(i).as_f64().unwrap_or(f64::NAN))
            .collect()
    } else {
        return Err(JsError::new(&format!(
            "the tallies: expected a Float64Array of counts, got {}",
            args::kind(&tallies)
        )));
    };
    estimate_counts(players, &counts, total_chunks, exact)
}

/// Most counts [`estimate`] takes at once (the page sends at most 2^18).
const MAX_TALLY_COUNTS: u32 = 1 << 20;

fn estimate_counts(
    players: usize,
    tallies: &[f64],
    total_chunks: u32,
    exact: bool,
) -> Result<JsValue, JsError> {
    if !(2..=MAX_PLAYERS).contains(&players) {
        return Err(JsError::new(&format!(
            "a tally is for 2 to {MAX_PLAYERS} players, got {players}"
        )));
    }
    let width = 1usize << players;
    if tallies.is_empty() || tallies.len() % width != 0 {
        return Err(JsError::new(&format!(
            "expected tallies of {width} counts each, got {} counts",
            tallies.len()
        )));
    }
    let mut sum = 0f64;
    for (i, &n) in tallies.iter().enumerate() {
        if !(n >= 0.0 && n.fract() == 0.0 && n <= MAX_COUNT) {
            return Err(JsError::new(&format!(
                "count {i} is not a whole number from 0 to 2^53"
            )));
        }
        sum += n;
    }
    if sum > MAX_COUNT {
        return Err(JsError::new("more showdowns than a count can hold"));
    }
    let chunks: Vec<Tally> = tallies
        .chunks(width)
        .filter_map(|c| Tally::from_counts(players, c.iter().map(|&n| n as u64).collect()))
        .collect();
    let mut merged = Tally::new(players);
    for c in &chunks {
        merged += c;
    }
    let est = if exact {
        Estimate::from_chunks(&chunks, total_chunks as u64)
            .ok_or_else(|| JsError::new("no chunks to estimate from"))?
    } else {
        Estimate::from_trials(&merged)
    };
    to_js(&EstimateResult {
        exact: est.exact,
        reliable: est.reliable,
        chunks: est.chunks,
        total_chunks: est.total_chunks,
        showdowns: merged.showdowns(),
        players: est
            .players
            .iter()
            .enumerate()
            .map(|(p, e)| PlayerResult {
                win: e.win,
                tie: e.tie,
                equity: e.equity,
                std_error: e.std_error,
                wins: merged.wins(p),
                ties: merged.ties(p),
                losses: merged.losses(p),
            })
            .collect(),
        splits: merged
            .splits()
            .map(|(mask, count)| Split {
                players: (0..players)
                    .filter(|p| mask >> p & 1 == 1)
                    .map(|p| p + 1)
                    .collect(),
                count,
            })
            .collect(),
    })
}

/// A small job (a few milliseconds: AhKh vs QsQd on a flop, then preflop)
/// that runs the evaluator and the exact engine's hot loops, so that a
/// fresh instance's first real chunk does not pay for the first calls and
/// the engine's code is hot enough to be optimised. Returns the showdowns
/// counted (1,713,294).
#[wasm_bindgen]
pub fn warm_up() -> f64 {
    ["2h7hTc", ""]
        .iter()
        .filter_map(|board| Spec::parse(&["AhKh", "QsQd"], board, "").ok())
        .map(|spec| Exact::new(&spec).run_all().showdowns() as f64)
        .sum()
}

/// Plain JS values: objects, arrays, numbers, and `null` for `None`.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|err| JsError::new(&err.to_string()))
}

#[cfg(test)]
mod tests {
    //! The binding layer, run by `wasm-bindgen-test-runner` in Node and in a
    //! dedicated worker in headless Chromium (`cargo xtask test wasm`).

    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn get(value: &JsValue, path: &str) -> JsValue {
        path.split('.').fold(value.clone(), |v, key| {
            let key = match key.parse::<u32>() {
                Ok(i) => JsValue::from(i),
                Err(_) => JsValue::from(key),
            };
            js_sys::Reflect::get(&v, &key).unwrap()
        })
    }

    fn num(value: &JsValue, path: &str) -> f64 {
        get(value, path).as_f64().unwrap()
    }

    fn message(err: JsValue) -> String {
        js_sys::Error::from(err).message().into()
    }

    fn js_error_message(err: JsError) -> String {
        message(JsValue::from(err))
    }

    #[wasm_bindgen_test]
    fn exact_heads_up_preflop_in_chunks() {
        let job = Job::open(&strings(&["AhKh", "QsQd"]), "", "", "auto", None).unwrap();
        assert!(job.exact());
        assert_eq!(job.players(), 2);
        assert_eq!(job.labels(), ["AhKh", "QsQd"]);
        assert_eq!(job.boards(), 1_712_304);
        let stride = 7;
        let order = [3u32, 0, 6, 1, 5, 2, 4];
        let tallies = job.run_chunks(&order, stride).unwrap();
        assert_eq!(tallies.len(), 7 * 4);
        // Each chunk alone equals run_strided.
        assert_eq!(job.run_strided(6, stride).unwrap(), tallies[8..12]);
        let all = estimate_counts(2, &tallies, stride, true).unwrap();
        assert_eq!(get(&all, "exact").as_bool(), Some(true));
        assert_eq!(num(&all, "showdowns"), 1_712_304.0);
        assert_eq!(num(&all, "players.0.wins"), 787_966.0);
        assert_eq!(num(&all, "players.1.wins"), 917_606.0);
        assert_eq!(num(&all, "players.0.ties"), 6_732.0);
        assert_eq!(num(&all, "players.0.stdError"), 0.0);
        assert!((num(&all, "players.0.equity") - 0.462145).abs() < 5e-7);
        assert_eq!(num(&all, "splits.0.count"), 6_732.0);
        assert_eq!(num(&all, "splits.0.players.1"), 2.0);
        // Three chunks of seven: an estimate with an error, not exact.
        let part = estimate_counts(2, &tallies[..12], stride, true).unwrap();
        assert_eq!(get(&part, "exact").as_bool(), Some(false));
        assert_eq!(num(&part, "chunks"), 3.0);
        assert_eq!(num(&part, "totalChunks"), 7.0);
        assert!(num(&part, "players.0.stdError") > 0.0);
    }

    #[wasm_bindgen_test]
    fn flop_counts() {
        let job = Job::open(&strings(&["AhKh", "QsQd"]), "2h 7h Tc", "", "exact", None).unwrap();
        let c = job.total_units();
        let firsts: Vec<u32> = (0..c).collect();
        let tallies = job.run_chunks(&firsts, c).unwrap();
        let r = estimate_counts(2, &tallies, c, true).unwrap();
        assert_eq!(num(&r, "showdowns"), 990.0);
        assert_eq!(num(&r, "players.0.wins"), 539.0);
        assert_eq!(num(&r, "players.1.wins"), 451.0);
        assert!((num(&r, "players.0.equity") - 0.544444).abs() < 1e-6);
    }

    #[wasm_bindgen_test]
    fn monte_carlo_is_reproducible_and_marked_inexact() {
        let job = Job::open(&strings(&["AhKh", "QsQd"]), "", "", "monte-carlo", None).unwrap();
        assert!(!job.exact());
        assert_eq!(job.total_units(), 0);
        let a = job.run_trial_chunks(9, &[0, 1, 2], 5_000);
        assert_eq!(a, job.run_trial_chunks(9, &[0, 1, 2], 5_000));
        assert_eq!(job.run_trials(9, 1, 5_000), a[4..8]);
        assert_eq!(a.iter().sum::<f64>(), 15_000.0);
        let r = estimate_counts(2, &a, 3, false).unwrap();
        assert_eq!(get(&r, "exact").as_bool(), Some(false));
        let (eq, se) = (num(&r, "players.0.equity"), num(&r, "players.0.stdError"));
        assert!(se > 0.0 && (eq - 0.462145).abs() < 5.0 * se, "{eq} ± {se}");
        assert!(job.run_strided(0, 1).is_err());
    }

    #[wasm_bindgen_test]
    fn errors_name_the_field_and_keep_the_core_message() {
        let cases = [
            (&["AhKh", "QsQd"][..], "2h 7x", "", "board", "the board: \"7x\": unknown suit 'x' at position 5 (suits are c, d, h, s or ♣ ♦ ♥ ♠)"),
            (&["AhKh", "QsQd"][..], "2c 3c Kh", "", "board", "duplicate card Kh: in player 1 and in the board"),
            (&["AhKh", "QsQd"][..], "2c3c", "", "board", "the board must have 0, 3, 4 or 5 cards, got 2"),
            (&["AhKh"][..], "", "", "players", "need at least 2 players, got 1"),
            (&["AhKh", "Qs"][..], "", "", "p2", "player 2: expected 2 hole cards, got 1"),
            (&["AhKh", "QsQd"][..], "", "Ah", "dead", "duplicate card Ah: in player 1 and in the dead cards"),
        ];
        for (players, board, dead, field, want) in cases {
            let err = Job::open(&strings(players), board, dead, "auto", None)
                .err()
                .unwrap();
            assert_eq!(get(&err, "field").as_string().as_deref(), Some(field));
            assert_eq!(message(err), want);
            // check_scenario reports the same, without throwing.
            let check = check_texts(&strings(players), board, dead);
            assert_eq!(
                get(&check, "error.field").as_string().as_deref(),
                Some(field)
            );
            assert_eq!(
                get(&check, "error.message").as_string().as_deref(),
                Some(want)
            );
            assert!(get(&check, "method").is_null());
        }
        let err = Job::open(&strings(&["AhKh", "QsQd"]), "", "", "guess", None)
            .err()
            .unwrap();
        assert_eq!(get(&err, "field").as_string().as_deref(), Some("method"));
    }

    #[wasm_bindgen_test]
    fn check_scenario_reads_every_field() {
        let check = check_texts(&strings(&["A♥K♦", "qs qd", "Zz"]), "2h7hTc", "");
        assert_eq!(
            get(&check, "players.0.cards.1").as_string().as_deref(),
            Some("Kd")
        );
        assert_eq!(
            get(&check, "players.1.cards.0").as_string().as_deref(),
            Some("Qs")
        );
        assert_eq!(num(&check, "players.2.cards.length"), 0.0);
        assert_eq!(num(&check, "board.cards.length"), 3.0);
        assert_eq!(
            get(&check, "error.field").as_string().as_deref(),
            Some("p3")
        );
        let ok = check_texts(&strings(&["AhKh", "QsQd"]), "", "");
        assert!(get(&ok, "error").is_null());
        assert_eq!(get(&ok, "method").as_string().as_deref(), Some("exact"));
        assert_eq!(num(&ok, "boards"), 1_712_304.0);
    }

    #[wasm_bindgen_test]
    fn bad_input_never_panics() {
        for (players, board) in [
            (vec![String::new(); 11], ""),
            (vec!["\u{0}".into(), "♠♠♠".into()], "10h 10h"),
            (vec!["A".into(), "K".into()], "AhKhQhJhTh9h"),
        ] {
            assert!(Job::open(&players.clone(), board, "", "auto", None).is_err());
            assert!(!check_texts(&players, board, "").is_undefined());
        }
        // Exact enumeration that cannot be addressed, counted or finished
        // is sampled, forced or not, and says why.
        let four = strings(&["random"; 4]);
        // Asked for exact, it would never end: sampled, saying why.
        let job = Job::open(&four.clone(), "", "", "exact", None).unwrap();
        assert!(!job.exact());
        assert_eq!(
            job.why_sampled().as_deref(),
            Some("too many boards for exact (≈1.3e19 evaluations): Monte Carlo")
        );
        let three = strings(&["random"; 3]);
        let job = Job::open(&three, "", "", "exact", None).unwrap();
        assert!(!job.exact(), "feasible, but 9.6e15 evaluations");
        let job = Job::open(&four, "", "", "auto", None).unwrap();
        assert!(!job.exact());
        assert_eq!(job.total_units(), 0);
        assert_eq!(job.run_trials(1, 0, 100).iter().sum::<f64>(), 100.0);
        for text in [
            "", "\u{0}", "AK@", "random:2", "0%", "101%", "♠♠", "AhAh", "AA:0",
        ] {
            assert_eq!(
                get(&parse_range_str(text).unwrap(), "ok").as_bool(),
                Some(false),
                "{text:?}"
            );
            // An item of weight 0 is explained, not an error.
            let explained = get(&explain_range_str(text).unwrap(), "ok").as_bool();
            assert_eq!(explained, Some(text == "AA:0"), "{text:?}");
            assert!(edit_range_str(text, &strings(&["AKs"]), 1000).is_ok());
            assert!(!check_texts(&strings(&[text, "AhKh"]), "", "").is_undefined());
        }
        assert!(edit_range_str("QQ+", &strings(&["AKx"]), 1000).is_err());
        assert!(edit_range_str("QQ+", &strings(&["AKs"]), 1001).is_err());
        assert!(range_top_u32(10_001).is_err());
        assert!(range_top_u32(u32::MAX).is_err());
        assert!(load_preflop_bytes(&[]).is_err());
        for bad in hostile_values() {
            assert!(load_preflop_table(bad).is_err());
        }
        assert!(load_preflop_bytes(b"ALLINHU1\xff\xff\xff\xff").is_err());
        let job = Job::open(&strings(&["AhKh", "QsQd"]), "", "", "auto", None).unwrap();
        assert!(job.run_strided(5, 5).is_err());
        assert!(job.run_chunks(&[0], 0).is_err());
        assert_eq!(job.run_chunks(&[], 3).unwrap(), Vec::<f64>::new());
        for (players, tallies) in [
            (1, vec![1.0, 2.0]),
            (11, vec![0.0; 2048]),
            (2, vec![]),
            (2, vec![1.0, 2.0, 3.0]),
            (2, vec![1.0, -1.0, 0.0, 0.0]),
            (2, vec![0.5, 1.0, 0.0, 0.0]),
            (2, vec![f64::NAN, 1.0, 0.0, 0.0]),
            (2, vec![f64::INFINITY, 1.0, 0.0, 0.0]),
            (2, vec![MAX_COUNT, MAX_COUNT, 0.0, 0.0]),
        ] {
            assert!(
                estimate_counts(players, &tallies, 1, true).is_err(),
                "{tallies:?}"
            );
        }
        // All-zero tallies are fine: nothing counted yet.
        assert!(estimate_counts(2, &[0.0; 4], 1, true).is_ok());
        assert!(pick_combo_str("AXs", &[]).is_err());
        assert_eq!(class_of_str("Ah"), None);
        assert_eq!(class_of_str("Ah Ah"), None);
    }

    #[wasm_bindgen_test]
    fn grid_and_deck_come_from_the_engine() {
        let classes = hand_classes();
        assert_eq!(num(&classes, "length"), 169.0);
        assert_eq!(get(&classes, "1.label").as_string().as_deref(), Some("AKs"));
        assert_eq!(
            get(&classes, "13.label").as_string().as_deref(),
            Some("AKo")
        );
        assert_eq!(
            get(&classes, "13.kind").as_string().as_deref(),
            Some("offsuit")
        );
        assert_eq!(num(&classes, "13.row"), 1.0);
        assert_eq!(num(&classes, "13.col"), 0.0);
        assert!((num(&classes, "0.vsRandom") - 0.852).abs() < 1e-3);
        assert_eq!(
            get(&classes, "1.name").as_string().as_deref(),
            Some("Ace King suited")
        );
        assert_eq!(num(&classes, "168.combos"), 6.0);
        let deck = deck();
        assert_eq!(num(&deck, "length"), 52.0);
        assert_eq!(get(&deck, "51.code").as_string().as_deref(), Some("As"));
        assert_eq!(num(&deck, "51.rankIndex"), 12.0);
        assert_eq!(pick_combo_str("aks", &[]).unwrap(), "AsKs");
        assert_eq!(
            pick_combo_str("AKs", &strings(&["As", "Kh", "junk"])).unwrap(),
            "AdKd"
        );
        let err = pick_combo_str("AA", &strings(&["As", "Ah", "Ad"])).unwrap_err();
        assert_eq!(
            js_error_message(err),
            "every AA combo uses a card already taken"
        );
        assert_eq!(class_of_str("Kh Ah").as_deref(), Some("AKs"));
        assert_eq!(class_of_str("7c2d").as_deref(), Some("72o"));
        assert_eq!(warm_up(), 1_713_294.0);
    }

    #[wasm_bindgen_test]
    fn the_old_evaluator_still_answers() {
        let hand = evaluate_hand_str("As Ks Qs Js Ts").unwrap();
        assert_eq!(
            get(&hand, "category").as_string().as_deref(),
            Some("StraightFlush")
        );
        let err = evaluate_hand_str("As Ks").unwrap_err();
        assert_eq!(js_error_message(err), "expected 5 to 7 cards, got 2");
        assert_eq!(num(&categories(), "length"), 9.0);
    }

    /// The committed heads-up preflop table, as the page fetches it.
    const TABLE: &[u8] = include_bytes!("../www/data/preflop-hu.bin");

    fn unload_table() {
        PREFLOP.with(|t| *t.borrow_mut() = None);
    }

    fn run_all(job: &Job) -> JsValue {
        let c = job.total_units();
        let firsts: Vec<u32> = (0..c).collect();
        let tallies = job.run_chunks(&firsts, c).unwrap();
        estimate_counts(job.players(), &tallies, c, true).unwrap()
    }

    #[wasm_bindgen_test]
    fn range_jobs_are_exact_with_the_preflop_table() {
        unload_table();
        assert!(!preflop_table_loaded());
        let qq_tt = strings(&["QQ+", "TT+"]);
        // Without the table: exact over every deal of the ranges (540
        // units, each a whole preflop enumeration), still affordable.
        let job = Job::open(&qq_tt.clone(), "", "", "auto", None).unwrap();
        assert!(job.exact() && job.ranges() && job.table_fits() && !job.uses_table());
        assert_eq!(job.total_units(), 18 * 30);
        assert_eq!(job.labels(), ["QQ+", "TT+"]);
        // A planner that had the table cannot be matched: refused.
        let err = Job::open(&qq_tt.clone(), "", "", "auto", Some(true))
            .err()
            .unwrap();
        assert_eq!(get(&err, "field").as_string().as_deref(), Some("table"));
        let check = check_texts(&qq_tt.clone(), "", "");
        assert_eq!(get(&check, "tableFits").as_bool(), Some(true));
        assert_eq!(get(&check, "tableLoaded").as_bool(), Some(false));

        assert_eq!(load_preflop_bytes(TABLE).unwrap(), 47_008);
        assert!(preflop_table_loaded());
        let check = check_texts(&qq_tt.clone(), "", "");
        assert_eq!(get(&check, "tableLoaded").as_bool(), Some(true));
        assert_eq!(get(&check, "method").as_string().as_deref(), Some("exact"));
        assert_eq!(get(&check, "cost").as_string().as_deref(), Some("540")); // lookups, clashing pairs included
        for table in [None, Some(true)] {
            let job = Job::open(&qq_tt.clone(), "", "", "auto", table).unwrap();
            assert!(job.exact() && job.uses_table());
            assert_eq!(job.total_units(), 18, "a unit is one of player 1's combos");
            let r = run_all(&job);
            assert_eq!(get(&r, "exact").as_bool(), Some(true));
            assert_eq!(num(&r, "players.0.wins"), 484_876_704.0);
            assert_eq!(num(&r, "players.1.wins"), 252_971_328.0);
            assert_eq!(num(&r, "players.0.ties"), 32_688_768.0);
            assert_eq!(num(&r, "showdowns"), 450.0 * 1_712_304.0);
            assert!((num(&r, "players.0.equity") - 0.650483).abs() < 5e-7);
        }
        // Asked not to: the table-less plan again.
        let job = Job::open(&qq_tt, "", "", "auto", Some(false)).unwrap();
        assert!(!job.uses_table());
        assert_eq!(job.total_units(), 540);

        // A hand against a range: one unit, 1,225 lookups.
        let job = Job::open(&strings(&["AhKh", "random"]), "", "", "auto", None).unwrap();
        assert!(job.uses_table());
        assert_eq!(job.total_units(), 1);
        let r = run_all(&job);
        assert_eq!(num(&r, "showdowns"), 2_097_572_400.0);
        assert_eq!(num(&r, "players.0.wins"), 1_389_004_215.0);
        assert_eq!(num(&r, "players.0.ties"), 34_610_976.0);
        assert!((num(&r, "players.0.equity") - 0.670446).abs() < 5e-7);

        // Top 10% against top 10%: 136 units, exact at once.
        let job = Job::open(&strings(&["10%", "10%"]), "", "", "auto", None).unwrap();
        assert!(job.exact());
        assert_eq!(job.total_units(), 136);
        assert_eq!(job.cost(), (136 * 136).to_string());
        let r = run_all(&job);
        assert!(
            (num(&r, "players.0.equity") - 0.5).abs() < 1e-12,
            "symmetric"
        );
        // Without the table that is Monte Carlo.
        let job = Job::open(&strings(&["10%", "10%"]), "", "", "auto", Some(false)).unwrap();
        assert!(!job.exact());

        // The table serves heads-up preflop only: a board, a dead card or a
        // third player enumerate boards.
        for (players, board, dead) in [
            (&["QQ+", "AhKh"][..], "2c 7d 9s", ""),
            (&["QQ+", "AhKh"][..], "", "2c"),
            (&["QQ+", "AhKh", "5c5d"][..], "", ""),
        ] {
            let job = Job::open(&strings(players), board, dead, "auto", Some(true)).unwrap();
            assert!(!job.table_fits() && !job.uses_table());
        }
        let job = Job::open(&strings(&["QQ+", "AhKh"]), "2c 7d 9s", "", "auto", None).unwrap();
        assert!(job.exact());
        let r = run_all(&job);
        let direct = crate::equity::calculate(
            &Spec::parse(&["QQ+", "AhKh"], "2c 7d 9s", "").unwrap(),
            crate::equity::Method::Exact,
        );
        assert_eq!(num(&r, "players.0.wins"), direct.tally.wins(0) as f64);
        assert_eq!(num(&r, "players.1.ties"), direct.tally.ties(1) as f64);
    }

    #[wasm_bindgen_test]
    fn a_damaged_table_is_refused_and_the_old_one_kept() {
        assert!(load_preflop_bytes(TABLE).is_ok());
        let mut bad = TABLE.to_vec();
        let (ah_kh, qs_qd) = (
            [Card::new(12, 2), Card::new(11, 2)],
            [Card::new(10, 3), Card::new(10, 1)],
        );
        let (key, _) = preflop::canonical(ah_kh, qs_qd);
        let at = (0..(bad.len() - 12) / 12)
            .map(|r| 12 + r * 12)
            .find(|&at| u32::from_le_bytes([bad[at], bad[at + 1], bad[at + 2], bad[at + 3]]) == key)
            .unwrap();
        bad[at + 4] ^= 1;
        let err = load_preflop_bytes(&bad).unwrap_err();
        assert!(js_error_message(err).contains("disagrees with the engine"));
        bad.truncate(bad.len() - 1);
        let err = load_preflop_bytes(&bad).unwrap_err();
        assert_eq!(
            js_error_message(err),
            "heads-up preflop table: wrong size for its record count"
        );
        assert!(preflop_table_loaded());
    }

    #[wasm_bindgen_test]
    fn ranges_for_the_page() {
        let r = parse_range_str("qq+ , aks").unwrap();
        assert_eq!(get(&r, "ok").as_bool(), Some(true));
        assert_eq!(get(&r, "text").as_string().as_deref(), Some("QQ+, AKs"));
        assert_eq!(num(&r, "combos"), 22.0);
        assert_eq!(num(&r, "fill.length"), 169.0);
        assert_eq!(num(&r, "fill.0"), 1.0); // AA
        assert_eq!(num(&r, "fill.1"), 1.0); // AKs
        assert_eq!(num(&r, "fill.13"), 0.0); // AKo
        assert_eq!(num(&r, "counts.28"), 6.0); // QQ: row 2, col 2
        assert!(get(&r, "error").is_null());
        // Weights and single combos show as part of a class.
        let r = parse_range_str("AK@50, AhQh").unwrap();
        assert_eq!(
            get(&r, "text").as_string().as_deref(),
            Some("AKs:0.5, AKo:0.5, AhQh")
        );
        assert_eq!(num(&r, "fill.1"), 0.5);
        assert_eq!(num(&r, "fill.2"), 0.25);
        assert_eq!(num(&r, "counts.2"), 1.0);
        assert_eq!(num(&r, "weighted"), 9.0);
        // Errors point at the character.
        for (text, message, position) in [
            ("AKx", "\"AKx\": expected 's' or 'o' at position 3", 3.0),
            ("QQ+, 88s", "\"88s\": a pair cannot be suited", 8.0),
        ] {
            let r = parse_range_str(text).unwrap();
            assert_eq!(get(&r, "ok").as_bool(), Some(false));
            assert_eq!(
                get(&r, "error.message").as_string().as_deref(),
                Some(message)
            );
            assert_eq!(num(&r, "error.position"), position, "{text}");
            assert_eq!(get(&r, "text").as_string().as_deref(), Some(""));
        }
        let r = parse_range_str("").unwrap();
        assert!(get(&r, "error.position").is_null());

        // The grid edits ranges class by class; canonical text comes back.
        let r = edit_range_str("QQ+", &strings(&["AKs", "AKo"]), 1000).unwrap();
        assert_eq!(
            get(&r, "text").as_string().as_deref(),
            Some("QQ+, AKs, AKo")
        );
        let r = edit_range_str("QQ+, AKs", &strings(&["QQ"]), 0).unwrap();
        assert_eq!(get(&r, "text").as_string().as_deref(), Some("KK+, AKs"));
        let r = edit_range_str("QQ+", &strings(&["AKo"]), 500).unwrap();
        assert_eq!(get(&r, "text").as_string().as_deref(), Some("QQ+, AKo:0.5"));
        assert_eq!(num(&r, "fill.13"), 0.5);
        let r = edit_range_str("AhKh", &strings(&["QQ"]), 1000).unwrap();
        assert_eq!(get(&r, "text").as_string().as_deref(), Some("QQ, AhKh"));
        let r = edit_range_str("junk", &strings(&["22"]), 1000).unwrap();
        assert_eq!(get(&r, "text").as_string().as_deref(), Some("22"));
        let r = edit_range_str("AA", &strings(&["AA"]), 0).unwrap();
        assert_eq!(get(&r, "ok").as_bool(), Some(false));

        // Top X% by the standard ranking (equity against 3 random hands).
        let r = range_top_u32(1000).unwrap();
        assert_eq!(
            get(&r, "text").as_string().as_deref(),
            Some("77+, A9s+, KTs+, QTs+, AJo+, KQo")
        );
        assert_eq!(num(&r, "combos"), 136.0);
        let r = range_top_u32(500).unwrap();
        assert_eq!(
            get(&r, "text").as_string().as_deref(),
            Some("88+, AJs+, KQs, AKo")
        );
        let r = range_top_u32(10_000).unwrap();
        assert_eq!(get(&r, "text").as_string().as_deref(), Some("random"));
        assert_eq!(num(&r, "percent"), 100.0);
        assert_eq!(get(&range_top_u32(0).unwrap(), "ok").as_bool(), Some(false));
        let info = ranking_info();
        assert_eq!(num(&info, "opponents"), 3.0);
        assert_eq!(
            get(&info, "description").as_string().as_deref(),
            Some("equity against 3 random hands")
        );
        // "10%" typed reads the same.
        let r = parse_range_str("10%").unwrap();
        assert_eq!(num(&r, "combos"), 136.0);

        // Explain: token, expansion, combos.
        let e = explain_range_str("qq+, AhKh  A2s-A5s:0.5").unwrap();
        assert_eq!(get(&e, "ok").as_bool(), Some(true));
        assert_eq!(num(&e, "items.length"), 3.0);
        assert_eq!(get(&e, "items.0.token").as_string().as_deref(), Some("qq+"));
        assert_eq!(get(&e, "items.0.text").as_string().as_deref(), Some("QQ+"));
        assert_eq!(
            get(&e, "items.0.classes.2").as_string().as_deref(),
            Some("QQ")
        );
        assert_eq!(num(&e, "items.0.comboCount"), 18.0);
        assert_eq!(
            get(&e, "items.1.combos.0").as_string().as_deref(),
            Some("AhKh")
        );
        assert_eq!(num(&e, "items.1.position"), 6.0);
        assert_eq!(num(&e, "items.2.weight"), 0.5);
        assert_eq!(
            get(&e, "items.2.weightText").as_string().as_deref(),
            Some("0.5")
        );
        assert_eq!(num(&e, "items.2.comboCount"), 16.0);
        let e = explain_range_str("10%").unwrap();
        assert_eq!(num(&e, "items.0.comboCount"), 136.0);
        let e = explain_range_str("QQ+, AKx").unwrap();
        assert_eq!(num(&e, "error.position"), 8.0);

        // The scenario check names ranges and their live combos.
        let check = check_texts(&strings(&["QQ+", "AhKh"]), "", "Qs");
        assert!(get(&check, "error").is_null());
        assert_eq!(get(&check, "ranges").as_bool(), Some(true));
        assert_eq!(
            get(&check, "tableFits").as_bool(),
            Some(false),
            "a dead card"
        );
        assert_eq!(
            get(&check, "players.0.range").as_string().as_deref(),
            Some("QQ+")
        );
        assert_eq!(num(&check, "players.0.combos"), 18.0 - 3.0 - 3.0 - 3.0);
        assert!(get(&check, "players.1.range").is_null());
        assert_eq!(num(&check, "players.1.cards.length"), 2.0);
        let check = check_texts(&strings(&["AA", "AhAd"]), "As", "");
        assert_eq!(
            get(&check, "error.field").as_string().as_deref(),
            Some("board")
        );
        let check = check_texts(&strings(&["AA", "AhAd"]), "As 2c 3c", "");
        assert_eq!(
            get(&check, "error.field").as_string().as_deref(),
            Some("p1")
        );
        assert_eq!(
            num(&check, "players.0.combos"),
            6.0,
            "as written: the spec failed"
        );
    }

    fn js_list(items: &[JsValue]) -> JsValue {
        items.iter().collect::<js_sys::Array>().into()
    }

    fn texts(items: &[&str]) -> JsValue {
        js_list(
            &items
                .iter()
                .map(|&s| JsValue::from_str(s))
                .collect::<Vec<_>>(),
        )
    }

    /// Values a careless lookup or a hostile caller hands the exports.
    fn hostile_values() -> Vec<JsValue> {
        let object = js_sys::Object::new();
        vec![
            JsValue::UNDEFINED,
            JsValue::NULL,
            JsValue::from_f64(f64::NAN),
            JsValue::from_f64(1e300),
            JsValue::from_bool(true),
            object.clone().into(),
            // What `METHODS["__proto__"]` gives: Object.prototype.
            js_sys::Object::get_prototype_of(&object).into(),
            // `METHODS["constructor"]`, `METHODS["toString"]`: functions.
            object.constructor().into(),
            js_sys::Reflect::get(&object, &"toString".into()).unwrap(),
            js_list(&[JsValue::from_str("AhKh")]),
            js_sys::Symbol::for_("x").into(),
        ]
    }

    /// Issue 11, finding 3: `method=__proto__` handed `Object.prototype` to
    /// the `&str` glue, which called the allocator with undefined sizes and
    /// trapped ("memory access out of bounds"). Every export taking text
    /// now checks its values: a clear error (or an error in the answer for
    /// those documented never to throw), never a trap.
    #[wasm_bindgen_test]
    fn exports_refuse_values_that_are_not_text() {
        let players = texts(&["AhKh", "QsQd"]);
        let empty = JsValue::from_str("");
        let auto = JsValue::from_str("auto");
        for bad in hostile_values() {
            let what = format!("{bad:?}");
            let err = Job::new(
                players.clone(),
                empty.clone(),
                empty.clone(),
                bad.clone(),
                None,
            )
            .err()
            .unwrap();
            assert_eq!(
                get(&err, "field").as_string().as_deref(),
                Some("method"),
                "{what}"
            );
            let err = Job::new(
                players.clone(),
                bad.clone(),
                empty.clone(),
                auto.clone(),
                None,
            )
            .err()
            .unwrap();
            assert_eq!(
                get(&err, "field").as_string().as_deref(),
                Some("board"),
                "{what}"
            );
            assert!(message(err).starts_with("the board: expected text, got "));
            let check = check_scenario(players.clone(), empty.clone(), bad.clone());
            assert_eq!(
                get(&check, "error.field").as_string().as_deref(),
                Some("dead"),
                "{what}"
            );
            let check = check_scenario(js_list(&[bad.clone()]), empty.clone(), empty.clone());
            assert_eq!(
                get(&check, "error.field").as_string().as_deref(),
                Some("p1"),
                "{what}"
            );
            if !js_sys::Array::is_array(&bad) {
                let check = check_scenario(bad.clone(), empty.clone(), empty.clone());
                assert_eq!(
                    get(&check, "error.field").as_string().as_deref(),
                    Some("players"),
                    "{what}"
                );
            }
            assert_eq!(
                get(&parse_range(bad.clone()).unwrap(), "ok").as_bool(),
                Some(false)
            );
            assert_eq!(
                get(&explain_range(bad.clone()).unwrap(), "ok").as_bool(),
                Some(false)
            );
            assert!(
                edit_range(bad.clone(), texts(&["AKs"]), 1000.0).is_err(),
                "{what}"
            );
            assert!(edit_range(empty.clone(), js_list(&[bad.clone()]), 1000.0).is_err());
            assert!(evaluate_hand(bad.clone()).is_err(), "{what}");
            assert!(evaluate_three_card(bad.clone(), JsValue::from_str("casino")).is_err());
            assert!(evaluate_three_card(JsValue::from_str("Ah 2c 3d"), bad.clone()).is_err());
            assert!(pick_combo(bad.clone(), texts(&[])).is_err(), "{what}");
            assert_eq!(class_of(bad.clone()), None);
            assert!(estimate(2.0, bad.clone(), 1.0, true).is_err(), "{what}");
        }
        let err = check_scenario(JsValue::from_f64(3.0), empty.clone(), empty.clone());
        assert_eq!(
            get(&err, "error.message").as_string().as_deref(),
            Some("the players: expected a list of texts, got a number")
        );
        let proto = hostile_values().swap_remove(6);
        let err = Job::new(players.clone(), empty.clone(), empty.clone(), proto, None)
            .err()
            .unwrap();
        assert_eq!(message(err), "the method: expected text, got an object");
        // An unknown method as text is quoted, escapes and all.
        let err = Job::new(
            players,
            empty.clone(),
            empty,
            "__proto__\u{1b}[31m".into(),
            None,
        )
        .err()
        .unwrap();
        assert_eq!(
            message(err),
            "unknown method \"__proto__\\u{1b}[31m\" (methods are auto, exact, monte-carlo)"
        );
    }

    #[wasm_bindgen_test]
    fn numbers_in_errors_are_written_as_rust_writes_them() {
        let mut cases = vec![
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            0.0,
            -0.0,
            -1.0,
            0.5,
            1e300,
            1e-7,
            1.5e-7,
            1e21,
            1.2e22,
            123_456_789_012_345_680_000.0,
            4_294_967_298.0,
            0.1 + 0.2,
            f64::MIN_POSITIVE,
            5e-324,
            f64::MAX,
            -f64::MAX,
            1000.25,
            2.5,
        ];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            cases.push(f64::from_bits(x));
            cases.push((x % 1_000_000) as f64 / 1000.0);
        }
        for n in cases {
            assert_eq!(args::number_text(n), format!("{n}"), "{:?}", n.to_bits());
        }
        assert_eq!(
            js_error_message(range_top(0.5).unwrap_err()),
            "the top hundredths of a percent: 0.5 is not a whole number from 0 to 10000"
        );
    }

    #[wasm_bindgen_test]
    fn exports_refuse_huge_and_hidden_input_clearly() {
        let huge = JsValue::from_str(&"A".repeat(args::MAX_TEXT as usize + 1));
        let empty = JsValue::from_str("");
        let err = evaluate_hand(huge.clone()).unwrap_err();
        assert_eq!(
            js_error_message(err),
            "the hand: too long (100001 characters; at most 100000)"
        );
        let check = check_scenario(texts(&["AhKh", "QsQd"]), huge.clone(), empty.clone());
        assert_eq!(
            get(&check, "error.field").as_string().as_deref(),
            Some("board")
        );
        assert!(Job::new(
            js_list(&[huge.clone()]),
            empty.clone(),
            empty.clone(),
            "auto".into(),
            None
        )
        .is_err());
        assert_eq!(
            get(&parse_range(huge.clone()).unwrap(), "ok").as_bool(),
            Some(false)
        );
        // Long text within the limit: parsed, and the error quotes it short.
        let long = "Ah".repeat(20_000);
        let check = check_scenario(texts(&[&long, "QsQd"]), empty.clone(), empty.clone());
        let message = get(&check, "error.message").as_string().unwrap();
        assert!(message.len() < 200, "{message}");
        for text in [
            "\u{0}",
            "\u{1b}[2J",
            "\u{200b}",
            "\u{feff}AhKh",
            "__proto__",
            "constructor",
            "toString",
            "hasOwnProperty",
            "valueOf",
        ] {
            let v = JsValue::from_str(text);
            assert!(
                !check_scenario(js_list(&[v.clone(), v.clone()]), v.clone(), v.clone())
                    .is_undefined()
            );
            let _ = Job::new(
                js_list(&[v.clone(), "AhKh".into()]),
                v.clone(),
                empty.clone(),
                v.clone(),
                None,
            );
            let _ = evaluate_hand(v.clone());
            let _ = evaluate_three_card(v.clone(), v.clone());
            let _ = pick_combo(v.clone(), js_list(&[v.clone()]));
            let _ = class_of(v.clone());
            assert!(get(&parse_range(v.clone()).unwrap(), "ok")
                .as_bool()
                .is_some());
            let _ = explain_range(v.clone()).unwrap();
            let _ = edit_range(v.clone(), js_list(&[v.clone()]), 500.0);
        }
        // Numbers that are not what they should be.
        for n in [f64::NAN, f64::INFINITY, -1.0, 0.5, 1e300, 4_294_967_298.0] {
            assert!(range_top(n).is_err(), "{n}");
            assert!(edit_range("QQ+".into(), texts(&["AKs"]), n).is_err(), "{n}");
            let counts = js_sys::Float64Array::from(&[1.0, 2.0, 3.0, 4.0][..]);
            assert!(
                estimate(n, counts.clone().into(), 1.0, true).is_err(),
                "{n}"
            );
            assert!(estimate(2.0, counts.into(), n, true).is_err(), "{n}");
        }
        let too_many = js_sys::Float64Array::new_with_length(MAX_TALLY_COUNTS + 4);
        assert!(estimate(2.0, too_many.into(), 1.0, true).is_err());
        let plain = js_list(&[1.0.into(), 2.0.into(), "x".into(), 4.0.into()]);
        assert!(estimate(2.0, plain, 1.0, true).is_err());
        let plain = js_list(&[1.0.into(), 2.0.into(), 3.0.into(), 4.0.into()]);
        assert!(estimate(2.0, plain, 1.0, true).is_ok());
        assert!(pick_combo("AKs".into(), JsValue::from_f64(f64::NAN)).is_err());
        let used = js_sys::Array::new_with_length(args::MAX_LIST + 1);
        assert!(pick_combo("AKs".into(), used.into()).is_err());
    }

    /// Issue 11, finding 1: three `random` players cost 9,587,631,835,493,712
    /// evaluations, which serde refused to turn into a JS number, so
    /// `check_scenario` threw. Now the cost is text, the answer says why it
    /// samples, and a job of 3, 6 or 10 random players or 6 ranges opens as
    /// Monte Carlo under "auto".
    #[wasm_bindgen_test]
    fn huge_scenarios_are_checked_and_sampled() {
        let empty = JsValue::from_str("");
        for players in [
            vec!["random"; 3],
            vec!["random"; 6],
            vec!["random"; 10],
            vec!["10%"; 6],
        ] {
            let n = players.len();
            let check = check_scenario(texts(&players), empty.clone(), empty.clone());
            assert!(get(&check, "error").is_null(), "{players:?}");
            assert_eq!(
                get(&check, "method").as_string().as_deref(),
                Some("monte-carlo")
            );
            let cost = get(&check, "cost").as_string().unwrap();
            assert!(cost.parse::<u64>().unwrap() > 2_000_000_000, "{cost}");
            let why = get(&check, "whySampled").as_string().unwrap();
            assert!(why.starts_with("too many boards for exact (≈"), "{why}");
            let job = Job::new(
                texts(&players),
                empty.clone(),
                empty.clone(),
                "auto".into(),
                None,
            )
            .unwrap();
            assert!(!job.exact());
            assert_eq!(job.why_sampled(), Some(why));
            assert!(!job.cost_at_most(4e6) && !job.cost_at_most(f64::NAN));
            let counts = job.run_trials(1, 0, 2_000);
            assert_eq!(counts.len(), 1 << n);
            let r = estimate_counts(n, &counts, 1, false).unwrap();
            assert_eq!(get(&r, "reliable").as_bool(), Some(true));
            let sum: f64 = (0..n)
                .map(|p| num(&r, &format!("players.{p}.equity")))
                .sum();
            assert!((sum - 1.0).abs() < 1e-9, "{sum}");
            // Asked for by name: Monte Carlo, no reason needed.
            let job = Job::new(
                texts(&players),
                empty.clone(),
                empty.clone(),
                "monte-carlo".into(),
                None,
            )
            .unwrap();
            assert_eq!(job.why_sampled(), None);
        }
        let three = check_scenario(texts(&["random"; 3]), empty.clone(), empty.clone());
        assert_eq!(
            get(&three, "cost").as_string().as_deref(),
            Some("9587631835493712")
        );
        assert_eq!(
            get(&three, "whySampled").as_string().as_deref(),
            Some("too many boards for exact (≈9.6e15 evaluations): Monte Carlo")
        );
        let ok = check_scenario(texts(&["AhKh", "QsQd"]), empty.clone(), empty);
        assert!(get(&ok, "whySampled").is_null());
        assert_eq!(get(&ok, "cost").as_string().as_deref(), Some("3424608"));
    }

    #[wasm_bindgen_test]
    fn strength_table_and_ranking_for_the_grid() {
        let classes = hand_classes();
        assert_eq!(num(&classes, "0.strength.length"), MAX_OPPONENTS as f64);
        assert!((num(&classes, "0.strength.0") - 0.852).abs() < 1e-3);
        assert!(num(&classes, "0.strength.8") < num(&classes, "0.strength.0"));
        assert_eq!(num(&classes, "0.rank"), 0.0, "AA is the best hand");
        // 72o (row 12, col 7) is near the bottom of every ranking.
        assert!(num(&classes, &format!("{}.rank", 12 * 13 + 7)) > 160.0);
        assert_eq!(
            get(&classes, &format!("{}.label", 12 * 13 + 7))
                .as_string()
                .as_deref(),
            Some("72o")
        );
    }
}
