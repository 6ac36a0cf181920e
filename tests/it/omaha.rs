//! Omaha: the fast high and low evaluation against a naive "best of every
//! two hole cards + three board cards" written here (high from the naive
//! `reference` five-card ranks, low from the rules), on a random sample and
//! on every board for fixed hands; equity cases in `tests/data/omaha_cases.txt`,
//! each also counted by a brute force here; chunking invariance; Monte
//! Carlo; bad input in `tests/data/board_game_errors.txt`.

use crate::check::check_io;
use crate::reference::reference;
use allin::card::parse_cards;
use allin::equity::rng::Rng;
use allin::equity::{Estimate, SHARE};
use allin::omaha::counts::POT;
use allin::omaha::eval::{best_five, best_high, evaluate_omaha, Board, Hole};
use allin::omaha::low::{best_low, best_low_cards, HoleLow};
use allin::omaha::{Game, OmahaJob, PotCounts};
use allin::Card;

/// Every two of `hole` with every three of `board`.
fn combos(hole: &[Card], board: &[Card]) -> Vec<[Card; 5]> {
    let mut out = Vec::new();
    for i in 0..hole.len() {
        for j in i + 1..hole.len() {
            for a in 0..board.len() {
                for b in a + 1..board.len() {
                    for c in b + 1..board.len() {
                        out.push([hole[i], hole[j], board[a], board[b], board[c]]);
                    }
                }
            }
        }
    }
    out
}

/// The naive high: the best reference rank of the 2 + 3 combinations.
pub fn naive_high(hole: &[Card], board: &[Card]) -> u16 {
    combos(hole, board)
        .into_iter()
        .map(|five| reference().rank5(five))
        .max()
        .unwrap()
}

/// The naive low: ranks high to low (ace = 1), the least such list over
/// the 2 + 3 combinations of five different ranks, all 8 or below.
pub fn naive_low(hole: &[Card], board: &[Card]) -> Option<[u8; 5]> {
    combos(hole, board)
        .into_iter()
        .filter_map(|five| {
            let mut ranks = five.map(|c| if c.rank() == 12 { 1 } else { c.rank() + 2 });
            ranks.sort_unstable_by(|a, b| b.cmp(a));
            let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
            (distinct && ranks[0] <= 8).then_some(ranks)
        })
        .min()
}

fn deal(rng: &mut Rng, n: usize, used: &mut u64) -> Vec<Card> {
    let mut out = Vec::new();
    while out.len() < n {
        let id = rng.below(52) as u8;
        if *used >> id & 1 == 0 {
            *used |= 1 << id;
            out.push(Card::from_id(id).unwrap());
        }
    }
    out
}

#[test]
fn high_and_low_match_the_naive_on_a_random_sample() {
    let mut rng = Rng::new(0x0a4a);
    let mut lows = 0;
    for i in 0..60_000 {
        let mut used = 0;
        let hole = deal(&mut rng, 4 + i % 3, &mut used);
        let board = deal(&mut rng, 3 + (i / 3) % 3, &mut used);
        assert_eq!(
            evaluate_omaha(&hole, &board).value(),
            naive_high(&hole, &board),
            "{hole:?} {board:?}"
        );
        let low = best_low(&hole, &board).map(|l| l.ranks());
        assert_eq!(low, naive_low(&hole, &board), "{hole:?} {board:?}");
        let (five, rank) = best_five(&hole, &board);
        assert_eq!(rank, evaluate_omaha(&hole, &board));
        assert_eq!(reference().rank5(five), rank.value());
        assert!(two_and_three(&five, &hole, &board), "{five:?}");
        let with_cards = best_low_cards(&hole, &board);
        assert_eq!(
            with_cards.map(|(_, l)| l.ranks()),
            low,
            "{hole:?} {board:?}"
        );
        if let Some((five, l)) = with_cards {
            lows += 1;
            assert!(two_and_three(&five, &hole, &board), "{five:?}");
            // The five cards are the low's ranks: the hole pair and the
            // board triple each highest first.
            let ranks = five.map(|c| if c.rank() == 12 { 1 } else { c.rank() + 2 });
            assert!(ranks[0] > ranks[1] && ranks[2] > ranks[3] && ranks[3] > ranks[4]);
            let mut sorted = ranks;
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            assert_eq!(sorted, l.ranks(), "{five:?}");
        }
    }
    // Enough of the sample has a low for the check to mean something.
    assert!(lows > 3_000, "{lows} lows");
}

