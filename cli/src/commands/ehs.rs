//! `allin ehs`: hand strength and potential (HS, PPot, NPot, EHS) of a hand
//! on a flop or a turn against one or several opponents, each holding a
//! range: exact when the core's policy affords it, else seeded sampling
//! with standard errors.

use crate::output::json::Float;
use crate::output::{print, CliError, TEMPLATE};
use allin::card::{parse_cards, parse_exact, Card, CardSet};
use allin::equity::potential::multi::{StrengthError, StrengthJob, MAX_OPPONENTS};
use allin::equity::potential::stats::{Stat, StrengthCounts};
use allin::equity::potential::{PotentialJob, AHEAD, BEHIND, TIED};
use allin::equity::strength;
use allin::range::{self, HoleCards, Range};
use serde::Serialize;

const NOTES: &str = "\
Against N opponents (--opponents, default 1) each holding any hand of RANGE
(default: random), counted over every deal of their hands (no card twice)
and every runout (both cards to come on the flop, the river on the turn),
as Billings and Papp define them; against several, you are ahead when you
beat every one, tied when you tie the best and nobody beats you, behind
when someone beats you:

  HS    the share of holdings you are ahead of now (ties count half)
  PPot  how often you are behind or tied now and ahead at the river
  NPot  how often you are ahead or tied now and behind at the river
  EHS   HS x (1 - NPot) + (1 - HS) x PPot

Exact when affordable (one opponent always; two mostly; more on the
turn); otherwise, or with --trials, sampled: T random deals and runouts
(default 200000, every surface's) from --seed (default 1), each number then given with its
standard error (±). HS^N, HS against one random hand to the N-th power (the
textbook approximation), is printed beside HS for N > 1.

Also printed: the same potentials with one card to come (flop only), the
common variant whose denominators take the tied total whole, and the counts
(weights in holdings or deals; trials when sampled). --json prints them as
one object: hs, ppot, npot, ehs, ahead, tied, behind (now), transitions
(3x3: rows now, columns at the river, both ordered ahead, tied, behind),
next (the same, one card to come), ppot1, npot1, ppot_whole_tie,
npot_whole_tie, opponents, exact, hs_n; when sampled also trials, seed and
se (the standard error of each statistic, by the same names).

Example:
  allin ehs AdQc --board 3h4cJh
  allin ehs AhKh --board 2h7hTc --vs 'QQ+, AK' --json
  allin ehs AdQc --board 3h4cJh --opponents 3 --trials 200000 --seed 7";

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
    /// Opponents, each holding RANGE (1 to 9; default 1)
    #[arg(long, value_name = "N")]
    opponents: Option<String>,
    /// Cards out of play
    #[arg(long, value_name = "CARDS")]
    dead: Option<String>,
    /// Sample this many deals instead of counting them all
    #[arg(long, value_name = "T")]
    trials: Option<String>,
    /// Seed of the sampled deals (default 1; used only when sampled)
    #[arg(long, value_name = "S")]
    seed: Option<String>,
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
    ahead: Float,
    tied: Float,
    behind: Float,
    transitions: [[Float; 3]; 3],
    next: [[Float; 3]; 3],
    ppot1: f64,
    npot1: f64,
    ppot_whole_tie: f64,
    npot_whole_tie: f64,
    opponents: usize,
    exact: bool,
    hs_n: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    trials: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    se: Option<Errors>,
}

/// The standard errors of a sampled job's statistics.
#[derive(Serialize)]
struct Errors {
    hs: f64,
    ppot: f64,
    npot: f64,
    ehs: f64,
    ppot1: f64,
    npot1: f64,
    ppot_whole_tie: f64,
    npot_whole_tie: f64,
}

// Sampled deals when exact is too costly and `--trials` was not given, the
// seed, and trials per sampled chunk (chunks are numbered from 0: the same
// seed and trials give the same counts): the run policy's.
use allin::equity::{CHUNK_TRIALS, DEFAULT_SEED, EHS_TRIALS as DEFAULT_TRIALS};
/// Most trials accepted.
const MAX_TRIALS: u64 = 1_000_000_000;

