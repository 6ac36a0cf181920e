//! The hero's win rate against `k` like opponents (1 to 5, each holding the
//! same `random` or top share), **exact** for every `k`: the write-up's
//! table.
//!
//! Only the hero's fate is needed, and it depends on each opponent's hand
//! only through a *label* (how it stands against the hero's hand), so the
//! deals are counted by labels, per hero hand, by the card-by-card scan of
//! `scan` (rates/scan.rs). With card removal the opponents' hands are disjoint from each
//! other, the hero's and the dead cards; without it (independent draws)
//! each opponent's label is independent and the counts are products.
//! [`RatesJob`] runs a count a step at a time (the page's workers, ~0.1 s a
//! step) within [`Limits`] (hero hands to scan, states to visit);
//! [`hero_counts`] in one go.
//!
//! Labels, for a hero hand `H` (a hand no label fits never lets the hero
//! win or tie: it is DEAD, and the deal is only counted in `deals`):
//!
//! | label | the opponent's hand | |
//! |---|---|---|
//! | 1 | loses to `H` (not trips, under the 2-3-5 rule when `H` is trips) | |
//! | 2 | trips that lose to `H` (only when `H` is trips under the 2-3-5 rule) | |
//! | 3 | equal to `H` | |
//! | 4 | an off-suit 2-3-5 beating trips `H` under the 2-3-5 rule | |
//!
//! The hero's share: with no label 4, `1 / (1 + label-3 count)`; with a
//! label 4 (the hero holds trips and a 2-3-5 beats them), the hero wins only
//! through a cycle (some label-1 hand beats the 2-3-5s, the hero beats it),
//! which [`crate::deal::three_card_winners`] gives to the highest ranks:
//! the hero and its equals. The tests hold this to that function.

mod scan;

use super::{ThreeCardError, ThreeCardSpec};
use crate::card::{Card, CardSet};
use crate::three_card::ladder::{hand_index, Holding, ALL_HANDS};
use crate::three_card::{Category, Hand};
use std::cmp::Ordering;

/// Exact hero counts: deals, and those the hero wins alone, ties, and its
/// pot share over all of them in sixtieths (1/2 … 1/6 of a pot are whole).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct HeroCounts {
    pub deals: u128,
    pub win: u128,
    pub tie: u128,
    pub sixtieths: u128,
}

impl HeroCounts {
    pub fn win_rate(&self) -> f64 {
        ratio(self.win, self.deals)
    }

    pub fn tie_rate(&self) -> f64 {
        ratio(self.tie, self.deals)
    }

    pub fn equity(&self) -> f64 {
        ratio(self.sixtieths, self.deals.saturating_mul(60))
    }

    fn add(&mut self, other: &HeroCounts, times: u128) {
        self.deals += other.deals * times;
        self.win += other.win * times;
        self.tie += other.tie * times;
        self.sixtieths += other.sixtieths * times;
    }
}

fn ratio(a: u128, b: u128) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// How far an exact count may go before giving up (the caller then
/// samples): hero hands to scan (a range's hands up to suit symmetry), and
/// states visited in all (see `scan::Scan`; natively ~0.4 µs a state,
/// in wasm ~0.6).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    pub hero_scans: usize,
    pub states: u64,
}

impl Limits {
    /// The page's: about 15 s in a worker at worst (five opponents holding
    /// a top share cut through a class of equal hands: ~15 M states).
    pub const PAGE: Limits = Limits {
        hero_scans: 64,
        states: 25_000_000,
    };
    /// The CLI's (asked for by name): minutes at worst.
    pub const CLI: Limits = Limits {
        hero_scans: 2_000,
        states: 400_000_000,
    };
}

/// Why a spec has no exact hero counts here.
#[derive(Clone, PartialEq, Debug)]
pub enum RatesError {
    /// The opponents do not all hold the same thing.
    Unlike,
    /// The hero's range has too many distinct hands to scan.
    TooManyHeroHands(usize),
    /// The count would visit more states than allowed.
    TooMuchWork,
    /// The spec itself is bad.
    Spec(ThreeCardError),
}

