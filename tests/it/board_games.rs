//! Omaha and Short Deck deals that are refused: one case a line in
//! `tests/data/board_game_errors.txt`, the message as people see it.

use crate::check::check_io;
use allin::omaha::{Game, OmahaJob};
use allin::short_deck::{Rules, ShortDeckJob};

#[test]
fn bad_deals_get_clear_errors() {
    check_io("board_game_errors.txt", |input| {
        let mut words = input.split_whitespace();
        let game = words.next().unwrap_or("");
        let (mut hands, mut board, mut dead, mut target) =
            (vec![], String::new(), String::new(), 0);
        for w in words {
            match w {
                "board" => target = 1,
                "dead" => target = 2,
                _ if target == 1 => board += w,
                _ if target == 2 => dead += w,
                _ => hands.push(w),
            }
        }
        let outcome = if game == "shortdeck" {
            ShortDeckJob::parse(Rules::default(), &hands, &board, &dead).map(|_| ())
        } else {
            let Some(game) = Game::from_name(game) else {
                return format!("unknown game {game:?}");
            };
            OmahaJob::parse(game, &hands, &board, &dead).map(|_| ())
        };
        match outcome {
            Ok(()) => "ok".to_string(),
            Err(e) => e.to_string(),
        }
    });
}