/// Whether `five` is two cards of `hole` then three of `board`.
fn two_and_three(five: &[Card; 5], hole: &[Card], board: &[Card]) -> bool {
    five[..2].iter().all(|c| hole.contains(c)) && five[2..].iter().all(|c| board.contains(c))
}

#[test]
fn best_lows_with_their_cards() {
    let low = |hole: &str, board: &str| {
        let (hole, board) = (parse_cards(hole).unwrap(), parse_cards(board).unwrap());
        best_low_cards(&hole, &board)
            .map(|(five, l)| (allin::card::format_cards(&five), l.to_string()))
    };
    // Two hole cards of eight or lower are needed: A and K make no low.
    assert_eq!(low("AsAhKsKh", "2c3h4s5d9h"), None);
    // A-2 with 8-5-4 beats A-3 (8-5-4-3-A) and 2-3 (8-5-4-3-2).
    assert_eq!(
        low("Ah2c3dKh", "4s5h8dQc9c"),
        Some(("2c Ah 8d 5h 4s".into(), "8-5-4-2-A".into()))
    );
    assert_eq!(
        low("Ah2c3dKh", "3s4h5dQc9c"),
        Some(("2c Ah 5d 4h 3s".into(), "5-4-3-2-A".into()))
    );
    // Three low board ranks are needed outside the pair: here only 2 and 3.
    assert_eq!(low("Ah2c3dKh", "2s3h9dQcKc"), None);
}

/// Every board of five from the cards left, for one hand.
fn every_board(hole_text: &str) {
    let hole = parse_cards(hole_text).unwrap();
    let prepared = Hole::new(&hole);
    let low = HoleLow::new(&hole);
    let rest: Vec<Card> = Card::all().filter(|c| !hole.contains(c)).collect();
    let n = rest.len();
    let mut boards = 0u64;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let board = [rest[a], rest[b], rest[c], rest[d], rest[e]];
                        let fast = best_high(&prepared, &Board::new(&board)).value();
                        assert_eq!(fast, naive_high(&hole, &board), "{hole_text} {board:?}");
                        let mask = allin::omaha::low::low_mask(&board);
                        let fast_low = low.best(mask).map(|l| l.ranks());
                        assert_eq!(fast_low, naive_low(&hole, &board), "{hole_text} {board:?}");
                        boards += 1;
                    }
                }
            }
        }
    }
    assert_eq!(boards, choose(n, 5));
}

fn choose(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |r, i| r * (n - i) as u64 / (i as u64 + 1))
}

#[test]
fn every_board_for_a_fixed_hand() {
    // Double-suited, low cards and a pair: flushes on two suits, lows,
    // counterfeits, sets.
    every_board("Ah2h3s3c");
}

// release sweep: ALLIN_EXHAUSTIVE
#[test]
#[ignore = "release sweep: every board for more fixed hands, run with --ignored"]
fn every_board_for_fixed_hands() {
    for hand in [
        "AsKsQhJh",
        "9c8c7d6d5s",
        "AdAc2d3c4h5h",
        "KhKdKsKc",
        "2c4c6c8cTc",
    ] {
        every_board(hand);
    }
}