impl std::fmt::Display for RatesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RatesError::Unlike => write!(f, "the opponents must all hold the same thing"),
            RatesError::TooManyHeroHands(n) => write!(
                f,
                "the hero's range has {n} distinct hands (up to suits): too many to count every deal"
            ),
            RatesError::TooMuchWork => write!(f, "counting every deal would take too long"),
            RatesError::Spec(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RatesError {}

/// What a hand of the opponents' holding is, worked out once.
#[derive(Clone, Copy)]
struct Member {
    index: usize,
    dense: u16,
    trips: bool,
    killer: bool,
}

/// The exact counts of `spec`'s hero against its opponents, who must all
/// hold the same thing, within `limits`, in one go.
pub fn hero_counts(spec: ThreeCardSpec, limits: Limits) -> Result<HeroCounts, RatesError> {
    let mut job = RatesJob::new(spec, limits)?;
    while !job.step(u64::MAX)? {}
    job.counts().ok_or(RatesError::TooMuchWork)
}

/// A count in progress, run a step at a time (the page's workers answer
/// within ~100 ms a step, so that a change of input stops it at once).
pub struct RatesJob {
    spec: ThreeCardSpec,
    k: usize,
    members: Vec<Member>,
    /// 1 for the opponents' holding's hands, by [`hand_index`].
    member: Vec<u8>,
    heroes: Vec<(usize, u128)>,
    /// States the count may still visit (of `Limits::states`).
    work: u64,
    hero: usize,
    phase: Phase,
    /// The current hero hand's counts, then the sum over hero hands.
    current: HeroCounts,
    total: HeroCounts,
}

enum Phase {
    /// The next hero hand starts.
    Start,
    /// Counting by labels.
    Labels(scan::Scan, Vec<Card>, Vec<bool>),
    /// Counting the deals (opponents holding a share).
    Deals(scan::Scan),
}

impl RatesJob {
    /// Checks that the opponents hold the same thing and the hero's range
    /// is within `limits.hero_scans` hands up to suits.
    pub fn new(spec: ThreeCardSpec, limits: Limits) -> Result<RatesJob, RatesError> {
        let holdings = spec.holdings();
        let opponent = holdings[1];
        if holdings[1..].iter().any(|h| *h != opponent) {
            return Err(RatesError::Unlike);
        }
        let ladder = spec.ladder();
        let rules = *ladder.rules();
        let members: Vec<Member> = opponent
            .positions(ladder)
            .into_iter()
            .map(|p| {
                let hand = ladder.hand(p);
                Member {
                    index: hand_index(hand.cards()),
                    dense: ladder.dense(p),
                    trips: hand.category() == Category::Trips,
                    killer: rules.two_three_five_beats_trips && hand.is_off_suit_two_three_five(),
                }
            })
            .collect();
        let heroes = hero_hands(&spec, &members, limits.hero_scans)?;
        let mut member = vec![0u8; ALL_HANDS];
        for m in &members {
            member[m.index] = 1;
        }
        Ok(RatesJob {
            k: spec.players() - 1,
            spec,
            members,
            member,
            heroes,
            work: limits.states,
            hero: 0,
            phase: Phase::Start,
            current: HeroCounts::default(),
            total: HeroCounts::default(),
        })
    }

    /// Runs about `budget` states' work (at least one card); `Ok(true)`
    /// once done. `Err(TooMuchWork)` when the limit runs out first.
    pub fn step(&mut self, budget: u64) -> Result<bool, RatesError> {
        let mut budget = budget.max(1);
        loop {
            if self.hero == self.heroes.len() {
                return if self.total.deals == 0 {
                    Err(RatesError::Spec(ThreeCardError::NoDeal))
                } else {
                    Ok(true)
                };
            }
            if budget == 0 {
                return Ok(false);
            }
            match std::mem::replace(&mut self.phase, Phase::Start) {
                Phase::Start => self.start_hero()?,
                Phase::Labels(mut scan, cards, live) => {
                    if !self.advance(&mut scan, &mut budget)? {
                        self.phase = Phase::Labels(scan, cards, live);
                        continue;
                    }
                    let mut counts = HeroCounts::default();
                    scan.finish(|by_label, ways| record(&mut counts, by_label, ways));
                    self.current = counts;
                    if self.spec.holdings()[1] == Holding::Random {
                        // Any three of the cards left, k times: n! / (n - 3k)! / 6^k.
                        let n = live.iter().filter(|&&l| l).count() as u128;
                        self.current.deals = (0..3 * self.k as u128)
                            .map(|i| n.saturating_sub(i))
                            .product::<u128>()
                            / 6u128.pow(self.k as u32);
                        self.next_hero();
                    } else {
                        let automaton = automaton(&cards, &live, &self.member)?;
                        self.phase = Phase::Deals(scan::Scan::new(automaton, self.k));
                    }
                }
                Phase::Deals(mut scan) => {
                    if !self.advance(&mut scan, &mut budget)? {
                        self.phase = Phase::Deals(scan);
                        continue;
                    }
                    scan.finish(|_, ways| self.current.deals += ways);
                    self.next_hero();
                }
            }
        }
    }

    /// The counts, once [`step`](Self::step) said done.
    pub fn counts(&self) -> Option<HeroCounts> {
        (self.hero == self.heroes.len() && self.total.deals > 0).then_some(self.total)
    }

    /// How far the count is, from 0 to 1 (by hero hands, then cards).
    pub fn progress(&self) -> f64 {
        let deals_too = self.spec.holdings()[1] != Holding::Random;
        let within = |scan: &scan::Scan| {
            let (done, all) = scan.progress();
            done as f64 / all.max(1) as f64
        };
        let part = match &self.phase {
            Phase::Start => 0.0,
            Phase::Labels(scan, ..) if deals_too => within(scan) / 2.0,
            Phase::Labels(scan, ..) => within(scan),
            Phase::Deals(scan) => 0.5 + within(scan) / 2.0,
        };
        (self.hero as f64 + part) / self.heroes.len().max(1) as f64
    }

    fn advance(&mut self, scan: &mut scan::Scan, budget: &mut u64) -> Result<bool, RatesError> {
        let mut allowed = (*budget).min(self.work);
        let before = allowed;
        let done = scan.advance(&mut allowed);
        let spent = before - allowed;
        *budget = budget.saturating_sub(spent.max(1));
        match self.work.checked_sub(spent) {
            Some(left) if left > 0 || done => {
                self.work = left;
                Ok(done)
            }
            _ => Err(RatesError::TooMuchWork),
        }
    }

    fn start_hero(&mut self) -> Result<(), RatesError> {
        let ladder = self.spec.ladder();
        let (position, _) = self.heroes[self.hero];
        let hero = ladder.hand(position);
        let labels = label_table(&self.members, hero, ladder.dense(position), ladder.rules());
        if !self.spec.card_removal() {
            self.current = independent(&labels, self.members.len(), self.k);
            self.next_hero();
            return Ok(());
        }
        let mut known: CardSet = self.spec.dead;
        for c in hero.cards() {
            known.insert(c);
        }
        let mut cards: Vec<Card> = ladder.deck().cards().iter().collect();
        cards.sort_unstable_by_key(|c| std::cmp::Reverse(c.id()));
        let live: Vec<bool> = cards.iter().map(|c| !known.contains(*c)).collect();
        let scan = scan::Scan::new(automaton(&cards, &live, &labels)?, self.k);
        self.phase = Phase::Labels(scan, cards, live);
        Ok(())
    }

    fn next_hero(&mut self) {
        let (_, times) = self.heroes[self.hero];
        self.total.add(&self.current, times);
        self.current = HeroCounts::default();
        self.hero += 1;
        self.phase = Phase::Start;
    }
}

fn automaton(cards: &[Card], live: &[bool], labels: &[u8]) -> Result<scan::Automaton, RatesError> {
    scan::Automaton::new(cards, live, labels, &symmetries(labels)).ok_or(RatesError::TooMuchWork)
}

/// The hero's hands to scan, each with how many hands it stands for (its
/// images under the suit permutations that change nothing else).
fn hero_hands(
    spec: &ThreeCardSpec,
    members: &[Member],
    max_scans: usize,
) -> Result<Vec<(usize, u128)>, RatesError> {
    let ladder = spec.ladder();
    let hero = spec.holdings()[0];
    let dead = spec.dead;
    let positions: Vec<usize> = hero
        .positions(ladder)
        .into_iter()
        .filter(|&p| {
            !spec.card_removal() || !ladder.hand(p).cards().iter().any(|c| dead.contains(*c))
        })
        .collect();
    if matches!(hero, Holding::Hand(_)) {
        return Ok(positions.into_iter().map(|p| (p, 1)).collect());
    }
    // Suit permutations that keep the dead cards, the opponents' holding and
    // the hero's holding: hero hands in one orbit have the same counts.
    let mut in_members = vec![false; ALL_HANDS];
    for m in members {
        in_members[m.index] = true;
    }
    let mut in_hero = vec![false; ALL_HANDS];
    for &p in &positions {
        in_hero[hand_index(ladder.hand(p).cards())] = true;
    }
    let hands: Vec<[Card; 3]> = (0..ladder.len()).map(|p| ladder.hand(p).cards()).collect();
    let symmetries: Vec<[u8; 4]> = suit_permutations()
        .into_iter()
        .filter(|perm| {
            dead.iter().all(|c| dead.contains(permute(c, perm)))
                && hands.iter().all(|h| {
                    let i = hand_index(*h);
                    let j = hand_index(h.map(|c| permute(c, perm)));
                    in_members[i] == in_members[j] && in_hero[i] == in_hero[j]
                })
        })
        .collect();
    let mut seen = vec![false; ALL_HANDS];
    let mut out = Vec::new();
    for &p in &positions {
        let cards = ladder.hand(p).cards();
        if seen[hand_index(cards)] {
            continue;
        }
        let mut orbit = 0u128;
        for perm in &symmetries {
            let i = hand_index(cards.map(|c| permute(c, perm)));
            if !seen[i] {
                seen[i] = true;
                orbit += 1;
            }
        }
        out.push((p, orbit));
    }
    if out.len() > max_scans && spec.card_removal() {
        return Err(RatesError::TooManyHeroHands(out.len()));
    }
    Ok(out)
}

fn suit_permutations() -> Vec<[u8; 4]> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                out.push([a, b, c, 6 - a - b - c]);
            }
        }
    }
    out
}

