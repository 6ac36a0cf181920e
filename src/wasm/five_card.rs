//! Five-card showdowns on the page: a job the worker pool runs in chunks
//! exactly like [`Job`](super::job::Job) (same method names, same tallies,
//! so `estimate` and the scheduler serve it), and a check of the fields as
//! typed in `check_scenario`'s shape, with the showdown itself (every
//! hand's class and the winners) once every hand is complete.
//!
//! ```text
//!   const job = new FiveCardJob(["AhAdKc7d", "QsQhJc", "random"], "", "auto");
//!   job.exact, job.total_units(), job.run_chunks(firsts, C), job.run_trial_chunks(seed, chunks, n)
//!   check_five_card(players, dead)  // as check_scenario, + showdown: {hands: [{name, label, category}], winners} | null
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{parse_cards, Card};
use crate::eval::describe as holdem;
use crate::five_card::{FiveCardError, FiveCardJob as Core, MAX_PLAYERS};

use super::{args, field_error, job::JobMethod, to_js};

/// The input field a five-card error belongs to: `"p1"` … `"p10"`,
/// `"dead"`, `"players"` (the table as a whole) or `"method"`.
fn field_of(err: &FiveCardError) -> String {
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

fn texts(players: &JsValue, dead: &JsValue) -> Result<(Vec<String>, String), JsValue> {
    // A longer list than any table reaches the core, which says how many fit.
    let players = args::texts(players, "the players", 4 * MAX_PLAYERS as u32, |i| {
        format!("player {}", i + 1)
    })
    .map_err(|m| field_error("players", m))?;
    let dead = args::text(dead, "the dead cards").map_err(|m| field_error("dead", m))?;
    Ok((players, dead))
}

fn open(players: &[String], dead: &str) -> Result<Core, FiveCardError> {
    let players: Vec<&str> = players.iter().map(String::as_str).collect();
    Core::parse(&players, dead)
}

fn fail(e: &FiveCardError) -> JsValue {
    field_error(&field_of(e), e)
}

/// An opened five-card job (see the module docs); each worker opens its own.
#[wasm_bindgen(js_name = FiveCardJob)]
pub struct FiveCardJobJs {
    core: Core,
    exact: bool,
    why_sampled: Option<String>,
}

#[wasm_bindgen(js_class = FiveCardJob)]
impl FiveCardJobJs {
    /// Opens a job: `players` (0 to 5 known cards each; `random`, `?` or
    /// empty for none), `dead` cards and the `method` (`auto`, `exact`,
    /// `monte-carlo`). Throws an `Error` with a `field` (`"p2"`, `"dead"`,
    /// `"players"`, `"method"`).
    #[wasm_bindgen(constructor)]
    pub fn new(players: JsValue, dead: JsValue, method: JsValue) -> Result<FiveCardJobJs, JsValue> {
        let (players, dead) = texts(&players, &dead)?;
        let method = args::text(&method, "the method").map_err(|m| field_error("method", m))?;
        let method = JobMethod::parse(&method)?;
        let core = open(&players, &dead).map_err(|e| fail(&e))?;
        let (exact, why_sampled) = match method {
            JobMethod::Auto => (
                core.exact_by_default(),
                (!core.exact_by_default()).then(|| why_sampled(&core)),
            ),
            JobMethod::Exact => {
                core.check_exact().map_err(|e| fail(&e))?;
                (true, None)
            }
            JobMethod::MonteCarlo => (false, None),
        };
        Ok(FiveCardJobJs {
            core,
            exact,
            why_sampled,
        })
    }

    /// Players (a tally has `2^players` counts).
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> usize {
        self.core.players()
    }

    /// Whether the job is enumerated exactly (else Monte Carlo).
    #[wasm_bindgen(getter)]
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// The known cards as typed back: `["AhAdKc7d", "random"]`.
    #[wasm_bindgen(getter)]
    pub fn labels(&self) -> Vec<String> {
        self.core.labels().to_vec()
    }

    /// Whether some hand is completed from the deck (the answer is then
    /// over many deals, not one showdown).
    #[wasm_bindgen(getter)]
    pub fn ranges(&self) -> bool {
        self.core.deals() > 1
    }

    /// Never: the preflop table is Hold'em's (here for the scheduler).
    #[wasm_bindgen(getter)]
    pub fn uses_table(&self) -> bool {
        false
    }

    /// Why `auto` chose Monte Carlo, for people; `undefined` otherwise.
    #[wasm_bindgen(getter)]
    pub fn why_sampled(&self) -> Option<String> {
        self.why_sampled.clone()
    }

    /// The exact enumeration's deals, as decimal text.
    #[wasm_bindgen(getter)]
    pub fn cost(&self) -> String {
        self.core.deals().to_string()
    }

    /// Whether the exact enumeration deals at most `limit` completions.
    pub fn cost_at_most(&self, limit: f64) -> bool {
        limit >= 0.0 && self.core.deals() as f64 <= limit
    }

    /// Units of an exact job (0 for Monte Carlo; at most C(52,5) < 2^32).
    pub fn total_units(&self) -> u32 {
        if self.exact {
            self.core.units().min(u64::from(u32::MAX)) as u32
        } else {
            0
        }
    }

    /// Chunk `first` of `stride` strided chunks as a tally.
    pub fn run_strided(&self, first: u32, stride: u32) -> Result<Vec<f64>, JsValue> {
        self.run_chunks(&[first], stride)
    }

    /// Several strided chunks, tallies concatenated in the order asked.
    /// Throws unless the job is exact and every `first < stride`. Counts
    /// are at most the deals of an exact job (≤ 2·10^10 < 2^53): never lossy.
    pub fn run_chunks(&self, firsts: &[u32], stride: u32) -> Result<Vec<f64>, JsValue> {
        super::chunks::strided(self.exact, self.core.players(), firsts, stride, |f, s| {
            self.core.run_strided(f, s)
        })
    }

    /// `trials` random deals of Monte Carlo chunk `chunk` (seeded `seed`).
    pub fn run_trials(&self, seed: u32, chunk: u32, trials: u32) -> Vec<f64> {
        self.run_trial_chunks(seed, &[chunk], trials)
    }

    /// Several Monte Carlo chunks of `trials` each, tallies concatenated.
    pub fn run_trial_chunks(&self, seed: u32, chunks: &[u32], trials: u32) -> Vec<f64> {
        super::chunks::trials(self.core.players(), seed, chunks, trials, |s, c, t| {
            self.core.run_trials(s, c, t)
        })
    }
}

fn why_sampled(core: &Core) -> String {
    format!(
        "too many ways to complete the hands for exact (≈{:.1e} deals): Monte Carlo",
        core.deals() as f64
    )
}

/// One field as read: its cards (for the deck picker).
#[derive(Serialize)]
struct FieldCheck {
    cards: Vec<String>,
    range: Option<String>,
    combos: Option<u32>,
}

fn field(text: &str) -> FieldCheck {
    FieldCheck {
        cards: parse_cards(text)
            .map(|c| c.iter().map(Card::to_string).collect())
            .unwrap_or_default(),
        range: None,
        combos: None,
    }
}

#[derive(Serialize)]
struct FieldError {
    field: String,
    message: String,
}

/// A complete hand's class, for people.
#[derive(Serialize)]
struct ShownHand {
    name: String,
    label: &'static str,
    category: &'static str,
}

/// Every hand complete: one showdown, decided here.
#[derive(Serialize)]
struct Showdown {
    hands: Vec<ShownHand>,
    /// Seats (0-based) of the winners: one, or all who tie.
    winners: Vec<usize>,
}

/// What [`check_five_card`] returns: the shape of `check_scenario`'s answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Check {
    players: Vec<FieldCheck>,
    board: FieldCheck,
    dead: FieldCheck,
    error: Option<FieldError>,
    method: Option<&'static str>,
    why_sampled: Option<String>,
    boards: u32,
    cost: String,
    ranges: bool,
    table_fits: bool,
    table_loaded: bool,
    /// Cards each player is dealt from the deck (5 − known).
    missing: Vec<usize>,
    showdown: Option<Showdown>,
}

