//! `ehs`, `deal`, `three_card.table` and `three_card.strength`: the
//! engine's jobs as the CLI runs them (`cli/src/ehs.rs`, `deal.rs`,
//! `three_card_table.rs`), with the binding's time budget for `ehs`.

use crate::errors::Fail;
use crate::run::Clock;
use allin::card::{parse_cards, parse_exact, Card, CardSet};
use allin::equity::potential::multi::{StrengthError, StrengthJob};
use allin::equity::potential::stats::StrengthCounts;
use allin::equity::potential::PotentialJob;
use allin::equity::strength::standard_ranking;
use allin::range::HoleCards;
use allin::three_card::equity::rates::{hero_counts, Limits, RatesError};
use allin::three_card::equity::ThreeCardSpec;
use allin::three_card::ladder::{Deck, Ladder};
use allin::three_card::strength::{Action, Strength};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// Sampled deals of `ehs` when exact is too costly and no trials are
/// named: the run policy's, as `allin ehs`.
use allin::equity::EHS_TRIALS;

fn cards_set(field: &str, text: &str) -> Result<CardSet, Fail> {
    Ok(parse_cards(text)
        .map_err(|e| Fail::new(field, e))?
        .into_iter()
        .collect())
}

/// Hand strength and potential (HS, PPot, NPot, EHS) on a flop or turn.
#[pyfunction]
#[pyo3(signature = (hand, board, vs, opponents, dead, trials, seed, time_budget))]
#[allow(clippy::too_many_arguments)]
pub fn ehs<'py>(
    py: Python<'py>,
    hand: &str,
    board: &str,
    vs: &str,
    opponents: usize,
    dead: &str,
    trials: Option<u64>,
    seed: Option<u64>,
    time_budget: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let cards = parse_exact(hand, 2).map_err(|e| Fail::new("hand", e))?;
    let hero = HoleCards::new(cards[0], cards[1])
        .ok_or_else(|| Fail::new("hand", format!("{} is used twice", cards[0])))?;
    let board: Vec<Card> = parse_cards(board).map_err(|e| Fail::new("board", e))?;
    let dead = cards_set("dead", dead)?;
    let range =
        allin::range::parse(vs, Some(standard_ranking())).map_err(|e| Fail::new("vs", e))?;
    if trials == Some(0) {
        return Err(Fail::new("trials", "trials must be at least 1").into());
    }
    let seed = seed.unwrap_or(allin::equity::DEFAULT_SEED);
    let ranges = vec![&range; opponents];
    let job = StrengthJob::open(hero, &board, dead, &ranges).map_err(|e| {
        let field = match e {
            StrengthError::Opponents(_) => "opponents",
            StrengthError::NoHand(_) => "vs",
            _ => "board",
        };
        Fail::new(field, e)
    })?;
    let clock = Clock::new(time_budget);
    let (counts, sampled) = py.detach(|| -> Result<(StrengthCounts, Option<u64>), Fail> {
        let exact = trials.is_none() && job.affordable();
        if exact && opponents == 1 {
            let one =
                PotentialJob::open(hero, &board, dead, &range).map_err(|e| Fail::new("vs", e))?;
            return Ok((StrengthCounts::from(&one.run_all()), None));
        }
        if exact {
            return Ok((job.run_all(), None));
        }
        let target = trials.unwrap_or(if clock.budgeted() {
            u64::MAX
        } else {
            EHS_TRIALS
        });
        let size = if clock.budgeted() {
            allin::equity::BUDGET_CHUNK_TRIALS
        } else {
            allin::equity::CHUNK_TRIALS
        };
        let mut c = StrengthCounts::default();
        let (mut done, mut chunk) = (0u64, 0u64);
        while done < target && !(chunk > 0 && clock.over()) {
            let n = size.min(target - done);
            c.add(&job.sample(seed, chunk, n).map_err(|e| Fail::new("vs", e))?);
            done += n;
            chunk += 1;
        }
        Ok((c, Some(done)))
    })?;
    let s = counts.summary(sampled.is_some());
    let d = PyDict::new(py);
    for (name, stat) in [
        ("hs", s.hs),
        ("ppot", s.ppot),
        ("npot", s.npot),
        ("ehs", s.ehs),
        ("ppot1", s.ppot1),
        ("npot1", s.npot1),
    ] {
        d.set_item(name, stat.value)?;
        d.set_item(format!("{name}_error"), stat.se.unwrap_or(0.0))?;
    }
    d.set_item("exact", sampled.is_none())?;
    d.set_item("trials", sampled)?;
    d.set_item("seed", seed)?;
    d.set_item("opponents", opponents)?;
    d.set_item("hs_n", job.hs_one_random().powi(opponents as i32))?;
    d.set_item("elapsed", clock.elapsed())?;
    Ok(d)
}