fn permute(card: Card, perm: &[u8; 4]) -> Card {
    Card::new(card.rank(), perm[usize::from(card.suit())])
}

/// Each hand's label against `hero` (by [`hand_index`]; 0 = DEAD or not a
/// member), see the module docs.
fn label_table(
    members: &[Member],
    hero: Hand,
    dense: u16,
    rules: &crate::three_card::Rules,
) -> Vec<u8> {
    let hero_trips = hero.category() == Category::Trips;
    let hero_killer = rules.two_three_five_beats_trips && hero.is_off_suit_two_three_five();
    let rule = rules.two_three_five_beats_trips;
    let mut labels = vec![0u8; ALL_HANDS];
    for m in members {
        // compare(opponent, hero), as `three_card::compare` does.
        let versus = if rule && m.killer && hero_trips {
            Ordering::Greater
        } else if rule && hero_killer && m.trips {
            Ordering::Less
        } else {
            m.dense.cmp(&dense)
        };
        labels[m.index] = match versus {
            Ordering::Less if rule && hero_trips && m.trips => 2,
            Ordering::Less => 1,
            Ordering::Equal => 3,
            Ordering::Greater if rule && hero_trips && m.killer => 4,
            Ordering::Greater => 0,
        };
    }
    labels
}

/// The hero's share of one deal whose opponents' labels are counted in
/// `by_label`, in sixtieths, and whether that is a win (alone) or a tie.
fn share(by_label: &[u8; 5]) -> (u128, bool) {
    let equal = u128::from(by_label[3]);
    if by_label[4] > 0 && by_label[1] == 0 {
        return (0, false);
    }
    (60 / (1 + equal), equal == 0)
}

