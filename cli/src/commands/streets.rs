//! `allin streets`: a player's equity on each next street (every flop,
//! turn or river to come) as a histogram (the core's `equity::streets`).

use crate::output::json::{line, Float};
use crate::output::{print, CliError, TEMPLATE};
use allin::card::format_cards_compact;
use allin::equity::streets::{streets, Streets, BINS};
use allin::equity::{Spec, DEFAULT_SEED};
use serde::Serialize;
use std::fmt::Write as _;

const NOTES: &str = "\
Each HAND is two hole cards or a range, as for 'allin equity'. For the
chosen player (--player, default 1): the equity on each next street, every
flop of a preflop scenario, every turn of a flop, every river of a turn,
each street's job exact. Each street counts by its deals (card removal
included), so the mean of the histogram is the player's equity of 'allin
equity' (to the last count when every street is enumerated). Ranges
preflop: 2,000 flops drawn at random (--seed), the mean with its
standard error. Ahead: equity at least 50% on that street; drawing: above
0, below 50%; drawing dead: 0.

JSON (--json), one object:
  {\"player\":1,\"street\":\"flop\",\"exact\":true,\"streets\":19600,
  \"mean\":0.46…,\"ahead\":…,\"drawing\":…,\"dead\":…,
  \"bins\":[{\"from\":0,\"to\":0.05,\"share\":…},…]} (20 bins of 5%);
  sampled adds \"stderr\".

Examples:
  allin streets AhKh QsQd
  allin streets AhKh QsQd --board 2h7hTc --json";

#[derive(clap::Args)]
#[command(
    before_help = "allin streets: a player's equity on each next street, as a histogram",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// Two hole cards (AhKh) or a range (QQ+,AKs), one per player
    #[arg(value_name = "HAND")]
    pub hands: Vec<String>,
    /// 0, 3 or 4 board cards (e.g. 2h7hTc)
    #[arg(long, value_name = "CARDS")]
    pub board: Option<String>,
    /// Cards out of play; may be repeated
    #[arg(long, value_name = "CARDS")]
    pub dead: Vec<String>,
    /// The player (1-based)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub player: usize,
    /// Seed for the flops drawn (ranges preflop; default 1)
    #[arg(long, value_name = "S", value_parser = crate::args::count, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// One JSON object (see below)
    #[arg(long)]
    pub json: bool,
}

/// The scenario of a command about one player (`streets`, `distribution`):
/// `--player` checked (1-based), then the hands, board and dead cards read.
pub fn player_spec(
    cmd: &'static str,
    hands: &[String],
    board: Option<&str>,
    dead: &[String],
    player: usize,
) -> Result<Spec, CliError> {
    if player == 0 {
        return Err(CliError::usage(cmd, "--player counts from 1"));
    }
    Spec::parse(hands, board.unwrap_or(""), &dead.join(" "))
        .map_err(|e| CliError::Failed(e.to_string()))
}

pub fn run(args: Args) -> Result<(), CliError> {
    let cmd = "streets";
    if args.hands.is_empty() {
        return Err(CliError::usage(cmd, "no hands given"));
    }
    let spec = player_spec(
        cmd,
        &args.hands,
        args.board.as_deref(),
        &args.dead,
        args.player,
    )?;
    let s = streets(&spec, args.player - 1, args.seed.unwrap_or(DEFAULT_SEED))
        .map_err(|e| CliError::Failed(e.to_string()))?;
    let label = spec.player_label(args.player - 1);
    print(&if args.json {
        to_json(&s, &label)
    } else {
        to_text(&s, &label)
    })
}

#[derive(Serialize)]
struct Json<'a> {
    player: usize,
    hand: &'a str,
    street: &'static str,
    exact: bool,
    streets: usize,
    mean: Float,
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<Float>,
    ahead: Float,
    drawing: Float,
    dead: Float,
    bins: Vec<Bin>,
}

#[derive(Serialize)]
struct Bin {
    from: Float,
    to: Float,
    share: Float,
}

pub fn to_json(s: &Streets, hand: &str) -> String {
    let [ahead, drawing, dead] = s.ahead_drawing_dead();
    line(&Json {
        player: s.player + 1,
        hand,
        street: s.name(),
        exact: s.exact,
        streets: s.streets.len(),
        mean: Float(s.mean()),
        stderr: (!s.exact).then(|| Float(s.error())),
        ahead: Float(ahead),
        drawing: Float(drawing),
        dead: Float(dead),
        bins: s
            .bins()
            .into_iter()
            .enumerate()
            .map(|(i, share)| Bin {
                from: Float(i as f64 / BINS as f64),
                to: Float((i + 1) as f64 / BINS as f64),
                share: Float(share),
            })
            .collect(),
    })
}

fn to_text(s: &Streets, hand: &str) -> String {
    let mut out = String::new();
    let pm = if s.exact {
        " (exact)".to_string()
    } else {
        format!(" ± {:.2} (sampled)", s.error() * 100.0)
    };
    let [ahead, drawing, dead] = s.ahead_drawing_dead();
    let _ = writeln!(
        out,
        "Player {} ({hand}) over {} {}s: mean equity {:.4}%{pm}",
        s.player + 1,
        s.streets.len(),
        s.name(),
        s.mean() * 100.0
    );
    let _ = writeln!(
        out,
        "Ahead {:.2}%, drawing {:.2}%, drawing dead {:.2}%",
        ahead * 100.0,
        drawing * 100.0,
        dead * 100.0
    );
    for (i, share) in s.bins().into_iter().enumerate() {
        let bar = "#".repeat((share * 100.0).round() as usize);
        let _ = writeln!(
            out,
            "  {:>3}–{:<3}% {:>6.2}% {bar}",
            i * 100 / BINS,
            (i + 1) * 100 / BINS,
            share * 100.0
        );
    }
    if let Some(best) = s
        .streets
        .iter()
        .max_by(|a, b| a.equity().total_cmp(&b.equity()))
    {
        let _ = writeln!(
            out,
            "Best street {} ({:.2}%)",
            format_cards_compact(&best.cards),
            best.equity() * 100.0
        );
    }
    out
}