/// Hands from a deck shuffled by `seed`: each hand's cards, its name and
/// rank, and the winners.
#[pyfunction]
#[pyo3(signature = (players, cards, game, rules, seed, dead))]
pub fn deal<'py>(
    py: Python<'py>,
    players: usize,
    cards: usize,
    game: &str,
    rules: Option<&str>,
    seed: u64,
    dead: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let game = crate::inputs::game_for(game, allin::game::Question::Deal)?;
    let three = game == allin::game::Game::ThreeCard;
    let rules3 = if three {
        Some(crate::inputs::three_card_rules(rules)?)
    } else if rules.is_some() {
        return Err(Fail::new("rules", "rules apply only to three-card games").into());
    } else {
        None
    };
    let out = cards_set("dead", dead)?;
    let hands = allin::deal::deal_without(seed, players, cards, three, out).map_err(|e| {
        let text = e.to_string();
        let field = if text.contains("card") && !text.contains("player") {
            "cards"
        } else {
            "players"
        };
        Fail::new(field, text)
    })?;
    let list = PyList::empty(py);
    let winners = if let Some(r) = rules3 {
        let hs: Vec<allin::three_card::Hand> = hands
            .iter()
            .map(|h| allin::three_card::Hand::from_cards(h).expect("three dealt cards"))
            .collect();
        for (h, cards) in hs.iter().zip(&hands) {
            let rank = h.rank(&r);
            list.append((
                allin::card::format_cards_compact(cards),
                allin::three_card::describe::describe(h),
                rank.value(),
            ))?;
        }
        allin::deal::three_card_winners(&hs, &r).0
    } else {
        let ranks: Vec<allin::HandRank> = hands.iter().map(|h| allin::eval::evaluate(h)).collect();
        for (h, r) in hands.iter().zip(&ranks) {
            let name = allin::eval::describe::describe(h)
                .map(|d| d.text)
                .unwrap_or_default();
            list.append((allin::card::format_cards_compact(h), name, r.value()))?;
        }
        allin::deal::holdem_winners(&ranks)
    };
    let d = PyDict::new(py);
    d.set_item("game", game.name())?;
    d.set_item("seed", seed)?;
    d.set_item("hands", list)?;
    d.set_item("winners", winners)?;
    Ok(d)
}

