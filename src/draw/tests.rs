use super::*;
use crate::card::parse_cards;

fn value(game: Lowball, text: &str) -> u32 {
    game.value(&parse_cards(text).unwrap())
}

#[test]
fn the_rules_in_a_few_hands() {
    use Lowball::*;
    // 2-7: the wheel is ace high (worse than any king high), no straight.
    assert!(value(DeuceSeven, "KhQd9c8s7h") > value(DeuceSeven, "As5d4c3h2s"));
    assert!(value(DeuceSeven, "As5d4c3h2s") > value(DeuceSeven, "2c2d3h4s5c"));
    assert!(value(DeuceSeven, "9c8d7s6c4d") > value(DeuceSeven, "8h6h4h3h2h"));
    // the wheel is best, straights and flushes do not count.
    assert_eq!(value(AceFive, "5h4h3h2hAh"), value(AceFive, "5c4d3h2cAs"));
    assert!(value(AceFive, "5c4d3h2cAs") > value(AceFive, "6c4d3s2cAs"));
    assert!(value(AceFive, "KcQdJhTs8c") > value(AceFive, "AcAd2c3d4h"));
    // Badugi: four cards beat three, then the lowest.
    assert!(value(Badugi, "KsQdJcTh") > value(Badugi, "4s3d2cAs"));
    assert!(value(Badugi, "4s3d2cAh") > value(Badugi, "5s3d2cAh"));
    assert_eq!(value(Badugi, "4s3d2cAh"), value(Badugi, "4h3c2dAs"));
}

#[test]
fn the_units_are_the_first_drawers_draws() {
    let job = DrawJob::parse(Lowball::DeuceSeven, &["7d5h4c3s2h", "5s4h3d2c"], "Ad").unwrap();
    assert_eq!((job.units(), job.deals()), (42, 42));
    let all = job.run_all();
    // The 3.571429 %: three of the 42 cards tie (a 7), none win.
    assert_eq!(all.showdowns(), 42);
    assert!((all.equity(1) - 1.5 / 42.0).abs() < 1e-12);
    let mut sum = job.run(0..10);
    sum += &job.run(10..42);
    assert_eq!(sum, all);
}

#[test]
fn bad_input_says_what_and_where() {
    let err = |players: &[&str], dead: &str| {
        DrawJob::parse(Lowball::Badugi, players, dead)
            .err()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        err(&["Ah2d3c4s5h", "9d"], ""),
        "player 1: \"Ah2d3c4s5h\" has 5 cards: a player keeps at most 4 and draws the rest"
    );
    assert_eq!(err(&["Ah"], ""), "draw games need 2 to 10 players, not 1");
    assert_eq!(err(&["Ah", "Ah"], ""), "Ah is in player 1 and in player 2");
}
