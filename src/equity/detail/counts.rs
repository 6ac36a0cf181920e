//! The integer counts of a detail job: they merge by addition, and cross to
//! JavaScript as one flat list ([`DetailCounts::to_flat`]).

use super::super::Tally;
use super::matrix::{self, CATEGORIES, CELLS};
use crate::card::Card;
use crate::eval::{Category, HandRank};

/// Cards a next card can be (indexed by card id).
pub const DECK: usize = 52;

/// Counts of a detail job (see [`super`]): per player and category, the
/// weight of final boards on which the player *made* that category, *won*
/// alone with it and *tied* for the best hand with it; on a flop or a turn,
/// per possible next card, the equity tally on that card and the weight of
/// deals on which that card is a clean or a shared out for each player;
/// and who beat whom with what (pairwise, see [`super::matrix`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DetailCounts {
    players: usize,
    with_next: bool,
    /// Weight of every final board counted (deal weight × runouts).
    pub(super) deals: u64,
    /// `[p * 9 + category]`.
    pub(super) made: Vec<u64>,
    pub(super) won: Vec<u64>,
    pub(super) tied: Vec<u64>,
    /// `[p * 81 + p's category * 9 + q's]`: weight of the (deal, opponent
    /// `q`) pairs where `p` beat `q` (see [`super::matrix`]).
    pub(super) beat: Vec<u64>,
    /// `[p * 9 + category]`: … where `p` tied `q`, both with `category`.
    pub(super) tied_against: Vec<u64>,
    /// Per next card (empty without one): showdowns on that card's boards.
    pub(super) next: Vec<Tally>,
    /// Per next card: weight of the deals (assignments) it can come on.
    pub(super) seen: Vec<u64>,
    /// `[card * players + p]`: weight of the deals where the card is a clean
    /// (resp. shared) out for player `p`.
    pub(super) clean: Vec<u64>,
    pub(super) shared: Vec<u64>,
}

