//! `allin ehs`: hand strength and potential (HS, PPot, NPot, EHS) of a hand
//! on a flop or a turn against one opponent's range.

use crate::{print, CliError, TEMPLATE};
use allin::card::{parse_cards, parse_exact, CardSet};
use allin::equity::potential::{PotentialCounts, PotentialJob, AHEAD, BEHIND, TIED};
use allin::equity::strength;
use allin::range::{self, HoleCards};
use serde::Serialize;

const NOTES: &str = "\
Against one opponent holding any hand of RANGE (default: random), counted
exactly over every holding and every runout (both cards to come on the flop,
the river on the turn), as Billings and Papp define them:

  HS    the share of holdings you are ahead of now (ties count half)
  PPot  how often you are behind or tied now and ahead at the river
  NPot  how often you are ahead or tied now and behind at the river
  EHS   HS x (1 - NPot) + (1 - HS) x PPot

Also printed: the same potentials with one card to come (flop only), the
common variant whose denominators take the tied total whole, and the counts
(weights in combos). --json prints them as one object: hs, ppot, npot, ehs,
ahead, tied, behind (now), transitions (3x3: rows now, columns at the
river, both ordered ahead, tied, behind), next (the same, one card to
come), ppot1, npot1, ppot_whole_tie, npot_whole_tie.

Example:
  allin ehs AdQc --board 3h4cJh
  allin ehs AhKh --board 2h7hTc --vs 'QQ+, AK' --json";

#[derive(clap::Args)]
#[command(
    before_help = "allin ehs: hand strength and potential on a flop or a turn",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// Your two hole cards
    #[arg(value_name = "HAND")]
    hand: Option<String>,
    /// The flop or the turn (3 or 4 cards)
    #[arg(long, value_name = "CARDS")]
    board: Option<String>,
    /// The opponent's range (PokerStove syntax; default random)
    #[arg(long, value_name = "RANGE")]
    vs: Option<String>,
    /// Cards out of play
    #[arg(long, value_name = "CARDS")]
    dead: Option<String>,
    /// One JSON object (see below)
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct EhsJson {
    hs: f64,
    ppot: f64,
    npot: f64,
    ehs: f64,
    ahead: f64,
    tied: f64,
    behind: f64,
    transitions: [[f64; 3]; 3],
    next: [[f64; 3]; 3],
    ppot1: f64,
    npot1: f64,
    ppot_whole_tie: f64,
    npot_whole_tie: f64,
}

/// A weight sum (per mille) in combos.
fn combos(w: u64) -> f64 {
    w as f64 / 1000.0
}

pub fn run(a: Args) -> Result<(), CliError> {
    let Some(hand) = a.hand.as_deref() else {
        return Err(CliError::usage(
            "ehs",
            "no HAND given (two cards, e.g. AdQc)",
        ));
    };
    let Some(board) = a.board.as_deref() else {
        return Err(CliError::usage(
            "ehs",
            "no --board given (a flop or a turn, e.g. 3h4cJh)",
        ));
    };
    let failed = |what: &str, e: &dyn std::fmt::Display| CliError::Failed(format!("{what}: {e}"));
    let cards = parse_exact(hand, 2).map_err(|e| failed("HAND", &e))?;
    let hero = HoleCards::new(cards[0], cards[1])
        .ok_or_else(|| CliError::Failed(format!("HAND: {} is used twice", cards[0])))?;
    let board = parse_cards(board).map_err(|e| failed("--board", &e))?;
    let dead: CardSet = match a.dead.as_deref() {
        Some(text) => parse_cards(text)
            .map_err(|e| failed("--dead", &e))?
            .into_iter()
            .collect(),
        None => CardSet::EMPTY,
    };
    let ranking = strength::standard_ranking();
    let vs = range::parse(a.vs.as_deref().unwrap_or("random"), Some(&ranking))
        .map_err(|e| failed("--vs", &e))?;
    let job =
        PotentialJob::open(hero, &board, dead, &vs).map_err(|e| CliError::Failed(e.to_string()))?;
    let c = job.run_all();
    print(&if a.json {
        to_json(&c)
    } else {
        to_text(&c, board.len() == 3)
    })
}

fn matrix(m: &[[u64; 3]; 3]) -> [[f64; 3]; 3] {
    m.map(|row| row.map(combos))
}

fn to_json(c: &PotentialCounts) -> String {
    let json = EhsJson {
        hs: c.hs(),
        ppot: c.ppot(),
        npot: c.npot(),
        ehs: c.ehs(),
        ahead: combos(c.now[AHEAD]),
        tied: combos(c.now[TIED]),
        behind: combos(c.now[BEHIND]),
        transitions: matrix(&c.hp),
        next: matrix(&c.next),
        ppot1: c.ppot1(),
        npot1: c.npot1(),
        ppot_whole_tie: c.ppot_whole_tie(),
        npot_whole_tie: c.npot_whole_tie(),
    };
    let mut text = serde_json::to_string(&json).unwrap_or_default();
    text.push('\n');
    text
}

fn to_text(c: &PotentialCounts, flop: bool) -> String {
    let n = |w: u64| {
        let x = combos(w);
        if x.fract() == 0.0 {
            format!("{x:.0}")
        } else {
            format!("{x:.3}")
        }
    };
    let mut out = format!(
        "HS   {:.4}   ahead {}, tied {}, behind {} (holdings now)\n\
         PPot {:.4}   NPot {:.4}   EHS {:.4}\n",
        c.hs(),
        n(c.now[AHEAD]),
        n(c.now[TIED]),
        n(c.now[BEHIND]),
        c.ppot(),
        c.npot(),
        c.ehs()
    );
    if flop {
        out += &format!(
            "one card to come: PPot {:.4}   NPot {:.4}\n",
            c.ppot1(),
            c.npot1()
        );
    }
    out += &format!(
        "with the tied total whole: PPot {:.4}   NPot {:.4}\n\
         transitions (now -> {}):
  ahead {}/{}/{}, tied {}/{}/{}, behind {}/{}/{} (ahead/tied/behind)\n",
        c.ppot_whole_tie(),
        c.npot_whole_tie(),
        "the river",
        n(c.hp[AHEAD][AHEAD]),
        n(c.hp[AHEAD][TIED]),
        n(c.hp[AHEAD][BEHIND]),
        n(c.hp[TIED][AHEAD]),
        n(c.hp[TIED][TIED]),
        n(c.hp[TIED][BEHIND]),
        n(c.hp[BEHIND][AHEAD]),
        n(c.hp[BEHIND][TIED]),
        n(c.hp[BEHIND][BEHIND]),
    );
    out
}
