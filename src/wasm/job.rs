//! The one equity job class, `Job`, for every game: the core's
//! [`EquityJob`] behind the methods the scheduler calls, and [`check`], the
//! scenario as typed, for every game.
//!
//! Every wasm module exports `Job` and `check`; each opens the games
//! compiled into it ([`job_games`]: the core module Hold'em, the others
//! their families, `Family::wasm_module`), so the page's first number never
//! waits for another module, and JS reads which module a game needs from
//! the catalogue instead of keeping a list.
//!
//! ```text
//!   const job = new Job({game: "omaha-hilo", players: ["AsAhKsKh", "9c8c7d6d"], board: "2c3h4s", method: "auto"});
//!   job.exact, job.why_sampled, job.counts_width, job.total_units()
//!   job.run_chunks(firsts, C), job.run_trial_chunks(seed, chunks, n)   // Float64Array, counts_width counts a chunk
//!   job.estimate(counts, C)   // {exact, reliable, players: [{win, tie, equity, stdError…}], …; Omaha: noLow, highShare…}
//!   check({game, players, board, dead, rules, deck, removal})   // never throws: {players, board, dead, error…}
//! ```
//!
//! **Counts.** A chunk's counts are the core's flat counts as `f64`s,
//! `counts_width` of them: a Hold'em-shaped tally (`2^players` showdowns by
//! set of winners) for every game but Omaha, whose pot counts are wider
//! (`pot_estimate.rs`); the first `2^players` always sum to the showdowns.
//! They stay below 2^53: an exact job's by its plan (every game's is at
//! most a few 10^13), a Monte Carlo chunk's by [`MAX_TRIALS`] (Omaha's
//! square sums: 5040² · 10^8 ≈ 2.5·10^15).

use wasm_bindgen::prelude::*;

use crate::equity::Spec;
use crate::game::{Family, Game};
use crate::job::{CountsKind, EquityJob, JobMethod, JobSpec, OpenError};

use super::job_spec::{open_error, read_spec, spec_error, table_missing};
use super::{error, field_error, to_js};

/// Most trials of one Monte Carlo chunk (Omaha's square sums stay below 2^53).
pub const MAX_TRIALS: u32 = 100_000_000;

/// The games this module's `Job` opens, in the catalogue's order.
fn games_here() -> Vec<Game> {
    Game::ALL
        .into_iter()
        .filter(|g| compiled_here(g.family()))
        .collect()
}

/// Whether this build of the module holds `family`'s games (its
/// `wasm_module`'s feature is on). (With every feature on, as the tests
/// build it, each arm is `true`: clippy would have it a `matches!`.)
#[allow(clippy::match_like_matches_macro)]
fn compiled_here(family: Family) -> bool {
    match family.wasm_module() {
        "allin" => cfg!(feature = "wasm-core"),
        "allin_extra" => cfg!(feature = "wasm-extra"),
        "allin_board" => cfg!(feature = "wasm-board"),
        "allin_mixed" => cfg!(feature = "wasm-mixed"),
        _ => false,
    }
}

/// The names of the games this module's `Job` and `check` take
/// (`["holdem"]` in the core module; each other module its families').
#[wasm_bindgen]
pub fn job_games() -> Vec<String> {
    games_here().iter().map(|g| g.name().to_string()).collect()
}

/// Opens `game` if this module has it.
fn open_here(game: Game, spec: &JobSpec) -> Result<Box<dyn EquityJob>, OpenError> {
    match game.family() {
        #[cfg(feature = "wasm-core")]
        Family::Holdem => crate::job::games::open_holdem(spec),
        #[cfg(feature = "wasm-extra")]
        Family::ThreeCard => crate::job::games::open_three_card(spec),
        #[cfg(feature = "wasm-extra")]
        Family::FiveCard => crate::job::games::open_five_card(spec),
        #[cfg(feature = "wasm-board")]
        Family::Omaha | Family::ShortDeck => crate::job::games::open_board_game(game, spec),
        #[cfg(feature = "wasm-mixed")]
        Family::Draw => crate::job::draw::open_draw(game, spec),
        #[cfg(feature = "wasm-mixed")]
        Family::Stud => crate::job::stud::open_stud(game, spec),
        #[allow(unreachable_patterns)]
        _ => unreachable!("read_spec takes only this module's games"),
    }
}

/// An opened equity job of any game (see the module docs); each worker
/// opens its own.
#[wasm_bindgen]
pub struct Job {
    job: Box<dyn EquityJob>,
}

