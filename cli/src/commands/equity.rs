//! `allin equity`: who wins how often. Hold'em here (the job in `job`,
//! run in `chunks`, printed by `report`, `--detail` in `detail`); the other
//! games in `card_games` (three-card, five-card; `--table` in
//! `three_card_table`) and `board_games` (Omaha, Short Deck). `allin embed`
//! runs the same jobs.

mod any_game;
pub mod board_games;
pub mod card_games;
mod chunks;
mod detail;
pub mod draw_games;
pub mod job;
pub mod other_games;
mod report;
pub mod shown;
mod three_card_table;

use crate::output::{print, CliError, TEMPLATE};
use allin::equity::pot_odds::PotOdds;
use allin::equity::{Spec, DEFAULT_SEED};
use allin::game::{Game, Question};
use allin::three_card::ladder::Deck;
use job::{Computed, JobArgs};
use report::{to_json, to_table};

const NOTES: &str = concat!(
    "\
Each HAND is two hole cards (AhKh, 'ah kh', A♥K♥) or a range (QQ+,AKs;
10%; random). Every remaining board is enumerated exactly when that is
affordable (always, for known hands); otherwise it says so and samples
1,000,000 random deals (Monte Carlo, with standard errors).

Counts: 1000000, 1_000_000, 1,000,000 and 1e6 are the same. A job that
would take over an hour is refused with an estimate; --time bounds a Monte
Carlo job by the clock instead (the seed fixes the deals, the machine's
speed how many are done). An error (±) is shown from 100 trials on.
--error 0.1 samples until the largest ± of any player's equity is at most
0.1 percentage points, in chunks of 10,000 seeded deals, in order (the JS
API's targetError and Python's target_error stop at the same deal);
--trials is then the cap (default 25,000,000). JSON adds \"target_error\"
and \"error\" (the largest ± reached). Hold'em, Omaha and Short Deck.

JSON (--json), one object:
  {\"exact\":true,\"showdowns\":N,\"players\":[{\"hand\":\"AhKh\",
  \"win\":N,\"tie\":N,\"lose\":N,\"equity\":0.4621450…},…],
  \"splits\":[{\"players\":[0,1],\"count\":N},…]}
  Monte Carlo adds \"trials\" and a \"stderr\" per player (null under 100
  trials), and \"fallback\":{\"reason\":…,\"evaluations\":N} when exact
  was too large. --pot P --call C adds \"pot\":{\"odds\":b,\"needed\":…,
  \"ev_call\":…,\"kelly\":…} for player 1 (see below).

Pot odds (--pot P --call C, any unit: chips, big blinds): P is everything
in the pot, the bet you face included, C what calling costs. Printed for
player 1: the odds b = P/C, the equity a call needs, C/(P+C), the call's
expected value at player 1's equity, p·P − (1−p)·C (in the same unit), and
the Kelly fraction (b·p − q)/b (negative: the call loses in the long run).

",
    detail::detail_help!(),
    "
Three-card poker (--game three-card [--rules R] [--deck full|short]):
HAND is three cards, random, or X% (the best round(X% of all hands) under
the rules, ties by card ids). Player 1 is the hero; 1 to 5 opponents.
Exact with 1 or 2 opponents, Monte Carlo beyond. --no-card-removal deals
each opponent from the whole deck independently (an approximation). JSON
adds game, rules, deck, card_removal and each player's hands (how many it
can be dealt). --table with HERO OPP: the hero's win, tie and equity
against 1 to 5 opponents each holding OPP, every deal counted (a row that
would take more than minutes is sampled and says why); JSON {rows:
[{opponents, exact, deals, wins, ties (decimal text), win, tie, equity}]}.

Five-card showdowns (--game five-card): HAND is 0 to 5 known cards
(random or ? for none); the rest of every hand is dealt from the cards
left. Exact when affordable (50 million completions), else Monte Carlo.

Omaha (each --game omaha…, Hi-Lo or not) and Short Deck (--game
shortdeck, 36 cards, six to ace): HAND is the 4, 5 or 6 hole
cards (Short Deck: 2) or random; --board and --dead as in Hold'em. An Omaha
hand is exactly two hole cards and three board cards. Exact when every hand
is known, else Monte Carlo (--trials, default 1,000,000; --seed). Hi-Lo
splits each pot between the best high and the best eight-or-better low (no
qualifying low: the high takes it all); there win counts scoops (the whole
pot alone) and tie any share short of that, and JSON adds \"no_low\" and
per player \"scoop\", \"high\" and \"low\" ({\"win\":N,\"tie\":N}) and
\"quartered\" (exactly a quarter of the pot). Short Deck: A-6-7-8-9 is
the lowest straight, a flush beats a full house; --rules
trips-beat-straight ranks three of a kind above a straight.

