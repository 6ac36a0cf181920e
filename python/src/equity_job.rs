//! `equity()`: every game of the catalogue, each through its family's job
//! (as the CLI opens them: `cli/src/equity.rs`, `games.rs`,
//! `board_games.rs`), exact when the engine's policy affords it, else
//! Monte Carlo, and within a time budget when one is given.

use crate::errors::Fail;
use crate::run::{exact_units, sampled, threaded, Clock};
use allin::equity::rng::Rng;
use allin::equity::{
    self, Counts, Estimate, MonteCarlo, Spec, Tally, DEFAULT_SEED, DEFAULT_TRIALS, MIN_CHUNKS,
};
use allin::five_card::FiveCardJob;
use allin::game::{Family, Game};
use allin::omaha::{OmahaJob, PotCounts};
use allin::short_deck::ShortDeckJob;
use allin::three_card::equity::{ThreeCardJob, ThreeCardSpec};
use allin::three_card::ladder::Deck;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

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
trait Outcome: Counts + Send {
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
struct Ran<C> {
    counts: C,
    est: Estimate,
    method: &'static str,
    why: Option<String>,
    trials: Option<u64>,
}

fn answer<C: Outcome>(
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
fn monte_carlo<C: Outcome>(
    players: usize,
    ask: &Ask,
    clock: &Clock,
    why: Option<String>,
    run: impl Fn(u64, u64, u64) -> C,
) -> Ran<C> {
    let seed = ask.seed.unwrap_or(DEFAULT_SEED);
    let want = target(ask, clock);
    let (counts, trials) = sampled(players, want, clock, |chunk, n| run(seed, chunk, n));
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
    Ran {
        est: Estimate::from_trials(&counts),
        counts,
        method: "monte-carlo",
        why: (!why.is_empty()).then_some(why),
        trials: Some(trials),
    }
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
) -> Ran<C> {
    let (exact, mut why) = exact;
    if exact {
        match exact_units(players, units, clock, run) {
            Ok(counts) => {
                let est =
                    Estimate::from_chunks(std::slice::from_ref(&counts), 1).expect("one chunk");
                return Ran {
                    counts,
                    est,
                    method: "exact",
                    why: None,
                    trials: None,
                };
            }
            Err(w) => why = Some(w),
        }
    }
    monte_carlo(players, ask, clock, why, trials)
}

/// Exact or not, by the method asked and the job's own policy: (exact,
/// why not). `auto`: the policy; `exact`: whatever can be forced (else a
/// sample, saying why); `monte-carlo`: never.
fn decide(
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
            holdem(ask, &clock)
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
            );
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
            );
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
            );
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
            );
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

/// Hold'em: the page's and the JS API's way. Without a budget an exact job
/// runs whole on every core; with one, as strided chunks in a random order
/// (so a job cut short is a simple random sample of the enumeration,
/// "partial", with the engine's estimate), or Monte Carlo from the start
/// when the first chunk shows that fewer than `MIN_CHUNKS` would fit.
fn holdem(ask: &Ask, clock: &Clock) -> Result<Answer, Fail> {
    let spec = Spec::parse(&ask.players, &ask.board, &ask.dead).map_err(|e| Fail::spec(&e))?;
    let table = if spec.has_ranges() && ask.method != Method::MonteCarlo {
        Some(crate::preflop_table()?)
    } else {
        None
    };
    let plan = equity::Plan::new(&spec, table);
    let (exact, why) = decide(
        ask.method,
        (plan.affordable(), plan.why_sampled()),
        (plan.can_force(), plan.why_not_forcible()),
    );
    let players = spec.players().len();
    let labels: Vec<String> = (0..players).map(|i| spec.player_label(i)).collect();
    let seed = ask.seed.unwrap_or(DEFAULT_SEED);
    let mut why = why;
    if exact {
        let job = plan.open(&spec);
        match holdem_exact(&job, players, seed, clock) {
            Ok(ran) => return Ok(answer(ask.game, labels, ran, seed, false, clock)),
            Err(w) => why = Some(w),
        }
    }
    let mc = MonteCarlo::new(&spec);
    let ran = monte_carlo(players, ask, clock, why, |s, c, n| mc.run(s, c, n));
    Ok(answer(ask.game, labels, ran, seed, false, clock))
}

/// Strided chunks: as the page's scheduler (`www/scheduler.js`
/// `chooseStride`): at most 1,024, and at most 2^18 counts in memory.
fn chunks_for(units: u64, players: usize) -> u64 {
    let by_memory = (1u64 << 18) >> players;
    units.min(1024).min(by_memory).max(1)
}

fn holdem_exact(
    job: &equity::ExactJob,
    players: usize,
    seed: u64,
    clock: &Clock,
) -> Result<Ran<Tally>, String> {
    let units = job.total_units();
    if !clock.budgeted() {
        let counts = threaded(players, 0..units, |r| job.run(r.start, r.end));
        let est = Estimate::from_chunks(std::slice::from_ref(&counts), 1).expect("one chunk");
        return Ok(Ran {
            counts,
            est,
            method: "exact",
            why: None,
            trials: None,
        });
    }
    let total = chunks_for(units, players);
    let mut order: Vec<u64> = (0..total).collect();
    let mut rng = Rng::new(seed);
    for i in (1..order.len()).rev() {
        let j = rng.below_u64(i as u64 + 1) as usize;
        order.swap(i, j);
    }
    let started = Instant::now();
    let mut tallies: Vec<Tally> = Vec::with_capacity(total as usize);
    let t = Instant::now();
    tallies.push(job.run_strided(order[0], total));
    let per_chunk = t.elapsed().as_secs_f64().max(1e-9);
    let left = clock.left().unwrap_or_default().as_secs_f64();
    if total > 1
        && left / per_chunk < (MIN_CHUNKS - 1) as f64
        && (total - 1) as f64 > left / per_chunk
    {
        return Err(format!(
            "exact would take about {:.0} ms ({total} chunks of {:.2} ms), more than the time \
             budget: Monte Carlo",
            1e3 * per_chunk * total as f64,
            1e3 * per_chunk
        ));
    }
    // The rest on every core, each thread taking the next chunk of the
    // order until none is left or time is up (never before MIN_CHUNKS:
    // the first chunk promised they would fit). Indices are taken in
    // order and a chunk taken after the deadline is not run, so the chunks
    // done are always a prefix of the random order.
    let next = AtomicUsize::new(1);
    let done_chunks: Mutex<Vec<(usize, Tally)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..crate::run::threads() {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= total as usize || (i as u64 >= MIN_CHUNKS && clock.over()) {
                    return;
                }
                let t = job.run_strided(order[i], total);
                done_chunks.lock().expect("no worker panicked").push((i, t));
            });
        }
    });
    let mut more = done_chunks.into_inner().expect("no worker panicked");
    more.sort_by_key(|(i, _)| *i);
    tallies.extend(more.into_iter().map(|(_, t)| t));
    let done = tallies.len();
    let est = Estimate::from_chunks(&tallies, total).expect("at least one chunk");
    let mut counts = Tally::new(players);
    for t in &tallies {
        counts += t;
    }
    if done as u64 == total {
        return Ok(Ran {
            counts,
            est,
            method: "exact",
            why: None,
            trials: None,
        });
    }
    Ok(Ran {
        counts,
        est,
        method: "partial",
        why: Some(format!(
            "the time budget ran out after {done} of {total} chunks of the exact enumeration \
             ({:.0} ms), drawn at random: an estimate",
            1e3 * started.elapsed().as_secs_f64()
        )),
        trials: None,
    })
}