fn message_of(e: &JsValue) -> FieldError {
    let get = |key: &str| {
        js_sys::Reflect::get(e, &key.into())
            .ok()
            .and_then(|v| v.as_string())
    };
    FieldError {
        field: get("field").unwrap_or_else(|| "players".into()),
        message: get("message").unwrap_or_default(),
    }
}

/// Checks a five-card scenario as typed. Never throws: returns the shape
/// of `check_scenario` (`{players: [{cards}], board, dead, error: {field,
/// message} | null, method, whySampled, cost…}`) plus `missing` (cards
/// each player is dealt) and `showdown` (`{hands: [{name, label,
/// category}], winners}` when every hand is complete, else `null`).
#[wasm_bindgen]
pub fn check_five_card(players: JsValue, dead: JsValue) -> Result<JsValue, JsValue> {
    let mut check = Check {
        players: Vec::new(),
        board: field(""),
        dead: field(""),
        error: None,
        method: None,
        why_sampled: None,
        boards: 0,
        cost: "0".into(),
        ranges: false,
        table_fits: false,
        table_loaded: false,
        missing: Vec::new(),
        showdown: None,
    };
    let (players, dead) = match texts(&players, &dead) {
        Ok(t) => t,
        Err(e) => {
            check.error = Some(message_of(&e));
            return to_js(&check);
        }
    };
    check.players = players.iter().map(|t| field(t)).collect();
    check.dead = field(&dead);
    match open(&players, &dead) {
        Ok(core) => {
            check.missing = check
                .players
                .iter()
                .map(|f| 5 - f.cards.len().min(5))
                .collect();
            check.ranges = core.deals() > 1;
            check.method = Some(if core.exact_by_default() {
                "exact"
            } else {
                "monte-carlo"
            });
            check.why_sampled = (!core.exact_by_default()).then(|| why_sampled(&core));
            check.cost = core.deals().to_string();
            check.showdown = showdown(&players, &core);
        }
        Err(e) => check.error = Some(message_of(&fail(&e))),
    }
    to_js(&check)
}

/// The showdown of complete hands: each one's class, and the winners by
/// the job's own count (one deal).
fn showdown(players: &[String], core: &Core) -> Option<Showdown> {
    if core.units() != 1 || core.deals() != 1 {
        return None;
    }
    let mut hands = Vec::new();
    for text in players {
        let cards = parse_cards(text).ok().filter(|c| c.len() == 5)?;
        let d = holdem::describe(&cards)?;
        let category = d.rank.category();
        hands.push(ShownHand {
            name: d.text,
            label: category.label(),
            category: category.name(),
        });
    }
    let tally = core.run_all();
    let mask = tally.by_winners().iter().position(|&n| n > 0)?;
    let winners = (0..core.players()).filter(|i| mask >> i & 1 == 1).collect();
    Some(Showdown { hands, winners })
}