Options may not be repeated (a usage error), except --dead, whose cards
add up.

Progress: a job running over a second shows one updating line on stderr
when stderr is a terminal; nothing otherwise.

Equity is wins plus each split's share of the pot. Counts are integers.

Examples:
  allin equity AhKh QsQd
  allin equity AhKh QsQd --board 2h7hTc --json
  allin equity AhKh QsQd --board 2h7hTc --pot 100 --call 50
  allin equity AhKh QsQd --board 2h7hTc --detail
  allin equity AhAd KsKc QhQd --trials 1e6 --seed 7
  allin equity random random random random --time 2s
  allin equity AhAd KsKc QhQd --error 0.1 --seed 7
  allin equity --game three-card --rules zha-jin-hua 2h2d3s 30% random
  allin equity --game three-card --rules zha-jin-hua 2h2d3s 30% --table
  allin equity --game five-card 'Ah Ad Kc 7d' 'Qs Qh Jc' --dead 2c3c
  allin equity --game omaha AsAhKsKh 9c8c7d6d --board 2c3h4s
  allin equity --game omaha-hilo Ah2hKsKd As2sQcJc random --json
  allin equity --game shortdeck AsKs QhQd --board 6c7d8h"
);

#[derive(clap::Args)]
#[command(
    before_help = "allin equity: win, tie and equity of 2 to 10 hands, exact or Monte Carlo",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    #[command(flatten)]
    pub job: JobArgs,
    /// One JSON object (see below)
    #[arg(long)]
    pub json: bool,
    /// The pot, the bet you face included (with --call: pot odds for player 1;
    /// amounts as the page takes them: 100, 2.5, 1e3, '1 000', 2,5)
    #[arg(
        long,
        value_name = "P",
        requires = "call",
        allow_negative_numbers = true
    )]
    pub pot: Option<String>,
    /// What calling costs (with --pot)
    #[arg(
        long,
        value_name = "C",
        requires = "pot",
        allow_negative_numbers = true
    )]
    pub call: Option<String>,
    /// Also what each hand makes and hits: categories by the river; on a flop or turn, outs and the equity on each next card
    #[arg(long, conflicts_with = "time")]
    pub detail: bool,

    /// The game (default: Hold'em; 'allin games' lists what each takes)
    #[arg(long, value_name = "GAME", value_parser = crate::args::game::answering(Question::Equity))]
    pub game: Option<Game>,
    /// Three-card rules: casino, teen-patti, zha-jin-hua, zha-jin-hua-235, with options;
    /// Short Deck: standard or trips-beat-straight
    #[arg(long, value_name = "RULES")]
    pub rules: Option<String>,
    /// Three-card deck: full (52) or short (24 cards, 9 to A)
    #[arg(long, value_name = "DECK")]
    pub deck: Option<String>,
    /// Three-card: deal each opponent from the whole deck independently
    /// (the write-up's approximation) instead of the real deal
    #[arg(long)]
    pub no_card_removal: bool,
    /// Three-card: the hero's win rate against 1 to 5 opponents, each
    /// holding the second HAND, every deal counted (the page's table)
    #[arg(long)]
    pub table: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.table && args.game != Some(Game::ThreeCard) {
        return Err(CliError::usage(
            "equity",
            "--table applies only to --game three-card",
        ));
    }
    use allin::game::Family;
    let game = args.game.unwrap_or(Game::Holdem);
    let targets = matches!(
        game.family(),
        Family::Holdem | Family::Omaha | Family::ShortDeck
    );
    if args.job.error.is_some() && !targets {
        return Err(CliError::usage(
            "equity",
            format!(
                "--error applies to Hold'em, Omaha and Short Deck; {} takes --trials",
                game.label()
            ),
        ));
    }
    match game.family() {
        Family::Holdem => {
            if args.rules.is_some() || args.deck.is_some() || args.no_card_removal {
                return Err(CliError::usage(
                    "equity",
                    "--rules, --deck and --no-card-removal apply only to --game three-card",
                ));
            }
        }
        Family::ThreeCard => return run_three_card(&args),
        Family::FiveCard => return run_five_card(&args),
        Family::Draw => {
            let draw = draw_games::DrawArgs {
                job: &args.job,
                holdem_options: args.pot.is_some() || args.call.is_some() || args.detail,
                three_card_options: args.rules.is_some()
                    || args.deck.is_some()
                    || args.no_card_removal,
                json: args.json,
            };
            return draw_games::run(&draw, game);
        }
        // Omaha, Short Deck, the stud games, and a new family by default.
        _ => return run_board_game(&args, game),
    }
    let pot = match (&args.pot, &args.call) {
        (Some(p), Some(c)) => {
            Some(PotOdds::parse(p, c).map_err(|e| CliError::usage("equity", e.to_string()))?)
        }
        _ => None,
    };
    let job = args.job.job("equity")?;
    let done = job.compute()?;
    let detail = args.detail.then(|| {
        let seed = args.job.seed.unwrap_or(DEFAULT_SEED);
        detail::compute(&job.spec, args.job.trials, seed)
    });
    print(&if args.json {
        to_json(&job.spec, &done, pot, detail.as_ref())
    } else {
        let mut text = to_table(&job.spec, &done);
        if let Some(pot) = pot {
            text += &pot_line(&job.spec, &done, pot);
        }
        if let Some(d) = &detail {
            text += &detail::to_text(&job.spec, d);
        }
        text
    })
}

