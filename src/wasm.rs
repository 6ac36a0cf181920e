//! The JavaScript binding: the one module that knows JS exists.
//!
//! Compiled only for wasm32. It turns text from the page into calls on the
//! core and the core's answers into plain JS values (via serde), so core
//! types are never `#[wasm_bindgen]` and JS never re-derives poker rules:
//! card text, category names, hand-class labels and error messages all come
//! from here. No input, however malformed, makes these functions panic.
//!
//! Errors reach JS as `Error`s whose message is the core's own, verbatim.
//!
//! # Equity jobs
//!
//! ```text
//!   const job = new Job(["AhKh", "QsQd"], "2h7hTc", "", "auto");
//!   job.exact, job.total_units()          // exact when affordable
//!   job.run_strided(c, C)                 // chunk c of C: Float64Array tally
//!   job.run_trials(seed, chunk, trials)   // Monte Carlo chunk: same shape
//!   estimate(job.players, tallies, C, job.exact)   // {players: [{win, tie, equity, stdError…}]…}
//! ```
//!
//! A **tally** crosses the boundary as a `Float64Array` of `2^players`
//! counts, indexed by the bit mask of the players who won (or split) a
//! showdown. Several tallies travel concatenated. Counts are integers below
//! 2^53 (an exact job has at most C(48,5) = 1,712,304 boards; a Monte Carlo
//! chunk has at most 2^32 trials), so `f64` holds them exactly, JS can add
//! them with `+`, and the arrays move between workers without copying.
//! [`estimate`] rejects any array that is not such a list of counts.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{format_cards, format_cards_compact, parse_between, parse_cards, Card, CardSet};
use crate::equity::strength::VS_RANDOM;
use crate::equity::{
    boards, Estimate, Exact, MonteCarlo, Place, Spec, SpecError, Tally, EXACT_LIMIT, MAX_PLAYERS,
};
use crate::eval::{evaluate, Category};
use crate::range::{HandClass, HoleCards, Shape};
use crate::three_card;

