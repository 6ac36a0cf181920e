//! `allin embed --game five-card|omaha…|shortdeck`: the jobs of `allin
//! equity` for these games as the figure (Hi-Lo: scoop, high share, low
//! share, equity, each adding up across players, and how often no low
//! qualifies) and as the page's
//! fragment, written as www/scenario.js `toFragment` writes it.

use super::html::{encode, players, render, Base, Figure, Share};
use crate::commands::equity::board_games::{hilo_shares, BoardGameArgs, Shown};
use crate::commands::equity::card_games::{self as games, FiveCardArgs};
use crate::commands::equity::job::JobArgs;
use crate::output::{print, CliError};
use allin::card::{format_cards, format_cards_compact, parse_cards};
use allin::game::Game;
use allin::Card;

const CMD: &str = "embed";

/// What these games take of the command line: the job's arguments,
/// `--rules`, and whether a three-card option (`--deck`,
/// `--no-card-removal`) was given.
pub struct Asked<'a> {
    pub job: &'a JobArgs,
    pub rules: Option<&'a str>,
    pub three_card_options: bool,
}

/// Options these games do not take.
fn refuse_others(a: &Asked) -> Result<(), CliError> {
    if a.job.time.is_some() {
        return Err(CliError::usage(CMD, "--time applies only to --game holdem"));
    }
    if a.three_card_options {
        return Err(CliError::usage(
            CMD,
            "--deck and --no-card-removal apply only to --game three-card",
        ));
    }
    if a.job.hands.is_empty() {
        return Err(CliError::usage(CMD, "no hands given"));
    }
    Ok(())
}

/// `--game omaha…|shortdeck`.
pub fn board_game(a: &Asked, game: Game, base: &Base) -> Result<(), CliError> {
    refuse_others(a)?;
    let shown = crate::commands::equity::other_games::compute_any(
        &BoardGameArgs {
            game,
            hands: &a.job.hands,
            board: a.job.board.as_deref().unwrap_or(""),
            dead: &a.job.dead,
            rules: a.rules,
            exact: a.job.exact,
            threads: a.job.threads,
            trials: a.job.trials,
            error: a.job.error,
            seed: a.job.seed,
            json: false,
        },
        CMD,
    )?;
    let mut caption = shown.title.clone();
    if game.board_sizes().is_empty() {
        // Stud: no board.
    } else if shown.board.is_empty() {
        caption.push_str(", preflop");
    } else {
        caption += &format!(", board {}", format_cards(&shown.board));
    }
    if !shown.dead.is_empty() {
        caption += &format!(", dead {}", format_cards(&shown.dead));
    }
    let figure = figure(caption, &shown);
    let trips = shown.rules.is_some_and(|r| r.trips_beat_straight);
    let frag = board_game_fragment(game.name(), trips, &shown.labels, &shown.board, &shown.dead);
    let lead = format!("{}, ", game.label());
    print(&render(&figure, &frag, base, &lead)?)
}

/// The figure of any game but Hold'em: Hi-Lo as scoop, high share, low
/// share and equity, with how often no low qualifies; else win, tie and
/// equity.
pub fn figure<'a>(caption: String, shown: &'a Shown) -> Figure<'a> {
    let exact = shown.exact();
    let n = shown.counts.showdowns();
    let players = 0..shown.counts.players();
    match shown.pot() {
        Some(c) => Figure {
            caption,
            columns: &["Scoop", "High share", "Low share", "Equity"],
            labels: &shown.labels,
            rows: players
                .map(|p| {
                    let h = hilo_shares(c, p, exact);
                    vec![
                        Share::of(c.scoops(p), n, exact),
                        Share::equity(h.high.0, h.high.1, exact),
                        Share::equity(h.low.0, h.low.1, exact),
                        Share::equity(c.equity(p), c.std_error(p), exact),
                    ]
                })
                .collect(),
            note: Some((
                "Scoop: the whole pot alone. High share, low share: the expected part of \
                 that half, a tie of k players counted 1/k; the high shares add up to 100%, \
                 the low shares with the boards without a low (whose whole pot goes to the \
                 high) too. No qualifying low: "
                    .to_string(),
                Share::of(c.no_low(), n, exact),
            )),
            exact,
            showdowns: n,
        },
        None => Figure {
            caption,
            columns: &["Win", "Tie", "Equity"],
            labels: &shown.labels,
            rows: players
                .map(|p| {
                    let (win, tie, _, equity, error) = shown.counts.player(p);
                    vec![
                        Share::of(win, n, exact),
                        Share::of(tie, n, exact),
                        Share::equity(equity, error, exact),
                    ]
                })
                .collect(),
            note: None,
            exact,
            showdowns: n,
        },
    }
}

