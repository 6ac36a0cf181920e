//! `allin equity`: who wins how often.

mod report;

pub use report::{to_json, to_table};

use crate::output::{grouped, preflop_table};
use crate::progress::seconds;
use crate::usage;
use crate::{job, print, CliError, TEMPLATE};
use allin::equity::pot_odds::PotOdds;
use allin::equity::preflop::PreflopTable;
use allin::equity::{self, Outcome, Spec};
use allin::three_card::ladder::Deck;
use std::sync::Arc;
use std::time::Duration;

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
    crate::detail::detail_help!(),
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

Omaha (--game omaha, omaha5, omaha6, omaha-hilo, omaha5-hilo) and Short
Deck (--game shortdeck, 36 cards, six to ace): HAND is the 4, 5 or 6 hole
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
  allin equity --game three-card --rules zha-jin-hua 2h2d3s 30% random
  allin equity --game three-card --rules zha-jin-hua 2h2d3s 30% --table
  allin equity --game five-card 'Ah Ad Kc 7d' 'Qs Qh Jc' --dead 2c3c
  allin equity --game omaha AsAhKsKh 9c8c7d6d --board 2c3h4s
  allin equity --game omaha-hilo Ah2hKsKd As2sQcJc random --json
  allin equity --game shortdeck AsKs QhQd --board 6c7d8h"
);

/// What `equity` and `embed` share: the job.
#[derive(clap::Args)]
pub struct JobArgs {
    /// Two hole cards (AhKh) or a range (QQ+,AKs), one per player
    #[arg(value_name = "HAND")]
    pub hands: Vec<String>,
    /// 0, 3, 4 or 5 board cards (e.g. 2h7hTc)
    #[arg(long, value_name = "CARDS")]
    pub board: Option<String>,
    /// Cards out of play (folded, burnt, seen); may be repeated
    #[arg(long, value_name = "CARDS")]
    pub dead: Vec<String>,
    /// Enumerate every board (the default when affordable)
    #[arg(long, conflicts_with_all = ["trials", "time"])]
    pub exact: bool,
    /// Monte Carlo with N random deals instead (1e6, 1_000_000)
    #[arg(long, value_name = "N", value_parser = usage::count, allow_negative_numbers = true)]
    pub trials: Option<u64>,
    /// Monte Carlo for this long (500ms, 2s, 1m; with --trials, whichever ends first)
    #[arg(long, value_name = "DURATION", value_parser = usage::duration)]
    pub time: Option<Duration>,
    /// Seed for --trials/--time (default 1): the same seed, the same deals
    #[arg(long, value_name = "S", value_parser = usage::count, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Threads for an exact job (default: all cores; the counts are the same)
    #[arg(long, value_name = "N", value_parser = crate::table::threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
}

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

    /// holdem (default), three-card (three cards, random, X%), five-card (0-5 cards each),
    /// omaha, omaha5, omaha6, omaha-hilo, omaha5-hilo or shortdeck
    #[arg(long, value_name = "GAME", value_parser = crate::usage::game_name)]
    pub game: Option<String>,
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

pub(crate) use allin::equity::DEFAULT_SEED;
use allin::equity::DEFAULT_TRIALS;

/// The longest Monte Carlo job run without `--time`: a longer one is
/// timed over sample trials and refused with the estimate.
const MC_REFUSE: Duration = Duration::from_secs(3600);

/// How a job is computed.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Plan {
    Exact,
    MonteCarlo {
        trials: Option<u64>,
        time: Option<Duration>,
        seed: u64,
        /// Exact was asked for implicitly but would cost this many evaluations.
        fallback: Option<u64>,
    },
}

/// A validated job.
pub struct Job {
    pub spec: Spec,
    pub plan: Plan,
    table: Option<Arc<PreflopTable>>,
    /// Threads for an exact job (`--threads`, default all cores).
    threads: usize,
}

/// What was computed, and how.
pub struct Computed {
    pub outcome: Outcome,
    pub plan: Plan,
}