/// The three-card win-rate table: the hero against 1 to `opponents`
/// opponents each holding `opponent`, every deal counted (exact counts as
/// Python ints), or sampled when counting would take too long.
#[pyfunction]
#[pyo3(signature = (hero, opponent, rules, removal, opponents, deck, dead))]
#[allow(clippy::too_many_arguments)]
pub fn three_card_table<'py>(
    py: Python<'py>,
    hero: &str,
    opponent: &str,
    rules: Option<&str>,
    removal: bool,
    opponents: usize,
    deck: Option<&str>,
    dead: &str,
) -> PyResult<Bound<'py, PyList>> {
    let rules = crate::inputs::three_card_rules(rules)?;
    let deck_kind = match deck {
        None => Deck::Full,
        Some(d) => Deck::parse(d).ok_or_else(|| {
            Fail::new(
                "deck",
                format!(
                    "unknown deck {} (decks: full, short)",
                    allin::quote::quote(d)
                ),
            )
        })?,
    };
    if !(1..=5).contains(&opponents) {
        return Err(Fail::new(
            "opponents",
            format!("opponents must be 1 to 5, got {opponents}"),
        )
        .into());
    }
    let spec = |k: usize| {
        let mut texts = vec![hero];
        texts.extend(std::iter::repeat(opponent).take(k));
        ThreeCardSpec::build(&texts, dead, rules, deck_kind, removal)
    };
    spec(1).map_err(Fail::players)?;
    let rows = py.detach(|| {
        (1..=opponents)
            .map(|k| {
                let s = spec(k).map_err(|e| e.to_string())?;
                match hero_counts(s, Limits::CLI) {
                    Ok(c) => Ok((
                        k,
                        true,
                        c.deals,
                        c.win,
                        c.tie,
                        c.win_rate(),
                        c.tie_rate(),
                        c.equity(),
                        0.0,
                        None,
                    )),
                    Err(RatesError::Spec(e)) => Err(e.to_string()),
                    Err(why) => {
                        let mut players = vec![hero.to_string()];
                        players.extend(std::iter::repeat(opponent.to_string()).take(k));
                        let ask = crate::equity_job::Ask {
                            players,
                            board: String::new(),
                            dead: dead.to_string(),
                            game: allin::game::Game::ThreeCard,
                            rules: Some(rules.to_string()),
                            deck: deck.map(str::to_string),
                            method: crate::equity_job::Method::Auto,
                            trials: None,
                            seed: None,
                            budget: None,
                            target_error: None,
                        };
                        let a = crate::families::run(&ask).map_err(|f| f.message)?;
                        let p = &a.players[0];
                        let n = u128::from(a.showdowns);
                        Ok((
                            k,
                            a.exact,
                            n,
                            u128::from(p.wins),
                            u128::from(p.ties),
                            p.win,
                            p.tie,
                            p.equity,
                            p.std_error,
                            (!a.exact).then(|| why.to_string()),
                        ))
                    }
                }
            })
            .collect::<Vec<_>>()
    });
    let out = PyList::empty(py);
    for row in rows {
        let (k, exact, deals, wins, ties, win, tie, equity, se, why) =
            row.map_err(|e| Fail::new("opponent", e))?;
        let d = PyDict::new(py);
        d.set_item("opponents", k)?;
        d.set_item("exact", exact)?;
        d.set_item("deals", deals)?;
        d.set_item("wins", wins)?;
        d.set_item("ties", ties)?;
        d.set_item("win", win)?;
        d.set_item("tie", tie)?;
        d.set_item("equity", equity)?;
        d.set_item("std_error", se)?;
        d.set_item("why", why)?;
        out.append(d)?;
    }
    Ok(out)
}

/// Write-up 004's opponent model: from ladder position `index` (0: any
/// hand), each action moves the opponent up by `delta` steps (a raise or
/// a called win two). `(index, percent)` after the actions.
#[pyfunction]
#[pyo3(signature = (index, actions, delta, rules))]
pub fn three_card_strength(
    index: usize,
    actions: Vec<String>,
    delta: usize,
    rules: Option<&str>,
) -> PyResult<(usize, f64, usize)> {
    let rules = crate::inputs::three_card_rules(rules)?;
    let ladder = Ladder::new(rules, Deck::Full);
    let mut s = Strength::at(index, &ladder).map_err(|e| Fail::new("index", e))?;
    for (i, a) in actions.iter().enumerate() {
        let action = Action::parse(a).map_err(|e| Fail::new(format!("actions[{i}]"), e))?;
        s = s.after(action, delta);
    }
    Ok((s.index(), s.percent(), ladder.len()))
}
