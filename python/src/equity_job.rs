//! `equity()`: every game of the catalogue, each through its family's job
//! (as the CLI opens them: `cli/src/equity.rs`, `games.rs`,
//! `board_games.rs`), exact when the engine's policy affords it, else
//! Monte Carlo, and within a time budget when one is given.

use crate::errors::Fail;
use crate::run::{exact_units, sampled, Clock};
use allin::equity::{Counts, Estimate, Tally, DEFAULT_SEED, DEFAULT_TRIALS};
use allin::five_card::FiveCardJob;
use allin::game::{Family, Game};
use allin::omaha::{OmahaJob, PotCounts};
use allin::short_deck::ShortDeckJob;
use allin::three_card::equity::{ThreeCardJob, ThreeCardSpec};
use allin::three_card::ladder::Deck;

/// What the caller asked.
pub struct Ask {
    pub players: Vec<String>,
    pub board: String,
    pub dead: String,
    pub game: Game,
    pub rules: Option<String>,
    /// Three-card: `full` (default) or `short` (24 cards, 9 to A).
    pub deck: Option<String>,
    pub method: Method,
    pub trials: Option<u64>,
    pub seed: Option<u64>,
    pub budget: Option<f64>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Auto,
    Exact,
    MonteCarlo,
}

impl Method {
    pub fn parse(text: &str) -> Result<Method, Fail> {
        match text {
            "auto" => Ok(Method::Auto),
            "exact" => Ok(Method::Exact),
            "monte-carlo" => Ok(Method::MonteCarlo),
            _ => Err(Fail::new(
                "method",
                format!(
                    "unknown method {} (methods are auto, exact, monte-carlo)",
                    allin::quote::quote(text)
                ),
            )),
        }
    }
}

/// One player's numbers.
pub struct PlayerOut {
    pub hand: String,
    pub wins: u64,
    pub ties: u64,
    pub losses: u64,
    pub win: f64,
    pub tie: f64,
    pub equity: f64,
    pub std_error: f64,
    /// Hi-Lo: scoops, high wins/ties, low wins/ties, quartered.
    pub hilo: Option<[u64; 6]>,
}

/// The answer, before Python sees it.
pub struct Answer {
    pub game: &'static str,
    pub exact: bool,
    /// `exact`, `partial` (an exact job cut short by the budget) or `monte-carlo`.
    pub method: &'static str,
    pub why: Option<String>,
    pub seed: u64,
    pub trials: Option<u64>,
    pub showdowns: u64,
    pub players: Vec<PlayerOut>,
    pub splits: Vec<(Vec<usize>, u64)>,
    pub no_low: Option<u64>,
    pub elapsed: f64,
}

/// What the families' counts give beyond [`Counts`].
pub(crate) trait Outcome: Counts + Send {
    fn losses(&self, p: usize) -> u64;
    fn split_list(&self) -> Vec<(usize, u64)>;
    fn hilo(&self, _p: usize) -> Option<[u64; 6]> {
        None
    }
    fn no_low(&self) -> Option<u64> {
        None
    }
}

impl Outcome for Tally {
    fn losses(&self, p: usize) -> u64 {
        Tally::losses(self, p)
    }
    fn split_list(&self) -> Vec<(usize, u64)> {
        self.splits().collect()
    }
}

impl Outcome for PotCounts {
    fn losses(&self, p: usize) -> u64 {
        PotCounts::losses(self, p)
    }
    fn split_list(&self) -> Vec<(usize, u64)> {
        self.splits().collect()
    }
    fn hilo(&self, p: usize) -> Option<[u64; 6]> {
        Some([
            self.scoops(p),
            self.high_wins(p),
            self.high_ties(p),
            self.low_wins(p),
            self.low_ties(p),
            self.quartered(p),
        ])
    }
    fn no_low(&self) -> Option<u64> {
        Some(PotCounts::no_low(self))
    }
}

/// How a job was run: its counts, the estimate, and what to say.
pub(crate) struct Ran<C> {
    pub counts: C,
    pub est: Estimate,
    pub method: &'static str,
    pub why: Option<String>,
    pub trials: Option<u64>,
}

