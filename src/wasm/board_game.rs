//! Omaha (4/5/6 cards, high or Hi-Lo) and Short Deck on the page: a job
//! the worker pool runs in chunks like [`Job`](super::job::Job) (the same
//! method names), a check of the fields as typed in `check_scenario`'s
//! shape; Omaha's counts are estimated by `pot_estimate.rs`.
//!
//! ```text
//!   const job = new BoardGameJob("omaha-hilo", ["AsAhKsKh", "9c8c7d6d"], "2c3h4s", "", "", "auto");
//!   job.exact, job.why_sampled, job.width, job.total_units()
//!   job.run_chunks(firsts, C), job.run_trial_chunks(seed, chunks, n)   // Float64Array, `width` counts a chunk
//!   pot_estimate(job.players, counts, C, job.exact)   // Omaha (pot_estimate.rs): {…estimate, noLow, players: [{…, highShare…}]}
//!   check_board_game(game, players, board, dead, rules)
//! ```
//!
//! **Counts.** Short Deck's chunks are Hold'em tallies (`2^players` counts
//! by set of winners): the core module's `estimate` reads them. Omaha's are
//! `PotCounts` in their flat layout (`omaha::counts::flat_len`: takers,
//! high and low counts by set, per player pot units in 1/5040 of a pot,
//! their squares, quartered showdowns; the takers first, so a chunk's
//! first `2^players` counts sum to its showdowns). Every count crosses as
//! an `f64` and stays below 2^53: an exact job has at most C(44,5) =
//! 1,086,008 boards (every hand known: 8 cards at least), so a square sum
//! is at most 1,086,008 · 5040² ≈ 2.8·10^13; a Monte Carlo chunk takes at
//! most [`MAX_TRIALS`] trials (5040² · 10^8 ≈ 2.5·10^15), and
//! [`pot_estimate`] refuses merged counts beyond 2^53.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::board_game::{BoardGameError, BoardPlan, MAX_PLAYERS};
use crate::card::{parse_cards, Card};
use crate::equity::Tally;
use crate::omaha::{flat_len, Game, OmahaJob, PotCounts};
use crate::short_deck::{Rules, ShortDeckJob};

use super::{args, error, field_error, job::JobMethod, to_js};

/// Most trials of one Monte Carlo chunk (its square sums stay below 2^53).
pub const MAX_TRIALS: u32 = 100_000_000;

/// The input field a board game's error belongs to.
fn field_of(err: &BoardGameError) -> String {
    match err {
        BoardGameError::Player(i, _) => format!("p{}", i + 1),
        BoardGameError::Board(_) => "board".into(),
        BoardGameError::Dead(_) => "dead".into(),
        BoardGameError::Overlap(_, _, later) | BoardGameError::NotInDeck { place: later, .. } => {
            place_field(later)
        }
        BoardGameError::NotExact(_) => "method".into(),
        BoardGameError::PlayerCount { .. } | BoardGameError::TooManyCards { .. } => {
            "players".into()
        }
    }
}

/// `"player 3"` → `p3`, `"the board"` → `board`, `"the dead cards"` → `dead`.
fn place_field(place: &str) -> String {
    if let Some(n) = place.strip_prefix("player ") {
        format!("p{n}")
    } else if place.contains("board") {
        "board".into()
    } else {
        "dead".into()
    }
}

fn fail(e: &BoardGameError) -> JsValue {
    field_error(&field_of(e), e)
}

/// An opened job of either kind.
enum Core {
    Omaha(OmahaJob),
    Short(ShortDeckJob),
}

