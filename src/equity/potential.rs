//! Hand strength and potential (Billings, Papp, Schaeffer and Szafron,
//! "Opponent modeling in poker", 1998): for a hand on a flop or a turn
//! against one opponent holding any combo of a weighted range,
//!
//! - **HS**, the share of opponent holdings it is ahead of now (ties half);
//! - the 3×3 **transitions** `hp[now][final]` (ahead, tied, behind → ahead,
//!   tied, behind) over every opponent holding × every runout (both cards
//!   on the flop, the river on the turn), and the one-card look-ahead
//!   (`next`: the turn only, on the flop);
//! - **PPot**, **NPot** and **EHS** = HS·(1 − NPot) + (1 − HS)·PPot, from
//!   the counts, in the paper's form and in the common variant whose
//!   denominators take the tied total whole.
//!
//! Integer counts, by weight: a combo of weight `w` (per mille, see
//! [`Weight`]) adds `w` to `now` and `w` to one cell of `hp` per runout.
//! Work is index-addressable: unit `i` is opponent combo `i`
//! ([`PotentialJob::opponents`]), and [`PotentialJob::run`] over any split
//! of the units adds up to the same counts.
//!
//! The hot loop is [`PotentialJob::run_unit`]: per runout, the hero's rank
//! is looked up (computed once at opening, `hero_final`), the opponent's
//! is the board's partial hand plus four cards.

use crate::card::{Card, CardSet};
use crate::eval::{Hand, HandRank};
use crate::range::{HoleCards, Range, Weight};
use std::cmp::Ordering;
use std::fmt;

mod deals;
pub mod multi;
pub mod stats;

/// Ahead, tied, behind: the order of every row and column here.
pub const AHEAD: usize = 0;
pub const TIED: usize = 1;
pub const BEHIND: usize = 2;

/// Why a hand's potential cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PotentialError {
    /// The board holds `0`: potential needs a flop (3) or a turn (4).
    BoardSize(usize),
    /// A card is in two places: the first and the second named
    /// (`"your hand"`, `"the board"`, `"the dead cards"`).
    Overlap(Card, &'static str, &'static str),
    /// No opponent combo is possible with these cards.
    NoOpponent,
}

impl fmt::Display for PotentialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PotentialError::BoardSize(n) => write!(
                f,
                "hand strength needs a flop or a turn: the board has {n} card{}, \
                 give 3 or 4",
                if *n == 1 { "" } else { "s" }
            ),
            PotentialError::Overlap(c, a, b) if a == b => write!(f, "{c} is in {a} twice"),
            PotentialError::Overlap(c, a, b) => write!(f, "{c} is in {a} and in {b}"),
            PotentialError::NoOpponent => {
                write!(f, "the opponent's range has no hand left with these cards")
            }
        }
    }
}

impl std::error::Error for PotentialError {}

/// The counts of a potential job (see the module doc): they merge by
/// addition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PotentialCounts {
    /// Weight of the opponent holdings the hand is ahead of, tied with,
    /// behind, now.
    pub now: [u64; 3],
    /// `hp[now][final]`: weight × runouts, by state now and at the river.
    pub hp: [[u64; 3]; 3],
    /// The same with one card to come (on the flop: the turn; on the turn
    /// it equals `hp`).
    pub next: [[u64; 3]; 3],
}

impl PotentialCounts {
    pub fn add(&mut self, other: &PotentialCounts) {
        for s in 0..3 {
            self.now[s] += other.now[s];
            for t in 0..3 {
                self.hp[s][t] += other.hp[s][t];
                self.next[s][t] += other.next[s][t];
            }
        }
    }

    /// HS: (ahead + tied / 2) / all, now.
    pub fn hs(&self) -> f64 {
        let [a, t, b] = self.now.map(|x| x as f64);
        ratio(a + t / 2.0, a + t + b)
    }

    /// PPot over both cards to come (or the river), the paper's form:
    /// (HP[b][a] + HP[b][t]/2 + HP[t][a]/2) / (HPtotal[b] + HPtotal[t]/2).
    pub fn ppot(&self) -> f64 {
        ppot(&self.hp, 2.0)
    }

    /// NPot, the paper's form:
    /// (HP[a][b] + HP[t][b]/2 + HP[a][t]/2) / (HPtotal[a] + HPtotal[t]/2).
    pub fn npot(&self) -> f64 {
        npot(&self.hp, 2.0)
    }

    /// PPot with HPtotal[t] whole in the denominator (a common variant).
    pub fn ppot_whole_tie(&self) -> f64 {
        ppot(&self.hp, 1.0)
    }

    /// NPot with HPtotal[t] whole in the denominator.
    pub fn npot_whole_tie(&self) -> f64 {
        npot(&self.hp, 1.0)
    }

