//! Omaha high: the best hand of exactly two hole cards and exactly three
//! board cards.
//!
//! What depends only on the hole cards is prepared once per player
//! ([`Hole`]: its 6, 10 or 15 two-card pairs, those of equal ranks kept
//! once, and per suit the rank masks of the pairs suited in it); what
//! depends only on the board once per board ([`Board`]: its three-card
//! subsets, equal rank triples kept once, and the rank masks of the
//! monosuited ones). The best hand is then
//!
//! - without flushes: the best of pair + triple by rank keys alone (one
//!   addition and one table lookup each, `Hand::evaluate_without_flush`);
//! - flushes: only for a monosuited triple and a pair of that suit, by the
//!   rank mask (`flush_rank`).
//!
//! A flush combination also gets a non-flush value (its straight or high
//! card), always below its flush value, so the maximum of both is exact.
//!
//! **The hot path** of Omaha jobs is [`best_high`].

use crate::card::Card;
use crate::eval::{evaluate, flush_rank, Hand, HandRank};

/// The most two-card pairs a hand has (six cards: 15).
const MAX_PAIRS: usize = 15;

/// A player's hole cards, prepared for evaluation against many boards.
#[derive(Clone, Debug)]
pub struct Hole {
    /// The pairs' hands, one per distinct pair of ranks.
    plain: [Hand; MAX_PAIRS],
    plain_len: usize,
    /// Per suit, the rank masks of the pairs of that suit.
    suited: [[u16; MAX_PAIRS]; 4],
    suited_len: [usize; 4],
}

impl Hole {
    /// Prepares 2 to 6 distinct hole cards (Omaha: 4, 5 or 6).
    pub fn new(cards: &[Card]) -> Hole {
        debug_assert!((2..=6).contains(&cards.len()));
        let mut hole = Hole {
            plain: [Hand::new(); MAX_PAIRS],
            plain_len: 0,
            suited: [[0; MAX_PAIRS]; 4],
            suited_len: [0; 4],
        };
        let mut seen: [(u8, u8); MAX_PAIRS] = [(0, 0); MAX_PAIRS];
        for (i, &a) in cards.iter().enumerate() {
            for &b in &cards[i + 1..] {
                let ranks = (a.rank().min(b.rank()), a.rank().max(b.rank()));
                if !seen[..hole.plain_len].contains(&ranks) {
                    seen[hole.plain_len] = ranks;
                    hole.plain[hole.plain_len] = Hand::new().add(a).add(b);
                    hole.plain_len += 1;
                }
                if a.suit() == b.suit() {
                    let s = usize::from(a.suit());
                    hole.suited[s][hole.suited_len[s]] = 1 << a.rank() | 1 << b.rank();
                    hole.suited_len[s] += 1;
                }
            }
        }
        hole
    }
}

/// A board of 3 to 5 cards, prepared: its three-card subsets.
#[derive(Clone, Debug)]
pub struct Board {
    /// One hand per distinct rank triple.
    plain: [Hand; 10],
    plain_len: usize,
    /// The monosuited triples: (suit, rank mask).
    suited: [(u8, u16); 10],
    suited_len: usize,
}

impl Board {
    /// Prepares 3, 4 or 5 distinct board cards.
    pub fn new(cards: &[Card]) -> Board {
        debug_assert!((3..=5).contains(&cards.len()));
        let mut board = Board {
            plain: [Hand::new(); 10],
            plain_len: 0,
            suited: [(0, 0); 10],
            suited_len: 0,
        };
        let mut seen = [[0u8; 3]; 10];
        let n = cards.len();
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    let (a, b, c) = (cards[i], cards[j], cards[k]);
                    let mut ranks = [a.rank(), b.rank(), c.rank()];
                    ranks.sort_unstable();
                    if !seen[..board.plain_len].contains(&ranks) {
                        seen[board.plain_len] = ranks;
                        board.plain[board.plain_len] = Hand::new().add(a).add(b).add(c);
                        board.plain_len += 1;
                    }
                    if a.suit() == b.suit() && b.suit() == c.suit() {
                        board.suited[board.suited_len] =
                            (a.suit(), 1 << a.rank() | 1 << b.rank() | 1 << c.rank());
                        board.suited_len += 1;
                    }
                }
            }
        }
        board
    }
}