pub(crate) fn answer<C: Outcome>(
    game: Game,
    labels: Vec<String>,
    ran: Ran<C>,
    seed: u64,
    hilo: bool,
    clock: &Clock,
) -> Answer {
    let c = &ran.counts;
    Answer {
        game: game.name(),
        exact: ran.method == "exact",
        method: ran.method,
        why: ran.why,
        seed,
        trials: ran.trials,
        showdowns: c.showdowns(),
        players: (0..c.players())
            .map(|p| PlayerOut {
                hand: labels[p].clone(),
                wins: c.wins(p),
                ties: c.ties(p),
                losses: c.losses(p),
                win: ran.est.players[p].win,
                tie: ran.est.players[p].tie,
                equity: ran.est.players[p].equity,
                std_error: ran.est.players[p].std_error,
                hilo: if hilo { c.hilo(p) } else { None },
            })
            .collect(),
        splits: c
            .split_list()
            .into_iter()
            .map(|(mask, n)| ((0..c.players()).filter(|p| mask >> p & 1 == 1).collect(), n))
            .collect(),
        no_low: if hilo { c.no_low() } else { None },
        elapsed: clock.elapsed(),
    }
}

/// Trials to sample: as asked, else the run policy's default, or (under
/// a budget) as many as fit.
fn target(ask: &Ask, clock: &Clock) -> u64 {
    ask.trials.unwrap_or(if clock.budgeted() {
        u64::MAX
    } else {
        DEFAULT_TRIALS
    })
}

/// Monte Carlo with the reason it was chosen (and what the budget allowed).
pub(crate) fn monte_carlo<C: Outcome>(
    players: usize,
    ask: &Ask,
    clock: &Clock,
    why: Option<String>,
    run: impl Fn(u64, u64, u64) -> C,
) -> Result<Ran<C>, Fail> {
    let seed = ask.seed.unwrap_or(DEFAULT_SEED);
    let want = target(ask, clock);
    let (counts, trials) = sampled(players, want, clock, |chunk, n| run(seed, chunk, n))
        .map_err(|m| Fail::new("trials", m))?;
    let budget_note = (trials < want && clock.budgeted()).then(|| {
        format!(
            "the time budget of {} s allowed {trials} trials",
            ask.budget.unwrap_or(0.0)
        )
    });
    let why = [why, budget_note]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("; ");
    Ok(Ran {
        est: Estimate::from_trials(&counts),
        counts,
        method: "monte-carlo",
        why: (!why.is_empty()).then_some(why),
        trials: Some(trials),
    })
}

/// A family's job other than Hold'em: exact units when the policy (and
/// the budget) allow, else Monte Carlo.
fn units_or_sampled<C: Outcome>(
    players: usize,
    ask: &Ask,
    clock: &Clock,
    exact: (bool, Option<String>),
    units: u64,
    run: impl Fn(std::ops::Range<u64>) -> C + Sync,
    trials: impl Fn(u64, u64, u64) -> C,
) -> Result<Ran<C>, Fail> {
    let (exact, mut why) = exact;
    if exact {
        match exact_units(players, units, clock, run) {
            Ok(counts) => {
                let est =
                    Estimate::from_chunks(std::slice::from_ref(&counts), 1).expect("one chunk");
                return Ok(Ran {
                    counts,
                    est,
                    method: "exact",
                    why: None,
                    trials: None,
                });
            }
            Err(w) => why = Some(w),
        }
    }
    monte_carlo(players, ask, clock, why, trials)
}

/// Exact or not, by the method asked and the job's own policy: (exact,
/// why not). `auto`: the policy; `exact`: whatever can be forced (else a
/// sample, saying why); `monte-carlo`: never.
pub(crate) fn decide(
    method: Method,
    auto: (bool, Option<String>),
    forced: (bool, Option<String>),
) -> (bool, Option<String>) {
    match method {
        Method::Auto => auto,
        Method::Exact => forced,
        Method::MonteCarlo => (false, None),
    }
}

