//! `allin equity --game three-card|five-card`: win, tie and equity in
//! three-card poker (a hero against 1–5 opponents holding a hand, `random`,
//! the top `X%` or `@N`) and in five-card showdowns (each player 0–5 known
//! cards, the rest dealt), in the JSON shape of Hold'em equity; the draw
//! games print through [`print_plain`].

use super::any_game::{self, Ask, Counts};
use crate::output::json::Float;
use crate::output::{grouped, method_line, MIN_TRIALS_FOR_ERROR};
use crate::output::{print, CliError};
use allin::equity::Tally;
use allin::game::Game;
use allin::job::JobSpec;
use allin::three_card::ladder::Deck;
use allin::three_card::Rules;
use serde::Serialize;
use std::fmt::Write as _;

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

/// A game whose counts are a tally, run: what is printed of it.
pub struct Plain {
    pub labels: Vec<String>,
    pub tally: Tally,
    pub exact: bool,
    /// Hands each player can be dealt (three-card).
    pub hands: Option<Vec<usize>>,
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
) -> Result<Plain, CliError> {
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
    let ran = any_game::run(ask, cmd)?;
    Ok(Plain {
        labels: ran.job.labels(),
        hands: ran.job.hand_counts(),
        exact: ran.how.exact,
        tally: match ran.counts {
            Counts::Tally(t) => t,
            Counts::Pot(_) => unreachable!("{} counts a tally", game.name()),
        },
    })
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
    let ran = compute_five_card(&a, "equity")?;
    print_plain(
        "five-card",
        FIVE_CARD_TITLE.to_string(),
        &ran,
        (a.seed, a.json),
    )
}

/// The five-card job run (command `cmd` in errors).
pub fn compute_five_card(a: &FiveCardArgs, cmd: &'static str) -> Result<Plain, CliError> {
    let spec = JobSpec::new(a.hands, "", &a.dead.join(" "));
    run_plain(Game::FiveCard, spec, (a.exact, a.trials, a.seed), cmd)
}

pub fn run(a: ThreeCardArgs) -> Result<(), CliError> {
    let ran = compute(&a, "equity")?;
    let seed = a.seed.unwrap_or(1);
    let shown = Shown {
        game: "three-card",
        title: three_card_heading(&a.rules, a.deck, a.removal),
        rules: Some(rules_name(&a.rules)),
        deck: Some(a.deck.name()),
        card_removal: Some(a.removal),
        labels: ran.labels,
        hands: ran.hands,
        exact: ran.exact,
        seed,
    };
    print(&if a.json {
        shown.json(&ran.tally)
    } else {
        shown.table(&ran.tally)
    })
}

/// The three-card job run (command `cmd` in errors).
pub fn compute(a: &ThreeCardArgs, cmd: &'static str) -> Result<Plain, CliError> {
    let spec = JobSpec {
        rules: a.rules_text.to_string(),
        deck: a.deck.name().to_string(),
        removal: a.removal,
        ..JobSpec::new(a.hands, "", &a.dead.join(" "))
    };
    run_plain(Game::ThreeCard, spec, (a.exact, a.trials, a.seed), cmd)
}

/// Prints a tally of a game without rules or deck options (the draw
/// games, `draw_games.rs`) as five-card's: text, or JSON with `--json`.
pub fn print_plain(
    game: &'static str,
    title: String,
    ran: &Plain,
    (seed, json): (Option<u64>, bool),
) -> Result<(), CliError> {
    let shown = Shown {
        game,
        title,
        rules: None,
        deck: None,
        card_removal: None,
        labels: ran.labels.clone(),
        hands: None,
        exact: ran.exact,
        seed: seed.unwrap_or(1),
    };
    print(&if json {
        shown.json(&ran.tally)
    } else {
        shown.table(&ran.tally)
    })
}

/// A computed job as printed: what the game adds to the shared shape.
struct Shown {
    game: &'static str,
    title: String,
    rules: Option<String>,
    deck: Option<&'static str>,
    card_removal: Option<bool>,
    labels: Vec<String>,
    /// Hands each player can be dealt (three-card).
    hands: Option<Vec<usize>>,
    exact: bool,
    seed: u64,
}