/// What was computed and how.
struct Outcome {
    counts: StrengthCounts,
    opponents: usize,
    /// `None` when exact; else (trials, seed).
    sampled: Option<(u64, u64)>,
    hs_one: f64,
    flop: bool,
}

fn whole(flag: &str, text: &str, lo: u64, hi: u64) -> Result<u64, CliError> {
    let t = text.trim();
    let v = t.parse::<u64>().ok().or_else(|| {
        t.parse::<f64>()
            .ok()
            .filter(|x| x.fract() == 0.0 && *x >= 0.0 && *x <= 1e18)
            .map(|x| x as u64)
    });
    match v {
        Some(v) if (lo..=hi).contains(&v) => Ok(v),
        Some(v) => Err(CliError::Failed(format!(
            "{flag}: {v} is out of range ({lo} to {hi})"
        ))),
        None => Err(CliError::Failed(format!(
            "{flag}: {} is not a whole number",
            allin::quote::quote(text)
        ))),
    }
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
    let opponents = match a.opponents.as_deref() {
        Some(text) => {
            let n = whole("--opponents", text, 0, u64::from(u32::MAX))? as usize;
            if !(1..=MAX_OPPONENTS).contains(&n) {
                return Err(failed("--opponents", &StrengthError::Opponents(n)));
            }
            n
        }
        None => 1,
    };
    let trials = match a.trials.as_deref() {
        Some(text) => Some(whole("--trials", text, 1, MAX_TRIALS)?),
        None => None,
    };
    let seed = match a.seed.as_deref() {
        Some(text) => whole("--seed", text, 0, u64::MAX)?,
        None => DEFAULT_SEED,
    };
    let ranking = strength::standard_ranking();
    let vs = range::parse(a.vs.as_deref().unwrap_or("random"), Some(ranking))
        .map_err(|e| failed("--vs", &e))?;
    let out = compute(hero, &board, dead, &vs, opponents, trials, seed)?;
    print(&if a.json { to_json(&out) } else { to_text(&out) })
}

fn compute(
    hero: HoleCards,
    board: &[Card],
    dead: CardSet,
    vs: &Range,
    opponents: usize,
    trials: Option<u64>,
    seed: u64,
) -> Result<Outcome, CliError> {
    let ranges = vec![vs; opponents];
    let job = StrengthJob::open(hero, board, dead, &ranges).map_err(|e| {
        CliError::Failed(match e {
            // One opponent: the message it always had.
            StrengthError::NoHand(_) if opponents == 1 => {
                "the opponent's range has no hand left with these cards".into()
            }
            StrengthError::NoHand(_) => {
                "the opponents' range has no hand left with these cards".into()
            }
            e => e.to_string(),
        })
    })?;
    let sampled = match trials {
        Some(t) => Some(t),
        None if opponents > 1 && !job.affordable() => Some(DEFAULT_TRIALS),
        None => None,
    };
    let counts = match sampled {
        None if opponents == 1 => {
            let one = PotentialJob::open(hero, board, dead, vs)
                .map_err(|e| CliError::Failed(e.to_string()))?;
            StrengthCounts::from(&one.run_all())
        }
        None => job.run_all(),
        Some(t) => {
            let mut c = StrengthCounts::default();
            let mut done = 0;
            let mut chunk = 0;
            while done < t {
                let n = CHUNK_TRIALS.min(t - done);
                c.add(
                    &job.sample(seed, chunk, n)
                        .map_err(|e| CliError::Failed(e.to_string()))?,
                );
                done += n;
                chunk += 1;
            }
            c
        }
    };
    Ok(Outcome {
        counts,
        opponents,
        sampled: sampled.map(|t| (t, seed)),
        hs_one: job.hs_one_random(),
        flop: board.len() == 3,
    })
}

impl Outcome {
    /// A count in holdings or deals (weights are per mille per opponent),
    /// or in trials when sampled.
    fn scaled(&self, w: u128) -> f64 {
        match self.sampled {
            Some(_) => w as f64,
            None => {
                let scale = 1000u128.pow(self.opponents as u32);
                if w % scale == 0 {
                    (w / scale) as f64
                } else {
                    w as f64 / scale as f64
                }
            }
        }
    }

