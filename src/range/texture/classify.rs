//! One combo on a board: its made class and its draws (definitions in the
//! parent module's doc).

use crate::card::{Card, CardSet, ACE};
use crate::eval::{evaluate, Category};

/// What a combo has made, strongest first (the order of every table).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Made {
    StraightFlush = 0,
    Quads,
    FullHouse,
    Flush,
    Straight,
    Set,
    Trips,
    TwoPair,
    Overpair,
    TopPair,
    PocketPairBelowTop,
    MiddlePair,
    WeakPair,
    AceHigh,
    NoMadeHand,
}

impl Made {
    /// Every class, strongest first.
    pub const ALL: [Made; 15] = [
        Made::StraightFlush,
        Made::Quads,
        Made::FullHouse,
        Made::Flush,
        Made::Straight,
        Made::Set,
        Made::Trips,
        Made::TwoPair,
        Made::Overpair,
        Made::TopPair,
        Made::PocketPairBelowTop,
        Made::MiddlePair,
        Made::WeakPair,
        Made::AceHigh,
        Made::NoMadeHand,
    ];

    /// Machine name (JSON, `data-class`), e.g. `"top_pair"`.
    pub const fn key(self) -> &'static str {
        match self {
            Made::StraightFlush => "straight_flush",
            Made::Quads => "quads",
            Made::FullHouse => "full_house",
            Made::Flush => "flush",
            Made::Straight => "straight",
            Made::Set => "set",
            Made::Trips => "trips",
            Made::TwoPair => "two_pair",
            Made::Overpair => "overpair",
            Made::TopPair => "top_pair",
            Made::PocketPairBelowTop => "pocket_pair_below_top",
            Made::MiddlePair => "middle_pair",
            Made::WeakPair => "weak_pair",
            Made::AceHigh => "ace_high",
            Made::NoMadeHand => "no_made_hand",
        }
    }

    /// For people, e.g. `"Top pair"`.
    pub const fn label(self) -> &'static str {
        match self {
            Made::StraightFlush => "Straight flush",
            Made::Quads => "Four of a kind",
            Made::FullHouse => "Full house",
            Made::Flush => "Flush",
            Made::Straight => "Straight",
            Made::Set => "Set",
            Made::Trips => "Trips",
            Made::TwoPair => "Two pair",
            Made::Overpair => "Overpair",
            Made::TopPair => "Top pair",
            Made::PocketPairBelowTop => "Pocket pair below top",
            Made::MiddlePair => "Middle pair",
            Made::WeakPair => "Weak pair",
            Made::AceHigh => "Ace high",
            Made::NoMadeHand => "No made hand",
        }
    }

    /// The evaluator's category for the first five classes.
    const fn from_category(c: Category) -> Option<Made> {
        match c {
            Category::StraightFlush => Some(Made::StraightFlush),
            Category::Quads => Some(Made::Quads),
            Category::FullHouse => Some(Made::FullHouse),
            Category::Flush => Some(Made::Flush),
            Category::Straight => Some(Made::Straight),
            _ => None,
        }
    }
}

/// A draw a combo holds; several may hold at once (a bit each in
/// [`Draws`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Draw {
    FlushDraw = 0,
    Oesd,
    Gutshot,
    FlushDrawOesd,
    FlushDrawGutshot,
    BackdoorFlushDraw,
    Overcards,
}

impl Draw {
    /// Every draw, in table order.
    pub const ALL: [Draw; 7] = [
        Draw::FlushDraw,
        Draw::Oesd,
        Draw::Gutshot,
        Draw::FlushDrawOesd,
        Draw::FlushDrawGutshot,
        Draw::BackdoorFlushDraw,
        Draw::Overcards,
    ];