/// The six pairs of four board cards: with a fifth card they make the six
/// triples that hold it ([`Pairs::triples_with`]); the other four triples
/// are the four cards' own (`Board::new(four)`), prepared once for every
/// fifth card. So an enumeration evaluates 6 triples per player and board,
/// not 10.
#[derive(Clone, Debug)]
pub struct Pairs {
    hands: [Hand; 6],
    /// The pair's suit when both cards share it, else 4.
    suits: [u8; 6],
    masks: [u16; 6],
}

impl Pairs {
    /// The pairs of these four distinct cards.
    pub fn new(four: &[Card; 4]) -> Pairs {
        let mut pairs = Pairs {
            hands: [Hand::new(); 6],
            suits: [4; 6],
            masks: [0; 6],
        };
        let mut k = 0;
        for i in 0..4 {
            for j in i + 1..4 {
                let (a, b) = (four[i], four[j]);
                pairs.hands[k] = Hand::new().add(a).add(b);
                if a.suit() == b.suit() {
                    pairs.suits[k] = a.suit();
                }
                pairs.masks[k] = 1 << a.rank() | 1 << b.rank();
                k += 1;
            }
        }
        pairs
    }

    /// The six triples of these pairs with `fifth` (not one of the four).
    #[inline]
    pub fn triples_with(&self, fifth: Card) -> Board {
        let mut board = Board {
            plain: [Hand::new(); 10],
            plain_len: 6,
            suited: [(0, 0); 10],
            suited_len: 0,
        };
        for k in 0..6 {
            board.plain[k] = self.hands[k].add(fifth);
            if self.suits[k] == fifth.suit() {
                board.suited[board.suited_len] = (fifth.suit(), self.masks[k] | 1 << fifth.rank());
                board.suited_len += 1;
            }
        }
        board
    }
}

/// The best Omaha high hand of `hole` with `board`: two hole cards and three
/// board cards.
#[inline]
pub fn best_high(hole: &Hole, board: &Board) -> HandRank {
    let mut best = HandRank::MIN;
    for &t in &board.plain[..board.plain_len] {
        for &p in &hole.plain[..hole.plain_len] {
            best = best.max(p.combine(t).evaluate_without_flush());
        }
    }
    for &(suit, ranks) in &board.suited[..board.suited_len] {
        let s = usize::from(suit);
        for &pair in &hole.suited[s][..hole.suited_len[s]] {
            best = best.max(flush_rank(pair | ranks));
        }
    }
    best
}

/// The best Omaha high hand of these hole cards (2 to 6) and board (3 to 5
/// cards), from scratch.
pub fn evaluate_omaha(hole: &[Card], board: &[Card]) -> HandRank {
    best_high(&Hole::new(hole), &Board::new(board))
}

/// The two hole cards and three board cards that make the best high hand
/// (the first such in the order of the cards as given), and its rank: the
/// five are the two hole cards, then the three board cards.
pub fn best_five(hole: &[Card], board: &[Card]) -> ([Card; 5], HandRank) {
    let mut best: Option<([Card; 5], HandRank)> = None;
    for (i, &a) in hole.iter().enumerate() {
        for &b in &hole[i + 1..] {
            for (j, &c) in board.iter().enumerate() {
                for (k, &d) in board.iter().enumerate().skip(j + 1) {
                    for &e in &board[k + 1..] {
                        let five = [a, b, c, d, e];
                        let rank = evaluate(&five);
                        if best.map_or(true, |(_, r)| rank > r) {
                            best = Some((five, rank));
                        }
                    }
                }
            }
        }
    }
    best.expect("two hole cards and three board cards")
}