impl Core {
    fn plan(&self) -> BoardPlan {
        match self {
            Core::Omaha(j) => j.plan(),
            Core::Short(j) => j.plan(),
        }
    }
    fn players(&self) -> usize {
        match self {
            Core::Omaha(j) => j.players(),
            Core::Short(j) => j.players(),
        }
    }
    fn deal(&self) -> &crate::board_game::Deal {
        match self {
            Core::Omaha(j) => j.deal(),
            Core::Short(j) => j.deal(),
        }
    }
    fn check_exact(&self) -> Result<(), BoardGameError> {
        match self {
            Core::Omaha(j) => j.check_exact(),
            Core::Short(j) => j.check_exact(),
        }
    }
    fn units(&self) -> u64 {
        match self {
            Core::Omaha(j) => j.units(),
            Core::Short(j) => j.units(),
        }
    }
    /// Counts a chunk crosses as.
    fn width(&self) -> usize {
        match self {
            Core::Omaha(j) => flat_len(j.players()),
            Core::Short(j) => 1 << j.players(),
        }
    }
    /// Units `first, first + stride, …` as flat counts.
    fn strided(&self, first: u64, stride: u64) -> Vec<f64> {
        let units = (first..self.units()).step_by(stride.max(1) as usize);
        match self {
            Core::Omaha(j) => {
                let mut c = PotCounts::new(j.players());
                for u in units {
                    c += &j.run(u..u + 1);
                }
                pot_flat(&c)
            }
            Core::Short(j) => {
                let mut t = Tally::new(j.players());
                for u in units {
                    t += &j.run(u..u + 1);
                }
                tally_flat(&t)
            }
        }
    }
    fn trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<f64> {
        match self {
            Core::Omaha(j) => pot_flat(&j.run_trials(seed, chunk, trials)),
            Core::Short(j) => tally_flat(&j.run_trials(seed, chunk, trials)),
        }
    }
}

fn pot_flat(c: &PotCounts) -> Vec<f64> {
    c.flat().into_iter().map(|n| n as f64).collect()
}

fn tally_flat(t: &Tally) -> Vec<f64> {
    t.by_winners().iter().map(|&n| n as f64).collect()
}

/// The texts of a job, read from JS values.
struct Texts {
    game: String,
    players: Vec<String>,
    board: String,
    dead: String,
    rules: String,
}

fn texts(
    game: &JsValue,
    players: &JsValue,
    board: &JsValue,
    dead: &JsValue,
    rules: &JsValue,
) -> Result<Texts, JsValue> {
    let game = args::text(game, "the game").map_err(|m| field_error("game", m))?;
    // A longer list than any table reaches the core, which says how many fit.
    let players = args::texts(players, "the players", 4 * MAX_PLAYERS as u32, |i| {
        format!("player {}", i + 1)
    })
    .map_err(|m| field_error("players", m))?;
    let board = args::text(board, "the board").map_err(|m| field_error("board", m))?;
    let dead = args::text(dead, "the dead cards").map_err(|m| field_error("dead", m))?;
    // `undefined` or `null`: no rules (the default).
    let rules = if rules.is_undefined() || rules.is_null() {
        String::new()
    } else {
        args::text(rules, "the rules").map_err(|m| field_error("rules", m))?
    };
    Ok(Texts {
        game,
        players,
        board,
        dead,
        rules,
    })
}

/// Opens the core job: the game by name, its rules, the deal.
fn open(t: &Texts) -> Result<Core, JsValue> {
    let players: Vec<&str> = t.players.iter().map(String::as_str).collect();
    let rules = t.rules.trim();
    use crate::game::Family;
    // The catalogue's board games besides Hold'em (Omaha and Short Deck).
    let board_games: Vec<crate::game::Game> = crate::game::Game::ALL
        .into_iter()
        .filter(|g| matches!(g.family(), Family::Omaha | Family::ShortDeck))
        .collect();
    let named = crate::game::Game::parse_among(&t.game, &board_games)
        .map_err(|e| field_error("game", e))?;
    if named.family() == Family::ShortDeck {
        let rules: Rules = rules.parse().map_err(|e| field_error("rules", e))?;
        return ShortDeckJob::parse(rules, &players, &t.board, &t.dead)
            .map(Core::Short)
            .map_err(|e| fail(&e));
    }
    let game = Game::of(named).ok_or_else(|| field_error("game", "not an Omaha game"))?;
    if !rules.is_empty() {
        return Err(field_error(
            "rules",
            format!(
                "{}: rules apply only to shortdeck",
                crate::quote::quote(rules)
            ),
        ));
    }
    OmahaJob::parse(game, &players, &t.board, &t.dead)
        .map(Core::Omaha)
        .map_err(|e| fail(&e))
}

