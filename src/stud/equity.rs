//! [`StudJob`]: stud equity with every player's missing cards dealt from
//! the cards left, every way equally likely (see the module docs of
//! `stud` for the community card when the deck runs out).
//!
//! **Exact**: the deals are enumerated player by player (each player's
//! missing cards a combination of the cards the earlier players left,
//! the hand valued once at its own level), then the community card if
//! any. Unit `u` is the `u`-th combination (lexicographic) of the first
//! player dealt to (or the `u`-th community card when no player is), so
//! any split of the units adds up to the whole. **Monte Carlo**: trials
//! chunked by `(seed, chunk, trials)`, each a partial shuffle of the cards
//! left.

use super::eval::Seen;
use super::rules::{Rules, HAND, MAX_PLAYERS};
use crate::card::{format_cards_compact, parse_cards, Card, CardSet};
use crate::combination::{choose, completions, unrank};
use crate::equity::rng::Rng;
use crate::equity::Tally;
use crate::job::units::UnitJob;
use crate::omaha::PotCounts;
use crate::quote::quote;
use std::fmt;
use std::ops::{AddAssign, Range};

/// `auto` enumerates up to this many deals (as five-card showdowns).
pub const AUTO_EXACT_DEALS: u64 = 50_000_000;

/// Asked for by name, up to this many (minutes at worst).
pub const FORCED_EXACT_DEALS: u64 = 20_000_000_000;

/// Why a stud job cannot be set up.
#[derive(Clone, PartialEq, Debug)]
pub enum StudError {
    /// 2..=8 players.
    PlayerCount(usize),
    /// Player `index` (0-based): the text is not 0–7 cards; the message says why.
    Player(usize, String),
    /// The dead cards' text.
    Dead(String),
    /// A card in two places.
    Overlap(Card, String, String),
    /// Not even one community card leaves enough cards.
    TooManyCards { needed: usize, left: usize },
    /// The community card is dealt, and player `index` already holds seven cards.
    SeventhCard(usize),
    /// A board was given: stud has none.
    Board,
    /// `exact` asked for beyond what can be enumerated.
    TooBig { deals: u64 },
}

fn place(i: usize) -> String {
    format!("player {}", i + 1)
}

impl fmt::Display for StudError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StudError::PlayerCount(n) => {
                write!(f, "stud games need 2 to {MAX_PLAYERS} players, not {n}")
            }
            StudError::Player(i, why) => write!(f, "{}: {why}", place(*i)),
            StudError::Dead(why) => write!(f, "dead cards: {why}"),
            StudError::Overlap(c, a, b) => write!(f, "{c} is in {a} and in {b}"),
            StudError::TooManyCards { needed, left } => write!(
                f,
                "the hands still need {needed} cards, even with one community card, \
                 but {left} are left: fewer players or dead cards"
            ),
            StudError::SeventhCard(i) => write!(
                f,
                "{}: 7 cards, but the deck runs out, so the seventh card is one community \
                 card shared by all: give at most 6 cards",
                place(*i)
            ),
            StudError::Board => f.write_str("stud games have no board: clear this field"),
            StudError::TooBig { deals } => write!(
                f,
                "exact would deal {deals:.1e} ways (hours); use Monte Carlo",
                deals = *deals as f64
            ),
        }
    }
}

impl std::error::Error for StudError {}

/// One player's cards as typed: `[AhKd]7c` (down cards in brackets).
/// Returns the cards and which are down.
pub fn parse_hand(text: &str) -> Result<(Vec<Card>, Vec<bool>), String> {
    let t = text.trim();
    if t.is_empty() || t == "?" || t.eq_ignore_ascii_case("random") {
        return Ok((Vec::new(), Vec::new()));
    }
    let (mut cards, mut down) = (Vec::new(), Vec::new());
    let mut inside = false;
    let mut part = String::new();
    let mut flush = |part: &mut String, inside: bool| -> Result<(), String> {
        if !part.trim().is_empty() {
            let got = parse_cards(part).map_err(|e| e.to_string())?;
            down.extend(std::iter::repeat(inside).take(got.len()));
            cards.extend(got);
        }
        part.clear();
        Ok(())
    };
    for (i, ch) in t.char_indices() {
        match ch {
            '[' if inside => return Err(format!("{}: a second '[' at {}", quote(t), i + 1)),
            ']' if !inside => return Err(format!("{}: ']' at {} closes nothing", quote(t), i + 1)),
            '[' | ']' => {
                flush(&mut part, inside)?;
                inside = ch == '[';
            }
            _ => part.push(ch),
        }
    }
    if inside {
        return Err(format!("{}: '[' is never closed", quote(t)));
    }
    flush(&mut part, inside)?;
    if cards.len() > HAND {
        return Err(format!(
            "{} has {} cards: a stud hand has at most {HAND}",
            quote(t),
            cards.len()
        ));
    }
    Ok((cards, down))
}