/// Runs once when the module is instantiated: panics go to the console with
/// their message instead of a bare "unreachable".
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
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
/// parser's message for anything else.
#[wasm_bindgen]
pub fn evaluate_hand(text: &str) -> Result<JsValue, JsError> {
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
pub fn evaluate_three_card(text: &str, rules: &str) -> Result<JsValue, JsError> {
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
}

/// The 169 starting-hand classes in grid order (row-major from `AA`):
/// `[{label, name, row, col, kind, combos, vsRandom}]`.
#[wasm_bindgen]
pub fn hand_classes() -> JsValue {
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
pub fn pick_combo(class: &str, used: Vec<String>) -> Result<String, JsError> {
    let class = HandClass::from_label(class).ok_or_else(|| {
        JsError::new(&format!(
            "\"{class}\" is not a hand class (e.g. AKs, AKo, 77)"
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
/// `undefined` unless the text is exactly two valid cards.
#[wasm_bindgen]
pub fn class_of(cards: &str) -> Option<String> {
    match parse_cards(cards).ok()?.as_slice() {
        [a, b] => HoleCards::new(*a, *b).map(|h| h.class().label()),
        _ => None,
    }
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
#[derive(Serialize)]
struct Check {
    players: Vec<FieldCheck>,
    board: FieldCheck,
    dead: FieldCheck,
    /// The first problem with the scenario, or `null` when it can be computed.
    error: Option<FieldError>,
    /// `"exact"` or `"monte-carlo"` (what `"auto"` would pick); `null` on error.
    method: Option<&'static str>,
    /// Boards an exact enumeration visits, and its cost in evaluations.
    boards: u64,
    cost: u64,
}

/// Validates a scenario as typed: one text per player, the board and the
/// dead cards. Never throws for any input: returns
/// `{players: [{cards}], board: {cards}, dead: {cards}, error: {field,
/// message} | null, method, boards, cost}`.
#[wasm_bindgen]
pub fn check_scenario(players: Vec<String>, board: &str, dead: &str) -> Result<JsValue, JsError> {
    let field = |text: &str| FieldCheck {
        cards: parse_cards(text)
            .map(|cards| cards.iter().map(Card::to_string).collect())
            .unwrap_or_default(),
    };
    let (error, method, boards, cost) = match Spec::parse(&players, board, dead) {
        Ok(spec) => {
            let cost = exact_cost(&spec);
            let known = spec.players().iter().all(|p| p.known_cards().is_some());
            let method = if known && cost <= EXACT_LIMIT {
                "exact"
            } else {
                "monte-carlo"
            };
            (None, Some(method), self::boards(&spec), cost)
        }
        Err(err) => (Some(field_error(&err)), None, 0, 0),
    };
    to_js(&Check {
        players: players.iter().map(|p| field(p)).collect(),
        board: field(board),
        dead: field(dead),
        error,
        method,
        boards,
        cost,
    })
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
        // Too few or too many players, ranges that cannot be dealt together:
        // about the table as a whole.
        _ => "players".into(),
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
    exact: Option<Exact>,
    monte_carlo: MonteCarlo,
    boards: u64,
    cost: u64,
}

#[wasm_bindgen]
impl Job {
    /// Opens a job from text as typed. `method` is `"auto"` (exact unless
    /// it costs more than the engine's limit), `"exact"` or `"monte-carlo"`.
    ///
    /// Throws an `Error` with the core's message and a `field` property
    /// (`"p2"`, `"board"`, `"dead"`, `"players"`, or `"method"`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        players: Vec<String>,
        board: &str,
        dead: &str,
        method: &str,
    ) -> Result<Job, JsValue> {
        let spec = Spec::parse(&players, board, dead).map_err(|err| spec_error_to_js(&err))?;
        let cost = exact_cost(&spec);
        // The exact engine enumerates known hands only; anything else samples.
        let known = spec.players().iter().all(|p| p.known_cards().is_some());
        let exact = match method {
            "auto" => known && cost <= EXACT_LIMIT,
            "exact" if known => true,
            "exact" => {
                return Err(field_js_error(
                    "players",
                    "exact enumeration needs every player's two cards",
                ))
            }
            "monte-carlo" => false,
            _ => {
                return Err(field_js_error(
                    "method",
                    &format!("unknown method {method:?} (methods are auto, exact, monte-carlo)"),
                ))
            }
        };
        Ok(Job {
            players: spec.players().len(),
            labels: (0..spec.players().len())
                .map(|i| spec.player_label(i))
                .collect(),
            exact: exact.then(|| Exact::new(&spec)),
            monte_carlo: MonteCarlo::new(&spec),
            boards: boards(&spec),
            cost,
        })
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

    /// Boards an exact enumeration visits.
    #[wasm_bindgen(getter)]
    pub fn boards(&self) -> f64 {
        self.boards as f64
    }

    /// Evaluations an exact enumeration costs (at most).
    #[wasm_bindgen(getter)]
    pub fn cost(&self) -> f64 {
        self.cost as f64
    }

    /// Units of an exact job (0 for Monte Carlo): chunks are strided over
    /// them.
    pub fn total_units(&self) -> u32 {
        self.exact
            .as_ref()
            .map_or(0, |e| e.total_units().min(u32::MAX as u64) as u32)
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
const MAX_COUNT: f64 = 9_007_199_254_740_992.0;

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
struct EstimateResult {
    exact: bool,
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
/// Returns `{exact, chunks, totalChunks, showdowns, players: [{win, tie,
/// equity, stdError, wins, ties, losses}], splits: [{players, count}]}`;
/// throws for counts that are not a whole number of tallies of integers.
#[wasm_bindgen]
pub fn estimate(
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

/// Evaluations an exact enumeration of known hands costs at most: boards
/// times players (the core's `exact_cost` for known hands).
fn exact_cost(spec: &Spec) -> u64 {
    boards(spec).saturating_mul(spec.players().len() as u64)
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
        let job = Job::new(strings(&["AhKh", "QsQd"]), "", "", "auto").unwrap();
        assert!(job.exact());
        assert_eq!(job.players(), 2);
        assert_eq!(job.labels(), ["AhKh", "QsQd"]);
        assert_eq!(job.boards(), 1_712_304.0);
        let stride = 7;
        let order = [3u32, 0, 6, 1, 5, 2, 4];
        let tallies = job.run_chunks(&order, stride).unwrap();
        assert_eq!(tallies.len(), 7 * 4);
        // Each chunk alone equals run_strided.
        assert_eq!(job.run_strided(6, stride).unwrap(), tallies[8..12]);
        let all = estimate(2, &tallies, stride, true).unwrap();
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
        let part = estimate(2, &tallies[..12], stride, true).unwrap();
        assert_eq!(get(&part, "exact").as_bool(), Some(false));
        assert_eq!(num(&part, "chunks"), 3.0);
        assert_eq!(num(&part, "totalChunks"), 7.0);
        assert!(num(&part, "players.0.stdError") > 0.0);
    }

    #[wasm_bindgen_test]
    fn flop_counts() {
        let job = Job::new(strings(&["AhKh", "QsQd"]), "2h 7h Tc", "", "exact").unwrap();
        let c = job.total_units();
        let firsts: Vec<u32> = (0..c).collect();
        let tallies = job.run_chunks(&firsts, c).unwrap();
        let r = estimate(2, &tallies, c, true).unwrap();
        assert_eq!(num(&r, "showdowns"), 990.0);
        assert_eq!(num(&r, "players.0.wins"), 539.0);
        assert_eq!(num(&r, "players.1.wins"), 451.0);
        assert!((num(&r, "players.0.equity") - 0.544444).abs() < 1e-6);
    }

    #[wasm_bindgen_test]
    fn monte_carlo_is_reproducible_and_marked_inexact() {
        let job = Job::new(strings(&["AhKh", "QsQd"]), "", "", "monte-carlo").unwrap();
        assert!(!job.exact());
        assert_eq!(job.total_units(), 0);
        let a = job.run_trial_chunks(9, &[0, 1, 2], 5_000);
        assert_eq!(a, job.run_trial_chunks(9, &[0, 1, 2], 5_000));
        assert_eq!(job.run_trials(9, 1, 5_000), a[4..8]);
        assert_eq!(a.iter().sum::<f64>(), 15_000.0);
        let r = estimate(2, &a, 3, false).unwrap();
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
            let err = Job::new(strings(players), board, dead, "auto")
                .err()
                .unwrap();
            assert_eq!(get(&err, "field").as_string().as_deref(), Some(field));
            assert_eq!(message(err), want);
            // check_scenario reports the same, without throwing.
            let check = check_scenario(strings(players), board, dead).unwrap();
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
        let err = Job::new(strings(&["AhKh", "QsQd"]), "", "", "guess")
            .err()
            .unwrap();
        assert_eq!(get(&err, "field").as_string().as_deref(), Some("method"));
    }

    #[wasm_bindgen_test]
    fn check_scenario_reads_every_field() {
        let check = check_scenario(strings(&["A♥K♦", "qs qd", "Zz"]), "2h7hTc", "").unwrap();
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
        let ok = check_scenario(strings(&["AhKh", "QsQd"]), "", "").unwrap();
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
            assert!(Job::new(players.clone(), board, "", "auto").is_err());
            assert!(check_scenario(players, board, "").is_ok());
        }
        // Text that is not two cards (a range, once the core reads ranges)
        // is either refused or sampled, never enumerated as if known.
        if let Ok(job) = Job::new(strings(&["QQ+", "AhKh"]), "", "", "auto") {
            assert!(!job.exact());
            assert_eq!(job.run_trials(1, 0, 100).iter().sum::<f64>(), 100.0);
        }
        assert!(Job::new(strings(&["QQ+", "AhKh"]), "", "", "exact").is_err());
        let job = Job::new(strings(&["AhKh", "QsQd"]), "", "", "auto").unwrap();
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
            assert!(estimate(players, &tallies, 1, true).is_err(), "{tallies:?}");
        }
        // All-zero tallies are fine: nothing counted yet.
        assert!(estimate(2, &[0.0; 4], 1, true).is_ok());
        assert!(pick_combo("AXs", vec![]).is_err());
        assert_eq!(class_of("Ah"), None);
        assert_eq!(class_of("Ah Ah"), None);
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
        assert_eq!(pick_combo("aks", vec![]).unwrap(), "AsKs");
        assert_eq!(
            pick_combo("AKs", strings(&["As", "Kh", "junk"])).unwrap(),
            "AdKd"
        );
        let err = pick_combo("AA", strings(&["As", "Ah", "Ad"])).unwrap_err();
        assert_eq!(
            js_error_message(err),
            "every AA combo uses a card already taken"
        );
        assert_eq!(class_of("Kh Ah").as_deref(), Some("AKs"));
        assert_eq!(class_of("7c2d").as_deref(), Some("72o"));
        assert_eq!(warm_up(), 1_713_294.0);
    }

    #[wasm_bindgen_test]
    fn the_old_evaluator_still_answers() {
        let hand = evaluate_hand("As Ks Qs Js Ts").unwrap();
        assert_eq!(
            get(&hand, "category").as_string().as_deref(),
            Some("StraightFlush")
        );
        let err = evaluate_hand("As Ks").unwrap_err();
        assert_eq!(js_error_message(err), "expected 5 to 7 cards, got 2");
        assert_eq!(num(&categories(), "length"), 9.0);
    }
}