    /// PPot and NPot with one card to come.
    pub fn ppot1(&self) -> f64 {
        ppot(&self.next, 2.0)
    }

    pub fn npot1(&self) -> f64 {
        npot(&self.next, 2.0)
    }

    /// EHS = HS·(1 − NPot) + (1 − HS)·PPot.
    pub fn ehs(&self) -> f64 {
        let hs = self.hs();
        hs * (1.0 - self.npot()) + (1.0 - hs) * self.ppot()
    }
}

fn ratio(num: f64, den: f64) -> f64 {
    if den == 0.0 {
        0.0
    } else {
        num / den
    }
}

fn totals(hp: &[[u64; 3]; 3]) -> [f64; 3] {
    hp.map(|row| row.iter().sum::<u64>() as f64)
}

fn ppot(hp: &[[u64; 3]; 3], tie_share: f64) -> f64 {
    let h = |s: usize, t: usize| hp[s][t] as f64;
    let total = totals(hp);
    ratio(
        h(BEHIND, AHEAD) + h(BEHIND, TIED) / 2.0 + h(TIED, AHEAD) / 2.0,
        total[BEHIND] + total[TIED] / tie_share,
    )
}

fn npot(hp: &[[u64; 3]; 3], tie_share: f64) -> f64 {
    let h = |s: usize, t: usize| hp[s][t] as f64;
    let total = totals(hp);
    ratio(
        h(AHEAD, BEHIND) + h(TIED, BEHIND) / 2.0 + h(AHEAD, TIED) / 2.0,
        total[AHEAD] + total[TIED] / tie_share,
    )
}

fn state(hero: HandRank, opponent: HandRank) -> usize {
    match hero.cmp(&opponent) {
        Ordering::Greater => AHEAD,
        Ordering::Equal => TIED,
        Ordering::Less => BEHIND,
    }
}

/// The cards out of the deck (hero, board, dead), after checking that the
/// board is a flop or a turn and that no card is in two places.
pub(crate) fn seen_cards(
    hero: HoleCards,
    board: &[Card],
    dead: CardSet,
) -> Result<CardSet, PotentialError> {
    if !(3..=4).contains(&board.len()) {
        return Err(PotentialError::BoardSize(board.len()));
    }
    let mut known = hero.card_set();
    for (i, &c) in board.iter().enumerate() {
        if hero.card_set().contains(c) {
            return Err(PotentialError::Overlap(c, "your hand", "the board"));
        }
        if board[..i].contains(&c) {
            return Err(PotentialError::Overlap(c, "the board", "the board"));
        }
        known.insert(c);
    }
    if let Some(c) = dead.intersection(known).iter().next() {
        let place = if hero.card_set().contains(c) {
            "your hand"
        } else {
            "the board"
        };
        return Err(PotentialError::Overlap(c, place, "the dead cards"));
    }
    Ok(CardSet::from_bits(known.bits() | dead.bits()).unwrap_or(known))
}

/// Every turn and river on the flop, in one flat list per field (one loop
/// per opponent combo, no inner loop to set up; the loop that cannot meet
/// a flush reads only `keys`, `bits` and `hero`): the two cards as a hand
/// to add, as bits (to know those the opponent holds) and the hero's rank
/// with them.
#[derive(Default)]
struct Runouts {
    keys: Vec<Hand>,
    bits: Vec<u64>,
    hero: Vec<HandRank>,
}

/// The state index without a branch (the outcomes are unpredictable):
/// ahead 0, tied 1, behind 2.
#[inline]
fn state_index(hero: HandRank, opponent: HandRank) -> usize {
    2 * usize::from(hero < opponent) + usize::from(hero == opponent)
}

/// One hand's potential against one opponent's range, ready to run in
/// units (one per opponent combo).
pub struct PotentialJob {
    board: Hand,
    /// The cards still to come from: not the hero's, the board's or dead.
    unseen: Vec<Card>,
    /// The hero's rank now (5 or 6 cards).
    hero_now: HandRank,
    /// On the turn: the hero's rank at the river, per unseen card.
    hero_final: Vec<HandRank>,
    /// On the flop: every turn and river, in one flat list (one loop per
    /// opponent combo, no inner loop to set up), with the hero's rank.
    runouts: Runouts,
    /// The hero's rank with the turn only (flop only), per unseen card.
    hero_turn: Vec<HandRank>,
    opponents: Vec<(HoleCards, Weight)>,
    flop: bool,
}

