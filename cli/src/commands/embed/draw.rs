//! `allin embed --game 2-7-draw|a-5-draw|badugi`: the job of `allin
//! equity` for a draw game (cards kept, the rest drawn, known discards
//! dead) as the figure and as the page's fragment (`game=…&p1=…&dead=…`,
//! as www/model/scenario.js writes it).

use super::html::{encode, players, render, Base};
use crate::commands::equity::draw_games::{self, DrawArgs};
use crate::commands::equity::job::JobArgs;
use crate::output::{print, CliError};
use allin::card::{format_cards, format_cards_compact, parse_cards};
use allin::game::Game;

const CMD: &str = "embed";

/// `--game 2-7-draw|a-5-draw|badugi`: `three_card_options` says whether
/// `--rules`, `--deck` or `--no-card-removal` was given.
pub fn draw(
    job: &JobArgs,
    three_card_options: bool,
    game: Game,
    base: &Base,
) -> Result<(), CliError> {
    if job.hands.is_empty() {
        return Err(CliError::usage(CMD, "no hands given"));
    }
    let args = DrawArgs {
        job,
        holdem_options: false,
        three_card_options,
        json: false,
    };
    let ran = draw_games::compute(&args, game, CMD)?;
    // The job has read the dead cards: written back as cards.
    let dead = parse_cards(&job.dead.join(" ")).unwrap_or_default();
    let mut caption = format!("{} (cards kept, the rest drawn)", game.label());
    if !dead.is_empty() {
        caption += &format!(", dead {}", format_cards(&dead));
    }
    let figure = super::games::figure(caption, &ran);
    let mut parts = vec![format!("game={}", game.name())];
    parts.extend(players(&ran.labels));
    if !dead.is_empty() {
        parts.push(format!("dead={}", encode(&format_cards_compact(&dead))));
    }
    print(&render(
        &figure,
        &parts.join("&"),
        base,
        &format!("{}, ", game.label()),
    )?)
}