/// The page's fragment of a board game: `game=omaha&p1=…&board=…&dead=…`
/// (Short Deck's `rules` after the game when it is not the standard).
pub fn board_game_fragment(
    game: &str,
    trips_beat_straight: bool,
    labels: &[String],
    board: &[Card],
    dead: &[Card],
) -> String {
    let mut parts = vec![format!("game={}", encode(game))];
    if trips_beat_straight {
        parts.push("rules=trips-beat-straight".into());
    }
    parts.extend(players(labels));
    parts.push(format!("board={}", encode(&format_cards_compact(board))));
    parts.push(format!("dead={}", encode(&format_cards_compact(dead))));
    parts.join("&")
}

/// `--game five-card`.
pub fn five_card(a: &Asked, base: &Base) -> Result<(), CliError> {
    if a.job.board.is_some() {
        return Err(CliError::usage(CMD, "five-card showdowns have no board"));
    }
    if a.rules.is_some() {
        return Err(CliError::usage(
            CMD,
            format!(
                "--rules applies only to --game {}",
                crate::args::game::with_rules()
            ),
        ));
    }
    refuse_others(a)?;
    let args = FiveCardArgs {
        hands: &a.job.hands,
        dead: &a.job.dead,
        exact: a.job.exact,
        trials: a.job.trials,
        seed: a.job.seed,
        json: false,
    };
    let ran = games::compute_five_card(&args, CMD)?;
    // The job has read the dead cards: written back as cards.
    let dead = parse_cards(&a.job.dead.join(" ")).unwrap_or_default();
    let mut caption = games::FIVE_CARD_TITLE.to_string();
    if !dead.is_empty() {
        caption += &format!(", dead {}", format_cards(&dead));
    }
    let figure = figure(caption, &ran);
    let frag = five_card_fragment(&ran.labels, &dead);
    print(&render(&figure, &frag, base, "five-card, ")?)
}

/// The page's fragment of five-card showdowns: `game=five-card&p1=…`, and
/// the dead cards when there are some.
pub fn five_card_fragment(labels: &[String], dead: &[Card]) -> String {
    let mut parts = vec!["game=five-card".to_string()];
    parts.extend(players(labels));
    if !dead.is_empty() {
        parts.push(format!("dead={}", encode(&format_cards_compact(dead))));
    }
    parts.join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_are_the_pages() {
        let cards = |s: &str| parse_cards(s).unwrap();
        let labels = ["AsAhKsKh".to_string(), "random".to_string()];
        assert_eq!(
            board_game_fragment("omaha-hilo", false, &labels, &cards("2c3h4s"), &[]),
            "game=omaha-hilo&p1=AsAhKsKh&p2=random&board=2c3h4s&dead="
        );
        let labels = ["AsKs".to_string(), "QhQd".to_string()];
        assert_eq!(
            board_game_fragment("shortdeck", true, &labels, &[], &cards("6c")),
            "game=shortdeck&rules=trips-beat-straight&p1=AsKs&p2=QhQd&board=&dead=6c"
        );
        let labels = ["AhAdKc7d".to_string(), "random".to_string()];
        assert_eq!(
            five_card_fragment(&labels, &[]),
            "game=five-card&p1=AhAdKc7d&p2=random"
        );
        assert_eq!(
            five_card_fragment(&labels, &cards("2c 3c")),
            "game=five-card&p1=AhAdKc7d&p2=random&dead=2c3c"
        );
    }
}
