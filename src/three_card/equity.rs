//! Three-card equity: a hero against 1–5 opponents, each holding a known
//! hand, any hand (`random`) or the strongest `X%` ([`Holding`]), under any
//! rules, full or short deck, with dead cards.
//!
//! **Deals.** With card removal (the default, the real deal) every player's
//! hand is disjoint from the others' and from the dead cards, and every
//! such deal of the holdings is equally likely. Without it (the write-up's
//! approximation, [`ThreeCardSpec::independent`]) each opponent is dealt
//! uniformly from its holding over the whole deck, as if the other hands
//! were not there.
//!
//! **Results** are a [`Tally`]: showdowns counted by the set of winners
//! (ties split the pot), the same integer counts as Hold'em equity, merged
//! by addition. Winners are the hands no other hand beats; when the
//! Zha Jin Hua 2-3-5 rule makes a cycle the highest ranks win
//! ([`crate::deal::three_card_winners`], the reference the tests hold this
//! to).
//!
//! **Exact** (2 or 3 players): unit `u` is the pair `(u / n1, u % n1)` of
//! the hero's and the first opponent's hands (`n1` hands in the opponent's
//! holding); with a second opponent its hands are *counted*, not dealt:
//! per hero hand, prefix counts over the ladder's ranks of the second
//! opponent's hands (in all, and per card), and per first-opponent hand the
//! hands disjoint from it by inclusion–exclusion over its cards (hands
//! through one card, two cards, the hand itself), split into the five rank
//! intervals around the two known ranks. Off-suit 2-3-5s and trips (the
//! hands the Zha Jin Hua exception compares out of rank order, when it is
//! on) are dealt one by one instead. **Monte Carlo** (any count): trials
//! chunked by `(seed, chunk, trials)`, whole deals redrawn when two hands
//! share a card (so every valid deal stays equally likely).
//!
//! The hot path is `ThreeCardJob::unit_into` → `Counter::query` (`equity/counter.rs`).

mod counter;
mod dealt;
pub mod rates;

use counter::Counter;
use dealt::{winners_of, Dealt, Judge};

use super::ladder::{Deck, Holding, HoldingError, Ladder};
use super::{Category, Hand, Rules};
use crate::card::{Card, CardSet};
use crate::equity::rng::Rng;
use crate::equity::Tally;
use crate::job::units::UnitJob;
use std::cmp::Ordering;
use std::fmt;

/// Opponents at most (six hands of three cards: 18 of 24 short-deck cards).
pub const MAX_OPPONENTS: usize = 5;

/// Exact jobs up to this cost (in basic steps, see [`ThreeCardJob::cost`])
/// are enumerated under `auto`: a few tenths of a second natively.
pub const AUTO_EXACT_COST: u64 = 400_000_000;

/// Asked for by name, exact jobs up to this cost (minutes at worst).
pub const FORCED_EXACT_COST: u64 = 100_000_000_000;

/// Why a three-card job cannot be set up.
#[derive(Clone, PartialEq, Debug)]
pub enum ThreeCardError {
    /// Players must be 2..=6 (a hero and 1–5 opponents).
    PlayerCount(usize),
    /// Player `index` (0 = hero): their text is not a holding.
    Holding(usize, HoldingError),
    /// A dead card is not in the short deck, or a dead card's text is bad.
    Dead(String),
    /// A card is in two places (`"player 1"`, `"the dead cards"`).
    Overlap(Card, String, String),
    /// More cards than the deck holds.
    TooManyCards { needed: usize, deck: usize },
    /// No hand of player `index`'s holding avoids the known cards.
    NoHand(usize),
    /// Dead cards mean nothing without card removal.
    DeadWithoutRemoval,
    /// The players holding a hand or a top share can hardly ever be dealt
    /// together (rejection sampling would not end): no pilot deal in 4,096
    /// fits.
    NoDeal,
    /// `exact` asked for beyond what can be enumerated.
    TooBig { players: usize, cost: u64 },
}

fn player_name(i: usize) -> String {
    if i == 0 {
        "the hero (player 1)".to_string()
    } else {
        format!("player {}", i + 1)
    }
}