#[wasm_bindgen]
impl Job {
    /// Opens a job: `{game, players, board, dead, rules, deck, removal,
    /// method, table}`. `game` is a catalogue name this module opens
    /// (`job_games()`; default `holdem`); `players` one text each (hole
    /// cards, `random`, a range, what the game takes); `board`, `dead`,
    /// `rules` (three-card, Short Deck) and `deck` (three-card: `full` or
    /// `short`) texts, empty by default; `removal` (three-card card
    /// removal) true by default; `method` `auto` (the default: exact
    /// unless too costly, then Monte Carlo and `why_sampled` says why),
    /// `exact` or `monte-carlo`; `table` (Hold'em) whether to answer
    /// heads-up preflop ranges from the preflop table: absent when it is
    /// loaded, `true` requires it, `false` never. A key that is there must
    /// hold its type (text, `true` or `false`), even `undefined`.
    ///
    /// Throws an `Error` with the core's message and a `field` (`"game"`,
    /// `"players"`, `"p2"`, `"board"`, `"dead"`, `"rules"`, `"deck"`,
    /// `"removal"`, `"method"`, `"table"`).
    #[wasm_bindgen(constructor)]
    pub fn new(spec: JsValue) -> Result<Job, JsValue> {
        let (game, read) = read_spec(&spec, &games_here()).map_err(JsValue::from)?;
        let job = open_here(game, &read).map_err(|e| JsValue::from(open_error(&e)))?;
        if job.table_fits() && table_missing(&spec) {
            return Err(field_error(
                "table",
                "the heads-up preflop table is not loaded",
            ));
        }
        Ok(Job { job })
    }