/// An opened Omaha or Short Deck job (see the module docs); each worker
/// opens its own.
#[wasm_bindgen(js_name = BoardGameJob)]
pub struct BoardGameJobJs {
    core: Core,
    exact: bool,
    why_sampled: Option<String>,
}

#[wasm_bindgen(js_class = BoardGameJob)]
impl BoardGameJobJs {
    /// Opens a job: the `game` (`omaha`, `omaha5`, `omaha6`, `omaha-hilo`,
    /// `omaha5-hilo`, `shortdeck`), `players` (hole cards, or `random`),
    /// `board` (0, 3, 4 or 5 cards), `dead` cards, `rules` (Short Deck:
    /// `""`, `standard` or `trips-beat-straight`; else `""` or `undefined`)
    /// and the `method` (`auto`, `exact`, `monte-carlo`). Throws an `Error`
    /// with a `field` (`"game"`, `"p2"`, `"board"`, `"dead"`, `"rules"`,
    /// `"players"`, `"method"`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: JsValue,
        players: JsValue,
        board: JsValue,
        dead: JsValue,
        rules: JsValue,
        method: JsValue,
    ) -> Result<BoardGameJobJs, JsValue> {
        let t = texts(&game, &players, &board, &dead, &rules)?;
        let method = args::text(&method, "the method").map_err(|m| field_error("method", m))?;
        let method = JobMethod::parse(&method)?;
        let core = open(&t)?;
        let plan = core.plan();
        let (exact, why_sampled) = match method {
            JobMethod::Auto => (plan.affordable(), plan.why_sampled()),
            JobMethod::Exact => {
                core.check_exact().map_err(|e| fail(&e))?;
                (true, None)
            }
            JobMethod::MonteCarlo => (false, None),
        };
        Ok(BoardGameJobJs {
            core,
            exact,
            why_sampled,
        })
    }

    /// Players.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> usize {
        self.core.players()
    }

    /// Whether the job is enumerated exactly (else Monte Carlo).
    #[wasm_bindgen(getter)]
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// Whether the pot is split high-low (Omaha Hi-Lo).
    #[wasm_bindgen(getter)]
    pub fn hilo(&self) -> bool {
        matches!(&self.core, Core::Omaha(j) if j.game().hilo())
    }

    /// Whether the counts are Omaha's (read by [`pot_estimate`]) rather
    /// than a Hold'em tally (read by `estimate`).
    #[wasm_bindgen(getter)]
    pub fn pot_counts(&self) -> bool {
        matches!(self.core, Core::Omaha(_))
    }

    /// Counts per chunk in the arrays the run methods return.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> usize {
        self.core.width()
    }

    /// The hands as typed back: `["AsAhKsKh", "random"]`.
    #[wasm_bindgen(getter)]
    pub fn labels(&self) -> Vec<String> {
        self.core.deal().labels().to_vec()
    }

    /// Whether some hand is random (the answer is over its deals).
    #[wasm_bindgen(getter)]
    pub fn ranges(&self) -> bool {
        self.core.deal().has_random()
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

    /// The exact enumeration's evaluations, as decimal text (it can pass 2^53).
    #[wasm_bindgen(getter)]
    pub fn cost(&self) -> String {
        self.core.plan().cost().to_string()
    }

    /// Whether the exact enumeration costs at most `limit` evaluations.
    pub fn cost_at_most(&self, limit: f64) -> bool {
        limit >= 0.0 && self.core.plan().cost() as f64 <= limit
    }

    /// Units of an exact job (0 for Monte Carlo; at most C(52,2)).
    pub fn total_units(&self) -> u32 {
        if self.exact {
            self.core.units().min(u64::from(u32::MAX)) as u32
        } else {
            0
        }
    }

    /// Chunk `first` of `stride` strided chunks: `width` counts.
    pub fn run_strided(&self, first: u32, stride: u32) -> Result<Vec<f64>, JsValue> {
        self.run_chunks(&[first], stride)
    }

    /// Several strided chunks, counts concatenated in the order asked.
    /// Throws unless the job is exact and every `first < stride`.
    pub fn run_chunks(&self, firsts: &[u32], stride: u32) -> Result<Vec<f64>, JsValue> {
        if !self.exact {
            return Err(error("this job is Monte Carlo: run trials, not chunks"));
        }
        if let Some(bad) = firsts.iter().find(|&&c| c >= stride) {
            return Err(error(format!(
                "chunk {bad} is not one of the {stride} chunks"
            )));
        }
        let mut out = Vec::with_capacity(firsts.len() * self.core.width());
        for &first in firsts {
            out.extend(self.core.strided(u64::from(first), u64::from(stride)));
        }
        Ok(out)
    }

    /// `trials` random deals of Monte Carlo chunk `chunk` (seeded `seed`).
    pub fn run_trials(&self, seed: u32, chunk: u32, trials: u32) -> Result<Vec<f64>, JsValue> {
        self.run_trial_chunks(seed, &[chunk], trials)
    }

    /// Several Monte Carlo chunks of `trials` each (at most 10^8),
    /// counts concatenated.
    pub fn run_trial_chunks(
        &self,
        seed: u32,
        chunks: &[u32],
        trials: u32,
    ) -> Result<Vec<f64>, JsValue> {
        if trials > MAX_TRIALS {
            return Err(error(format!(
                "{trials} trials in a chunk; at most {MAX_TRIALS}"
            )));
        }
        let mut out = Vec::with_capacity(chunks.len() * self.core.width());
        for &chunk in chunks {
            out.extend(
                self.core
                    .trials(u64::from(seed), u64::from(chunk), u64::from(trials)),
            );
        }
        Ok(out)
    }
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
    field: Option<String>,
    message: String,
}