impl fmt::Display for ThreeCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThreeCardError::PlayerCount(n) => write!(
                f,
                "three-card equity needs a hero and 1 to {MAX_OPPONENTS} opponents, not {} opponent{}",
                n.saturating_sub(1),
                if *n == 2 { "" } else { "s" }
            ),
            ThreeCardError::Holding(i, e) => write!(f, "{}: {e}", player_name(*i)),
            ThreeCardError::Dead(msg) => write!(f, "dead cards: {msg}"),
            ThreeCardError::Overlap(c, a, b) => write!(f, "{c} is in {a} and in {b}"),
            ThreeCardError::TooManyCards { needed, deck } => write!(
                f,
                "{needed} cards are needed but the deck has {deck}: fewer players or dead cards"
            ),
            ThreeCardError::NoHand(i) => write!(
                f,
                "{} has no hand left: every hand of the holding uses a card already in play",
                player_name(*i)
            ),
            ThreeCardError::DeadWithoutRemoval => write!(
                f,
                "dead cards need card removal (with independent draws no card is ever removed)"
            ),
            ThreeCardError::NoDeal => write!(
                f,
                "these holdings can hardly ever be dealt together (they need the same cards): \
                 widen a range"
            ),
            ThreeCardError::TooBig { players, cost } => write!(
                f,
                "exact three-card equity for {players} players would take about {:.0} s; \
                 use Monte Carlo",
                *cost as f64 / 1e9
            ),
        }
    }
}

impl std::error::Error for ThreeCardError {}

/// A validated three-card job description.
pub struct ThreeCardSpec {
    ladder: Ladder,
    holdings: Vec<Holding>,
    dead: CardSet,
    removal: bool,
}

impl ThreeCardSpec {
    /// Parses the players' texts (hero first: three cards, `random` or
    /// `X%`) and dead cards, with card removal.
    pub fn parse(
        players: &[&str],
        dead: &str,
        rules: Rules,
        deck: Deck,
    ) -> Result<ThreeCardSpec, ThreeCardError> {
        ThreeCardSpec::build(players, dead, rules, deck, true)
    }

    /// The same, opponents dealt independently over the whole deck (the
    /// write-up's approximation; no dead cards).
    pub fn independent(
        players: &[&str],
        rules: Rules,
        deck: Deck,
    ) -> Result<ThreeCardSpec, ThreeCardError> {
        ThreeCardSpec::build(players, "", rules, deck, false)
    }

    /// Either of the above (`removal` false: independent draws).
    pub fn build(
        players: &[&str],
        dead: &str,
        rules: Rules,
        deck: Deck,
        removal: bool,
    ) -> Result<ThreeCardSpec, ThreeCardError> {
        if !(2..=MAX_OPPONENTS + 1).contains(&players.len()) {
            return Err(ThreeCardError::PlayerCount(players.len()));
        }
        let ladder = Ladder::new(rules, deck);
        let holdings = players
            .iter()
            .enumerate()
            .map(|(i, t)| Holding::parse(t, &ladder).map_err(|e| ThreeCardError::Holding(i, e)))
            .collect::<Result<Vec<_>, _>>()?;
        let dead_cards: Vec<Card> = if dead.trim().is_empty() {
            Vec::new()
        } else {
            crate::card::parse_cards(dead).map_err(|e| ThreeCardError::Dead(e.to_string()))?
        };
        if !removal && !dead_cards.is_empty() {
            return Err(ThreeCardError::DeadWithoutRemoval);
        }
        let mut dead = CardSet::EMPTY;
        for c in &dead_cards {
            if !deck.cards().contains(*c) {
                return Err(ThreeCardError::Dead(format!(
                    "{c} is not in the short deck (9 to A)"
                )));
            }
            if dead.contains(*c) {
                return Err(ThreeCardError::Overlap(
                    *c,
                    "the dead cards".into(),
                    "the dead cards".into(),
                ));
            }
            dead.insert(*c);
        }
        if removal {
            let needed = 3 * holdings.len() + dead.len() as usize;
            let size = deck.cards().len() as usize;
            if needed > size {
                return Err(ThreeCardError::TooManyCards { needed, deck: size });
            }
            // Known hands against each other and the dead cards.
            let mut seen: Vec<(Card, String)> = dead
                .iter()
                .map(|c| (c, "the dead cards".to_string()))
                .collect();
            for (i, h) in holdings.iter().enumerate() {
                if let Holding::Hand(hand) = h {
                    for c in hand.cards() {
                        if let Some((_, place)) = seen.iter().find(|(s, _)| *s == c) {
                            return Err(ThreeCardError::Overlap(c, place.clone(), player_name(i)));
                        }
                        seen.push((c, player_name(i)));
                    }
                }
            }
        }
        Ok(ThreeCardSpec {
            ladder,
            holdings,
            dead,
            removal,
        })
    }

    pub fn players(&self) -> usize {
        self.holdings.len()
    }

    pub fn holdings(&self) -> &[Holding] {
        &self.holdings
    }

    pub fn ladder(&self) -> &Ladder {
        &self.ladder
    }

    pub fn card_removal(&self) -> bool {
        self.removal
    }
}