/// `[AhKd]7c`: the cards, down cards in brackets.
pub fn format_hand(cards: &[Card], down: &[bool]) -> String {
    if cards.is_empty() {
        return "random".into();
    }
    let mut out = String::new();
    let mut i = 0;
    while i < cards.len() {
        let d = down[i];
        let j = (i..cards.len())
            .find(|&j| down[j] != d)
            .unwrap_or(cards.len());
        let text = format_cards_compact(&cards[i..j]);
        if d {
            out += &format!("[{text}]");
        } else {
            out += &text;
        }
        i = j;
    }
    out
}

/// The counts of either kind: a [`Tally`] (high, Razz) or [`PotCounts`] (Hi-Lo).
#[derive(Clone, PartialEq, Debug)]
pub enum StudCounts {
    Tally(Tally),
    Pot(PotCounts),
}

impl StudCounts {
    fn new(rules: Rules, players: usize) -> StudCounts {
        if rules == Rules::HiLo {
            StudCounts::Pot(PotCounts::new(players))
        } else {
            StudCounts::Tally(Tally::new(players))
        }
    }
    #[inline]
    fn record(&mut self, high: usize, low: usize) {
        match self {
            StudCounts::Tally(t) => t.record(high, 1),
            StudCounts::Pot(c) => c.record(high, low),
        }
    }
    /// The flat counts of the job model.
    pub fn flat(&self) -> Vec<u128> {
        match self {
            StudCounts::Tally(t) => t.by_winners().iter().map(|&n| u128::from(n)).collect(),
            StudCounts::Pot(c) => c.flat(),
        }
    }
    pub fn showdowns(&self) -> u64 {
        match self {
            StudCounts::Tally(t) => t.showdowns(),
            StudCounts::Pot(c) => c.showdowns(),
        }
    }
}

impl AddAssign<&StudCounts> for StudCounts {
    fn add_assign(&mut self, other: &StudCounts) {
        match (self, other) {
            (StudCounts::Tally(a), StudCounts::Tally(b)) => *a += b,
            (StudCounts::Pot(a), StudCounts::Pot(b)) => *a += b,
            _ => panic!("counts of different jobs"),
        }
    }
}

/// A hand's worth: `high` (bigger wins: the high hand, or Razz's low
/// turned over) and the eight-or-better `low` (bigger wins, 0: none).
#[derive(Clone, Copy, Default, Debug)]
struct Value {
    high: u32,
    low: u8,
}

/// An opened stud job.
pub struct StudJob {
    rules: Rules,
    known: Vec<Vec<Card>>,
    labels: Vec<String>,
    /// Each player's own cards to deal.
    need: Vec<usize>,
    /// Whether the last card is one community card.
    community: bool,
    /// The cards left to deal, in id order.
    live: Vec<Card>,
    /// The players dealt to, in order.
    slots: Vec<usize>,
}