    pub const fn key(self) -> &'static str {
        match self {
            Draw::FlushDraw => "flush_draw",
            Draw::Oesd => "oesd",
            Draw::Gutshot => "gutshot",
            Draw::FlushDrawOesd => "flush_draw_oesd",
            Draw::FlushDrawGutshot => "flush_draw_gutshot",
            Draw::BackdoorFlushDraw => "backdoor_flush_draw",
            Draw::Overcards => "overcards",
        }
    }

    pub const fn label(self) -> &'static str {
        match self {
            Draw::FlushDraw => "Flush draw",
            Draw::Oesd => "Open-ended straight draw",
            Draw::Gutshot => "Gutshot",
            Draw::FlushDrawOesd => "Flush draw + open-ended",
            Draw::FlushDrawGutshot => "Flush draw + gutshot",
            Draw::BackdoorFlushDraw => "Backdoor flush draw",
            Draw::Overcards => "Overcards",
        }
    }
}

/// A set of [`Draw`]s.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Draws(u8);

impl Draws {
    pub const fn contains(self, d: Draw) -> bool {
        self.0 & (1 << d as u8) != 0
    }

    fn insert(&mut self, d: Draw) {
        self.0 |= 1 << d as u8;
    }

    /// The draws held, in table order.
    pub fn iter(self) -> impl Iterator<Item = Draw> {
        Draw::ALL.into_iter().filter(move |&d| self.contains(d))
    }
}

/// One combo's place in the breakdown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Classified {
    pub made: Made,
    pub draws: Draws,
}

/// Bit `r + 1` per rank present, and bit 0 for an ace (the wheel).
fn straight_bits(ranks: u16) -> u16 {
    (ranks << 1) | ((ranks >> ACE) & 1)
}

/// The top card (0 = deuce … 12 = ace) of the best straight in `ranks`, or
/// `None`.
fn best_straight(ranks: u16) -> Option<u8> {
    let b = straight_bits(ranks);
    let five = b & (b >> 1) & (b >> 2) & (b >> 3) & (b >> 4);
    // Bit i of `five`: bits i..i+4 set; its top card is bit i + 4, rank i + 3.
    (five != 0).then(|| (15 - five.leading_zeros()) as u8 + 3)
}

fn rank_mask(cards: impl IntoIterator<Item = Card>) -> u16 {
    cards.into_iter().fold(0, |m, c| m | 1 << c.rank())
}

/// Classifies hole cards `hole` on `board` (3 or 4 cards); `live` is every
/// card that can still come (not in the hand, on the board or dead).
///
/// The caller guarantees the cards are distinct and the board has 3 or 4.
pub fn classify(hole: [Card; 2], board: &[Card], live: CardSet) -> Classified {
    let mut all: Vec<Card> = board.to_vec();
    all.extend(hole);
    let category = evaluate(&all).category();
    let made = Made::from_category(category).unwrap_or_else(|| paired(hole, board));
    let mut draws = Draws::default();
    let (fd, bdfd) = flush_draws(hole, board);
    if category != Category::Flush && category != Category::StraightFlush {
        if fd {
            draws.insert(Draw::FlushDraw);
        } else if bdfd && board.len() == 3 {
            draws.insert(Draw::BackdoorFlushDraw);
        }
    }
    if category != Category::Straight && category != Category::StraightFlush {
        let outs = straight_out_ranks(hole, board, live);
        match outs.count_ones() {
            0 => {}
            1 => draws.insert(Draw::Gutshot),
            _ => draws.insert(Draw::Oesd),
        }
    }
    if draws.contains(Draw::FlushDraw) {
        if draws.contains(Draw::Oesd) {
            draws.insert(Draw::FlushDrawOesd);
        }
        if draws.contains(Draw::Gutshot) {
            draws.insert(Draw::FlushDrawGutshot);
        }
    }
    let top = board.iter().map(|c| c.rank()).max().unwrap_or(0);
    if matches!(made, Made::AceHigh | Made::NoMadeHand) && hole.iter().all(|c| c.rank() > top) {
        draws.insert(Draw::Overcards);
    }
    Classified { made, draws }
}