/// An opened job: each player's hands (those that avoid the known cards),
/// the exact units, and the Monte Carlo sampler.
pub struct ThreeCardJob {
    rules: Rules,
    ladder: Ladder,
    removal: bool,
    labels: Vec<String>,
    hands: Vec<Vec<Dealt>>,
    /// The second opponent's hands, counted (3 players only).
    counter: Option<Counter>,
    /// Players holding `random` (dealt from the cards left, with card
    /// removal), and the cards that may be dealt (the deck minus the dead).
    random: Vec<bool>,
    live: CardSet,
}

impl ThreeCardJob {
    /// Opens the job: each holding's hands minus those touching the dead
    /// cards or another player's known hand (with card removal).
    pub fn new(spec: ThreeCardSpec) -> Result<ThreeCardJob, ThreeCardError> {
        let ThreeCardSpec {
            ladder,
            holdings,
            dead,
            removal,
        } = spec;
        let rules = *ladder.rules();
        let mut hands = Vec::with_capacity(holdings.len());
        for (i, h) in holdings.iter().enumerate() {
            let mut known = dead;
            if removal {
                for (j, other) in holdings.iter().enumerate() {
                    if let (true, Holding::Hand(o)) = (j != i, other) {
                        for c in o.cards() {
                            known.insert(c);
                        }
                    }
                }
            }
            let list: Vec<Dealt> = h
                .positions(&ladder)
                .into_iter()
                .map(|p| dealt(&ladder, p, &rules))
                .filter(|d| !removal || !d.cards.intersects(known))
                .collect();
            if list.is_empty() {
                return Err(ThreeCardError::NoHand(i));
            }
            hands.push(list);
        }
        let counter = (hands.len() == 3).then(|| Counter::new(&ladder, &hands[2]));
        let random = holdings.iter().map(|h| *h == Holding::Random).collect();
        let live = CardSet::from_bits(ladder.deck().cards().bits() & !dead.bits())
            .unwrap_or(CardSet::EMPTY);
        let job = ThreeCardJob {
            random,
            live,
            rules,
            labels: holdings.iter().map(|h| h.label(&ladder)).collect(),
            ladder,
            removal,
            hands,
            counter,
        };
        if removal && !job.pilot_fits() {
            return Err(ThreeCardError::NoDeal);
        }
        Ok(job)
    }

    /// The deck the hands come from.
    pub fn deck(&self) -> Deck {
        self.ladder.deck()
    }

    /// The rules the hands are compared under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Players (hero first).
    pub fn players(&self) -> usize {
        self.hands.len()
    }

    /// The players' holdings as typed back (`AhKhQh`, `random`, `30%`).
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// Hands each player can be dealt (after the known cards).
    pub fn hand_counts(&self) -> Vec<usize> {
        self.hands.iter().map(Vec::len).collect()
    }

    pub fn card_removal(&self) -> bool {
        self.removal
    }

    /// Units of the exact enumeration (0 when it cannot be exact: more than
    /// 3 players).
    pub fn units(&self) -> u64 {
        if self.players() > 3 {
            return 0;
        }
        self.hands[0].len() as u64 * self.hands[1].len() as u64
    }

    /// The exact enumeration's cost in basic steps (`u64::MAX` when it
    /// cannot be exact): 2 players, one comparison per unit; 3 players, the
    /// counting per unit (~1,000 steps).
    pub fn cost(&self) -> u64 {
        match self.players() {
            2 => self.units(),
            3 => self
                .units()
                .saturating_mul(1_000 + 4 * self.specials_in(2) as u64),
            _ => u64::MAX,
        }
    }

    /// Whether `auto` enumerates it exactly.
    pub fn exact_by_default(&self) -> bool {
        self.cost() <= AUTO_EXACT_COST
    }

    /// Checks that `exact` may be asked for.
    pub fn check_exact(&self) -> Result<(), ThreeCardError> {
        if self.cost() <= FORCED_EXACT_COST {
            Ok(())
        } else {
            Err(ThreeCardError::TooBig {
                players: self.players(),
                cost: self.cost(),
            })
        }
    }

    fn specials_in(&self, p: usize) -> usize {
        self.hands[p].iter().filter(|d| d.special).count()
    }

    /// Exact units `range` (clamped).
    pub fn run(&self, range: std::ops::Range<u64>) -> Tally {
        self.run_range(range)
    }

    /// Units `first, first + stride, …` (a strided chunk).
    pub fn run_strided(&self, first: u64, stride: u64) -> Tally {
        self.run_stride(first, stride)
    }

    /// Every unit: the exact answer.
    pub fn run_all(&self) -> Tally {
        self.run_every()
    }

    /// **The hot path**: the hero's hand `u / n1` against the first
    /// opponent's `u % n1`, and (3 players) every hand of the second.
    fn unit_into(&self, u: u64, tally: &mut Tally) {
        let n1 = self.hands[1].len() as u64;
        let (h0, h1) = (
            self.hands[0][(u / n1) as usize],
            self.hands[1][(u % n1) as usize],
        );
        if self.removal && h0.cards.intersects(h1.cards) {
            return;
        }
        if self.players() == 2 {
            tally.record(self.winners(&[h0, h1]), 1);
            return;
        }
        if let Some(counter) = &self.counter {
            counter.query(self, h0, h1, tally);
        }
    }