fn record(counts: &mut HeroCounts, by_label: &[u8; 5], ways: u128) {
    let (sixtieths, alone) = share(by_label);
    if sixtieths > 0 {
        if alone {
            counts.win += ways;
        } else {
            counts.tie += ways;
        }
        counts.sixtieths += sixtieths * ways;
    }
}

/// The suit permutations under which `labels` (by [`hand_index`]) is
/// invariant.
fn symmetries(labels: &[u8]) -> Vec<scan::SuitPerm> {
    let cards: Vec<Card> = Card::all().collect();
    let mut labelled = Vec::new();
    for (i, &a) in cards.iter().enumerate() {
        for (j, &b) in cards.iter().enumerate().skip(i + 1) {
            for &c in &cards[j + 1..] {
                let index = hand_index([a, b, c]);
                if labels[index] != 0 {
                    labelled.push((index, [a, b, c]));
                }
            }
        }
    }
    // A permutation maps hands one to one: if it keeps the label of every
    // labelled hand, it keeps every label.
    suit_permutations()
        .into_iter()
        .filter(|perm| {
            labelled
                .iter()
                .all(|(i, h)| labels[hand_index(h.map(|c| permute(c, perm)))] == labels[*i])
        })
        .collect()
}

/// Independent draws: each opponent's label is drawn alone, from all
/// `members` hands; deals = members^k, counted by the multinomial sum over
/// label counts.
fn independent(labels: &[u8], members: usize, k: usize) -> HeroCounts {
    let mut per = [0u128; 5];
    for &l in labels {
        per[usize::from(l)] += 1;
    }
    // (index 0: the members with no label.)
    per[0] = members as u128 - per[1..].iter().sum::<u128>();
    let mut counts = HeroCounts {
        deals: (members as u128).pow(k as u32),
        ..HeroCounts::default()
    };
    // Every split of k opponents over labels 0..=4 with its multinomial.
    fn walk(
        l: usize,
        left: usize,
        by: &mut [u8; 5],
        per: &[u128; 5],
        k: usize,
        out: &mut HeroCounts,
    ) {
        if l == 4 {
            by[4] = left as u8;
            let mut ways = multinomial(k, by);
            for (i, &c) in by.iter().enumerate() {
                ways *= per[i].pow(u32::from(c));
            }
            if by[0] == 0 {
                record(out, by, ways);
            }
            return;
        }
        for c in 0..=left {
            by[l] = c as u8;
            walk(l + 1, left - c, by, per, k, out);
        }
    }
    walk(0, k, &mut [0; 5], &per, k, &mut counts);
    counts
}

fn multinomial(k: usize, by: &[u8; 5]) -> u128 {
    let fact = |n: usize| (1..=n as u128).product::<u128>();
    by.iter().fold(fact(k), |m, &c| m / fact(usize::from(c)))
}

#[cfg(test)]
mod tests;
