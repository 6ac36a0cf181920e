use super::*;
use crate::equity::{calculate, Method};

fn whole(spec: &Spec) -> Tally {
    calculate(spec, Method::Exact).tally
}

/// The combos' tallies, weighted, add up to the whole job's, and the
/// weighted mean is its equity.
#[test]
fn combos_add_up_to_the_whole_job() {
    for (players, board, dead) in [
        (&["QQ+,AKs", "TT+"][..], "Kh7d2c", ""),
        (&["AKs:0.5,QQ+", "JJ-99,AQs", "AhKd"][..], "Js8s3d", "2c"),
        (&["KK,QQ", "random"][..], "AhKhQh2c", ""),
    ] {
        let spec = Spec::parse(players, board, dead).unwrap();
        let job = DistributionJob::new(&spec, 0, None, false).unwrap();
        assert!(job.exact());
        let tallies: Vec<Tally> = (0..job.len()).map(|i| job.run_point(i, 1, 0)).collect();
        let mut sum = Tally::new(spec.players().len());
        for (c, t) in job.combos.iter().zip(&tallies) {
            for (m, &n) in t.by_winners().iter().enumerate() {
                sum.record(m, n * u64::from(c.weight));
            }
        }
        let all = whole(&spec);
        assert_eq!(sum, all, "{players:?} {board}");
        let d = job.finish(tallies);
        assert!((d.mean() - all.equity(0)).abs() < 1e-12);
        assert_eq!(d.error(), 0.0);
        let b = d.buckets(&BUCKETS);
        assert!((b.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // Strongest first.
        assert!(d.points.windows(2).all(|w| w[0].equity() >= w[1].equity()));
    }
}

/// Sampled: the deals each combo meets are the exact job's, and the mean
/// is within a few errors of the equity.
#[test]
fn sampled_points_weigh_as_the_exact_ones() {
    let spec = Spec::parse(&["QQ+,AKs", "TT+,AQs", "JJ,AJs"], "Kh7d2c", "").unwrap();
    let exact = DistributionJob::new(&spec, 0, None, false).unwrap();
    let sampled = DistributionJob::new(&spec, 0, None, true).unwrap();
    assert!(!sampled.exact());
    // 52 − 3 board − 6 hole cards.
    let boards = 43 * 42 / 2;
    for i in 0..exact.len() {
        let t = exact.run_point(i, 1, 0);
        assert_eq!(u128::from(t.showdowns()), sampled.deals[i] * boards);
    }
    let d = sampled.run_all(7, 4_000);
    let e = whole(&spec).equity(0);
    assert!(d.error() > 0.0);
    assert!((d.mean() - e).abs() < 4.0 * d.error(), "{} {e}", d.mean());
}

#[test]
fn errors_name_the_player() {
    let spec = Spec::parse(&["AhKh", "QQ"], "", "").unwrap();
    let e = DistributionJob::new(&spec, 0, None, false).unwrap_err();
    assert_eq!(e, DistributionError::KnownHand { player: 0 });
    assert!(e.to_string().contains("player 1 holds a known hand"));
    let e = DistributionJob::new(&spec, 2, None, false).unwrap_err();
    assert!(e.to_string().contains("has 2 players"));
}
