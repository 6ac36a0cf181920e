//! holdem-hand-evaluator (Rust), when built in (`ALLIN_PEER_HHE`, see
//! `build.rs`): its evaluator and its heads-up enumerator, single thread.

extern crate holdem_hand_evaluator as hhe;

use hhe::Hand;

fn hand(text: &str) -> Result<Hand, String> {
    text.parse::<Hand>()
        .map_err(|e| format!("holdem-hand-evaluator cannot read {text:?}: {e}"))
}

/// Heads-up equities from its win/win/tie counts: `hero` against a hand or
/// (`villain` empty) every hand, on `board` with `dead` out.
pub fn heads_up(hero: &str, villain: &str, board: &str, dead: &str) -> Result<Vec<f64>, String> {
    let (a, b, board, dead) = (hand(hero)?, hand(villain)?, hand(board)?, hand(dead)?);
    let (w1, w2, tie) = hhe::heads_up_win_frequency(&a, &b, &board, &dead);
    let total = f64::from(w1) + f64::from(w2) + f64::from(tie);
    Ok(vec![
        (f64::from(w1) + f64::from(tie) / 2.0) / total,
        (f64::from(w2) + f64::from(tie) / 2.0) / total,
    ])
}

/// Category counts (its numbering: 0 = high card … 8 = straight flush)
/// over every 7-card hand, one card added per loop level.
#[allow(clippy::needless_range_loop)]
pub fn all7() -> [u64; 16] {
    let mut counts = [0u64; 16];
    let h0 = Hand::new();
    for a in 0..46 {
        let h1 = h0.add_card(a);
        for b in a + 1..47 {
            let h2 = h1.add_card(b);
            for c in b + 1..48 {
                let h3 = h2.add_card(c);
                for d in c + 1..49 {
                    let h4 = h3.add_card(d);
                    for e in d + 1..50 {
                        let h5 = h4.add_card(e);
                        for f in e + 1..51 {
                            let h6 = h5.add_card(f);
                            for g in f + 1..52 {
                                counts[usize::from(h6.add_card(g).evaluate() >> 12)] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    counts
}

/// Category counts of the given 7-card hands (card ids `rank * 4 + suit`).
pub fn hands(hands: &[[u8; 7]]) -> [u64; 16] {
    let mut counts = [0u64; 16];
    for h in hands {
        let hand = h
            .iter()
            .fold(Hand::new(), |hand, &c| hand.add_card(usize::from(c)));
        counts[usize::from(hand.evaluate() >> 12)] += 1;
    }
    counts
}
