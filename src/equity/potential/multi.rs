//! Hand strength and potential against several opponents (1 to
//! [`MAX_OPPONENTS`]), each holding any combo of a weighted range, over
//! every disjoint deal of them (weights multiplied): ahead = beats every
//! one, tied = ties the best and is beaten by none, behind = someone beats
//! it. See [`StrengthCounts`] for what is counted.
//!
//! **Exact** ([`StrengthJob::run`]): unit `i` is the `i`-th unseen card as
//! the turn (on the flop; every river after it follows) or as the river (on
//! the turn); unit 0 also counts `now`. Per runout each combo gets a class
//! (its state now, its state at the end, against the hero: the same for
//! every opponent holding it), and the deals are counted without listing
//! them: `C(s, t)`, the deals whose every opponent's class is at most
//! `(s, t)`, is for the last two opponents `W_a·W_b − Σ_c m_a[c]·m_b[c] +
//! Σ_same w_a·w_b` (all pairs, less those sharing a card `c`, plus those
//! sharing both, subtracted twice), over the combos avoiding the cards of
//! the opponents before them (enumerated, the sums corrected for those
//! cards); the joint state's counts are then `C`'s differences (that
//! counting is `deals.rs`).
//!
//! **Sampled** ([`StrengthJob::sample`]): seeded deals chunked by `(seed,
//! chunk, trials)`, one trial per deal × runout, counts of trials. The
//! opponents with a range are dealt first (a deal with a clash is redrawn
//! whole, so each is drawn by its weights), the `random` ones then from
//! the cards left (uniform, as their range is), then the runout.
//!
//! The policy (exact when [`StrengthJob::exact_cost`] is at most
//! [`EXACT_STEPS`] and the counts fit) is [`StrengthJob::affordable`].

#![allow(clippy::needless_range_loop)] // 3×3 cells, indexed by state

use super::deals::{Opponent, Tally, NONE};
use super::stats::StrengthCounts;
use super::{seen_cards, PotentialError, AHEAD, BEHIND, TIED};
use crate::card::{Card, CardSet};
use crate::equity::rng::Rng;
use crate::eval::{Hand, HandRank};
use crate::range::{HoleCards, Range, Weight};
use std::cmp::Ordering;
use std::fmt;

/// Opponents at most (a ten-handed table).
pub const MAX_OPPONENTS: usize = 9;

/// Steps (evaluations and inner-loop terms) an exact job may take: about a
/// second natively.
pub const EXACT_STEPS: u64 = 300_000_000;

/// Redraws of one sampled deal before giving up (ranges that almost never
/// fit together).
const MAX_REDRAWS: u32 = 100_000;

/// Why a strength job cannot be opened or sampled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StrengthError {
    /// The hand, board or dead cards (see [`PotentialError`]).
    Cards(PotentialError),
    /// Not 1 to 9 opponents.
    Opponents(usize),
    /// `opponents` need `2·opponents` cards and the runout `to_come` more
    /// than the `left` cards left.
    Deck {
        opponents: usize,
        to_come: usize,
        left: usize,
    },
    /// Opponent `i` (from 0) has no combo left with these cards.
    NoHand(usize),
    /// The opponents' ranges cannot be dealt together (every deal clashes).
    NoDeal,
    /// Sampling found no deal in many redraws.
    Contested,
}

impl fmt::Display for StrengthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrengthError::Cards(e) => e.fmt(f),
            StrengthError::Opponents(n) => write!(
                f,
                "{n} opponents: give 1 to {MAX_OPPONENTS} (a table seats ten)"
            ),
            StrengthError::Deck {
                opponents,
                to_come,
                left,
            } => write!(
                f,
                "{opponents} opponents need {} cards and the runout {to_come} more: \
                 only {left} are left",
                2 * opponents
            ),
            StrengthError::NoHand(i) => write!(
                f,
                "opponent {}'s range has no hand left with these cards",
                i + 1
            ),
            StrengthError::NoDeal => write!(
                f,
                "the opponents' ranges cannot all be dealt at once: they need the same cards"
            ),
            StrengthError::Contested => write!(
                f,
                "the opponents' ranges almost never fit together: no deal found in \
                 {MAX_REDRAWS} tries"
            ),
        }
    }
}

impl std::error::Error for StrengthError {}

impl From<PotentialError> for StrengthError {
    fn from(e: PotentialError) -> StrengthError {
        StrengthError::Cards(e)
    }
}