    /// `trials` random deals of chunk `chunk` of a job seeded `seed`.
    pub fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> Tally {
        let mut rng = Rng::for_chunk(seed, chunk);
        let mut tally = Tally::new(self.players());
        let mut deal = vec![self.hands[0][0]; self.players()];
        for _ in 0..trials {
            if self.deal(&mut rng, &mut deal, 1 << 24) {
                tally.record(self.winners(&deal), 1);
            }
        }
        tally
    }

    /// Deals every player a hand of its holding into `deal`, every valid
    /// deal equally likely: with card removal, the players holding a hand
    /// or a top share are dealt together, the whole lot redrawn on a clash,
    /// then each `random` player three cards of those left (the ways to
    /// complete a deal are the same whatever the others hold, so this stays
    /// uniform). False only after `attempts` clashes in a row (never, for a
    /// job that opened: see `pilot_fits`).
    fn deal(&self, rng: &mut Rng, deal: &mut [Dealt], attempts: u32) -> bool {
        if !self.removal {
            for (p, list) in self.hands.iter().enumerate() {
                deal[p] = list[rng.below(list.len() as u32) as usize];
            }
            return true;
        }
        'attempt: for _ in 0..attempts {
            let mut used = 0u64;
            for (p, list) in self.hands.iter().enumerate() {
                if self.random[p] {
                    continue;
                }
                let d = list[rng.below(list.len() as u32) as usize];
                if d.cards.bits() & used != 0 {
                    continue 'attempt;
                }
                used |= d.cards.bits();
                deal[p] = d;
            }
            let mut left: Vec<Card> = self
                .live
                .iter()
                .filter(|c| used >> c.id() & 1 == 0)
                .collect();
            for p in (0..self.players()).filter(|&p| self.random[p]) {
                let mut cards = [left[0]; 3];
                for card in &mut cards {
                    let i = rng.below(left.len() as u32) as usize;
                    *card = left.swap_remove(i);
                }
                let Some(position) = self.position_of(cards) else {
                    continue 'attempt; // (every card is live: never)
                };
                deal[p] = dealt(&self.ladder, position, &self.rules);
            }
            return true;
        }
        false
    }

    /// A fixed pilot of 4,096 attempted deals finds at least one that fits.
    fn pilot_fits(&self) -> bool {
        let mut rng = Rng::new(0x3c_a4d5);
        let mut deal = vec![self.hands[0][0]; self.players()];
        self.deal(&mut rng, &mut deal, 4_096)
    }
}

fn dealt(ladder: &Ladder, position: usize, rules: &Rules) -> Dealt {
    let hand = ladder.hand(position);
    let killer = rules.two_three_five_beats_trips && hand.is_off_suit_two_three_five();
    let special =
        killer || (rules.two_three_five_beats_trips && hand.category() == Category::Trips);
    Dealt {
        killer,
        hand,
        cards: hand.cards().into_iter().collect(),
        position: position as u32,
        dense: ladder.dense(position),
        special,
    }
}

/// What the counter asks of the job (`dealt::Judge`).
impl Judge for ThreeCardJob {
    fn removal(&self) -> bool {
        self.removal
    }

    /// The ladder position of the hand of these cards, if it is in the deck.
    fn position_of(&self, cards: [Card; 3]) -> Option<usize> {
        let hand = Hand::new(cards).ok()?;
        self.ladder.position(&hand)
    }

    fn dense(&self, position: usize) -> u16 {
        self.ladder.dense(position)
    }

    /// The winner set (bit `p` for player `p`) of these hands.
    fn winners(&self, hands: &[Dealt]) -> usize {
        winners_of(
            hands.len(),
            |i, j| self.versus(&hands[i], &hands[j]),
            |i| hands[i].dense,
        )
    }

    /// [`compare`](super::compare) from what was worked out at opening: rank order, except
    /// that an off-suit 2-3-5 beats trips under the rule.
    fn versus(&self, a: &Dealt, b: &Dealt) -> Ordering {
        if a.special && b.special && a.killer != b.killer {
            if a.killer {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        } else {
            a.dense.cmp(&b.dense)
        }
    }
}

#[cfg(test)]
mod tests;

impl UnitJob for ThreeCardJob {
    type Counts = Tally;
    fn empty_counts(&self) -> Tally {
        Tally::new(self.players())
    }
    fn unit_count(&self) -> u64 {
        self.units()
    }
    fn run_unit(&self, u: u64, tally: &mut Tally) {
        self.unit_into(u, tally);
    }
}
