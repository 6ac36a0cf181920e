//! Sampling to a target error (`equity::target`) covers the truth at its
//! stated rate: over random jobs whose exact answer is known, the share of
//! players whose sampled equity lies more than two reported standard
//! errors from the exact one is what a normal error gives (about 4.6 %).
//! Stopping on an estimated error could bias it (a run stops early when its
//! error happens to look small); this measures it, and the stops.

use crate::check::Rng;
use allin::equity::{
    worst_error, Counts, Estimate, ExactJob, MonteCarlo, Player, Sampling, Spec, Tally,
    CHUNK_TRIALS,
};

/// A random job: 2 to 4 players with known hands (one in four jobs with a
/// random opponent), on a flop or turn (one in six heads-up preflop).
fn random_job(rng: &mut Rng) -> Spec {
    let preflop = rng.below(6) == 0;
    let players = if preflop { 2 } else { 2 + rng.below(3) };
    let board = if preflop { 0 } else { [3, 4][rng.below(2)] };
    let cards = rng.cards(players * 2 + board);
    let hands: Vec<Player> = (0..players)
        .map(|p| Player::known([cards[2 * p], cards[2 * p + 1]]))
        .collect();
    let board_cards = cards[players * 2..].to_vec();
    if !preflop && rng.below(4) == 0 {
        // The last player: any hand.
        let mut texts: Vec<String> = (0..players - 1)
            .map(|p| allin::card::format_cards(&cards[2 * p..2 * p + 2]))
            .collect();
        texts.push("random".into());
        return Spec::parse(&texts, &allin::card::format_cards(&board_cards), "").unwrap();
    }
    Spec::new(hands, board_cards, Vec::new()).unwrap()
}

#[test]
fn target_error_runs_cover_the_truth() {
    let mut rng = Rng::new(0x7A_4E7);
    let (mut checked, mut out2, mut out1, mut jobs, mut trials) = (0u32, 0u32, 0u32, 0u32, 0u64);
    let mut signed = 0.0f64;
    while jobs < 300 {
        let spec = random_job(&mut rng);
        let truth = ExactJob::new(&spec, None).run_all();
        let target = [0.3, 0.2][rng.below(2)];
        let seed = rng.below(1 << 30) as u64;
        let mc = MonteCarlo::new(&spec);
        let players = spec.players().len();
        let got: Tally = Sampling {
            cap: 10_000_000,
            target: Some(target),
        }
        .run(players, CHUNK_TRIALS, |c, n| mc.run(seed, c, n));
        assert!(
            worst_error(&got) <= target,
            "{target}: {}",
            worst_error(&got)
        );
        let est = Estimate::from_trials(&got);
        for (p, e) in est.players.iter().enumerate() {
            let off = e.equity - truth.equity(p);
            checked += 1;
            out1 += u32::from(off.abs() > e.std_error);
            out2 += u32::from(off.abs() > 2.0 * e.std_error);
            signed += off / e.std_error;
        }
        jobs += 1;
        trials += got.showdowns();
    }
    let pct = |k: u32| 100.0 * f64::from(k) / f64::from(checked);
    let summary = format!(
        "{jobs} jobs, {checked} equities, {:.0} trials a job on average: {:.2} % outside 2 SE \
         (normal: 4.55 %), {:.1} % outside 1 SE (normal: 31.7 %), mean error {:+.3} SE",
        trials as f64 / f64::from(jobs),
        pct(out2),
        pct(out1),
        signed / f64::from(checked)
    );
    println!("{summary}");
    assert!((2.0..8.0).contains(&pct(out2)), "{summary}");
    assert!((24.0..40.0).contains(&pct(out1)), "{summary}");
    assert!((signed / f64::from(checked)).abs() < 0.15, "{summary}");
}

/// `tests/data/target_error.txt`: the core's rule on every game's job,
/// opened as every surface opens it (`Game::open`, Monte Carlo), chunks in
/// order until `job::target_reached`.
#[test]
fn seeded_cases_agree_on_every_surface() {
    use crate::check::{check_expected, Mismatch};
    use allin::job::{add_counts, target_reached, JobMethod, JobSpec};
    check_expected("target_error.txt", |input, expected| {
        let f: Vec<&str> = input.split('|').map(str::trim).collect();
        let [game, players, board, target, seed] = f[..] else {
            return Err("expected GAME | PLAYERS | BOARD | TARGET | SEED".into());
        };
        let game: allin::game::Game = game.parse().map_err(|e| format!("{e}"))?;
        let players: Vec<&str> = players.split(';').collect();
        let mut spec = JobSpec::new(&players, board, "");
        spec.method = JobMethod::MonteCarlo;
        let job = game.open(&spec).map_err(|e| e.to_string())?;
        let target: f64 = target.parse().map_err(|_| "TARGET")?;
        let seed: u64 = seed.parse().map_err(|_| "SEED")?;
        let mut merged = job.empty();
        let (mut chunk, mut trials) = (0, 0);
        while trials < allin::equity::TARGET_CAP_TRIALS
            && !target_reached(job.counts_kind(), job.players(), &merged, target)
        {
            add_counts(&mut merged, &job.run_trials(seed, chunk, CHUNK_TRIALS));
            chunk += 1;
            trials += CHUNK_TRIALS;
        }
        let n = job.players();
        let wtl: Vec<String> = match job.counts_kind() {
            allin::job::CountsKind::Tally => {
                let t = Tally::from_counts(n, merged.iter().map(|&c| c as u64).collect())
                    .ok_or("counts")?;
                (0..n)
                    .map(|p| format!("{}/{}/{}", t.wins(p), t.ties(p), t.losses(p)))
                    .collect()
            }
            allin::job::CountsKind::Pot => {
                let c = allin::omaha::PotCounts::from_flat(n, &merged).ok_or("counts")?;
                (0..n)
                    .map(|p| format!("{}/{}/{}", c.wins(p), c.ties(p), c.losses(p)))
                    .collect()
            }
        };
        let got = format!("{trials} | {}", wtl.join(" "));
        if got == expected {
            Ok(())
        } else {
            Err(Mismatch::actual(expected, got))
        }
    });
}