/// What a job's counts say, integers only (the data files' EXPECTED).
fn summary(job: &OmahaJob, c: &PotCounts) -> String {
    let mut out = format!("boards {}", c.showdowns());
    let n = c.showdowns().max(1) as f64;
    if job.game().hilo() {
        out += &format!(", no low {}", c.no_low());
    }
    for p in 0..c.players() {
        out += &format!(
            "; {}: scoop {} share {} lose {}",
            job.deal().labels()[p],
            c.scoops(p),
            c.shared(p),
            c.losses(p)
        );
        if job.game().hilo() {
            out += &format!(
                " high {}/{} low {}/{} quartered {} high share {:.6} low share {:.6}",
                c.high_wins(p),
                c.high_ties(p),
                c.low_wins(p),
                c.low_ties(p),
                c.quartered(p),
                c.high_share_units(p) as f64 / (n * SHARE as f64),
                c.low_share_units(p) as f64 / (n * SHARE as f64),
            );
        }
        out += &format!(" equity {:.6}", c.equity(p));
    }
    out
}

/// Brute force of a job: every board from the cards left, the naive high
/// and low, the pot split by hand (integers, units of `1 / POT`).
struct Naive {
    boards: u64,
    no_low: u64,
    scoop: Vec<u64>,
    lose: Vec<u64>,
    high: Vec<(u64, u64)>,
    low: Vec<(u64, u64)>,
    quartered: Vec<u64>,
    pot: Vec<u64>,
    /// Units of `1 / SHARE` of the high and low halves.
    high_share: Vec<u64>,
    low_share: Vec<u64>,
}