impl PotentialJob {
    /// The job for `hero` on `board` (3 or 4 cards) against one opponent
    /// holding `vs` (card removal applied), `dead` out of play.
    pub fn open(
        hero: HoleCards,
        board: &[Card],
        dead: CardSet,
        vs: &Range,
    ) -> Result<PotentialJob, PotentialError> {
        let seen = seen_cards(hero, board, dead)?;
        let unseen: Vec<Card> = seen.complement().iter().collect();
        let opponents: Vec<(HoleCards, Weight)> = vs
            .combos()
            .filter(|(combo, w)| !w.is_zero() && !combo.card_set().intersects(seen))
            .collect();
        if opponents.is_empty() {
            return Err(PotentialError::NoOpponent);
        }
        let board_hand = Hand::from_cards(board);
        let [h1, h2] = hero.cards();
        let hero_hand = board_hand + h1 + h2;
        let flop = board.len() == 3;
        let mut hero_final = Vec::new();
        let mut hero_turn = Vec::new();
        let mut runouts = Runouts::default();
        if flop {
            for &t in &unseen {
                hero_turn.push((hero_hand + t).evaluate());
            }
            for (i, &t) in unseen.iter().enumerate() {
                for &r in &unseen[i + 1..] {
                    runouts.keys.push(Hand::new() + t + r);
                    runouts.bits.push(CardSet::EMPTY.with(t).with(r).bits());
                    runouts.hero.push((hero_hand + t + r).evaluate());
                }
            }
        } else {
            for &r in &unseen {
                hero_final.push((hero_hand + r).evaluate());
            }
        }
        Ok(PotentialJob {
            board: board_hand,
            unseen,
            hero_now: hero_hand.evaluate(),
            hero_final,
            hero_turn,
            runouts,
            opponents,
            flop,
        })
    }

    /// The opponent combos, one unit each, with their weights.
    pub fn opponents(&self) -> &[(HoleCards, Weight)] {
        &self.opponents
    }

    /// Runs units `range` (opponent combos) and returns their counts.
    pub fn run(&self, range: std::ops::Range<usize>) -> PotentialCounts {
        let mut counts = PotentialCounts::default();
        for i in range.start..range.end.min(self.opponents.len()) {
            self.run_unit(i, &mut counts);
        }
        if !self.flop {
            // On the turn one card is all there is to come.
            counts.next = counts.hp;
        }
        counts
    }

    /// Every unit: the whole answer.
    pub fn run_all(&self) -> PotentialCounts {
        self.run(0..self.opponents.len())
    }

    /// The hot loop: opponent combo `i` against every runout.
    fn run_unit(&self, i: usize, counts: &mut PotentialCounts) {
        let (combo, weight) = self.opponents[i];
        let w = u64::from(weight.permille());
        let [a, b] = combo.cards();
        let opp = self.board + a + b;
        let now = state(self.hero_now, opp.evaluate());
        counts.now[now] += w;
        let free = |c: Card| c != a && c != b;
        if self.flop {
            let mut next = [0u64; 3];
            for (ti, &t) in self.unseen.iter().enumerate() {
                if free(t) {
                    next[state_index(self.hero_turn[ti], (opp + t).evaluate())] += w;
                }
            }
            let held = combo.card_set().bits();
            let fin = if opp.may_flush_with_two_more() {
                self.final_states(held, |runout| opp.combine(runout).evaluate())
            } else {
                // Most holdings cannot make a flush by the river: their
                // loop skips the flush test.
                self.final_states(held, |runout| opp.combine(runout).evaluate_without_flush())
            };
            let fin = fin.map(|n| u64::from(n) * w);
            for s in 0..3 {
                counts.next[now][s] += next[s];
                counts.hp[now][s] += fin[s];
            }
        } else {
            for (ri, &r) in self.unseen.iter().enumerate() {
                if free(r) {
                    let fin = state(self.hero_final[ri], (opp + r).evaluate());
                    counts.hp[now][fin] += w;
                }
            }
        }
    }

    /// How many runouts (flop only) leave the hero ahead of, tied with and
    /// behind an opponent whose rank with runout `r` is `rank(r)`, skipping
    /// those that hold a card of `held`. The hot loop's inner loop: no
    /// branch (a runout holding the opponent's cards is ranked too, with a
    /// meaningless rank, and not counted) and the counts in registers.
    #[inline(always)]
    fn final_states(&self, held: u64, rank: impl Fn(Hand) -> HandRank) -> [u32; 3] {
        let r = &self.runouts;
        let (mut all, mut ahead, mut tied) = (0u32, 0u32, 0u32);
        for ((&cards, &bits), &hero) in r.keys.iter().zip(&r.bits).zip(&r.hero) {
            let opp = rank(cards);
            let keep = u32::from(bits & held == 0);
            all += keep;
            ahead += keep & u32::from(hero > opp);
            tied += keep & u32::from(hero == opp);
        }
        [ahead, tied, all - ahead - tied]
    }
}
