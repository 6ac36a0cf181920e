//! Flush corrections for [`ByBoard`]: the groups count every board of a
//! unit as if no one could make a flush; here, for each board of the unit
//! with three or more cards of a suit, the assignments in which someone
//! makes a flush have their rank-only outcome moved to the real one.
//!
//! A player makes a flush when the board's cards of the suit plus theirs
//! reach five; that flush then beats anything the same seven cards make
//! without it (five cards of distinct ranks leave no full house), so the
//! combos whose rank changes are exactly those holding enough of the suit,
//! found from per-suit lists, and only the assignments holding one of them
//! are visited (each once: through its first such player's combo).
//!
//! [`ByBoard`]: super::ByBoard

use super::{winners, ByBoard, Scratch};
use crate::card::Card;
use crate::equity::winners_of;
use crate::eval::{flush_rank, HandRank};

/// Corrects `s.counts` for the boards of the unit `ranks` (the ranks to
/// come) that have a flush suit. `s.plain` holds the shapes' rank-only
/// ranks on these ranks.
pub(super) fn correct(job: &ByBoard, ranks: &[u8], s: &mut Scratch) {
    s.rank.clear();
    s.rank
        .extend(job.holes.iter().map(|h| s.plain[h.shape as usize]));
    let suits_of = |r: u8| (job.deck.bits() >> (4 * r)) as u8 & 0xf;
    match *ranks {
        [r] => {
            for a in suits(suits_of(r)) {
                board(job, &[Card::new(r, a)], s);
            }
        }
        [hi, lo] if hi == lo => {
            let free = suits_of(hi);
            for a in suits(free) {
                for b in suits(free).filter(|&b| b > a) {
                    board(job, &[Card::new(hi, a), Card::new(hi, b)], s);
                }
            }
        }
        [hi, lo] => {
            for a in suits(suits_of(hi)) {
                for b in suits(suits_of(lo)) {
                    board(job, &[Card::new(hi, a), Card::new(lo, b)], s);
                }
            }
        }
        _ => {}
    }
}

/// The suits in a 4-bit mask.
fn suits(mask: u8) -> impl Iterator<Item = u8> + Clone {
    (0..4u8).filter(move |&s| mask >> s & 1 == 1)
}

/// The correction for the board completed by the cards `to_come`.
fn board(job: &ByBoard, to_come: &[Card], s: &mut Scratch) {
    let mut counts = job.board_counts;
    let mut masks = job.board_masks;
    let mut gone = 0u64;
    for c in to_come {
        counts[c.suit() as usize] += 1;
        masks[c.suit() as usize] |= 1 << c.rank();
        gone |= 1u64 << c.id();
    }
    // At most one suit holds three of five cards.
    let Some(suit) = (0..4).find(|&x| counts[x] >= 3) else {
        return;
    };
    let need = 5 - counts[suit];
    s.flushing.clear();
    let mut raise = |c: usize, visit: bool| {
        let h = &job.holes[c];
        if h.bits & gone == 0 {
            s.rank[c] = flush_rank(masks[suit] | h.suit_masks[suit]);
            if visit {
                s.flushing.push(c as u32);
            }
        }
    };
    match need {
        2 => job.of_suit[suit][..job.two_of[suit]]
            .iter()
            .for_each(|&c| raise(c as usize, true)),
        1 => job.of_suit[suit]
            .iter()
            .for_each(|&c| raise(c as usize, true)),
        // The board is a flush: everyone plays the suit, and every
        // assignment is visited through player 0's combo.
        _ => (0..job.holes.len()).for_each(|c| raise(c, job.holes[c].player == 0)),
    }
    if !s.flushing.is_empty() {
        match job.players {
            2 => settle::<2>(job, gone, s),
            3 => settle::<3>(job, gone, s),
            4 => settle::<4>(job, gone, s),
            _ => settle_any(job, gone, s),
        }
    }
    // Back to rank-only for the next board.
    if need == 0 {
        for (r, h) in s.rank.iter_mut().zip(&job.holes) {
            *r = s.plain[h.shape as usize];
        }
    } else {
        for &c in &s.flushing {
            s.rank[c as usize] = s.plain[job.holes[c as usize].shape as usize];
        }
    }
}

/// Moves the weight of every assignment holding a flushing combo and none
/// of the cards `gone`, `N` players, from its rank-only winners to its
/// winners.
#[inline(always)]
fn settle<const N: usize>(job: &ByBoard, gone: u64, s: &mut Scratch) {
    let rank_only = |c: u32| s.plain[job.holes[c as usize].shape as usize];
    for &c in &s.flushing {
        let first = job.holes[c as usize].player as usize;
        let range =
            job.holding_start[c as usize] as usize..job.holding_start[c as usize + 1] as usize;
        for &a in &job.holding[range] {
            let a = a as usize;
            if job.used[a] & gone != 0 {
                continue;
            }
            let picks = &job.picks[a * N..a * N + N];
            // Visited once: through its first flushing player.
            if picks[..first]
                .iter()
                .any(|&q| s.rank[q as usize] != rank_only(q))
            {
                continue;
            }
            let real: [HandRank; N] = std::array::from_fn(|p| s.rank[picks[p] as usize]);
            let plain: [HandRank; N] = std::array::from_fn(|p| rank_only(picks[p]));
            let weight = job.weights[a];
            let to = &mut s.counts[winners(&real)];
            *to = to.wrapping_add(weight);
            let from = &mut s.counts[winners(&plain)];
            *from = from.wrapping_sub(weight);
        }
    }
}

/// [`settle`] for any number of players.
fn settle_any(job: &ByBoard, gone: u64, s: &mut Scratch) {
    let n = job.players;
    let rank_only = |c: u32| s.plain[job.holes[c as usize].shape as usize];
    for &c in &s.flushing {
        let first = job.holes[c as usize].player as usize;
        let range =
            job.holding_start[c as usize] as usize..job.holding_start[c as usize + 1] as usize;
        for &a in &job.holding[range] {
            let a = a as usize;
            if job.used[a] & gone != 0 {
                continue;
            }
            let picks = &job.picks[a * n..a * n + n];
            if picks[..first]
                .iter()
                .any(|&q| s.rank[q as usize] != rank_only(q))
            {
                continue;
            }
            let weight = job.weights[a];
            let real = winners_of(picks.iter().map(|&q| s.rank[q as usize]));
            let plain = winners_of(picks.iter().map(|&q| rank_only(q)));
            s.counts[real] = s.counts[real].wrapping_add(weight);
            s.counts[plain] = s.counts[plain].wrapping_sub(weight);
        }
    }
}
