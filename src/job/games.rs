//! Each family's job behind [`EquityJob`]: [`Game::open`], the opener
//! (the game's rules, its plan and the method) and the adapter to flat
//! counts.

use std::ops::Range;
use std::sync::OnceLock;

use super::dealt::{flat, DealtJob};
use super::{CountsKind, EquityJob, JobMethod, JobSpec, OpenError};
use crate::equity::{boards, table_fits, ExactJob, MonteCarlo, Plan, Spec, Tally};
use crate::five_card::FiveCardJob;
use crate::game::{Family, Game};
use crate::omaha::{OmahaJob, PotCounts};
use crate::short_deck::ShortDeckJob;
use crate::three_card::equity::{ThreeCardJob, ThreeCardSpec};
use crate::three_card::ladder::Deck;

impl Game {
    /// Opens a job of this game (see the module docs).
    pub fn open(self, spec: &JobSpec) -> Result<Box<dyn EquityJob>, OpenError> {
        match self.family() {
            Family::Holdem => open_holdem(spec),
            Family::ThreeCard => open_three_card(spec),
            Family::FiveCard => open_five_card(spec),
            Family::Omaha | Family::ShortDeck => open_board_game(self, spec),
            Family::Draw => super::draw::open_draw(self, spec),
            Family::Stud => super::stud::open_stud(self, spec),
        }
    }
}

/// Exact or not, and why not, from what `auto` and `exact` would do.
fn choose(
    method: JobMethod,
    auto: (bool, Option<String>),
    forced: impl FnOnce() -> Result<(bool, Option<String>), OpenError>,
) -> Result<(bool, Option<String>), OpenError> {
    match method {
        JobMethod::Auto => Ok(auto),
        JobMethod::Exact => forced(),
        JobMethod::MonteCarlo => Ok((false, None)),
    }
}

/// A board for a game without one: an error, after the game's own.
fn no_board(spec: &JobSpec, game: Game) -> Result<(), OpenError> {
    let what = match game {
        Game::ThreeCard => "three-card poker has",
        Game::FiveCard => "five-card showdowns have",
        _ => return Ok(()),
    };
    if spec.board.trim().is_empty() {
        Ok(())
    } else {
        Err(OpenError::Board(format!(
            "{what} no board: clear this field"
        )))
    }
}

fn no_rules(spec: &JobSpec) -> Result<(), OpenError> {
    let rules = spec.rules.trim();
    if rules.is_empty() {
        Ok(())
    } else {
        Err(OpenError::Rules(format!(
            "{}: rules apply only to {}",
            crate::quote::quote(rules),
            rules_games()
        )))
    }
}