fn state(hero: HandRank, opponent: HandRank) -> usize {
    match hero.cmp(&opponent) {
        Ordering::Greater => AHEAD,
        Ordering::Equal => TIED,
        Ordering::Less => BEHIND,
    }
}

/// A hand's strength against several opponents, ready to run in units or
/// sampled.
pub struct StrengthJob {
    board: Hand,
    seen: CardSet,
    unseen: Vec<Card>,
    flop: bool,
    hero_now: HandRank,
    /// By card id: the hero's rank with that card as the turn (flop only).
    hero_turn: Vec<HandRank>,
    /// By `52·a + b` card ids: the hero's rank with `a` and `b` to come
    /// (flop only).
    hero_final: Vec<HandRank>,
    opponents: Vec<Opponent>,
    /// Every combo some opponent holds, once, with its state now.
    union: Vec<(HoleCards, u8)>,
    /// HS against one random hand (for HS^N).
    hs_one: f64,
}

impl StrengthJob {
    /// The job for `hero` on `board` (3 or 4 cards), `dead` out of play,
    /// against one opponent per range (card removal applied).
    pub fn open(
        hero: HoleCards,
        board: &[Card],
        dead: CardSet,
        ranges: &[&Range],
    ) -> Result<StrengthJob, StrengthError> {
        let seen = seen_cards(hero, board, dead)?;
        if !(1..=MAX_OPPONENTS).contains(&ranges.len()) {
            return Err(StrengthError::Opponents(ranges.len()));
        }
        let unseen: Vec<Card> = seen.complement().iter().collect();
        let flop = board.len() == 3;
        let to_come = if flop { 2 } else { 1 };
        if unseen.len() < 2 * ranges.len() + to_come {
            return Err(StrengthError::Deck {
                opponents: ranges.len(),
                to_come,
                left: unseen.len(),
            });
        }
        let mut opponents = Vec::with_capacity(ranges.len());
        let mut held = vec![false; HoleCards::COUNT];
        for (i, range) in ranges.iter().enumerate() {
            let combos: Vec<(HoleCards, u64)> = range
                .combos()
                .filter(|(c, w)| !w.is_zero() && !c.card_set().intersects(seen))
                .map(|(c, w)| (c, u64::from(w.permille())))
                .collect();
            if combos.is_empty() {
                return Err(StrengthError::NoHand(i));
            }
            let mut all = HoleCards::all().map(|c| range.weight(c));
            let first = all.next().unwrap_or(Weight::ZERO);
            let random = !first.is_zero() && all.all(|w| w == first);
            let mut weight = vec![0; HoleCards::COUNT];
            let mut cumulative = Vec::with_capacity(combos.len());
            let mut sum = 0;
            for &(c, w) in &combos {
                weight[c.index()] = w;
                held[c.index()] = true;
                sum += w;
                cumulative.push(sum);
            }
            opponents.push(Opponent {
                combos,
                weight,
                random,
                cumulative,
            });
        }
        let board_hand = Hand::from_cards(board);
        let [h1, h2] = hero.cards();
        let hero_hand = board_hand + h1 + h2;
        let hero_now = hero_hand.evaluate();
        let mut hero_turn = vec![HandRank::MIN; 52];
        let mut hero_final = vec![HandRank::MIN; 52 * 52];
        for &t in &unseen {
            hero_turn[t.id() as usize] = (hero_hand + t).evaluate();
            if flop {
                for &r in &unseen {
                    if r.id() > t.id() {
                        let rank = (hero_hand + t + r).evaluate();
                        hero_final[52 * t.id() as usize + r.id() as usize] = rank;
                        hero_final[52 * r.id() as usize + t.id() as usize] = rank;
                    }
                }
            }
        }
        let union = (0..HoleCards::COUNT)
            .filter(|&i| held[i])
            .filter_map(HoleCards::from_index)
            .map(|c| {
                let [a, b] = c.cards();
                (c, state(hero_now, (board_hand + a + b).evaluate()) as u8)
            })
            .collect();
        let mut one = [0u64; 3];
        for c in HoleCards::all().filter(|c| !c.card_set().intersects(seen)) {
            let [a, b] = c.cards();
            one[state(hero_now, (board_hand + a + b).evaluate())] += 1;
        }
        let hs_one = (one[AHEAD] as f64 + one[TIED] as f64 / 2.0) / one.iter().sum::<u64>() as f64;
        let job = StrengthJob {
            board: board_hand,
            seen,
            unseen,
            flop,
            hero_now,
            hero_turn,
            hero_final,
            opponents,
            union,
            hs_one,
        };
        if !job.can_deal() {
            return Err(StrengthError::NoDeal);
        }
        Ok(job)
    }

