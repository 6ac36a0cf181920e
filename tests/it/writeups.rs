//! The write-ups' own figures (`tests/data/writeups.txt`, each line with
//! its source in `../shared/seeds/`), computed by the engine: exact
//! heads-up counts and the detail panel's "wins with" counts.

use crate::check::check_io;
use allin::equity::detail::DetailJob;
use allin::equity::{calculate, Method, Spec};
use allin::eval::Category;

fn heads_up(hands: &str) -> Spec {
    let hands: Vec<&str> = hands.split_whitespace().collect();
    Spec::parse(&hands, "", "").unwrap()
}

fn run(input: &str) -> String {
    let (what, rest) = input.split_once(' ').unwrap_or((input, ""));
    match what {
        "equity" => {
            let tally = calculate(&heads_up(rest), Method::Exact).tally;
            format!(
                "wins+ties {} {}",
                tally.wins(0) + tally.ties(0),
                tally.wins(1) + tally.ties(1)
            )
        }
        "detail" => {
            let (hands, question) = rest.split_once(':').unwrap_or((rest, ""));
            let words: Vec<&str> = question.split_whitespace().collect();
            let [player, "wins", "with", category] = words[..] else {
                return format!("expected `pN wins with CATEGORY`, got {question:?}");
            };
            let Some(p) = player
                .strip_prefix('p')
                .and_then(|n| n.parse::<usize>().ok())
            else {
                return format!("no player {player:?}");
            };
            let Some(category) = Category::ALL
                .into_iter()
                .find(|c| format!("{c:?}") == category)
            else {
                return format!("no category {category:?}");
            };
            let counts = DetailJob::new(&heads_up(hands)).run_all();
            counts.won(p - 1, category).to_string()
        }
        other => format!("unknown kind of case {other:?}"),
    }
}

#[test]
fn the_write_ups_figures() {
    check_io("writeups.txt", run);
}
