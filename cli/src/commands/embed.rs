//! `allin embed`: an HTML snippet with the odds baked in, for blog hosts
//! that allow no scripts, plus the `<iframe>` for the live widget.

mod draw;
mod games;
mod html;
mod svg;

use crate::commands::equity::job::JobArgs;
use crate::output::{print, CliError, TEMPLATE};
use allin::game::{Game, Question};
use allin::quote::quote;
use html::{base, render, snippet, three_card_fragment, Base};
use std::fmt::Write as _;

const NOTES: &str = "\
Takes the same arguments as 'allin equity' for each --game (hands or
ranges, --board, --dead, --rules, --trials…) and prints:
  1. a self-contained <figure> (inline styles, no script, no external
     resource) with each player's win, tie and equity (Omaha Hi-Lo: scoop,
     tie, the high and low halves won or shared, equity, and how often no
     low qualifies), for hosts that allow no scripts;
  2. an <iframe> of the live widget (embed.html) for hosts that allow frames.
With --svg (Hold'em): instead, one standalone SVG card (players, board,
equities as text, exact or ±, the allin mark linking to the page), for
hosts that allow no scripts and no iframes; light, dark where the reader's
system is.
Both link to the page with the scenario in the URL fragment
(#game=omaha&p1=…&board=…), as the page's share panel writes it.

Exact numbers are said to be exact; a Monte Carlo number is shown as
'≈ 54.44% ± 0.16' (one standard error, in percentage points), so it
needs 100 random deals or more.

URL is an http:// or https:// address or a relative path (no other scheme,
no //host). A query is kept; a fragment is replaced by the scenario. A URL
ending in a file name (…/allin/index.html) points to that file's folder.

Examples:
  allin embed AhKh QsQd --board 2h7hTc --url https://example.org/allin/
  allin embed --game omaha-hilo Ah2hKsKd As2sQcJc --board 3c4d8h
  allin embed --game shortdeck --rules trips-beat-straight Ad9d 7c7s --board 6c8sTd
  allin embed --game omaha AsAhKsKh random --trials 100000
  allin embed AhKh QsQd --board 2h7hTc --svg > odds.svg";

#[derive(clap::Args)]
#[command(
    before_help = "allin embed: an HTML snippet with the odds baked in, for a blog post",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    #[command(flatten)]
    job: JobArgs,
    /// Where the allin page is hosted, e.g. https://example.org/allin/
    /// (default: relative, for pages served next to it)
    #[arg(long, value_name = "URL")]
    url: Option<String>,
    /// (refused: embed prints HTML)
    #[arg(long, hide = true)]
    json: bool,
    /// The game (default: Hold'em; hands as 'allin equity' takes them)
    #[arg(long, value_name = "GAME", value_parser = crate::args::game::answering(Question::Equity))]
    game: Option<Game>,
    /// Three-card rules: casino, teen-patti, zha-jin-hua, zha-jin-hua-235, with options;
    /// Short Deck: standard or trips-beat-straight
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// Three-card deck: full (52) or short (24 cards, 9 to A)
    #[arg(long, value_name = "DECK")]
    deck: Option<String>,
    /// Three-card: each opponent dealt from the whole deck (an approximation)
    #[arg(long)]
    no_card_removal: bool,
    /// A standalone SVG card (numbers as text) instead of the HTML (Hold'em)
    #[arg(long)]
    svg: bool,
}

