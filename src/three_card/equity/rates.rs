//! The hero's win rate against `k` like opponents (1 to 5, each holding the
//! same `random` or top share), **exact** for every `k`: the write-up's
//! table.
//!
//! Only the hero's fate is needed, and it depends on each opponent's hand
//! only through a *label* (how it stands against the hero's hand), so the
//! deals are counted by labels, per hero hand, by the card-by-card scan of
//! [`scan`]. With card removal the opponents' hands are disjoint from each
//! other, the hero's and the dead cards; without it (independent draws)
//! each opponent's label is independent and the counts are products.
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
/// states visited in all (see [`scan::count`]; natively ~0.4 µs a state,
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
/// hold the same thing, within `limits`.
pub fn hero_counts(spec: &ThreeCardSpec, limits: Limits) -> Result<HeroCounts, RatesError> {
    let holdings = spec.holdings();
    let opponent = holdings[1];
    if holdings[1..].iter().any(|h| *h != opponent) {
        return Err(RatesError::Unlike);
    }
    let k = holdings.len() - 1;
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
    let heroes = hero_hands(spec, &members, limits.hero_scans)?;
    let mut work = limits.states;
    let mut member = vec![0u8; ALL_HANDS];
    for m in &members {
        member[m.index] = 1;
    }
    let mut total = HeroCounts::default();
    for (position, times) in heroes {
        let hero = ladder.hand(position);
        let dense = ladder.dense(position);
        let labels = label_table(&members, hero, dense, &rules);
        let counts = if spec.card_removal() {
            with_removal(spec, hero, &labels, &member, k, &mut work)?
        } else {
            independent(&labels, members.len(), k)
        };
        total.add(&counts, times);
    }
    if total.deals == 0 {
        return Err(RatesError::Spec(ThreeCardError::NoDeal));
    }
    Ok(total)
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

/// With card removal: the scan over the cards left, once for the labels and
/// once for the deals (every member one label).
fn with_removal(
    spec: &ThreeCardSpec,
    hero: Hand,
    labels: &[u8],
    member: &[u8],
    k: usize,
    work: &mut u64,
) -> Result<HeroCounts, RatesError> {
    let mut known: CardSet = spec.dead;
    for c in hero.cards() {
        known.insert(c);
    }
    let mut cards: Vec<Card> = spec.ladder().deck().cards().iter().collect();
    cards.sort_unstable_by_key(|c| std::cmp::Reverse(c.id()));
    let live: Vec<bool> = cards.iter().map(|c| !known.contains(*c)).collect();
    let mut counts = HeroCounts::default();
    let mut scan = |labels: &[u8], out: &mut dyn FnMut(&[u8; 5], u128)| {
        let automaton = scan::Automaton::new(&cards, &live, labels, &symmetries(labels))
            .ok_or(RatesError::TooMuchWork)?;
        if scan::count(&automaton, k, work, out) {
            Ok(())
        } else {
            Err(RatesError::TooMuchWork)
        }
    };
    scan(labels, &mut |by_label, ways| {
        record(&mut counts, by_label, ways)
    })?;
    if spec.holdings()[1] == Holding::Random {
        // Any three of the cards left, k times: n! / (n - 3k)! / 6^k.
        let n = live.iter().filter(|&&l| l).count() as u128;
        counts.deals = (0..3 * k as u128)
            .map(|i| n.saturating_sub(i))
            .product::<u128>()
            / 6u128.pow(k as u32);
    } else {
        scan(member, &mut |_, ways| counts.deals += ways)?;
    }
    Ok(counts)
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