#[derive(Serialize)]
struct Doc {
    game: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deck: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    card_removal: Option<bool>,
    exact: bool,
    showdowns: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    trials: Option<u64>,
    players: Vec<PlayerJson>,
    splits: Vec<SplitJson>,
}

#[derive(Serialize)]
struct PlayerJson {
    hand: String,
    /// Hands this player can be dealt after the known cards (three-card).
    #[serde(skip_serializing_if = "Option::is_none")]
    hands: Option<usize>,
    win: u64,
    tie: u64,
    lose: u64,
    equity: Float,
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<Option<Float>>,
}

#[derive(Serialize)]
struct SplitJson {
    players: Vec<usize>,
    count: u64,
}

pub fn rules_name(r: &Rules) -> String {
    r.preset_name()
        .map_or_else(|| r.to_string(), str::to_string)
}

impl Shown {
    fn json(&self, t: &Tally) -> String {
        let n = t.showdowns();
        let exact = self.exact;
        let meaningful = n >= MIN_TRIALS_FOR_ERROR;
        let doc = Doc {
            game: self.game,
            rules: self.rules.clone(),
            deck: self.deck,
            card_removal: self.card_removal,
            exact,
            showdowns: n,
            trials: (!exact).then_some(n),
            players: (0..t.players())
                .map(|p| PlayerJson {
                    hand: self.labels[p].clone(),
                    hands: self.hands.as_ref().map(|h| h[p]),
                    win: t.wins(p),
                    tie: t.ties(p),
                    lose: t.losses(p),
                    equity: Float(t.equity(p)),
                    stderr: (!exact).then(|| meaningful.then(|| Float(t.std_error(p)))),
                })
                .collect(),
            splits: t
                .splits()
                .map(|(mask, count)| SplitJson {
                    players: (0..t.players()).filter(|p| mask >> p & 1 == 1).collect(),
                    count,
                })
                .collect(),
        };
        crate::output::json::line(&doc)
    }
}

pub(crate) fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

impl Shown {
    fn table(&self, t: &Tally) -> String {
        let n = t.showdowns();
        let exact = self.exact;
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.title);
        let _ = writeln!(out, "{}", method_line(exact, n.into(), "deal", self.seed));
        out.push('\n');
        let w = self
            .labels
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        let _ = write!(out, "{:<7} {:<w$}", "player", "hand");
        if self.hands.is_some() {
            let _ = write!(out, " {:>7}", "hands");
        }
        let _ = write!(out, " {:>9} {:>9} {:>9}", "win %", "tie %", "equity %");
        out.push_str(if exact { "\n" } else { " ± %\n" });
        for (p, label) in self.labels.iter().enumerate() {
            let _ = write!(out, "{:<7} {label:<w$}", p + 1);
            if let Some(hands) = &self.hands {
                let _ = write!(out, " {:>7}", grouped(hands[p] as u64));
            }
            let _ = write!(
                out,
                " {:>9.4} {:>9.4} {:>9.4}",
                percent(t.wins(p), n),
                percent(t.ties(p), n),
                100.0 * t.equity(p)
            );
            if exact {
                out.push('\n');
            } else {
                let _ = writeln!(out, " {:.4}", 100.0 * t.std_error(p));
            }
        }
        write_splits(&mut out, t.splits(), &self.labels, n);
        out
    }
}

/// The "Split pots:" lines (none when no pot was split): each set of
/// players as `1 (AhKh) + 2 (QsQd)`, its count and its share of `n`.
pub(crate) fn write_splits(
    out: &mut String,
    splits: impl Iterator<Item = (usize, u64)>,
    labels: &[String],
    n: u64,
) {
    let mut splits = splits.peekable();
    if splits.peek().is_none() {
        return;
    }
    out.push_str("\nSplit pots:\n");
    for (mask, count) in splits {
        let who: Vec<String> = (0..labels.len())
            .filter(|p| mask >> p & 1 == 1)
            .map(|p| format!("{} ({})", p + 1, labels[p]))
            .collect();
        let _ = writeln!(
            out,
            "  {}: {} ({:.4}%)",
            who.join(" + "),
            grouped(count),
            percent(count, n)
        );
    }
}