/// The games that take rules, by name: `three-card, shortdeck`.
fn rules_games() -> String {
    Game::ALL
        .iter()
        .filter(|g| g.rules().is_some())
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Hold'em: known hands or ranges, exact by [`Plan`], else Monte Carlo.
struct Holdem {
    spec: Spec,
    exact: Option<ExactJob>,
    /// Built the first time trials are asked for (for ranges it costs more
    /// than opening the exact job, and most jobs never sample).
    monte_carlo: OnceLock<MonteCarlo>,
    why_sampled: Option<String>,
    cost: u64,
    table_fits: bool,
}

/// Opens a Hold'em job.
pub fn open_holdem(spec: &JobSpec) -> Result<Box<dyn EquityJob>, OpenError> {
    no_rules(spec)?;
    let parsed = Spec::parse(&spec.players, &spec.board, &spec.dead).map_err(OpenError::Holdem)?;
    let plan = Plan::new(&parsed, spec.table.clone());
    let (exact, why_sampled) =
        choose(spec.method, (plan.affordable(), plan.why_sampled()), || {
            Ok((plan.can_force(), plan.why_not_forcible()))
        })?;
    Ok(Box::new(Holdem {
        exact: exact.then(|| plan.open(&parsed)),
        monte_carlo: OnceLock::new(),
        why_sampled,
        cost: plan.cost(),
        table_fits: table_fits(&parsed),
        spec: parsed,
    }))
}

impl EquityJob for Holdem {
    fn game(&self) -> Game {
        Game::Holdem
    }
    fn players(&self) -> usize {
        self.spec.players().len()
    }
    fn labels(&self) -> Vec<String> {
        (0..self.players())
            .map(|i| self.spec.player_label(i))
            .collect()
    }
    fn exact(&self) -> bool {
        self.exact.is_some()
    }
    fn total_units(&self) -> u64 {
        self.exact.as_ref().map_or(0, ExactJob::total_units)
    }
    fn why_sampled(&self) -> Option<String> {
        self.why_sampled.clone()
    }
    fn cost(&self) -> u64 {
        self.cost
    }
    fn ranges(&self) -> bool {
        self.spec.has_ranges()
    }
    fn run_units(&self, units: Range<u64>) -> Vec<u128> {
        match &self.exact {
            Some(e) => flat(&e.run(units.start, units.end.min(e.total_units()))),
            None => self.empty(),
        }
    }
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128> {
        match &self.exact {
            Some(e) => flat(&e.run_strided(first, stride.max(1))),
            None => self.empty(),
        }
    }
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128> {
        let mc = self.monte_carlo.get_or_init(|| MonteCarlo::new(&self.spec));
        flat(&mc.run(seed, chunk, trials))
    }
    fn boards(&self) -> u64 {
        boards(&self.spec)
    }
    fn table_fits(&self) -> bool {
        self.table_fits
    }
    fn uses_table(&self) -> bool {
        matches!(&self.exact, Some(ExactJob::Ranges(r)) if r.uses_table())
    }
}

/// Opens a three-card job.
pub fn open_three_card(spec: &JobSpec) -> Result<Box<dyn EquityJob>, OpenError> {
    let rules = match spec.rules.trim() {
        "" => Game::ThreeCard
            .rules()
            .map_or("casino", |r| r.default_rules()),
        r => r,
    };
    let rules = rules
        .parse::<crate::three_card::Rules>()
        .map_err(|e| OpenError::Rules(e.to_string()))?;
    let deck = match spec.deck.trim() {
        "" => Deck::Full,
        d => Deck::parse(d).ok_or_else(|| {
            OpenError::Deck(format!(
                "unknown deck {} (decks: full, short)",
                crate::quote::quote(d)
            ))
        })?,
    };
    let players: Vec<&str> = spec.players.iter().map(String::as_str).collect();
    let built = ThreeCardSpec::build(&players, &spec.dead, rules, deck, spec.removal)
        .map_err(OpenError::ThreeCard)?;
    let job = ThreeCardJob::new(built).map_err(OpenError::ThreeCard)?;
    no_board(spec, Game::ThreeCard)?;
    let auto = job.exact_by_default();
    super::dealt::open(
        job,
        spec.method,
        auto,
        |j| Some(three_card_why(j)),
        |j| j.check_exact().map_err(OpenError::ThreeCard),
    )
}

/// Why `auto` samples a three-card job, for people.
pub fn three_card_why(job: &ThreeCardJob) -> String {
    if job.players() > 3 {
        format!(
            "{} players are sampled (exact counts stop at 3): Monte Carlo",
            job.players()
        )
    } else {
        format!(
            "too many deals for exact (≈{:.1e} steps): Monte Carlo",
            job.cost() as f64
        )
    }
}

/// Opens a five-card job.
pub fn open_five_card(spec: &JobSpec) -> Result<Box<dyn EquityJob>, OpenError> {
    let players: Vec<&str> = spec.players.iter().map(String::as_str).collect();
    let job = FiveCardJob::parse(&players, &spec.dead).map_err(OpenError::FiveCard)?;
    no_board(spec, Game::FiveCard)?;
    no_rules(spec)?;
    let auto = job.exact_by_default();
    super::dealt::open(
        job,
        spec.method,
        auto,
        |j| Some(five_card_why(j)),
        |j| j.check_exact().map_err(OpenError::FiveCard),
    )
}

/// Why `auto` samples a five-card job, for people.
pub fn five_card_why(job: &FiveCardJob) -> String {
    format!(
        "too many ways to complete the hands for exact (≈{:.1e} deals): Monte Carlo",
        job.deals() as f64
    )
}

/// Opens an Omaha or Short Deck job (`game` says which).
pub fn open_board_game(game: Game, spec: &JobSpec) -> Result<Box<dyn EquityJob>, OpenError> {
    let players: Vec<&str> = spec.players.iter().map(String::as_str).collect();
    if game.family() == Family::ShortDeck {
        let rules: crate::short_deck::Rules =
            spec.rules.trim().parse().map_err(OpenError::Rules)?;
        let job = ShortDeckJob::parse(rules, &players, &spec.board, &spec.dead)
            .map_err(OpenError::BoardGame)?;
        let plan = job.plan();
        super::dealt::open(
            job,
            spec.method,
            plan.affordable(),
            |_| plan.why_sampled(),
            |j| j.check_exact().map_err(OpenError::BoardGame),
        )
    } else {
        no_rules(spec)?;
        let omaha = crate::omaha::Game::of(game)
            .ok_or_else(|| OpenError::Rules(format!("{} is not a board game", game.name())))?;
        let job = OmahaJob::parse(omaha, &players, &spec.board, &spec.dead)
            .map_err(OpenError::BoardGame)?;
        let plan = job.plan();
        super::dealt::open(
            job,
            spec.method,
            plan.affordable(),
            |_| plan.why_sampled(),
            |j| j.check_exact().map_err(OpenError::BoardGame),
        )
    }
}

impl DealtJob for OmahaJob {
    fn game(&self) -> Game {
        let omaha = OmahaJob::game(self);
        Game::ALL
            .iter()
            .copied()
            .find(|&g| crate::omaha::Game::of(g) == Some(omaha))
            .expect("an Omaha game of the catalogue")
    }
    fn players(&self) -> usize {
        self.deal().players()
    }
    fn labels(&self) -> Vec<String> {
        self.deal().labels().to_vec()
    }
    fn units(&self) -> u64 {
        OmahaJob::units(self)
    }
    fn cost(&self) -> u64 {
        self.plan().cost()
    }
    fn ranges(&self) -> bool {
        self.deal().has_random()
    }
    fn run(&self, units: Range<u64>) -> Vec<u128> {
        OmahaJob::run(self, units).flat()
    }
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128> {
        // Into the job's own counts, then flat once.
        let mut c = PotCounts::new(self.deal().players());
        for u in (first..self.units()).step_by(stride.max(1) as usize) {
            c += &OmahaJob::run(self, u..u + 1);
        }
        c.flat()
    }
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128> {
        OmahaJob::run_trials(self, seed, chunk, trials).flat()
    }
    fn counts_kind(&self) -> CountsKind {
        CountsKind::Pot
    }
    fn boards(&self) -> u64 {
        self.deal().boards()
    }
    fn hilo(&self) -> bool {
        OmahaJob::game(self).hilo()
    }
}

impl DealtJob for ShortDeckJob {
    fn game(&self) -> Game {
        Game::ShortDeck
    }
    fn players(&self) -> usize {
        self.deal().players()
    }
    fn labels(&self) -> Vec<String> {
        self.deal().labels().to_vec()
    }
    fn units(&self) -> u64 {
        ShortDeckJob::units(self)
    }
    fn cost(&self) -> u64 {
        self.plan().cost()
    }
    fn ranges(&self) -> bool {
        self.deal().has_random()
    }
    fn run(&self, units: Range<u64>) -> Vec<u128> {
        flat(&ShortDeckJob::run(self, units))
    }
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128> {
        let mut t = Tally::new(self.deal().players());
        for u in (first..self.units()).step_by(stride.max(1) as usize) {
            t += &ShortDeckJob::run(self, u..u + 1);
        }
        flat(&t)
    }
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128> {
        flat(&ShortDeckJob::run_trials(self, seed, chunk, trials))
    }
    fn boards(&self) -> u64 {
        self.deal().boards()
    }
}

impl DealtJob for ThreeCardJob {
    fn game(&self) -> Game {
        Game::ThreeCard
    }
    fn players(&self) -> usize {
        ThreeCardJob::players(self)
    }
    fn labels(&self) -> Vec<String> {
        ThreeCardJob::labels(self).to_vec()
    }
    fn units(&self) -> u64 {
        ThreeCardJob::units(self)
    }
    fn cost(&self) -> u64 {
        ThreeCardJob::cost(self)
    }
    fn ranges(&self) -> bool {
        ThreeCardJob::hand_counts(self).iter().any(|&n| n > 1)
    }
    fn run(&self, units: Range<u64>) -> Vec<u128> {
        flat(&ThreeCardJob::run(self, units))
    }
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128> {
        flat(&ThreeCardJob::run_strided(self, first, stride))
    }
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128> {
        flat(&ThreeCardJob::run_trials(self, seed, chunk, trials))
    }
    fn hand_counts(&self) -> Option<Vec<usize>> {
        Some(ThreeCardJob::hand_counts(self))
    }
}

impl DealtJob for FiveCardJob {
    fn game(&self) -> Game {
        Game::FiveCard
    }
    fn players(&self) -> usize {
        FiveCardJob::players(self)
    }
    fn labels(&self) -> Vec<String> {
        FiveCardJob::labels(self).to_vec()
    }
    fn units(&self) -> u64 {
        FiveCardJob::units(self)
    }
    fn cost(&self) -> u64 {
        self.deals()
    }
    fn run(&self, units: Range<u64>) -> Vec<u128> {
        flat(&FiveCardJob::run(self, units))
    }
    fn run_strided(&self, first: u64, stride: u64) -> Vec<u128> {
        flat(&FiveCardJob::run_strided(self, first, stride))
    }
    fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Vec<u128> {
        flat(&FiveCardJob::run_trials(self, seed, chunk, trials))
    }
}
