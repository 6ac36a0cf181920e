//! `allin._allin`: the Python binding's native module (PyO3). The Python
//! package (`python/allin/`) wraps it in dataclasses, docstrings and
//! `InputError`; everything poker (parsing, rules, counts, messages) is the
//! core's. Long calls release the GIL (`Python::detach`).

mod draw;
mod equity_job;
mod errors;
mod eval;
mod extra;
mod families;
mod holdem;
mod inputs;
mod run;

use errors::Fail;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

#[pyfunction]
#[pyo3(signature = (players, board, dead, game, rules, deck, method, trials, seed, time_budget, target_error=None))]
#[allow(clippy::too_many_arguments)]
fn equity<'py>(
    py: Python<'py>,
    players: Vec<String>,
    board: String,
    dead: String,
    game: &str,
    rules: Option<String>,
    deck: Option<String>,
    method: &str,
    trials: Option<u64>,
    seed: Option<u64>,
    time_budget: Option<f64>,
    target_error: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let target_error = target_error
        .map(allin::equity::check_target_error)
        .transpose()
        .map_err(|m| errors::Fail::new("target_error", format!("target_error: {m}")))?;
    let ask = equity_job::Ask {
        players,
        board,
        dead,
        game: inputs::game_for(game, allin::game::Question::Equity)?,
        rules,
        deck,
        method: equity_job::Method::parse(method)?,
        trials,
        seed,
        budget: time_budget,
        target_error,
    };
    let a = py.detach(|| families::run(&ask))?;
    answer_dict(py, &a)
}

fn answer_dict<'py>(py: Python<'py>, a: &equity_job::Answer) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("game", a.game)?;
    d.set_item("exact", a.exact)?;
    d.set_item("method", a.method)?;
    d.set_item("why", a.why.as_deref())?;
    d.set_item("seed", a.seed)?;
    d.set_item("trials", a.trials)?;
    d.set_item("target_error", a.target_error.map(|t| t.0))?;
    d.set_item("error", a.target_error.map(|t| t.1))?;
    d.set_item("showdowns", a.showdowns)?;
    d.set_item("elapsed", a.elapsed)?;
    d.set_item("no_low", a.no_low)?;
    let players = PyList::empty(py);
    for p in &a.players {
        let pd = PyDict::new(py);
        pd.set_item("hand", &p.hand)?;
        pd.set_item("wins", p.wins)?;
        pd.set_item("ties", p.ties)?;
        pd.set_item("losses", p.losses)?;
        pd.set_item("win", p.win)?;
        pd.set_item("tie", p.tie)?;
        pd.set_item("equity", p.equity)?;
        pd.set_item("std_error", p.std_error)?;
        pd.set_item("hilo", p.hilo.map(|h| h.to_vec()))?;
        players.append(pd)?;
    }
    d.set_item("players", players)?;
    let splits = PyList::empty(py);
    for (who, n) in &a.splits {
        splits.append((who.clone(), *n))?;
    }
    d.set_item("splits", splits)?;
    Ok(d)
}

/// The game catalogue (`src/game.rs`), as dicts.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    for g in allin::game::Game::ALL {
        let d = PyDict::new(py);
        d.set_item("name", g.name())?;
        d.set_item("family", g.family().name())?;
        d.set_item("label", g.label())?;
        d.set_item("summary", g.summary())?;
        d.set_item("example", g.example().to_vec())?;
        d.set_item("hand_cards", g.hand_cards())?;
        d.set_item("board_sizes", g.board_sizes().to_vec())?;
        d.set_item("deck_size", g.deck_size())?;
        d.set_item("max_players", g.max_players())?;
        d.set_item("hilo", g.hilo())?;
        d.set_item("rules", g.rules().map(|r| r.presets().to_vec()))?;
        d.set_item(
            "questions",
            g.questions().iter().map(|q| q.name()).collect::<Vec<_>>(),
        )?;
        out.append(d)?;
    }
    Ok(out)
}

/// Range text: `(canonical text, [(cards, weight)], weighted, percent)`.
#[pyfunction]
fn parse_range<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyDict>> {
    use allin::equity::strength::standard_ranking;
    let range = allin::range::parse(text, Some(standard_ranking())).map_err(|e| {
        let mut f = Fail::new("text", &e);
        if let Some(p) = e.position() {
            f.message = format!("{} (at character {p})", f.message);
        }
        f
    })?;
    let d = PyDict::new(py);
    d.set_item("text", range.to_string())?;
    let combos = PyList::empty(py);
    for (cards, weight) in range.combos() {
        combos.append((cards.to_string(), weight.as_f64()))?;
    }
    d.set_item("combos", combos)?;
    d.set_item("count", range.combo_count())?;
    d.set_item("weighted", range.weighted_count())?;
    d.set_item("percent", range.weighted_count() / 1326.0 * 100.0)?;
    Ok(d)
}

/// Pot odds: `(odds, needed, ev_call, kelly)` for `equity` (or NaN).
#[pyfunction]
fn pot_odds(
    pot: f64,
    call: f64,
    equity: Option<f64>,
) -> PyResult<(f64, f64, Option<f64>, Option<f64>)> {
    let p = allin::equity::pot_odds::PotOdds::new(pot, call).map_err(|e| {
        let field = if e.what().contains("pot") {
            "pot"
        } else {
            "call"
        };
        Fail::new(field, &e)
    })?;
    if let Some(e) = equity {
        if !(0.0..=1.0).contains(&e) {
            return Err(Fail::new("equity", format!("equity must be from 0 to 1, got {e}")).into());
        }
    }
    Ok((
        p.odds(),
        p.needed(),
        equity.map(|e| p.ev_call(e)),
        equity.map(|e| p.kelly(e)),
    ))
}

#[pymodule]
fn _allin(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(equity, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(parse_range, m)?)?;
    m.add_function(wrap_pyfunction!(pot_odds, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(eval::rank, m)?)?;
    m.add_function(wrap_pyfunction!(eval::rank_into, m)?)?;
    m.add_function(wrap_pyfunction!(eval::card_ids, m)?)?;
    m.add_function(wrap_pyfunction!(extra::ehs, m)?)?;
    m.add_function(wrap_pyfunction!(extra::deal, m)?)?;
    m.add_function(wrap_pyfunction!(extra::three_card_table, m)?)?;
    m.add_function(wrap_pyfunction!(extra::three_card_strength, m)?)?;
    m.add("DEFAULT_TRIALS", allin::equity::DEFAULT_TRIALS)?;
    m.add("DEFAULT_SEED", allin::equity::DEFAULT_SEED)?;
    m.add("CHUNK_TRIALS", allin::equity::CHUNK_TRIALS)?;
    m.add("BUDGET_CHUNK_TRIALS", allin::equity::BUDGET_CHUNK_TRIALS)?;
    m.add("MIN_CHUNKS", allin::equity::MIN_CHUNKS)?;
    Ok(())
}