    fn hs_n(&self) -> f64 {
        self.hs_one.powi(self.opponents as i32)
    }
}

fn to_json(o: &Outcome) -> String {
    let c = &o.counts;
    let s = c.summary(o.sampled.is_some());
    let matrix = |m: &[[u128; 3]; 3]| m.map(|row| row.map(|w| Float(o.scaled(w))));
    let se = |x: Stat| x.se.unwrap_or(f64::NAN);
    let json = EhsJson {
        hs: s.hs.value,
        ppot: s.ppot.value,
        npot: s.npot.value,
        ehs: s.ehs.value,
        ahead: Float(o.scaled(c.now[AHEAD])),
        tied: Float(o.scaled(c.now[TIED])),
        behind: Float(o.scaled(c.now[BEHIND])),
        transitions: matrix(&c.hp),
        next: matrix(&c.next),
        ppot1: s.ppot1.value,
        npot1: s.npot1.value,
        ppot_whole_tie: s.ppot_whole_tie.value,
        npot_whole_tie: s.npot_whole_tie.value,
        opponents: o.opponents,
        exact: o.sampled.is_none(),
        hs_n: o.hs_n(),
        trials: o.sampled.map(|(t, _)| t),
        seed: o.sampled.map(|(_, s)| s),
        se: o.sampled.map(|_| Errors {
            hs: se(s.hs),
            ppot: se(s.ppot),
            npot: se(s.npot),
            ehs: se(s.ehs),
            ppot1: se(s.ppot1),
            npot1: se(s.npot1),
            ppot_whole_tie: se(s.ppot_whole_tie),
            npot_whole_tie: se(s.npot_whole_tie),
        }),
    };
    let mut text = serde_json::to_string(&json).unwrap_or_default();
    text.push('\n');
    text
}

fn to_text(o: &Outcome) -> String {
    let c = &o.counts;
    let s = c.summary(o.sampled.is_some());
    let n = |w: u128| {
        let x = o.scaled(w);
        if x.fract() == 0.0 {
            format!("{x:.0}")
        } else {
            format!("{x:.3}")
        }
    };
    // A statistic, with its error when sampled.
    let v = |x: Stat| match x.se {
        Some(se) => format!("{:.4} ± {se:.4}", x.value),
        None => format!("{:.4}", x.value),
    };
    let mut out = String::new();
    let what = if o.opponents == 1 {
        "holdings"
    } else {
        "deals"
    };
    {
        out += &format!(
            "against {} opponent{}: {}\n",
            o.opponents,
            if o.opponents == 1 { "" } else { "s" },
            match o.sampled {
                None => format!("exact, every {} and runout", &what[..what.len() - 1]),
                Some((t, seed)) =>
                    format!("sampled, {t} deals and runouts (seed {seed}); ± one standard error"),
            }
        );
    }
    let unit = if o.sampled.is_some() { "trials" } else { what };
    out += &format!(
        "HS   {}   ahead {}, tied {}, behind {} ({unit} now)\n",
        v(s.hs),
        n(c.now[AHEAD]),
        n(c.now[TIED]),
        n(c.now[BEHIND]),
    );
    if o.opponents > 1 {
        out += &format!(
            "HS^{} {:.4}   (the approximation: HS vs one random hand, {:.4}, to the {})\n",
            o.opponents,
            o.hs_n(),
            o.hs_one,
            o.opponents
        );
    }
    out += &format!(
        "PPot {}   NPot {}   EHS {}\n",
        v(s.ppot),
        v(s.npot),
        v(s.ehs)
    );
    if o.flop {
        out += &format!(
            "one card to come: PPot {}   NPot {}\n",
            v(s.ppot1),
            v(s.npot1)
        );
    }
    out += &format!(
        "with the tied total whole: PPot {}   NPot {}\n\
         transitions (now -> the river):\n  \
         ahead {}/{}/{}, tied {}/{}/{}, behind {}/{}/{} (ahead/tied/behind)\n",
        v(s.ppot_whole_tie),
        v(s.npot_whole_tie),
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