    /// The game's catalogue name.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> String {
        self.job.game().name().into()
    }

    /// Number of players.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> usize {
        self.job.players()
    }

    /// Whether the job is enumerated exactly (else: Monte Carlo).
    #[wasm_bindgen(getter)]
    pub fn exact(&self) -> bool {
        self.job.exact()
    }

    /// Each player as typed back, canonical: `["AhKh", "QsQd"]`, `["random"]`.
    #[wasm_bindgen(getter)]
    pub fn labels(&self) -> Vec<String> {
        self.job.labels()
    }

    /// Whether some player is dealt from several hands (a range, `random`).
    #[wasm_bindgen(getter)]
    pub fn ranges(&self) -> bool {
        self.job.ranges()
    }

    /// Whether the preflop table would answer this job (Hold'em ranges,
    /// heads-up, no board, no dead cards), loaded or not.
    #[wasm_bindgen(getter)]
    pub fn table_fits(&self) -> bool {
        self.job.table_fits()
    }

    /// Whether this job's exact units are answered from the preflop table.
    #[wasm_bindgen(getter)]
    pub fn uses_table(&self) -> bool {
        self.job.uses_table()
    }

    /// Whether the pot is split high-low (Omaha Hi-Lo): the estimate then
    /// has each player's high and low shares.
    #[wasm_bindgen(getter)]
    pub fn hilo(&self) -> bool {
        self.job.hilo()
    }

    /// Three-card: hands each player can be dealt after the known cards
    /// (`undefined` for the other games).
    #[wasm_bindgen(getter)]
    pub fn hand_counts(&self) -> Option<Vec<u32>> {
        self.job
            .hand_counts()
            .map(|c| c.iter().map(|&n| n.min(u32::MAX as usize) as u32).collect())
    }

    /// Boards an exact enumeration visits per deal of hands (0 without a board).
    #[wasm_bindgen(getter)]
    pub fn boards(&self) -> u32 {
        self.job.boards().min(u64::from(u32::MAX)) as u32
    }

    /// Counts per chunk in the arrays the run methods return.
    #[wasm_bindgen(getter)]
    pub fn counts_width(&self) -> usize {
        self.job.counts_width()
    }

    /// The exact enumeration's cost in the game's steps, as decimal text
    /// (it can pass 2^53).
    #[wasm_bindgen(getter)]
    pub fn cost(&self) -> String {
        self.job.cost().to_string()
    }

    /// Whether the exact enumeration costs at most `limit` (false for a
    /// `limit` that is not a number).
    pub fn cost_at_most(&self, limit: f64) -> bool {
        limit >= 0.0 && self.job.cost() as f64 <= limit
    }

    /// Why Monte Carlo was chosen, for people: `"too many boards for exact
    /// (≈9.6e15 evaluations): Monte Carlo"`; `undefined` when the job is
    /// exact or Monte Carlo was asked for.
    #[wasm_bindgen(getter)]
    pub fn why_sampled(&self) -> Option<String> {
        self.job.why_sampled()
    }

    /// Units of an exact job (0 for Monte Carlo): chunks are strided over them.
    pub fn total_units(&self) -> u32 {
        self.job.total_units().min(u64::from(u32::MAX)) as u32
    }

    /// How many strided chunks the run policy cuts this job's units into
    /// (`allin::equity::exact_chunks`: every surface cuts them the same way).
    pub fn exact_chunks(&self) -> u32 {
        let units = self.job.total_units();
        crate::equity::exact_chunks(units, self.job.players()) as u32
    }

    /// Chunk `first` of `stride` strided chunks (units `first`, `first +
    /// stride`, …): `counts_width` counts. Throws unless the job is exact
    /// and `first < stride`.
    pub fn run_strided(&self, first: u32, stride: u32) -> Result<Vec<f64>, JsValue> {
        self.run_chunks(&[first], stride)
    }

    /// Several strided chunks of `stride`, their counts concatenated in the
    /// order asked.
    pub fn run_chunks(&self, firsts: &[u32], stride: u32) -> Result<Vec<f64>, JsValue> {
        if !self.job.exact() {
            return Err(error("this job is Monte Carlo: run trials, not chunks"));
        }
        if let Some(bad) = firsts.iter().find(|&&c| c >= stride) {
            return Err(error(format!(
                "chunk {bad} is not one of the {stride} chunks"
            )));
        }
        let mut out = Vec::with_capacity(firsts.len() * self.job.counts_width());
        for &first in firsts {
            let counts = self.job.run_strided(u64::from(first), u64::from(stride));
            out.extend(counts.iter().map(|&n| n as f64));
        }
        Ok(out)
    }

    /// `trials` random deals for Monte Carlo chunk `chunk` of a job seeded
    /// `seed`. Reproducible: the same arguments give the same counts on any
    /// worker.
    pub fn run_trials(&self, seed: u32, chunk: u32, trials: u32) -> Result<Vec<f64>, JsValue> {
        self.run_trial_chunks(seed, &[chunk], trials)
    }

    /// Several Monte Carlo chunks of `trials` each (at most 10^8), counts
    /// concatenated.
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
        let mut out = Vec::with_capacity(chunks.len() * self.job.counts_width());
        for &chunk in chunks {
            let counts = self
                .job
                .run_trials(u64::from(seed), u64::from(chunk), u64::from(trials));
            out.extend(counts.iter().map(|&n| n as f64));
        }
        Ok(out)
    }

    /// Whether Monte Carlo counts merged over chunks `0..k` in order (one
    /// `counts_width` tally, summed) have reached a target error of
    /// `target` percentage points: the core's stopping rule
    /// (`equity::target`), so the page and the JS API stop where the CLI
    /// and Python do. Throws for a target out of range or counts that are
    /// not one tally of whole numbers below 2^53.
    pub fn target_reached(&self, merged: &[f64], target: f64) -> Result<bool, JsValue> {
        let target = crate::equity::check_target_error(target).map_err(error)?;
        let width = self.job.counts_width();
        if merged.len() != width {
            return Err(error(format!(
                "expected one tally of {width} counts, got {} counts",
                merged.len()
            )));
        }
        let counts: Option<Vec<u128>> = merged
            .iter()
            .map(|&c| {
                (c >= 0.0 && c.fract() == 0.0 && c <= super::estimate::MAX_COUNT)
                    .then_some(c as u128)
            })
            .collect();
        let counts = counts.ok_or_else(|| error("counts must be whole numbers from 0 to 2^53"))?;
        Ok(crate::job::target_reached(
            self.job.counts_kind(),
            self.job.players(),
            &counts,
            target,
        ))
    }

    /// The numbers of this job's counts so far (chunks concatenated, each
    /// `counts_width` counts): for an exact job strided chunks of
    /// `total_chunks` done in random order, else Monte Carlo chunks. Every
    /// game answers `estimate`'s shape (`{exact, reliable, chunks,
    /// totalChunks, showdowns, players: [{win, tie, equity, stdError,
    /// winError, tieError, wins, ties, losses}], splits, splitError}`);
    /// Omaha adds its pot's parts (`noLow`, per player `highShare`,
    /// `lowShare`…; see `pot_estimate`). Show the numbers only when
    /// `exact || reliable`. Throws for counts that are not whole chunks of
    /// whole numbers below 2^53.
    pub fn estimate(&self, counts: JsValue, total_chunks: f64) -> Result<JsValue, JsValue> {
        let players = self.job.players() as f64;
        let exact = self.job.exact();
        match self.job.counts_kind() {
            CountsKind::Tally => super::estimate::estimate(players, counts, total_chunks, exact),
            #[cfg(any(feature = "wasm-board", feature = "wasm-mixed"))]
            CountsKind::Pot => {
                super::pot_estimate::pot_estimate(players, counts, total_chunks, exact)
            }
            #[cfg(not(any(feature = "wasm-board", feature = "wasm-mixed")))]
            CountsKind::Pot => Err(error("pot counts are read by the board and mixed modules")),
        }
    }
}