pub fn run(a: Args) -> Result<(), CliError> {
    if a.json {
        return Err(CliError::usage(
            "embed",
            "embed prints HTML; use 'allin equity --json' for JSON",
        ));
    }
    let base = base(a.url.as_deref().unwrap_or("")).map_err(|m| CliError::usage("embed", m))?;
    let least = crate::output::MIN_TRIALS_FOR_ERROR;
    if let Some(trials) = a.job.trials.filter(|&t| t < least) {
        return Err(CliError::usage(
            "embed",
            format!(
                "--trials {trials}: too few to show each estimate with its error; \
                 give {least} or more"
            ),
        ));
    }
    use allin::game::Family;
    // Every game of `allin equity`.
    let game = a.game.unwrap_or(Game::Holdem);
    if a.svg && game != Game::Holdem {
        return Err(CliError::usage(
            "embed",
            "--svg is for --game holdem only (so far)",
        ));
    }
    let asked = games::Asked {
        job: &a.job,
        rules: a.rules.as_deref(),
        three_card_options: a.deck.is_some() || a.no_card_removal,
    };
    if a.job.error.is_some()
        && !matches!(
            game.family(),
            Family::Holdem | Family::Omaha | Family::ShortDeck
        )
    {
        return Err(CliError::usage(
            "embed",
            format!(
                "--error applies to Hold'em, Omaha and Short Deck; {} takes --trials",
                game.label()
            ),
        ));
    }
    match game.family() {
        Family::Holdem if a.rules.is_none() && a.deck.is_none() && !a.no_card_removal => {}
        Family::Holdem => {
            return Err(CliError::usage(
                "embed",
                "--rules, --deck and --no-card-removal apply only to --game three-card",
            ))
        }
        Family::ThreeCard => return three_card(&a, &base),
        Family::FiveCard => return games::five_card(&asked, &base),
        Family::Draw => {
            let others = a.rules.is_some() || a.deck.is_some() || a.no_card_removal;
            return draw::draw(&a.job, others, game, &base);
        }
        // Omaha, Short Deck, the stud games, and a new family by default.
        _ => return games::board_game(&asked, game, &base),
    }
    let job = a.job.job("embed")?;
    let done = job.compute()?;
    let card: Option<html::Card> = a.svg.then_some(svg::card);
    print(&snippet(&job.spec, &done, &base, card)?)
}

/// `--game three-card`: the job of `allin equity --game three-card`, the
/// page's three-card fragment (`game=three-card&rules=…&p1=…`).
fn three_card(a: &Args, base: &Base) -> Result<(), CliError> {
    use allin::three_card::ladder::Deck;
    let cmd = "embed";
    if a.job.board.is_some() {
        return Err(CliError::usage(cmd, "three-card poker has no board"));
    }
    if a.job.time.is_some() {
        return Err(CliError::usage(cmd, "--time applies only to --game holdem"));
    }
    let rules = crate::args::rules::three_card(cmd, a.rules.as_deref())?;
    let deck = match a.deck.as_deref() {
        None => Deck::Full,
        Some(d) => Deck::parse(d).ok_or_else(|| {
            CliError::usage(
                cmd,
                format!("--deck: unknown deck {} (decks: full, short)", quote(d)),
            )
        })?,
    };
    let args = crate::commands::equity::card_games::ThreeCardArgs {
        hands: &a.job.hands,
        dead: &a.job.dead,
        rules,
        rules_text: a.rules.as_deref().unwrap_or(""),
        deck,
        removal: !a.no_card_removal,
        exact: a.job.exact,
        trials: a.job.trials,
        seed: a.job.seed,
        json: false,
    };
    let ran = crate::commands::equity::card_games::compute(&args, cmd)?;
    let rules = crate::commands::equity::card_games::rules_name(&args.rules);
    let dead = a.job.dead.join(" ");
    let mut caption = format!("Three-card poker, {rules} rules");
    if deck == Deck::Short {
        caption.push_str(", short deck (9 to A)");
    }
    if !args.removal {
        caption.push_str(", independent draws");
    }
    if !dead.trim().is_empty() {
        let _ = write!(caption, ", dead {}", dead.trim());
    }
    let frag = three_card_fragment(&rules, deck, args.removal, &ran.labels, dead.trim());
    let figure = games::figure(caption, &ran);
    print(&render(&figure, &frag, base, "three-card, ")?)
}
