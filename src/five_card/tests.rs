use super::*;
use crate::deal::holdem_winners;
use crate::eval::evaluate;

/// Every completion, dealt naively: all combinations of the cards left for
/// each player in turn (a separate loop from the job's), ranked from scratch.
fn brute(players: &[&str], dead: &str) -> Tally {
    let job = FiveCardJob::parse(players, dead).unwrap();
    let mut tally = Tally::new(players.len());
    fn go(
        job: &FiveCardJob,
        p: usize,
        left: &[Card],
        hands: &mut Vec<Vec<Card>>,
        tally: &mut Tally,
    ) {
        if p == job.players() {
            let ranks: Vec<HandRank> = hands.iter().map(|h| evaluate(h)).collect();
            let w = holdem_winners(&ranks);
            tally.record(w.iter().fold(0, |m, &i| m | 1 << i), 1);
            return;
        }
        let need = 5 - job.known[p].len();
        // All subsets of `left` of size `need`, by bit masks (small cases only).
        let n = left.len();
        let mut chosen = Vec::new();
        fn subsets(
            start: usize,
            need: usize,
            left: &[Card],
            chosen: &mut Vec<Card>,
            f: &mut dyn FnMut(&[Card]),
        ) {
            if need == 0 {
                f(chosen);
                return;
            }
            for i in start..left.len() {
                chosen.push(left[i]);
                subsets(i + 1, need - 1, left, chosen, f);
                chosen.pop();
            }
        }
        let _ = n;
        subsets(0, need, left, &mut chosen, &mut |pick: &[Card]| {
            let rest: Vec<Card> = left.iter().copied().filter(|c| !pick.contains(c)).collect();
            let mut hand = job.known[p].clone();
            hand.extend_from_slice(pick);
            hands.push(hand);
            go(job, p + 1, &rest, hands, tally);
            hands.pop();
        });
    }
    go(&job, 0, &job.live, &mut Vec::new(), &mut tally);
    tally
}

#[test]
fn complete_hands_are_one_showdown() {
    // Project Euler 54's first example: a pair of fives loses to a pair of eights.
    let job = FiveCardJob::parse(&["5H 5C 6S 7S KD", "2C 3S 8S 8D TD"], "").unwrap();
    assert_eq!(job.units(), 1);
    let t = job.run_all();
    assert_eq!((t.showdowns(), t.wins(1)), (1, 1));
    // A split: the same straight in other suits.
    let t = FiveCardJob::parse(&["2c 3d 4h 5s 6c", "2d 3h 4s 5c 6d"], "")
        .unwrap()
        .run_all();
    assert_eq!(t.ties(0), 1);
}

#[test]
fn partial_hands_match_the_naive_deal() {
    for (players, dead) in [
        (&["Ah Ad Kc Kd", "Qs Qh Qc 2d"][..], "3c 4c 5c 6c 7c 8c 9c Tc Jc 2c 3d 4d 5d 6d 7d 8d 9d Td Jd"),
        (&["As Ks Qs Js", "9h 9c 9d", "2c 2d 2h"], "3c 4c 5c 6c 7c 8c Tc Jc Qc Kc 3d 4d 5d 6d 7d 8d Td Jd Qd Kd 3h 4h 5h"),
        (&["Ah", "Kh Kd Kc Ks"], "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd 2h 3h 4h 5h 6h 7h 8h 9h"),
    ] {
        let job = FiveCardJob::parse(players, dead).unwrap();
        assert_eq!(job.run_all(), brute(players, dead), "{players:?}");
        assert_eq!(job.run_all().showdowns(), job.deals());
    }
}

#[test]
fn any_chunking_gives_the_same_counts_and_sampling_agrees() {
    let players = ["Ah Ad Ac 2d", "Kc Kd Qs", "7h 8h 9h Th"];
    let job = FiveCardJob::parse(&players, "2c 3c").unwrap();
    let whole = job.run_all();
    assert_eq!(whole.showdowns(), job.deals());
    for stride in [1, 5, 77] {
        let mut sum = Tally::new(3);
        for c in 0..stride {
            sum += &job.run_strided(c, stride);
        }
        assert_eq!(sum, whole);
    }
    let mut mc = Tally::new(3);
    for chunk in 0..10 {
        mc += &job.run_trials(4, chunk, 10_000);
    }
    for p in 0..3 {
        let (e, m, se) = (whole.equity(p), mc.equity(p), mc.std_error(p));
        assert!((e - m).abs() < 4.0 * se, "player {p}: {m} ± {se} vs {e}");
    }
}

#[test]
fn bad_input_is_refused_clearly() {
    let e =
        |players: &[&str], dead: &str| FiveCardJob::parse(players, dead).err().unwrap().to_string();
    assert_eq!(
        e(&["AhKh"], ""),
        "five-card showdowns need 2 to 10 players, not 1"
    );
    assert_eq!(
        e(&["Ah Kh Qh Jh Th 9h", "random"], ""),
        "player 1: \"Ah Kh Qh Jh Th 9h\" has 6 cards: a five-card hand has at most 5"
    );
    assert_eq!(e(&["AhKh", "Ah"], ""), "Ah is in player 1 and in player 2");
    assert_eq!(
        e(&["AhKh", "random"], "Kh"),
        "Kh is in player 1 and in the dead cards"
    );
    assert!(e(&["AhKx", "random"], "").starts_with("player 1: "));
    assert_eq!(
        e(&["random"; 10], "2c 3c 4c"),
        "53 cards are needed but the deck has 52: fewer players or dead cards"
    );
    assert!(FiveCardJob::parse(&["random"; 10], "2c 3c").is_ok());
}

/// Project Euler 54: player 1 wins 376 of the 1,000 showdowns (the
/// published answer), every one a single complete deal here.
#[test]
fn euler_54_player_one_wins_376() {
    let text = include_str!("../../tests/data/euler54_poker.txt");
    let mut wins = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let cards: Vec<&str> = line.split_whitespace().collect();
        let (a, b) = (cards[..5].join(" "), cards[5..].join(" "));
        let t = FiveCardJob::parse(&[&a, &b], "").unwrap().run_all();
        assert_eq!(t.showdowns(), 1);
        wins += t.wins(0);
    }
    assert_eq!(wins, 376);
}