    /// Whether some deal gives every opponent a hand (a bounded search:
    /// past its budget, assumed so; sampling then says if it is not).
    fn can_deal(&self) -> bool {
        fn search(opps: &[Opponent], used: CardSet, budget: &mut u32) -> bool {
            let Some((first, rest)) = opps.split_first() else {
                return true;
            };
            for &(c, _) in &first.combos {
                if *budget == 0 {
                    return true;
                }
                *budget -= 1;
                if !c.card_set().intersects(used) {
                    let next =
                        CardSet::from_bits(used.bits() | c.card_set().bits()).unwrap_or(used);
                    if search(rest, next, budget) {
                        return true;
                    }
                }
            }
            false
        }
        search(&self.opponents, CardSet::EMPTY, &mut 200_000)
    }

    /// The number of opponents.
    pub fn opponents(&self) -> usize {
        self.opponents.len()
    }

    /// Whether the board is a flop (else a turn).
    pub fn is_flop(&self) -> bool {
        self.flop
    }

    /// HS against one random hand: its N-th power is the textbook
    /// approximation of HS against N.
    pub fn hs_one_random(&self) -> f64 {
        self.hs_one
    }

    /// Units of the exact job: one per unseen card.
    pub fn total_units(&self) -> usize {
        self.unseen.len()
    }

    /// Steps of the exact enumeration (saturating): per runout, an
    /// evaluation per combo held, then for each of the 9 cells the
    /// opponents before the last two enumerated, each a pass over the deck.
    pub fn exact_cost(&self) -> u64 {
        let u = self.unseen.len() as u64;
        let runouts = if self.flop { u * (u - 1) / 2 + u } else { u };
        let n = self.opponents.len();
        let inner = if n <= 2 {
            self.opponents
                .iter()
                .map(|o| o.combos.len() as u64)
                .sum::<u64>()
                + 64
        } else {
            self.opponents[..n - 2]
                .iter()
                .map(|o| o.combos.len() as u64)
                .fold(1u64, u64::saturating_mul)
                .saturating_mul(64 * (n as u64 - 1))
        };
        runouts.saturating_mul((self.union.len() as u64).saturating_add(9u64.saturating_mul(inner)))
    }

    /// Whether the exact counts fit: weights × runouts below 2^120.
    fn counts_fit(&self) -> bool {
        let u = self.unseen.len() as f64;
        let runouts = if self.flop { u * u } else { u };
        let log: f64 = self
            .opponents
            .iter()
            .map(|o| (*o.cumulative.last().unwrap_or(&1) as f64).log2())
            .sum();
        log + runouts.log2() < 120.0
    }

    /// The policy: enumerate exactly (at most [`EXACT_STEPS`]) or sample.
    pub fn affordable(&self) -> bool {
        self.exact_cost() <= EXACT_STEPS && self.counts_fit()
    }

    /// Whether an exact run is possible at all (asked for explicitly): at
    /// most 1,000 times the affordable cost.
    pub fn can_force(&self) -> bool {
        self.exact_cost() <= EXACT_STEPS.saturating_mul(1000) && self.counts_fit()
    }

    /// Every unit: the whole exact answer.
    pub fn run_all(&self) -> StrengthCounts {
        self.run(0..self.total_units())
    }

    /// Runs exact units `range` and returns their counts.
    pub fn run(&self, range: std::ops::Range<usize>) -> StrengthCounts {
        let mut counts = StrengthCounts::default();
        let mut class = vec![NONE; HoleCards::COUNT];
        let mut tally = Tally::new(self.opponents.len());
        for i in range.start..range.end.min(self.unseen.len()) {
            if i == 0 {
                for &(c, now) in &self.union {
                    class[c.index()] = 3 * now;
                }
                let joint = tally.count(&self.opponents, &class);
                for s in 0..3 {
                    counts.now[s] += joint[s][AHEAD];
                }
            }
            let t = self.unseen[i];
            let hands: Vec<Option<Hand>> = self
                .union
                .iter()
                .map(|&(c, _)| (!c.card_set().contains(t)).then(|| self.with(c) + t))
                .collect();
            if self.flop {
                let hero = self.hero_turn[t.id() as usize];
                for (&(c, now), h) in self.union.iter().zip(&hands) {
                    class[c.index()] =
                        h.map_or(NONE, |h| 3 * now + state(hero, h.evaluate()) as u8);
                }
                add(&mut counts.next, &tally.count(&self.opponents, &class));
                for &r in &self.unseen[i + 1..] {
                    let hero = self.hero_final[52 * t.id() as usize + r.id() as usize];
                    for (&(c, now), h) in self.union.iter().zip(&hands) {
                        class[c.index()] = match h {
                            Some(h) if !c.card_set().contains(r) => {
                                3 * now + state(hero, (*h + r).evaluate()) as u8
                            }
                            _ => NONE,
                        };
                    }
                    add(&mut counts.hp, &tally.count(&self.opponents, &class));
                }
            } else {
                let hero = self.hero_turn[t.id() as usize];
                for (&(c, now), h) in self.union.iter().zip(&hands) {
                    class[c.index()] =
                        h.map_or(NONE, |h| 3 * now + state(hero, h.evaluate()) as u8);
                }
                let joint = tally.count(&self.opponents, &class);
                add(&mut counts.hp, &joint);
                add(&mut counts.next, &joint);
            }
        }
        counts
    }