impl StudJob {
    /// Parses each player's known cards (0 to 7; `random`, `?` or empty
    /// for none), the dead cards and the board (which must be empty).
    pub fn parse(
        rules: Rules,
        players: &[&str],
        board: &str,
        dead: &str,
    ) -> Result<StudJob, StudError> {
        if !(2..=MAX_PLAYERS).contains(&players.len()) {
            return Err(StudError::PlayerCount(players.len()));
        }
        let mut seen: Vec<(Card, String)> = Vec::new();
        let mut take = |c: Card, here: String| -> Result<(), StudError> {
            if let Some((_, there)) = seen.iter().find(|(s, _)| *s == c) {
                return Err(StudError::Overlap(c, there.clone(), here));
            }
            seen.push((c, here));
            Ok(())
        };
        let (mut known, mut labels) = (Vec::new(), Vec::new());
        for (i, text) in players.iter().enumerate() {
            let (cards, down) = parse_hand(text).map_err(|e| StudError::Player(i, e))?;
            for &c in &cards {
                take(c, place(i))?;
            }
            labels.push(format_hand(&cards, &down));
            known.push(cards);
        }
        let dead_cards = if dead.trim().is_empty() {
            Vec::new()
        } else {
            parse_cards(dead).map_err(|e| StudError::Dead(e.to_string()))?
        };
        for &c in &dead_cards {
            take(c, "the dead cards".to_string())?;
        }
        if !board.trim().is_empty() {
            return Err(StudError::Board);
        }
        let used: CardSet = seen.iter().map(|(c, _)| *c).collect();
        let live: Vec<Card> = Card::all().filter(|c| !used.contains(*c)).collect();
        let mut need: Vec<usize> = known.iter().map(|k| HAND - k.len()).collect();
        let community = need.iter().sum::<usize>() > live.len();
        if community {
            if let Some(i) = known.iter().position(|k| k.len() == HAND) {
                return Err(StudError::SeventhCard(i));
            }
            need.iter_mut().for_each(|n| *n -= 1);
            let needed = need.iter().sum::<usize>() + 1;
            if needed > live.len() {
                return Err(StudError::TooManyCards {
                    needed,
                    left: live.len(),
                });
            }
        }
        let slots = (0..players.len()).filter(|&p| need[p] > 0).collect();
        Ok(StudJob {
            rules,
            known,
            labels,
            need,
            community,
            live,
            slots,
        })
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn players(&self) -> usize {
        self.known.len()
    }

    /// Each player as typed back (`[AhKd]7c`, `random`).
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// Whether the deck runs out and the last card is a community card.
    pub fn community(&self) -> bool {
        self.community
    }

    /// Every deal of the missing cards (saturating).
    pub fn deals(&self) -> u64 {
        let (total, left) = completions(self.live.len(), self.slots.iter().map(|&p| self.need[p]));
        if self.community {
            total.saturating_mul(left)
        } else {
            total
        }
    }

    /// Whether `auto` enumerates it.
    pub fn exact_by_default(&self) -> bool {
        self.deals() <= AUTO_EXACT_DEALS
    }

    /// Checks that `exact` may be asked for.
    pub fn check_exact(&self) -> Result<(), StudError> {
        if self.deals() <= FORCED_EXACT_DEALS {
            Ok(())
        } else {
            Err(StudError::TooBig {
                deals: self.deals(),
            })
        }
    }

    /// Units of the exact enumeration (module docs).
    pub fn units(&self) -> u64 {
        match self.slots.first() {
            Some(&p) => choose(self.live.len() as u64, self.need[p] as u64),
            None if self.community => self.live.len() as u64,
            None => 1,
        }
    }

    /// Empty counts.
    pub fn empty(&self) -> StudCounts {
        StudCounts::new(self.rules, self.players())
    }

    /// Exact units `range` (clamped).
    pub fn run(&self, range: Range<u64>) -> StudCounts {
        self.run_range(range)
    }

    /// Units `first, first + stride, …` (a strided chunk).
    pub fn run_strided(&self, first: u64, stride: u64) -> StudCounts {
        self.run_stride(first, stride)
    }

    /// Every unit: the exact answer.
    pub fn run_all(&self) -> StudCounts {
        self.run_every()
    }

    #[inline]
    fn value(&self, s: Seen) -> Value {
        match self.rules {
            Rules::High => Value {
                high: u32::from(s.high().value()),
                low: 0,
            },
            Rules::Razz => Value {
                high: (1 << 30) - s.razz(),
                low: 0,
            },
            Rules::HiLo => Value {
                high: u32::from(s.high().value()),
                low: s.low8().map_or(0, |b| 255 - b),
            },
        }
    }

    #[inline]
    fn record(values: &[Value], counts: &mut StudCounts) {
        let best = values.iter().map(|v| v.high).max().unwrap_or(0);
        let best_low = values.iter().map(|v| v.low).max().unwrap_or(0);
        let (mut high, mut low) = (0, 0);
        for (p, v) in values.iter().enumerate() {
            high |= usize::from(v.high == best) << p;
            low |= usize::from(best_low > 0 && v.low == best_low) << p;
        }
        counts.record(high, low);
    }

    fn unit_into(&self, u: u64, counts: &mut StudCounts) {
        let mut seen: Vec<Seen> = self.known.iter().map(|k| Seen::of(k)).collect();
        let mut values: Vec<Value> = if self.community {
            vec![Value::default(); self.players()]
        } else {
            // The complete hands now; the others at their level of the deal.
            (0..self.players())
                .map(|p| match self.need[p] {
                    0 => self.value(seen[p]),
                    _ => Value::default(),
                })
                .collect()
        };
        let Some(&first) = self.slots.first() else {
            if self.community {
                let card = self.live[u as usize];
                self.showdown_with(card, &seen, &mut values, counts);
            } else {
                Self::record(&values, counts);
            }
            return;
        };
        let combo = unrank(u, self.need[first], self.live.len());
        let mut used = 0u64;
        let mut hand = seen[first];
        for &i in &combo {
            used |= 1 << i;
            hand = hand.add(self.live[i]);
        }
        self.settle(first, hand, &mut seen, &mut values);
        self.deal_slot(1, used, &mut seen, &mut values, counts);
    }

    /// Player `p`'s hand is complete as far as they are dealt: kept, or valued.
    #[inline]
    fn settle(&self, p: usize, hand: Seen, seen: &mut [Seen], values: &mut [Value]) {
        if self.community {
            seen[p] = hand;
        } else {
            values[p] = self.value(hand);
        }
    }

    fn showdown_with(&self, card: Card, seen: &[Seen], values: &mut [Value], out: &mut StudCounts) {
        for (v, s) in values.iter_mut().zip(seen) {
            *v = self.value(s.add(card));
        }
        Self::record(values, out);
    }

    /// Every deal of slots `s..` (and the community card) from the cards not `used`.
    fn deal_slot(
        &self,
        s: usize,
        used: u64,
        seen: &mut [Seen],
        values: &mut [Value],
        out: &mut StudCounts,
    ) {
        let mut pool = [0u8; 52];
        let mut n = 0;
        for i in 0..self.live.len() {
            if used >> i & 1 == 0 {
                pool[n] = i as u8;
                n += 1;
            }
        }
        let pool = &pool[..n];
        if s == self.slots.len() {
            if self.community {
                for &i in pool {
                    self.showdown_with(self.live[i as usize], seen, values, out);
                }
            } else {
                Self::record(values, out);
            }
            return;
        }
        let p = self.slots[s];
        let base = seen[p];
        self.pick(s, p, pool, 0, self.need[p], base, used, seen, values, out);
        seen[p] = base;
    }

    /// Chooses `left` more of `pool[start..]` for player `p` (slot `s`).
    #[allow(clippy::too_many_arguments)]
    fn pick(
        &self,
        s: usize,
        p: usize,
        pool: &[u8],
        start: usize,
        left: usize,
        hand: Seen,
        used: u64,
        seen: &mut [Seen],
        values: &mut [Value],
        out: &mut StudCounts,
    ) {
        if left == 0 {
            self.settle(p, hand, seen, values);
            self.deal_slot(s + 1, used, seen, values, out);
            return;
        }
        for k in start..=pool.len() - left {
            let i = pool[k] as usize;
            self.pick(
                s,
                p,
                pool,
                k + 1,
                left - 1,
                hand.add(self.live[i]),
                used | 1 << i,
                seen,
                values,
                out,
            );
        }
    }

    /// `trials` random deals of chunk `chunk` of a job seeded `seed`.
    pub fn run_trials(&self, seed: u64, chunk: u64, trials: u64) -> StudCounts {
        let mut rng = Rng::for_chunk(seed, chunk);
        let mut counts = self.empty();
        let mut deck = self.live.clone();
        let base: Vec<Seen> = self.known.iter().map(|k| Seen::of(k)).collect();
        let mut seen = base.clone();
        let mut values = vec![Value::default(); self.players()];
        for _ in 0..trials {
            let mut next = 0;
            let mut draw = |rng: &mut Rng| {
                let j = next + rng.below((deck.len() - next) as u32) as usize;
                deck.swap(next, j);
                next += 1;
                deck[next - 1]
            };
            for p in 0..self.players() {
                let mut hand = base[p];
                for _ in 0..self.need[p] {
                    hand = hand.add(draw(&mut rng));
                }
                seen[p] = hand;
            }
            if self.community {
                let card = draw(&mut rng);
                seen.iter_mut().for_each(|s| *s = s.add(card));
            }
            for (v, &s) in values.iter_mut().zip(&seen) {
                *v = self.value(s);
            }
            Self::record(&values, &mut counts);
        }
        counts
    }
}

impl UnitJob for StudJob {
    type Counts = StudCounts;
    fn empty_counts(&self) -> StudCounts {
        self.empty()
    }
    fn unit_count(&self) -> u64 {
        self.units()
    }
    fn run_unit(&self, u: u64, counts: &mut StudCounts) {
        self.unit_into(u, counts);
    }
}
