//! Issue 40's variance reduction, measured: conditional Monte Carlo (each
//! sampled deal of the hole cards and the board but the river, then every
//! river exactly) against plain sampling (one river), as the error per
//! unit of time: `var · seconds` per deal, the largest over the players
//! (the target error is on the largest). Both are unbiased: a deal's
//! conditional estimate is the mean of its rivers' pot shares; deals are
//! i.i.d., so the standard error is from the per-deal estimates' variance.
//!
//! A measurement, not a check: `cargo test --release --test it
//! conditional -- --ignored --nocapture`. Its figures are in
//! docs/performance.md ("Variance reduction").

use crate::check::Rng;
use allin::card::Card;
use allin::eval::Hand;
use std::time::Instant;

/// A seat: known hole cards, or dealt at random each trial.
type Seat = Option<[Card; 2]>;

struct Job {
    seats: Vec<Seat>,
    board: Vec<Card>,
}

impl Job {
    fn parse(seats: &[&str], board: &str) -> Job {
        let cards = |t: &str| allin::card::parse_cards(t).unwrap();
        Job {
            seats: seats
                .iter()
                .map(|s| (*s != "random").then(|| cards(s).try_into().unwrap()))
                .collect(),
            board: cards(board),
        }
    }
}

/// Per-player sums of the per-deal share and its square.
struct Moments {
    n: f64,
    sum: Vec<f64>,
    sq: Vec<f64>,
}

impl Moments {
    fn new(players: usize) -> Moments {
        Moments {
            n: 0.0,
            sum: vec![0.0; players],
            sq: vec![0.0; players],
        }
    }
    fn push(&mut self, shares: &[f64]) {
        self.n += 1.0;
        for (p, &x) in shares.iter().enumerate() {
            self.sum[p] += x;
            self.sq[p] += x * x;
        }
    }
    /// The largest per-deal variance over the players.
    fn worst_var(&self) -> f64 {
        (0..self.sum.len())
            .map(|p| {
                let m = self.sum[p] / self.n;
                (self.sq[p] / self.n - m * m) * self.n / (self.n - 1.0)
            })
            .fold(0.0, f64::max)
    }
    fn mean(&self, p: usize) -> f64 {
        self.sum[p] / self.n
    }
}

/// Pot shares of one showdown on `board`, added into `into` with `weight`.
fn showdown(holes: &[Hand], board: Hand, into: &mut [f64], weight: f64) {
    let (mut best, mut winners) = (allin::eval::HandRank::MIN, 0u32);
    for (p, h) in holes.iter().enumerate() {
        let r = h.combine(board).evaluate();
        if r > best {
            (best, winners) = (r, 1 << p);
        } else if r == best {
            winners |= 1 << p;
        }
    }
    let share = weight / winners.count_ones() as f64;
    for (p, x) in into.iter_mut().enumerate() {
        if winners >> p & 1 == 1 {
            *x += share;
        }
    }
}

/// `deals` deals of `job`; `conditional`: every river of each deal.
fn run(job: &Job, deals: u64, conditional: bool, seed: u64) -> (Moments, f64) {
    let mut rng = Rng::new(seed);
    let players = job.seats.len();
    let known: Vec<Card> = job
        .seats
        .iter()
        .flatten()
        .flatten()
        .copied()
        .chain(job.board.iter().copied())
        .collect();
    let deck: Vec<Card> = Card::all().filter(|c| !known.contains(c)).collect();
    let to_come = 5 - job.board.len();
    let mut m = Moments::new(players);
    let mut d = deck.clone();
    let mut holes = vec![Hand::from_cards(&[]); players];
    let mut shares = vec![0.0; players];
    let t = Instant::now();
    for _ in 0..deals {
        // A partial shuffle: the random seats' cards, then the board's.
        let need = 2 * job.seats.iter().filter(|s| s.is_none()).count() + to_come;
        for i in 0..need {
            let j = i + rng.below(d.len() - i);
            d.swap(i, j);
        }
        let mut next = 0;
        for (p, s) in job.seats.iter().enumerate() {
            holes[p] = match s {
                Some(c) => Hand::from_cards(c),
                None => {
                    next += 2;
                    Hand::from_cards(&d[next - 2..next])
                }
            };
        }
        let mut board = Hand::from_cards(&job.board);
        for &c in &d[next..next + to_come - 1] {
            board = board.add(c);
        }
        shares.iter_mut().for_each(|s| *s = 0.0);
        if conditional {
            let rivers = &d[next + to_come - 1..];
            let w = 1.0 / rivers.len() as f64;
            for &river in rivers {
                showdown(&holes, board.add(river), &mut shares, w);
            }
        } else {
            showdown(&holes, board.add(d[next + to_come - 1]), &mut shares, 1.0);
        }
        m.push(&shares);
    }
    (m, t.elapsed().as_secs_f64())
}

#[test]
#[ignore = "a measurement: run with --release --ignored --nocapture"]
fn conditional_monte_carlo_against_plain() {
    let jobs: &[(&str, &[&str], &str)] = &[
        ("3-way hands preflop", &["AhAd", "KsKc", "QhQd"], ""),
        (
            "hand vs 3 random",
            &["AhKh", "random", "random", "random"],
            "",
        ),
        ("6 random players", &["random"; 6], ""),
        ("AhKh vs QsQd on a flop", &["AhKh", "QsQd"], "2h 7h Tc"),
    ];
    for (name, seats, board) in jobs {
        let job = Job::parse(seats, board);
        let (plain, tp) = run(&job, 400_000, false, 1);
        let (cond, tc) = run(&job, 400_000 / 40, true, 2);
        let (vp, vc) = (plain.worst_var(), cond.worst_var());
        let (sp, sc) = (tp / plain.n, tc / cond.n);
        println!(
            "{name}: plain var {vp:.4}, {:.0} ns/deal; conditional var {vc:.4} ({:.2}×), \
             {:.0} ns/deal ({:.1}×); error²·time conditional/plain {:.2} (P1 {:.4} vs {:.4})",
            sp * 1e9,
            vc / vp,
            sc * 1e9,
            sc / sp,
            (vc * sc) / (vp * sp),
            cond.mean(0),
            plain.mean(0),
        );
    }
}