/// `--game three-card`: its own job (`card_games`).
fn run_three_card(args: &Args) -> Result<(), CliError> {
    let cmd = "equity";
    if args.job.board.is_some() {
        return Err(CliError::usage(cmd, "three-card poker has no board"));
    }
    if args.job.time.is_some() || args.pot.is_some() || args.detail {
        return Err(CliError::usage(
            cmd,
            "--time, --pot/--call and --detail apply only to --game holdem",
        ));
    }
    let rules = crate::args::rules::three_card(cmd, args.rules.as_deref())?;
    let deck = match args.deck.as_deref() {
        None => Deck::Full,
        Some(d) => Deck::parse(d).ok_or_else(|| {
            CliError::usage(
                cmd,
                format!(
                    "--deck: unknown deck {} (decks: full, short)",
                    allin::quote::quote(d)
                ),
            )
        })?,
    };
    let three = card_games::ThreeCardArgs {
        hands: &args.job.hands,
        dead: &args.job.dead,
        rules,
        rules_text: args.rules.as_deref().unwrap_or(""),
        deck,
        removal: !args.no_card_removal,
        exact: args.job.exact,
        trials: args.job.trials,
        seed: args.job.seed,
        json: args.json,
    };
    if args.table {
        return three_card_table::run(&three);
    }
    card_games::run(three)
}

/// `--game omaha…|shortdeck|stud…` and any game without options of its
/// own: `other_games`.
fn run_board_game(args: &Args, game: Game) -> Result<(), CliError> {
    let cmd = "equity";
    if args.job.time.is_some() || args.pot.is_some() || args.detail {
        return Err(CliError::usage(
            cmd,
            "--time, --pot/--call and --detail apply only to --game holdem",
        ));
    }
    if args.deck.is_some() || args.no_card_removal {
        return Err(CliError::usage(
            cmd,
            "--deck and --no-card-removal apply only to --game three-card",
        ));
    }
    if args.job.hands.is_empty() {
        return Err(CliError::usage(cmd, "no hands given"));
    }
    other_games::run(board_games::BoardGameArgs {
        game,
        hands: &args.job.hands,
        board: args.job.board.as_deref().unwrap_or(""),
        dead: &args.job.dead,
        rules: args.rules.as_deref(),
        exact: args.job.exact,
        threads: args.job.threads,
        trials: args.job.trials,
        error: args.job.error,
        seed: args.job.seed,
        json: args.json,
    })
}

/// `--game five-card`: showdowns of five-card hands, 0-5 cards known each.
fn run_five_card(args: &Args) -> Result<(), CliError> {
    let cmd = "equity";
    if args.job.board.is_some() {
        return Err(CliError::usage(cmd, "five-card showdowns have no board"));
    }
    if args.job.time.is_some() || args.pot.is_some() || args.detail {
        return Err(CliError::usage(
            cmd,
            "--time, --pot/--call and --detail apply only to --game holdem",
        ));
    }
    if args.rules.is_some() || args.deck.is_some() || args.no_card_removal {
        return Err(CliError::usage(
            cmd,
            "--rules, --deck and --no-card-removal apply only to --game three-card",
        ));
    }
    card_games::run_five_card(card_games::FiveCardArgs {
        hands: &args.job.hands,
        dead: &args.job.dead,
        exact: args.job.exact,
        trials: args.job.trials,
        seed: args.job.seed,
        json: args.json,
    })
}

/// Pot odds for player 1, one line.
fn pot_line(spec: &Spec, done: &Computed, pot: PotOdds) -> String {
    let p = done.outcome.tally.equity(0);
    format!(
        "Pot odds for player 1 ({}): pot {} to call {} is {:.4} : 1, a call needs {:.4}% equity; \
         at {:.4}% the call's EV is {:+.4} (Kelly {:.4})\n",
        spec.player_label(0),
        pot.pot(),
        pot.call(),
        pot.odds(),
        pot.needed() * 100.0,
        p * 100.0,
        pot.ev_call(p),
        pot.kelly(p)
    )
}
