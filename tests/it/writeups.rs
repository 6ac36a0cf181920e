//! The write-ups' own figures (`tests/data/writeups.txt`, each line with
//! its source in `../shared/seeds/`), computed by the engine: exact
//! heads-up counts, the detail panel's "wins with" counts and its matrix
//! (who beat whom with what).

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
            let player = |word: &str| {
                word.strip_prefix('p')
                    .and_then(|n| n.parse::<usize>().ok())
                    .filter(|n| (1..=2).contains(n))
                    .ok_or_else(|| format!("no player {word:?} (heads-up: p1 or p2)"))
            };
            let category = |word: &str| {
                Category::from_name(word).ok_or_else(|| format!("no category {word:?}"))
            };
            let counts = DetailJob::new(&heads_up(hands)).run_all();
            let answer = match words[..] {
                [p, "wins", "with", c] => (|| Ok(counts.won(player(p)? - 1, category(c)?)))(),
                [p, "beats", q, "with", c, "over", d] => (|| {
                    let (p, q) = (player(p)?, player(q)?);
                    if p == q {
                        return Err(format!("p{p} against itself"));
                    }
                    Ok(counts.beat(p - 1, category(c)?, category(d)?))
                })(),
                _ => Err(format!(
                    "expected `pN wins with CATEGORY` or `pN beats pM with CATEGORY over \
                     CATEGORY`, got {question:?}"
                )),
            };
            answer.map_or_else(|e| e, |n| n.to_string())
        }
        other => format!("unknown kind of case {other:?}"),
    }
}

#[test]
fn the_write_ups_figures() {
    check_io("writeups.txt", run);
}
