//! OMPEval (C++), when built in (`ALLIN_PEER_OMPEVAL`, see `build.rs`):
//! calls into our shim `ext/ompeval_peer.cpp`, single thread.

use std::ffi::{c_char, CString};

extern "C" {
    fn allin_peer_omp_equity(
        ranges: *const *const c_char,
        n: u32,
        board: *const c_char,
        dead: *const c_char,
        trials: u64,
        equity: *mut f64,
    ) -> i64;
    fn allin_peer_omp_all7(counts: *mut u64);
    fn allin_peer_omp_hands(cards: *const u8, n: u64, counts: *mut u64);
}

/// Equities (exact when `trials` is 0, else Monte Carlo for about that many
/// hands) and the hands OMPEval counted.
pub fn equity(
    players: &[&str],
    board: &str,
    dead: &str,
    trials: u64,
) -> Result<(Vec<f64>, u64), String> {
    let text = |s: &str| CString::new(s).map_err(|_| format!("{s:?} holds a NUL"));
    let ranges = players
        .iter()
        .map(|p| text(p))
        .collect::<Result<Vec<_>, _>>()?;
    let pointers: Vec<*const c_char> = ranges.iter().map(|r| r.as_ptr()).collect();
    let (board, dead) = (text(board)?, text(dead)?);
    let mut equity = vec![0.0; players.len()];
    // SAFETY: every pointer is a live NUL-terminated string or a buffer of
    // `players.len()` doubles for the duration of the call.
    let hands = unsafe {
        allin_peer_omp_equity(
            pointers.as_ptr(),
            players.len() as u32,
            board.as_ptr(),
            dead.as_ptr(),
            trials,
            equity.as_mut_ptr(),
        )
    };
    u64::try_from(hands)
        .map(|h| (equity, h))
        .map_err(|_| "OMPEval refused the job".to_string())
}

/// Category counts (OMPEval's numbering: 1 = high card … 9 = straight
/// flush) over all 7-card hands in nested loops.
pub fn all7() -> [u64; 16] {
    let mut counts = [0; 16];
    // SAFETY: `counts` has more than the 10 slots the shim writes.
    unsafe { allin_peer_omp_all7(counts.as_mut_ptr()) };
    counts
}

/// Category counts of the given 7-card hands (card ids `rank * 4 + suit`).
pub fn hands(hands: &[[u8; 7]]) -> [u64; 16] {
    let mut counts = [0; 16];
    // SAFETY: `hands` is `len` contiguous groups of 7 bytes; `counts` has more than 10 slots.
    unsafe {
        allin_peer_omp_hands(
            hands.as_ptr().cast(),
            hands.len() as u64,
            counts.as_mut_ptr(),
        )
    };
    counts
}

extern "C" {
    fn allin_peer_omp_sample(
        ranges: *const *const c_char,
        n: u32,
        board: *const c_char,
        dead: *const c_char,
        stdev_target: f64,
        interval: f64,
        hand_limit: u64,
        equity: *mut f64,
        stdev: *mut f64,
    ) -> i64;
}

/// One Monte Carlo run of OMPEval's `EquityCalculator` (random walk, one
/// thread): what it answered and what it estimated of its own error.
pub struct Sampled {
    pub equity: Vec<f64>,
    pub hands: u64,
    /// The standard error of player 1's equity, as OMPEval estimated it.
    pub stdev: f64,
    /// Its per-hand standard deviation (`stdev × √hands`).
    pub stdev_per_hand: f64,
}

/// Monte Carlo stopped by OMPEval's own standard-error target on player
/// 1's equity (`stdev_target`, a fraction; 0 = none), checked every
/// `interval` seconds, or after about `hand_limit` hands (0 = none).
pub fn sample(
    players: &[&str],
    stdev_target: f64,
    interval: f64,
    hand_limit: u64,
) -> Result<Sampled, String> {
    let text = |s: &str| CString::new(s).map_err(|_| format!("{s:?} holds a NUL"));
    let ranges = players
        .iter()
        .map(|p| text(p))
        .collect::<Result<Vec<_>, _>>()?;
    let pointers: Vec<*const c_char> = ranges.iter().map(|r| r.as_ptr()).collect();
    let empty = text("")?;
    let mut equity = vec![0.0; players.len()];
    let mut stdev = [0.0; 2];
    // SAFETY: every pointer is a live NUL-terminated string, a buffer of
    // `players.len()` doubles or of 2 doubles for the duration of the call.
    let hands = unsafe {
        allin_peer_omp_sample(
            pointers.as_ptr(),
            players.len() as u32,
            empty.as_ptr(),
            empty.as_ptr(),
            stdev_target,
            interval,
            hand_limit,
            equity.as_mut_ptr(),
            stdev.as_mut_ptr(),
        )
    };
    let hands = u64::try_from(hands).map_err(|_| "OMPEval refused the job".to_string())?;
    Ok(Sampled {
        equity,
        hands,
        stdev: stdev[0],
        stdev_per_hand: stdev[1],
    })
}