impl JobArgs {
    /// Checks the arguments and chooses the plan (exact, or Monte Carlo
    /// when exact is too costly or was not asked for).
    pub fn job(&self, cmd: &'static str) -> Result<Job, CliError> {
        if self.trials == Some(0) {
            return Err(CliError::usage(cmd, "--trials must be at least 1"));
        }
        let sampled = self.trials.is_some() || self.time.is_some();
        if self.seed.is_some() && !sampled {
            return Err(CliError::usage(cmd, "--seed goes with --trials or --time"));
        }
        if self.hands.is_empty() {
            return Err(CliError::usage(cmd, "no hands given"));
        }
        let spec = Spec::parse(
            &self.hands,
            self.board.as_deref().unwrap_or(""),
            &self.dead.join(" "),
        )
        .map_err(|e| CliError::Failed(e.to_string()))?;
        let table = if spec.has_ranges() {
            Some(preflop_table()?)
        } else {
            None
        };
        let seed = self.seed.unwrap_or(DEFAULT_SEED);
        // The engine's policy, as on the page: exact when affordable; asked
        // for by name, exact up to a limit that keeps it under an hour.
        let engine = equity::Plan::new(&spec, table.clone());
        let cost = engine.cost();
        let plan = if sampled {
            Plan::MonteCarlo {
                trials: self.trials,
                time: self.time,
                seed,
                fallback: None,
            }
        } else if self.exact || engine.affordable() {
            if cost > equity::EXACT_FORCED_LIMIT {
                return Err(CliError::Failed(format!(
                    "--exact would take about {cost:.1e} hand evaluations (hours or more); \
                     use --trials N for a Monte Carlo estimate"
                )));
            }
            Plan::Exact
        } else {
            Plan::MonteCarlo {
                trials: Some(DEFAULT_TRIALS),
                time: None,
                seed,
                fallback: Some(cost),
            }
        };
        let threads = self
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        Ok(Job {
            spec,
            plan,
            table,
            threads,
        })
    }
}

impl Job {
    /// Runs the job; a Monte Carlo job projected to take over an hour is
    /// stopped with its estimate.
    pub fn compute(&self) -> Result<Computed, CliError> {
        let outcome = match self.plan {
            Plan::Exact => job::exact(&self.spec, self.table.clone(), self.threads),
            Plan::MonteCarlo {
                trials, time, seed, ..
            } => job::monte_carlo(&self.spec, seed, trials, time, MC_REFUSE).map_err(|e| {
                CliError::Failed(format!(
                    "--trials {} would take about {} here (timed over {} sample trials); \
                     use fewer trials, or --time 1m for a time budget",
                    grouped(trials.unwrap_or(0)),
                    seconds(e.projected.as_secs_f64()),
                    grouped(e.measured)
                ))
            })?,
        };
        Ok(Computed {
            outcome,
            plan: self.plan,
        })
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.table && args.game.as_deref() != Some("three-card") {
        return Err(CliError::usage(
            "equity",
            "--table applies only to --game three-card",
        ));
    }
    use allin::game::Family;
    let game = usage::game_among(
        "equity",
        args.game.as_deref(),
        allin::game::Question::Equity,
    )?;
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
        Family::Omaha | Family::ShortDeck => return run_board_game(&args, game.name()),
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
        crate::detail::compute(&job.spec, args.job.trials, seed)
    });
    print(&if args.json {
        to_json(&job.spec, &done, pot, detail.as_ref())
    } else {
        let mut text = to_table(&job.spec, &done);
        if let Some(pot) = pot {
            text += &pot_line(&job.spec, &done, pot);
        }
        if let Some(d) = &detail {
            text += &crate::detail::to_text(&job.spec, d);
        }
        text
    })
}

/// `--game three-card`: its own job (cli/src/games.rs).
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
    let rules = crate::eval::parse_rules(cmd, args.rules.as_deref())?;
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
    let three = crate::games::ThreeCardArgs {
        hands: &args.job.hands,
        dead: &args.job.dead,
        rules,
        deck,
        removal: !args.no_card_removal,
        exact: args.job.exact,
        trials: args.job.trials,
        seed: args.job.seed,
        json: args.json,
    };
    if args.table {
        return crate::three_card_table::run(&three);
    }
    crate::games::run(three)
}

/// `--game omaha…|shortdeck`: cli/src/board_games.rs.
fn run_board_game(args: &Args, game: &str) -> Result<(), CliError> {
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
    crate::board_games::run(crate::board_games::BoardGameArgs {
        game,
        hands: &args.job.hands,
        board: args.job.board.as_deref().unwrap_or(""),
        dead: &args.job.dead,
        rules: args.rules.as_deref(),
        exact: args.job.exact,
        threads: args.job.threads,
        trials: args.job.trials,
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
    crate::games::run_five_card(crate::games::FiveCardArgs {
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
