//! `allin equity --game three-card|five-card`: win, tie and equity in
//! three-card poker (a hero against 1–5 opponents holding a hand, `random`,
//! the top `X%` or `@N`) and in five-card showdowns (each player 0–5 known
//! cards, the rest dealt): their options, the one runner (`any_game`,
//! through [`run_plain`], the draw games' too) and their titles; printed
//! by `shown.rs`.

use super::any_game::{self, Ask, Ran};
use super::shown::{Shown, ThreeCardShown};
use crate::output::CliError;
use allin::game::Game;
use allin::job::JobSpec;
use allin::three_card::ladder::Deck;
use allin::three_card::Rules;

/// What the three-card job needs from the command line.
pub struct ThreeCardArgs<'a> {
    pub hands: &'a [String],
    pub dead: &'a [String],
    pub rules: Rules,
    /// `--rules` as typed (empty: the default), for the job.
    pub rules_text: &'a str,
    pub deck: Deck,
    pub removal: bool,
    pub exact: bool,
    pub trials: Option<u64>,
    pub seed: Option<u64>,
    pub json: bool,
}

/// What the five-card job needs from the command line.
pub struct FiveCardArgs<'a> {
    pub hands: &'a [String],
    pub dead: &'a [String],
    pub exact: bool,
    pub trials: Option<u64>,
    pub seed: Option<u64>,
    pub json: bool,
}

/// The policy these games share: exact when `--exact`, or when affordable
/// and no `--trials` was given; else `--trials` (default
/// `DEFAULT_TRIALS`) seeded deals (`--seed`, default 1): the one runner
/// (`any_game`). `asked` is (`--exact`, `--trials`, `--seed`).
pub fn run_plain(
    game: Game,
    spec: JobSpec,
    asked: (bool, Option<u64>, Option<u64>),
    cmd: &'static str,
) -> Result<Ran, CliError> {
    let (exact, trials, seed) = asked;
    if trials == Some(0) {
        return Err(CliError::usage(cmd, "--trials must be at least 1"));
    }
    let ask = Ask {
        game,
        spec,
        exact,
        threads: None,
        trials,
        error: None,
        seed,
    };
    any_game::run(ask, cmd)
}

/// The first line(s) of three-card text output: the rules, the deck, and
/// the independent-draws warning (`equity` and its `--table`).
pub fn three_card_heading(rules: &Rules, deck: Deck, removal: bool) -> String {
    let mut title = format!("Three-card poker, {} rules", rules_name(rules));
    if deck == Deck::Short {
        title += ", short deck (9 to A)";
    }
    if !removal {
        title += "\nIndependent draws (an approximation): each opponent is dealt from the whole \
                  deck, as if no other hand were out";
    }
    title
}

/// For people: what `--game five-card` computes.
pub const FIVE_CARD_TITLE: &str = "Five-card showdown (each hand completed from the cards left)";

pub fn run_five_card(a: FiveCardArgs) -> Result<(), CliError> {
    compute_five_card(&a, "equity")?.print(a.json)
}

/// The five-card job run (command `cmd` in errors).
pub fn compute_five_card(a: &FiveCardArgs, cmd: &'static str) -> Result<Shown, CliError> {
    let spec = JobSpec::new(a.hands, "", &a.dead.join(" "));
    let ran = run_plain(Game::FiveCard, spec, (a.exact, a.trials, a.seed), cmd)?;
    Ok(Shown::of(ran, FIVE_CARD_TITLE.to_string(), "deal"))
}

pub fn run(a: ThreeCardArgs) -> Result<(), CliError> {
    compute(&a, "equity")?.print(a.json)
}

/// The three-card job run (command `cmd` in errors).
pub fn compute(a: &ThreeCardArgs, cmd: &'static str) -> Result<Shown, CliError> {
    let spec = JobSpec {
        rules: a.rules_text.to_string(),
        deck: a.deck.name().to_string(),
        removal: a.removal,
        ..JobSpec::new(a.hands, "", &a.dead.join(" "))
    };
    let ran = run_plain(Game::ThreeCard, spec, (a.exact, a.trials, a.seed), cmd)?;
    let title = three_card_heading(&a.rules, a.deck, a.removal);
    Ok(Shown {
        three_card: Some(ThreeCardShown {
            rules: rules_name(&a.rules),
            deck: a.deck.name(),
            card_removal: a.removal,
        }),
        ..Shown::of(ran, title, "deal")
    })
}

/// A three-card rule set by its preset name, or spelled out.
pub fn rules_name(r: &Rules) -> String {
    r.preset_name()
        .map_or_else(|| r.to_string(), str::to_string)
}