impl DetailCounts {
    /// Empty counts for `players` players (1..=10); `with_next` on a flop or
    /// a turn.
    pub fn new(players: usize, with_next: bool) -> DetailCounts {
        let cards = if with_next { DECK } else { 0 };
        DetailCounts {
            players,
            with_next,
            deals: 0,
            made: vec![0; players * CATEGORIES],
            won: vec![0; players * CATEGORIES],
            tied: vec![0; players * CATEGORIES],
            beat: vec![0; players * CELLS],
            tied_against: vec![0; players * CATEGORIES],
            next: (0..cards).map(|_| Tally::new(players)).collect(),
            seen: vec![0; cards],
            clean: vec![0; cards * players],
            shared: vec![0; cards * players],
        }
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// True on a flop or a turn: outs and the next-card breakdown exist.
    pub fn has_next(&self) -> bool {
        self.with_next
    }

    /// Weight of every final board counted (trials, under Monte Carlo).
    pub fn deals(&self) -> u64 {
        self.deals
    }

    /// Weight of the final boards where player `p` makes `c`.
    pub fn made(&self, p: usize, c: Category) -> u64 {
        self.made[p * CATEGORIES + c as usize]
    }

    /// … where player `p` makes `c` and wins alone.
    pub fn won(&self, p: usize, c: Category) -> u64 {
        self.won[p * CATEGORIES + c as usize]
    }

    /// … where player `p` makes `c` and shares the best hand.
    pub fn tied(&self, p: usize, c: Category) -> u64 {
        self.tied[p * CATEGORIES + c as usize]
    }

    /// Weight of the (deal, opponent) pairs where player `p` beat the
    /// opponent with `mine` against `theirs` (heads-up: of the deals).
    pub fn beat(&self, p: usize, mine: Category, theirs: Category) -> u64 {
        self.beat[p * CELLS + mine as usize * CATEGORIES + theirs as usize]
    }

    /// … where player `p` tied the opponent, both holding `c`.
    pub fn tied_against(&self, p: usize, c: Category) -> u64 {
        self.tied_against[p * CATEGORIES + c as usize]
    }

    /// The showdowns on `card`'s boards (`None` without a next card).
    pub fn next(&self, card: Card) -> Option<&Tally> {
        self.next.get(card.id() as usize)
    }

    /// Weight of the deals `card` can come next on (0: it cannot).
    pub fn seen(&self, card: Card) -> u64 {
        self.seen.get(card.id() as usize).copied().unwrap_or(0)
    }

    /// Weight of the deals where `card` is a clean out for player `p`.
    pub fn clean(&self, card: Card, p: usize) -> u64 {
        let i = card.id() as usize * self.players + p;
        self.clean.get(i).copied().unwrap_or(0)
    }

    /// Weight of the deals where `card` is a shared out for player `p`.
    pub fn shared(&self, card: Card, p: usize) -> u64 {
        let i = card.id() as usize * self.players + p;
        self.shared.get(i).copied().unwrap_or(0)
    }

    /// Records one final board: each player's rank, `winners` (bit mask).
    #[inline]
    pub(super) fn record_final(&mut self, ranks: &[HandRank], winners: usize, weight: u64) {
        self.deals += weight;
        // A known number of players unrolls the loops and drops the checks.
        match *ranks {
            [a, b] => self.record_heads_up(a, b, weight),
            [_, _, _] => self.record_players::<3>(ranks, winners, weight),
            [_, _, _, _] => self.record_players::<4>(ranks, winners, weight),
            [_, _, _, _, _] => self.record_players::<5>(ranks, winners, weight),
            [_, _, _, _, _, _] => self.record_players::<6>(ranks, winners, weight),
            _ => self.record_players::<0>(ranks, winners, weight),
        }
    }

    /// [`DetailCounts::record_final`] of `N` players (0: any number).
    #[inline(always)]
    fn record_players<const N: usize>(&mut self, ranks: &[HandRank], winners: usize, weight: u64) {
        let n = if N == 0 { ranks.len() } else { N };
        let alone = winners.count_ones() == 1;
        let mut cats = [Category::HighCard; super::super::MAX_PLAYERS];
        let (made, won, tied) = (
            &mut self.made[..n * CATEGORIES],
            &mut self.won[..n * CATEGORIES],
            &mut self.tied[..n * CATEGORIES],
        );
        for (p, (&r, cat)) in ranks[..n].iter().zip(&mut cats).enumerate() {
            *cat = r.category();
            let i = p * CATEGORIES + *cat as usize;
            made[i] += weight;
            if winners >> p & 1 == 1 {
                if alone {
                    won[i] += weight;
                } else {
                    tied[i] += weight;
                }
            }
        }
        let (beat, ties) = (
            &mut self.beat[..n * CELLS],
            &mut self.tied_against[..n * CATEGORIES],
        );
        for p in 0..n {
            matrix::record_row(p, &ranks[..n], &cats[..n], beat, ties, weight);
        }
    }

    /// [`DetailCounts::record_final`] of two players: one comparison for
    /// the wins, the ties and the matrix (the hot path of heads-up jobs).
    #[inline]
    fn record_heads_up(&mut self, a: HandRank, b: HandRank, weight: u64) {
        let (ca, cb) = (a.category() as usize, b.category() as usize);
        let (i, j) = (ca, CATEGORIES + cb);
        self.made[i] += weight;
        self.made[j] += weight;
        if a > b {
            self.won[i] += weight;
            self.beat[ca * CATEGORIES + cb] += weight;
        } else if b > a {
            self.won[j] += weight;
            self.beat[CELLS + cb * CATEGORIES + ca] += weight;
        } else {
            self.tied[i] += weight;
            self.tied[j] += weight;
            self.tied_against[i] += weight;
            self.tied_against[j] += weight;
        }
    }

    /// Adds `other` (same shape) into `self`.
    pub fn add(&mut self, other: &DetailCounts) {
        assert_eq!(
            (self.players, self.with_next),
            (other.players, other.with_next)
        );
        self.deals += other.deals;
        for (a, b) in [
            (&mut self.made, &other.made),
            (&mut self.won, &other.won),
            (&mut self.tied, &other.tied),
            (&mut self.beat, &other.beat),
            (&mut self.tied_against, &other.tied_against),
            (&mut self.seen, &other.seen),
            (&mut self.clean, &other.clean),
            (&mut self.shared, &other.shared),
        ] {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        for (a, b) in self.next.iter_mut().zip(&other.next) {
            *a += b;
        }
    }

    /// Every count in one list: `deals`, `made`, `won`, `tied`, `beat`,
    /// `tied_against`, then (with
    /// a next card) per card its tally's `by_winners`, `seen`, `clean`,
    /// `shared`. [`DetailCounts::from_flat`] reads it back.
    pub fn to_flat(&self) -> Vec<u64> {
        let mut v = vec![self.deals];
        v.extend(&self.made);
        v.extend(&self.won);
        v.extend(&self.tied);
        v.extend(&self.beat);
        v.extend(&self.tied_against);
        for t in &self.next {
            v.extend(t.by_winners());
        }
        v.extend(&self.seen);
        v.extend(&self.clean);
        v.extend(&self.shared);
        v
    }

    /// The length of [`DetailCounts::to_flat`] for this shape.
    pub fn flat_len(players: usize, with_next: bool) -> usize {
        let cards = if with_next { DECK } else { 0 };
        1 + 4 * players * CATEGORIES + players * CELLS + cards * ((1 << players) + 1 + 2 * players)
    }

    /// Counts from [`DetailCounts::to_flat`]; `None` if the length does not
    /// fit the shape or `players` is not in 1..=10.
    pub fn from_flat(players: usize, with_next: bool, flat: &[u64]) -> Option<DetailCounts> {
        if !(1..=super::super::MAX_PLAYERS).contains(&players)
            || flat.len() != Self::flat_len(players, with_next)
        {
            return None;
        }
        let mut c = DetailCounts::new(players, with_next);
        let mut rest = flat;
        let mut take = |n: usize| {
            let (a, b) = rest.split_at(n);
            rest = b;
            a.to_vec()
        };
        c.deals = take(1)[0];
        let pc = players * CATEGORIES;
        c.made = take(pc);
        c.won = take(pc);
        c.tied = take(pc);
        c.beat = take(players * CELLS);
        c.tied_against = take(pc);
        for t in &mut c.next {
            *t = Tally::from_counts(players, take(1 << players))?;
        }
        c.seen = take(c.seen.len());
        c.clean = take(c.clean.len());
        c.shared = take(c.shared.len());
        Some(c)
    }
}