/// The class of a hand below a straight, from how its hole cards pair the
/// board (see the module doc).
fn paired(hole: [Card; 2], board: &[Card]) -> Made {
    let mut count = [0u8; 13];
    for c in board {
        count[c.rank() as usize] += 1;
    }
    let distinct: Vec<u8> = (0..13u8).rev().filter(|&r| count[r as usize] > 0).collect();
    let top = distinct[0];
    let (a, b) = (hole[0].rank(), hole[1].rank());
    if a == b {
        return match count[a as usize] {
            0 if a > top => Made::Overpair,
            0 => Made::PocketPairBelowTop,
            // 1: a set (2 or more would be quads or better, caught above).
            _ => Made::Set,
        };
    }
    let hits: Vec<u8> = [a, b]
        .into_iter()
        .filter(|&r| count[r as usize] > 0)
        .collect();
    match hits.as_slice() {
        [_, _] => Made::TwoPair,
        [r] if count[*r as usize] >= 2 => Made::Trips,
        [r] if *r == top => Made::TopPair,
        [r] if Some(r) == distinct.get(1) => Made::MiddlePair,
        [_] => Made::WeakPair,
        _ if a == ACE || b == ACE => Made::AceHigh,
        _ => Made::NoMadeHand,
    }
}

/// (flush draw, backdoor flush draw): a suit with exactly 4 (or 3) of the
/// hand's and board's cards, at least one of them a hole card.
fn flush_draws(hole: [Card; 2], board: &[Card]) -> (bool, bool) {
    let (mut fd, mut bd) = (false, false);
    for s in 0..4 {
        if hole.iter().all(|c| c.suit() != s) {
            continue;
        }
        let n = hole.iter().chain(board).filter(|c| c.suit() == s).count();
        fd |= n == 4;
        bd |= n == 3;
    }
    (fd, bd)
}

/// The ranks (a bit each) one card of which, still live, would give the
/// hand a straight higher than the board's own with that card.
fn straight_out_ranks(hole: [Card; 2], board: &[Card], live: CardSet) -> u16 {
    let board_ranks = rank_mask(board.iter().copied());
    let hand_ranks = board_ranks | rank_mask(hole);
    let live_ranks = rank_mask(live.iter());
    let mut outs = 0;
    for r in 0..13u8 {
        let bit = 1u16 << r;
        if hand_ranks & bit != 0 || live_ranks & bit == 0 {
            continue;
        }
        let mine = best_straight(hand_ranks | bit);
        if mine.is_some() && mine > best_straight(board_ranks | bit) {
            outs |= bit;
        }
    }
    outs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn cl(hole: &str, board: &str) -> (Made, Vec<Draw>) {
        let h = parse_cards(hole).unwrap();
        let b = parse_cards(board).unwrap();
        let seen: CardSet = h.iter().chain(&b).copied().collect();
        let c = classify([h[0], h[1]], &b, seen.complement());
        (c.made, c.draws.iter().collect())
    }

    #[test]
    fn straights() {
        assert_eq!(best_straight(0b1_1111), Some(4)); // 2..6
        assert_eq!(best_straight(0b1_0000_0000_1111), Some(3)); // wheel
        assert_eq!(best_straight(0b1_1111_0000_0000), Some(12));
        assert_eq!(best_straight(0b1_0111_0000_0000), None);
    }

    #[test]
    fn examples() {
        use Draw::*;
        assert_eq!(
            cl("AhKh", "QhJh2c"),
            (
                Made::AceHigh,
                vec![FlushDraw, Gutshot, FlushDrawGutshot, Overcards]
            )
        );
        assert_eq!(
            cl("9c8d", "7h6s2c"),
            (Made::NoMadeHand, vec![Oesd, Overcards])
        );
        assert_eq!(cl("QcQd", "Jh7s2c"), (Made::Overpair, vec![]));
        assert_eq!(cl("KcQd", "Kh7s7c"), (Made::TopPair, vec![]));
    }
}