/// Checks a scenario of any game this module takes, as typed (the same
/// object as `new Job`'s; `method` and `table` are not read). Never throws:
/// returns `{players: [{cards, range, combos}], board: {cards}, dead:
/// {cards}, error: {field, message} | null, method, whySampled, boards,
/// cost (text), ranges, tableFits, tableLoaded}` and the game's own
/// fields: Hold'em `fieldErrors`; three-card `rulesLabel` and each
/// player's `share`; five-card and the draw games `missing` and
/// `showdown`; Omaha and Short Deck `hilo` and `deck`.
/// player's `share`; five-card `missing` and `showdown`; Omaha and Short
/// Deck `hilo` and `deck`; stud `missing`, `community`, `hilo` and each
/// player's `down`.
#[wasm_bindgen]
pub fn check(spec: JsValue) -> Result<JsValue, JsValue> {
    let (game, spec) = match read_spec(&spec, &games_here()) {
        Ok(read) => read,
        Err(e) => return to_js(&spec_error(e)),
    };
    match game.family() {
        #[cfg(feature = "wasm-core")]
        Family::Holdem => super::check::check_texts(&spec.players, &spec.board, &spec.dead),
        #[cfg(feature = "wasm-extra")]
        Family::ThreeCard => super::three_card::check_spec(&spec),
        #[cfg(feature = "wasm-extra")]
        Family::FiveCard => super::five_card::check_spec(&spec),
        #[cfg(feature = "wasm-board")]
        Family::Omaha | Family::ShortDeck => super::board_game::check_spec(game, &spec),
        #[cfg(feature = "wasm-mixed")]
        Family::Draw => super::draw::check_spec(game, &spec),
        #[cfg(feature = "wasm-mixed")]
        Family::Stud => super::stud::check_spec(game, &spec),
        #[allow(unreachable_patterns)]
        _ => unreachable!("read_spec takes only this module's games"),
    }
}

/// The method as typed, or the error for the `method` field.
pub(super) fn parse_method(text: &str) -> Result<JobMethod, JsValue> {
    JobMethod::parse(text).ok_or_else(|| {
        field_error(
            "method",
            format!(
                "unknown method {} (methods are auto, exact, monte-carlo)",
                crate::quote::quote(text)
            ),
        )
    })
}

/// A small job (a few milliseconds: AhKh vs QsQd on a flop, then preflop)
/// that runs the evaluator and the exact engine's hot loops, so that a
/// fresh instance's first real chunk does not pay for the first calls and
/// the engine's code is hot enough to be optimised. Returns the showdowns
/// counted (1,713,294).
#[cfg(feature = "wasm-core")]
#[wasm_bindgen]
pub fn warm_up() -> f64 {
    ["2h7hTc", ""]
        .iter()
        .filter_map(|board| Spec::parse(&["AhKh", "QsQd"], board, "").ok())
        .map(|spec| crate::equity::Exact::new(&spec).run_all().showdowns() as f64)
        .sum()
}

#[cfg(test)]
impl Job {
    /// `new Job({players, board, dead, method, table})` for texts (the tests').
    pub(super) fn open(
        players: &[String],
        board: &str,
        dead: &str,
        method: &str,
        table: Option<bool>,
    ) -> Result<Job, JsValue> {
        let list: js_sys::Array = players.iter().map(|p| JsValue::from(p.as_str())).collect();
        let mut fields = vec![
            ("players", list.into()),
            ("board", board.into()),
            ("dead", dead.into()),
            ("method", method.into()),
        ];
        fields.extend(table.map(|t| ("table", JsValue::from(t))));
        Job::new(spec_object("holdem", &fields))
    }
}

/// A job spec object: `{game, …fields}` (the tests').
#[cfg(test)]
pub(super) fn spec_object(game: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let spec = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&spec, &"game".into(), &game.into());
    for (key, value) in fields {
        let _ = js_sys::Reflect::set(&spec, &(*key).into(), value);
    }
    spec.into()
}