fn brute_force(hilo: bool, hands: &[Vec<Card>], board: &[Card], dead: &[Card]) -> Naive {
    let used: Vec<Card> = hands
        .iter()
        .flatten()
        .chain(board)
        .chain(dead)
        .copied()
        .collect();
    let rest: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
    let players = hands.len();
    let mut r = Naive {
        boards: 0,
        no_low: 0,
        scoop: vec![0; players],
        lose: vec![0; players],
        high: vec![(0, 0); players],
        low: vec![(0, 0); players],
        quartered: vec![0; players],
        pot: vec![0; players],
        high_share: vec![0; players],
        low_share: vec![0; players],
    };
    let missing = 5 - board.len();
    let mut idx: Vec<usize> = (0..missing).collect();
    loop {
        if missing == 0 || idx[missing - 1] < rest.len() {
            let mut full = board.to_vec();
            full.extend(idx.iter().map(|&i| rest[i]));
            settle(hilo, hands, &full, &mut r);
        }
        // Next combination.
        let mut k = missing;
        loop {
            if k == 0 {
                return r;
            }
            k -= 1;
            if idx[k] < rest.len() - missing + k {
                idx[k] += 1;
                for j in k + 1..missing {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

fn settle(hilo: bool, hands: &[Vec<Card>], board: &[Card], r: &mut Naive) {
    r.boards += 1;
    let highs: Vec<u16> = hands.iter().map(|h| naive_high(h, board)).collect();
    let best = *highs.iter().max().unwrap();
    let high: Vec<usize> = (0..hands.len()).filter(|&p| highs[p] == best).collect();
    let lows: Vec<Option<[u8; 5]>> = hands
        .iter()
        .map(|h| if hilo { naive_low(h, board) } else { None })
        .collect();
    let best_low = lows.iter().flatten().min().copied();
    let low: Vec<usize> = match best_low {
        None => {
            r.no_low += 1;
            vec![]
        }
        Some(b) => (0..hands.len()).filter(|&p| lows[p] == Some(b)).collect(),
    };
    for p in 0..hands.len() {
        let in_high = high.contains(&p);
        let in_low = low.contains(&p);
        let mut won = 0;
        if low.is_empty() {
            if in_high {
                won = POT / high.len() as u64;
            }
        } else {
            if in_high {
                won += POT / 2 / high.len() as u64;
            }
            if in_low {
                won += POT / 2 / low.len() as u64;
            }
        }
        r.pot[p] += won;
        if won == POT {
            r.scoop[p] += 1;
        }
        if won == 0 {
            r.lose[p] += 1;
        }
        if 4 * won == POT {
            r.quartered[p] += 1;
        }
        if in_high {
            r.high_share[p] += SHARE / high.len() as u64;
            if high.len() == 1 {
                r.high[p].0 += 1
            } else {
                r.high[p].1 += 1
            }
        }
        if in_low {
            r.low_share[p] += SHARE / low.len() as u64;
            if low.len() == 1 {
                r.low[p].0 += 1
            } else {
                r.low[p].1 += 1
            }
        }
    }
}

/// A case line's input: `GAME HAND… [board CARDS] [dead CARDS]`.
fn parse_case(input: &str) -> (Game, Vec<String>, String, String) {
    let mut words = input.split_whitespace();
    let game = Game::from_name(words.next().unwrap()).expect("a game");
    let (mut hands, mut board, mut dead) = (Vec::new(), String::new(), String::new());
    let mut target = 0;
    for w in words {
        match w {
            "board" => target = 1,
            "dead" => target = 2,
            _ if target == 1 => board += w,
            _ if target == 2 => dead += w,
            _ => hands.push(w.to_string()),
        }
    }
    (game, hands, board, dead)
}

fn check_against_brute_force(job: &OmahaJob, c: &PotCounts) -> Result<(), String> {
    let d = job.deal();
    let hands: Vec<Vec<Card>> = d.hands().iter().map(|h| h.clone().unwrap()).collect();
    let n = brute_force(job.game().hilo(), &hands, d.board(), d.dead());
    let mut why = String::new();
    if n.boards != c.showdowns() || (job.game().hilo() && n.no_low != c.no_low()) {
        why += &format!("boards {} no low {}; ", n.boards, n.no_low);
    }
    for p in 0..hands.len() {
        let fast = (
            c.scoops(p),
            c.losses(p),
            (c.high_wins(p), c.high_ties(p)),
            (c.low_wins(p), c.low_ties(p)),
            c.quartered(p),
            c.pot_units(p),
            (c.high_share_units(p), c.low_share_units(p)),
        );
        let naive = (
            n.scoop[p],
            n.lose[p],
            n.high[p],
            n.low[p],
            n.quartered[p],
            n.pot[p],
            (n.high_share[p], n.low_share[p]),
        );
        if fast != naive {
            why += &format!("player {}: fast {fast:?} naive {naive:?}; ", p + 1);
        }
    }
    // The shares add up: high shares to every showdown, low shares with
    // the showdowns without a low.
    let players = 0..hands.len();
    let high: u64 = players.clone().map(|p| c.high_share_units(p)).sum();
    let low: u64 = players.map(|p| c.low_share_units(p)).sum();
    if high != c.showdowns() * SHARE || low + c.no_low() * SHARE != c.showdowns() * SHARE {
        why += &format!("shares add up to high {high} low {low} units; ");
    }
    if why.is_empty() {
        Ok(())
    } else {
        Err(why)
    }
}

#[test]
fn equity_cases_match_the_brute_force() {
    check_io("omaha_cases.txt", |input| {
        let (game, hands, board, dead) = parse_case(input);
        let players: Vec<&str> = hands.iter().map(String::as_str).collect();
        let job = match OmahaJob::parse(game, &players, &board, &dead) {
            Ok(job) => job,
            Err(e) => return format!("error: {e}"),
        };
        let counts = job.run_all();
        if let Err(why) = check_against_brute_force(&job, &counts) {
            return format!("brute force disagrees: {why}");
        }
        summary(&job, &counts)
    });
}

// release sweep: ALLIN_EXHAUSTIVE
#[test]
#[ignore = "release sweep: heads-up preflop against the brute force, run with --ignored"]
fn heads_up_preflop_matches_the_brute_force() {
    for (game, a, b) in [
        ("omaha", "AsAhKsKh", "9c8c7d6d"),
        ("omaha-hilo", "Ah2h3s4c", "AsKsQdJd"),
    ] {
        let job = OmahaJob::parse(Game::from_name(game).unwrap(), &[a, b], "", "").unwrap();
        let counts = job.run_all();
        assert_eq!(counts.showdowns(), 1_086_008);
        check_against_brute_force(&job, &counts).unwrap();
    }
}

#[test]
fn any_chunking_gives_the_same_counts() {
    let game = Game::from_name("omaha-hilo").unwrap();
    for board in ["", "2c7h9d", "2c7h9dQs"] {
        let job = OmahaJob::parse(game, &["Ah2h3s3c", "AsKsQdJd", "5c6c7d8d"], board, "").unwrap();
        let whole = job.run_all();
        let mut rng = Rng::new(17);
        let units = job.units();
        let mut cuts: Vec<u64> = (0..6).map(|_| rng.below_u64(units + 1)).collect();
        cuts.extend([0, units]);
        cuts.sort_unstable();
        let mut parts: Vec<PotCounts> = cuts.windows(2).map(|w| job.run(w[0]..w[1])).collect();
        parts.reverse();
        let mut sum = PotCounts::new(3);
        for p in &parts {
            sum += p;
        }
        assert_eq!(sum, whole, "board {board:?}");
    }
}

#[test]
fn monte_carlo_is_seeded_and_near_the_exact_answer() {
    let game = Game::from_name("omaha-hilo").unwrap();
    let job = OmahaJob::parse(game, &["Ah2h3s3c", "AsKsQdJd"], "2c7h9d", "").unwrap();
    let exact = job.run_all();
    let mut sampled = PotCounts::new(2);
    for chunk in 0..10 {
        sampled += &job.run_trials(5, chunk, 2_000);
    }
    assert_eq!(sampled.showdowns(), 20_000);
    assert_eq!(job.run_trials(5, 3, 2_000), job.run_trials(5, 3, 2_000));
    for p in 0..2 {
        let z = (sampled.equity(p) - exact.equity(p)) / sampled.std_error(p);
        assert!(z.abs() < 4.5, "player {p}: z = {z}");
        // The shares of the halves and their errors (the per-trial error
        // of a mean share: not the binomial one, a tie counts 1/k).
        type Units = fn(&PotCounts, usize) -> u64;
        type Squares = fn(&PotCounts, usize) -> u128;
        let halves: [(Units, Squares); 2] = [
            (PotCounts::high_share_units, PotCounts::high_share_squares),
            (PotCounts::low_share_units, PotCounts::low_share_squares),
        ];
        for (units, squares) in halves {
            let share = |c: &PotCounts| units(c, p) as f64 / (c.showdowns() * SHARE) as f64;
            let one = [sampled.clone()];
            let se = Estimate::mean_error(
                &one,
                &sampled,
                1,
                false,
                SHARE,
                |c| units(c, p),
                |c| squares(c, p),
            );
            assert!(se > 0.0 && se < 0.01, "player {p}: error {se}");
            let z = (share(&sampled) - share(&exact)) / se;
            assert!(z.abs() < 4.5, "player {p}: share z = {z}");
            // Exact: no error once every chunk is in.
            let all = [exact.clone()];
            let none = Estimate::mean_error(
                &all,
                &exact,
                1,
                true,
                SHARE,
                |c| units(c, p),
                |c| squares(c, p),
            );
            assert_eq!(none, 0.0);
        }
    }
    // Random hands are dealt per trial; equities add up to one.
    let random = OmahaJob::parse(game, &["AhAd2h3d", "random", "random"], "", "").unwrap();
    assert!(random.plan().why_sampled().is_some());
    let c = random.run_trials(1, 0, 5_000);
    let total: f64 = (0..3).map(|p| c.equity(p)).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(c.equity(0) > 0.4, "{}", c.equity(0));
}
