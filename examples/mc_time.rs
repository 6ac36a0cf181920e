//! Times Monte Carlo jobs: `cargo run --release --example mc_time -- 'RANGE' PLAYERS TRIALS`.
use allin::equity::{MonteCarlo, Spec};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args[1].parse().unwrap();
    let trials: u64 = args[2].parse().unwrap();
    let players = vec![args[0].as_str(); n];
    let t = std::time::Instant::now();
    let spec = Spec::parse(&players, "", "").unwrap();
    let mc = MonteCarlo::new(&spec);
    let opened = t.elapsed();
    let tally = mc.run(1, 0, trials);
    let eq: Vec<String> = (0..n).map(|p| format!("{:.4}", tally.equity(p))).collect();
    println!(
        "{} x {n}, {trials} trials: open {opened:?}, total {:?}; showdowns {}; equities {}",
        args[0],
        t.elapsed(),
        tally.showdowns(),
        eq.join(" ")
    );
}