    fn with(&self, c: HoleCards) -> Hand {
        let [a, b] = c.cards();
        self.board + a + b
    }

    /// `trials` sampled deals × runouts for chunk `chunk` of a job seeded
    /// with `seed`: counts of trials.
    pub fn sample(
        &self,
        seed: u64,
        chunk: u64,
        trials: u64,
    ) -> Result<StrengthCounts, StrengthError> {
        let mut rng = Rng::for_chunk(seed ^ 0x0057_5245_4e47_5448, chunk);
        let mut counts = StrengthCounts::default();
        let mut hands: Vec<HoleCards> = Vec::with_capacity(self.opponents.len());
        let mut deck: Vec<Card> = Vec::with_capacity(self.unseen.len());
        for _ in 0..trials {
            let used = self.deal_ranged(&mut rng, &mut hands)?;
            deck.clear();
            deck.extend(self.unseen.iter().filter(|&&c| !used.contains(c)));
            let draw = |rng: &mut Rng, deck: &mut Vec<Card>| {
                let k = rng.below(deck.len() as u32) as usize;
                deck.swap_remove(k)
            };
            for _ in self.opponents.iter().filter(|o| o.random) {
                let (a, b) = (draw(&mut rng, &mut deck), draw(&mut rng, &mut deck));
                if let Some(c) = HoleCards::new(a, b) {
                    hands.push(c);
                }
            }
            let t = draw(&mut rng, &mut deck);
            let r = if self.flop {
                Some(draw(&mut rng, &mut deck))
            } else {
                None
            };
            let (mut now, mut turn, mut fin) = (AHEAD, AHEAD, AHEAD);
            for &c in &hands {
                let h = self.with(c);
                now = now.max(state(self.hero_now, h.evaluate()));
                let ht = h + t;
                turn = turn.max(state(self.hero_turn[t.id() as usize], ht.evaluate()));
                if let Some(r) = r {
                    let hero = self.hero_final[52 * t.id() as usize + r.id() as usize];
                    fin = fin.max(state(hero, (ht + r).evaluate()));
                }
            }
            if r.is_none() {
                fin = turn;
            }
            counts.now[now] += 1;
            counts.next[now][turn] += 1;
            counts.hp[now][fin] += 1;
        }
        Ok(counts)
    }

    /// Deals the opponents holding a range (not `random`) by their weights,
    /// redrawing a deal with a clash whole; returns the cards out.
    fn deal_ranged(
        &self,
        rng: &mut Rng,
        hands: &mut Vec<HoleCards>,
    ) -> Result<CardSet, StrengthError> {
        'redraw: for _ in 0..MAX_REDRAWS {
            hands.clear();
            let mut used = self.seen;
            for o in self.opponents.iter().filter(|o| !o.random) {
                let total = *o.cumulative.last().unwrap_or(&1);
                let x = rng.below_u64(total);
                let k = o.cumulative.partition_point(|&s| s <= x);
                let c = o.combos[k.min(o.combos.len() - 1)].0;
                if c.card_set().intersects(used) {
                    continue 'redraw;
                }
                used = CardSet::from_bits(used.bits() | c.card_set().bits()).unwrap_or(used);
                hands.push(c);
            }
            return Ok(used);
        }
        Err(StrengthError::Contested)
    }
}

fn add(to: &mut [[u128; 3]; 3], from: &[[u128; 3]; 3]) {
    for s in 0..3 {
        for t in 0..3 {
            to[s][t] += from[s][t];
        }
    }
}