/// What [`check_board_game`] returns: the shape of `check_scenario`'s answer.
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
    /// Whether the pot is split high-low.
    hilo: bool,
    /// The game's deck when it is not all 52 cards (Short Deck: 6 to A),
    /// for the deck picker; `null` for the full deck.
    deck: Option<Vec<String>>,
}

fn message_of(e: &JsValue) -> FieldError {
    let get = |key: &str| {
        js_sys::Reflect::get(e, &key.into())
            .ok()
            .and_then(|v| v.as_string())
    };
    FieldError {
        field: get("field"),
        message: get("message").unwrap_or_default(),
    }
}

/// Checks an Omaha or Short Deck scenario as typed. Never throws: returns
/// the shape of `check_scenario` (`{players: [{cards}], board, dead,
/// error: {field, message} | null, method, whySampled, boards, cost…}`)
/// plus `hilo`.
#[wasm_bindgen]
pub fn check_board_game(
    game: JsValue,
    players: JsValue,
    board: JsValue,
    dead: JsValue,
    rules: JsValue,
) -> Result<JsValue, JsValue> {
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
        hilo: false,
        deck: None,
    };
    let t = match texts(&game, &players, &board, &dead, &rules) {
        Ok(t) => t,
        Err(e) => {
            check.error = Some(message_of(&e));
            return to_js(&check);
        }
    };
    if t.game == "shortdeck" {
        let deck = crate::board_game::Deck::Short.cards();
        check.deck = Some(deck.map(|c| c.to_string()).collect());
    }
    check.players = t.players.iter().map(|p| field(p)).collect();
    check.board = field(&t.board);
    check.dead = field(&t.dead);
    match open(&t) {
        Ok(core) => {
            let plan = core.plan();
            check.hilo = matches!(&core, Core::Omaha(j) if j.game().hilo());
            check.ranges = core.deal().has_random();
            check.method = Some(if plan.affordable() {
                "exact"
            } else {
                "monte-carlo"
            });
            check.why_sampled = plan.why_sampled();
            check.boards = core.deal().boards().min(u64::from(u32::MAX)) as u32;
            check.cost = plan.cost().to_string();
        }
        Err(e) => check.error = Some(message_of(&e)),
    }
    to_js(&check)
}