pub fn run(ask: &Ask) -> Result<Answer, Fail> {
    if ask.trials == Some(0) {
        return Err(Fail::new("trials", "trials must be at least 1"));
    }
    if let Some(b) = ask.budget {
        if !(b > 0.0 && b.is_finite()) {
            return Err(Fail::new(
                "time_budget",
                format!("time_budget must be a number of seconds above 0, got {b}"),
            ));
        }
    }
    let clock = Clock::new(ask.budget);
    let seed = ask.seed.unwrap_or(DEFAULT_SEED);
    let players: Vec<&str> = ask.players.iter().map(String::as_str).collect();
    let game = ask.game;
    let no_board = |what: &str| -> Result<(), Fail> {
        if ask.board.trim().is_empty() {
            Ok(())
        } else {
            Err(Fail::new("board", format!("{what} has no board")))
        }
    };
    let no_rules = || -> Result<(), Fail> {
        match &ask.rules {
            None => Ok(()),
            Some(_) => Err(Fail::new(
                "rules",
                "rules apply only to three-card games and shortdeck",
            )),
        }
    };
    if ask.deck.is_some() && game.family() != Family::ThreeCard {
        return Err(Fail::new("deck", "deck applies only to three-card games"));
    }
    match game.family() {
        Family::Holdem => {
            no_rules()?;
            crate::holdem::holdem(ask, &clock)
        }
        Family::ThreeCard => {
            no_board("three-card poker")?;
            let rules = crate::three_card_rules(ask.rules.as_deref())?;
            let deck = match ask.deck.as_deref() {
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
            let spec = ThreeCardSpec::build(&players, &ask.dead, rules, deck, true)
                .map_err(|e| Fail::players(e.to_string()))?;
            let job = ThreeCardJob::new(spec).map_err(|e| Fail::players(e.to_string()))?;
            let forced = match job.check_exact() {
                Ok(()) => (true, None),
                Err(e) => (false, Some(e.to_string())),
            };
            let auto = if job.exact_by_default() {
                (true, None)
            } else {
                (
                    false,
                    forced
                        .1
                        .clone()
                        .or(Some("too many deals for exact: Monte Carlo".into())),
                )
            };
            let ran = units_or_sampled(
                job.players(),
                ask,
                &clock,
                decide(ask.method, auto, forced),
                job.units(),
                |r| job.run(r),
                |s, c, n| job.run_trials(s, c, n),
            )?;
            Ok(answer(
                game,
                job.labels().to_vec(),
                ran,
                seed,
                false,
                &clock,
            ))
        }
        Family::FiveCard => {
            no_board("five-card showdowns")?;
            no_rules()?;
            let job = FiveCardJob::parse(&players, &ask.dead)
                .map_err(|e| Fail::players(e.to_string()))?;
            let forced = match job.check_exact() {
                Ok(()) => (true, None),
                Err(e) => (false, Some(e.to_string())),
            };
            let auto = if job.exact_by_default() {
                (true, None)
            } else {
                (
                    false,
                    forced
                        .1
                        .clone()
                        .or(Some("too many deals for exact: Monte Carlo".into())),
                )
            };
            let ran = units_or_sampled(
                job.players(),
                ask,
                &clock,
                decide(ask.method, auto, forced),
                job.units(),
                |r| job.run(r),
                |s, c, n| job.run_trials(s, c, n),
            )?;
            Ok(answer(
                game,
                job.labels().to_vec(),
                ran,
                seed,
                false,
                &clock,
            ))
        }
        Family::ShortDeck => {
            let rules = ask
                .rules
                .as_deref()
                .unwrap_or_default()
                .parse()
                .map_err(|e| Fail::new("rules", e))?;
            let job = ShortDeckJob::parse(rules, &players, &ask.board, &ask.dead)
                .map_err(|e| Fail::board_game(&e))?;
            let plan = job.plan();
            let ran = units_or_sampled(
                job.players(),
                ask,
                &clock,
                decide(
                    ask.method,
                    (plan.affordable(), plan.why_sampled()),
                    (plan.can_force(), plan.why_not_forcible()),
                ),
                job.units(),
                |r| job.run(r),
                |s, c, n| job.run_trials(s, c, n),
            )?;
            Ok(answer(
                game,
                job.deal().labels().to_vec(),
                ran,
                seed,
                false,
                &clock,
            ))
        }
        Family::Omaha => {
            no_rules()?;
            let og = allin::omaha::Game::from_name(game.name()).expect("an Omaha game");
            let job = OmahaJob::parse(og, &players, &ask.board, &ask.dead)
                .map_err(|e| Fail::board_game(&e))?;
            let plan = job.plan();
            let ran = units_or_sampled(
                job.players(),
                ask,
                &clock,
                decide(
                    ask.method,
                    (plan.affordable(), plan.why_sampled()),
                    (plan.can_force(), plan.why_not_forcible()),
                ),
                job.units(),
                |r| job.run(r),
                |s, c, n| job.run_trials(s, c, n),
            )?;
            Ok(answer(
                game,
                job.deal().labels().to_vec(),
                ran,
                seed,
                game.hilo(),
                &clock,
            ))
        }
    }
}
