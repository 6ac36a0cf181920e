//! `allin games`: the game catalogue (`allin::game`), the one list of the
//! games every command, the page and the APIs read.

use crate::output::{print, CliError, TEMPLATE};
use allin::game::Game;

const NOTES: &str = "\
Each game's name (what --game and the page's #game= take, in any case), its
hand size, board sizes, deck, most players, rule presets (the first is the
default) and the questions it answers. JSON (--json): one object, {\"games\":
[{\"name\", \"label\", \"family\", \"hand_cards\", \"board_sizes\", \"deck\", \"max_players\",
\"hilo\", \"rules\": {\"default\", \"presets\", \"options\"} or null, \"questions\",
\"summary\", \"example\"}]}.

Examples:
  allin games
  allin games --json";

#[derive(clap::Args)]
#[command(
    before_help = "allin games: the games allin plays, and what each takes",
    help_template = TEMPLATE,
    after_help = NOTES
)]
pub struct Args {
    /// One JSON object on stdout
    #[arg(long)]
    json: bool,
}

#[derive(serde::Serialize)]
struct RulesJson {
    default: &'static str,
    presets: &'static [&'static str],
    /// Whether options may follow a preset (`teen-patti,a23=highest`).
    options: bool,
}

#[derive(serde::Serialize)]
struct GameJson {
    name: &'static str,
    label: &'static str,
    /// The engine that plays it (`Family::name`).
    family: &'static str,
    hand_cards: usize,
    board_sizes: &'static [usize],
    deck: usize,
    max_players: usize,
    hilo: bool,
    rules: Option<RulesJson>,
    questions: Vec<&'static str>,
    /// The rules in a sentence, for people.
    summary: &'static str,
    /// Hands a new scenario starts from.
    example: &'static [&'static str],
}

fn json(g: Game) -> GameJson {
    GameJson {
        name: g.name(),
        label: g.label(),
        family: g.family().name(),
        hand_cards: g.hand_cards(),
        board_sizes: g.board_sizes(),
        deck: g.deck_size(),
        max_players: g.max_players(),
        hilo: g.hilo(),
        rules: g.rules().map(|r| RulesJson {
            default: r.default_rules(),
            presets: r.presets(),
            options: r.combinable(),
        }),
        questions: g.questions().iter().map(|q| q.name()).collect(),
        summary: g.summary(),
        example: g.example(),
    }
}

pub fn run(a: Args) -> Result<(), CliError> {
    if a.json {
        #[derive(serde::Serialize)]
        struct Doc {
            games: Vec<GameJson>,
        }
        let doc = Doc {
            games: Game::ALL.into_iter().map(json).collect(),
        };
        return print(&crate::output::json::line(&doc));
    }
    let mut out = format!(
        "{:<12} {:<22} {:>5} {:<9} {:>4} {:>7}  {:<50} {}\n",
        "game", "label", "cards", "board", "deck", "players", "rules (default first)", "answers"
    );
    for g in Game::ALL {
        let board = match g.board_sizes() {
            [] => "-".to_string(),
            sizes => sizes
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join("/"),
        };
        let rules = g.rules().map_or("-".to_string(), |r| {
            let mut t = r.presets().join(", ");
            if r.combinable() {
                t.push_str(" +options");
            }
            t
        });
        let label = g.label();
        let answers: Vec<&str> = g.questions().iter().map(|q| q.name()).collect();
        out.push_str(&format!(
            "{:<12} {:<22} {:>5} {:<9} {:>4} {:>7}  {:<50} {}\n",
            g.name(),
            label,
            g.hand_cards(),
            board,
            g.deck_size(),
            g.max_players(),
            rules,
            answers.join(", ")
        ));
    }
    print(&out)
}
