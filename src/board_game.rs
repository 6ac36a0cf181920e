//! What the board games besides Hold'em (Omaha, Short Deck) share: a
//! validated deal ([`Deal`]: each player's hole cards or `random`, a board
//! of 0, 3, 4 or 5 cards, dead cards, from the full deck or the short one),
//! the exact enumeration of the board's completions ([`Deal::units`],
//! [`Deal::for_each_board`]), the Monte Carlo dealer
//! ([`Deal::deal_random`]) and the policy "exact or sampled" ([`Deal::plan`]).
//!
//! **Units**: the board's missing cards are a combination of the live cards
//! (the deck minus every known card), in lexicographic order of their
//! indices; unit `u` is the `u`-th combination of its first `min(missing −
//! 1, 2)` cards (none on the turn: one unit), the rest enumerated after
//! them, the last card innermost ([`Deal::for_each_prefix`]). So any
//! `[start, end)` of units is computed independently and the counts add up.

pub mod error;
pub mod hand;
mod limits;
pub mod weighted;

use crate::card::{format_cards_compact, parse_cards, Card, CardSet};
pub(crate) use crate::combination::choose;
use crate::equity::rng::Rng;
use crate::quote::quote;
pub use error::BoardGameError;
pub use limits::MAX_PLAYERS;

/// Evaluations of an exact enumeration beyond which `auto` samples (the
/// Hold'em limit: a few seconds natively).
pub const EXACT_LIMIT: u64 = crate::equity::EXACT_LIMIT;

/// Asked for by name, exact up to this many evaluations (about an hour).
pub const EXACT_FORCED_LIMIT: u64 = crate::equity::EXACT_FORCED_LIMIT;

/// The deck a game deals from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Deck {
    /// 52 cards.
    Full,
    /// 36 cards, six to ace (Short Deck Hold'em).
    Short,
}

impl Deck {
    /// Whether `card` is in this deck.
    pub fn holds(self, card: Card) -> bool {
        match self {
            Deck::Full => true,
            Deck::Short => card.rank() >= 4,
        }
    }

    /// Cards in the deck.
    pub fn size(self) -> usize {
        match self {
            Deck::Full => 52,
            Deck::Short => 36,
        }
    }

    /// The deck's cards in id order.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        Card::all().filter(move |&c| self.holds(c))
    }
}

/// The rules of a deal: how many hole cards each hand has, from which deck.
#[derive(Clone, Copy, Debug)]
pub struct Dealing {
    /// The game's name for people (`"Omaha"`, `"Short Deck"`), in messages.
    pub game: &'static str,
    /// Hole cards per hand.
    pub hole: usize,
    /// A hint for a hand of the wrong size (`"omaha5 deals 5"`),
    /// or empty.
    pub hint: fn(usize) -> Option<String>,
    pub deck: Deck,
}

impl Dealing {
    /// Why a hand of `n` cards is not one of this game's:
    /// `5 cards: Omaha deals 4 cards a hand (five-card Omaha is omaha5)`.
    pub fn wrong_size(&self, n: usize) -> String {
        let hint = (self.hint)(n).map_or(String::new(), |h| format!(" ({h})"));
        format!(
            "{n} card{}: {} deals {} cards a hand{hint}",
            if n == 1 { "" } else { "s" },
            self.game,
            self.hole
        )
    }
}

/// A validated deal: hands (known or random), board, dead cards, and the
/// live cards (the deck minus every known card), in id order.
#[derive(Clone, Debug)]
pub struct Deal {
    dealing: Dealing,
    hands: Vec<Option<Vec<Card>>>,
    board: Vec<Card>,
    dead: Vec<Card>,
    live: Vec<Card>,
    labels: Vec<String>,
    /// Per player, whether the hand is a range (dealt as a random one).
    ranged: Vec<bool>,
}

/// Whether text that is no list of cards reads as a range: Hold'em's range
/// syntax (`QQ+`, `AKs`, `10%`), or Omaha players' (`AA**`, `$ds`,
/// `AA:$ds`, `AA!AAA`).
fn looks_like_a_range(text: &str) -> bool {
    crate::range::parse_items(text).is_ok()
        || text
            .chars()
            .any(|c| matches!(c, '*' | '$' | '!' | ':' | '%' | '+' | '@'))
}

/// Whether a player's text means "deal this hand at random".
fn is_random(text: &str) -> bool {
    let t = text.trim();
    t == "?" || t.eq_ignore_ascii_case("random")
}

impl Deal {
    /// Checks players (`AsKsQhJh` or `random`), board and dead cards.
    pub fn parse(
        dealing: Dealing,
        players: &[&str],
        board: &str,
        dead: &str,
    ) -> Result<Deal, BoardGameError> {
        use BoardGameError as E;
        if !(2..=MAX_PLAYERS).contains(&players.len()) {
            return Err(E::PlayerCount {
                game: dealing.game,
                got: players.len(),
            });
        }
        let mut seen: Vec<(Card, String)> = Vec::new();
        let mut take = |c: Card, here: String| -> Result<(), BoardGameError> {
            if !dealing.deck.holds(c) {
                return Err(E::NotInDeck {
                    card: c,
                    place: here,
                });
            }
            if let Some((_, there)) = seen.iter().find(|(s, _)| *s == c) {
                return Err(E::Overlap(c, there.clone(), here));
            }
            seen.push((c, here));
            Ok(())
        };
        let mut hands = Vec::new();
        let mut labels = Vec::new();
        // The first known hand's size, to name in a mixed-sizes error.
        let mut first: Option<(usize, usize)> = None;
        for (i, text) in players.iter().enumerate() {
            if is_random(text) {
                hands.push(None);
                labels.push("random".to_string());
                continue;
            }
            let cards = parse_cards(text).map_err(|e| {
                if looks_like_a_range(text) {
                    E::Player(
                        i,
                        format!(
                            "{}: {} takes cards or random, not a range (ranges in this game are yet to come)",
                            quote(text.trim()),
                            dealing.game
                        ),
                    )
                } else {
                    E::Player(i, e.to_string())
                }
            })?;
            let n = cards.len();
            if n != dealing.hole {
                let why = match first {
                    Some((j, m)) if m != n => format!(
                        "{} is {n} cards but player {}'s is {m}: every hand has {m}",
                        quote(text.trim()),
                        j + 1,
                    ),
                    _ => format!("{} is {}", quote(text.trim()), dealing.wrong_size(n)),
                };
                return Err(E::Player(i, why));
            }
            first.get_or_insert((i, n));
            for &c in &cards {
                take(c, format!("player {}", i + 1))?;
            }
            labels.push(format_cards_compact(&cards));
            hands.push(Some(cards));
        }
        let board = parse_cards(board).map_err(|e| E::Board(e.to_string()))?;
        if matches!(board.len(), 1 | 2) || board.len() > 5 {
            return Err(E::Board(format!(
                "{} card{}: a board is 0, 3, 4 or 5 cards",
                board.len(),
                if board.len() == 1 { "" } else { "s" }
            )));
        }
        for &c in &board {
            take(c, "the board".to_string())?;
        }
        let dead = parse_cards(dead).map_err(|e| E::Dead(e.to_string()))?;
        for &c in &dead {
            take(c, "the dead cards".to_string())?;
        }
        let needed = dealing.hole * players.len() + 5 + dead.len();
        if needed > dealing.deck.size() {
            return Err(E::TooManyCards {
                game: dealing.game,
                players: players.len(),
                hole: dealing.hole,
                needed,
                deck: dealing.deck.size(),
            });
        }
        let used: CardSet = seen.iter().map(|(c, _)| *c).collect();
        let live = dealing
            .deck
            .cards()
            .filter(|c| !used.contains(*c))
            .collect();
        let ranged = vec![false; hands.len()];
        Ok(Deal {
            dealing,
            hands,
            board,
            dead,
            live,
            labels,
            ranged,
        })
    }

    pub fn dealing(&self) -> Dealing {
        self.dealing
    }

    pub fn players(&self) -> usize {
        self.hands.len()
    }

    /// Each hand: its cards, or `None` for a random one.
    pub fn hands(&self) -> &[Option<Vec<Card>>] {
        &self.hands
    }

    /// The known board cards.
    pub fn board(&self) -> &[Card] {
        &self.board
    }

    pub fn dead(&self) -> &[Card] {
        &self.dead
    }

    /// Player `i` holds a range, dealt as a random hand is: its label is
    /// the range's text, and the plan says ranges are sampled.
    pub(crate) fn mark_range(&mut self, i: usize, label: String) {
        if let Some(l) = self.labels.get_mut(i) {
            *l = label;
            self.ranged[i] = true;
        }
    }

    /// Each player as typed back (`AsKsQhJh`, `random`).
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// Whether some hand is dealt at random.
    pub fn has_random(&self) -> bool {
        self.hands.iter().any(Option::is_none)
    }

    /// Board cards still to come.
    pub fn missing(&self) -> usize {
        5 - self.board.len()
    }

    /// Every completion of the board (all hands known).
    pub fn boards(&self) -> u64 {
        choose(self.live.len() as u64, self.missing() as u64)
    }

    /// Board cards to come that a unit fixes: all but the last, at most two.
    fn head(&self) -> usize {
        self.missing().saturating_sub(1).min(2)
    }

    /// Units of the exact enumeration: combinations of the first
    /// `min(missing − 1, 2)` board cards to come (1 on the turn and river).
    pub fn units(&self) -> u64 {
        choose(self.live.len() as u64, self.head() as u64)
    }

    /// Calls `f` with every complete board of unit `unit` (known cards
    /// first, then the dealt ones in id order). Needs every hand known.
    pub fn for_each_board(&self, unit: u64, mut f: impl FnMut(&[Card; 5])) {
        self.for_each_prefix(unit, |four, fifths| {
            let mut cards = [four[0], four[1], four[2], four[3], four[0]];
            for &c in fifths {
                cards[4] = c;
                f(&cards);
            }
        });
    }

    /// The boards of unit `unit` grouped by their first four cards: `f(four,
    /// fifths)` stands for the boards `four + c` for each `c` in `fifths`
    /// (in [`Deal::for_each_board`]'s order), so that what depends on the
    /// first four cards is computed once for all of them.
    pub fn for_each_prefix(&self, unit: u64, mut f: impl FnMut(&[Card; 4], &[Card])) {
        debug_assert!(!self.has_random());
        let known = self.board.len();
        let missing = self.missing();
        let mut cards = [Card::new(0, 0); 5];
        cards[..known].copy_from_slice(&self.board);
        let four = |c: &[Card; 5]| [c[0], c[1], c[2], c[3]];
        if missing == 0 {
            if unit == 0 {
                f(&four(&cards), &cards[4..]);
            }
            return;
        }
        if unit >= self.units() {
            return;
        }
        let head = self.head();
        let first = unrank(unit, head, self.live.len());
        for (slot, &i) in first.iter().take(head).enumerate() {
            cards[known + slot] = self.live[i];
        }
        // The cards after the unit's: the fifth card is the last of them.
        let after = if head == 0 { 0 } else { first[head - 1] + 1 };
        let live = &self.live[after..];
        let at = known + head;
        match missing - head {
            0 => f(&four(&cards), &cards[4..]),
            1 => {
                if !live.is_empty() {
                    f(&four(&cards), live);
                }
            }
            2 => {
                for (i, &a) in live.iter().enumerate() {
                    cards[at] = a;
                    if i + 1 < live.len() {
                        f(&four(&cards), &live[i + 1..]);
                    }
                }
            }
            _ => {
                for (i, &a) in live.iter().enumerate() {
                    cards[at] = a;
                    for (j, &b) in live.iter().enumerate().skip(i + 1) {
                        cards[at + 1] = b;
                        if j + 1 < live.len() {
                            f(&four(&cards), &live[j + 1..]);
                        }
                    }
                }
            }
        }
    }

    /// One random deal for Monte Carlo: the random hands' hole cards
    /// (written into `holes`, in player order, `hole` cards each) and the
    /// complete board, from a partial shuffle of the live cards (`deck` is
    /// the caller's scratch copy of them, reused between trials).
    pub fn deal_random(
        &self,
        rng: &mut Rng,
        deck: &mut Vec<Card>,
        holes: &mut Vec<Card>,
        board: &mut [Card; 5],
    ) {
        if deck.len() != self.live.len() {
            deck.clone_from(&self.live);
        }
        let mut next = 0;
        let mut draw = |deck: &mut Vec<Card>| {
            let j = next + rng.below((deck.len() - next) as u32) as usize;
            deck.swap(next, j);
            next += 1;
            deck[next - 1]
        };
        holes.clear();
        for hand in &self.hands {
            if hand.is_none() {
                for _ in 0..self.dealing.hole {
                    holes.push(draw(deck));
                }
            }
        }
        board[..self.board.len()].copy_from_slice(&self.board);
        for slot in board.iter_mut().skip(self.board.len()) {
            *slot = draw(deck);
        }
    }

    /// The policy "exact or sampled", given what one board costs per
    /// player (in evaluations).
    pub fn plan(&self, per_player_board: u64) -> BoardPlan {
        let ranges = self.ranged.iter().any(|&r| r);
        let random = self
            .hands
            .iter()
            .zip(&self.ranged)
            .any(|(h, &r)| h.is_none() && !r);
        BoardPlan {
            random: self.has_random(),
            sampled: match (random, ranges) {
                (true, true) => "random hands and ranges are sampled",
                (false, true) => "ranges are sampled",
                _ => "random hands are sampled",
            },
            cost: self
                .boards()
                .saturating_mul(self.players() as u64)
                .saturating_mul(per_player_board),
        }
    }
}

/// Whether a board game's job is enumerated or sampled, and why.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardPlan {
    /// Some hand is random (or a range): only sampling deals it.
    random: bool,
    /// What is sampled, for people (random hands, ranges).
    sampled: &'static str,
    /// Evaluations of the exact enumeration (all hands known).
    cost: u64,
}

impl BoardPlan {
    /// The plan of an enumeration of `cost` evaluations (Omaha's narrow
    /// ranges on a turn or river: every hand enumerable).
    pub(crate) fn enumerated(cost: u64) -> BoardPlan {
        BoardPlan {
            random: false,
            sampled: "ranges are sampled",
            cost,
        }
    }

    /// Evaluations an exact enumeration takes (meaningless with random hands).
    pub fn cost(&self) -> u64 {
        self.cost
    }

    /// What `auto` does: exact when every hand is known and it costs at
    /// most [`EXACT_LIMIT`] evaluations.
    pub fn affordable(&self) -> bool {
        !self.random && self.cost <= EXACT_LIMIT
    }

    /// Whether exact may be asked for by name.
    pub fn can_force(&self) -> bool {
        !self.random && self.cost <= EXACT_FORCED_LIMIT
    }

    /// Why `auto` samples (`None` when it enumerates), for people.
    pub fn why_sampled(&self) -> Option<String> {
        (!self.affordable()).then(|| self.reason())
    }

    /// Why exact cannot be asked for (`None` when it can).
    pub fn why_not_forcible(&self) -> Option<String> {
        (!self.can_force()).then(|| self.reason())
    }

    fn reason(&self) -> String {
        if self.random {
            format!("{} (exact needs every hand known)", self.sampled)
        } else {
            format!(
                "too many boards for exact ({:.1e} evaluations): Monte Carlo",
                self.cost as f64
            )
        }
    }
}

/// The `u`-th `k`-combination (k ≤ 2) of `0..n` in lexicographic order.
fn unrank(mut u: u64, k: usize, n: usize) -> [usize; 2] {
    let mut out = [0; 2];
    let mut start = 0;
    for (slot, o) in out.iter_mut().enumerate().take(k) {
        let mut i = start;
        loop {
            let rest = choose((n - i - 1) as u64, (k - slot - 1) as u64);
            if u < rest {
                break;
            }
            u -= rest;
            i += 1;
        }
        *o = i;
        start = i + 1;
    }
    out
}

/// The bit set of the players holding the best value by `better` (ties
/// share), `values` one per player.
#[inline]
pub fn best_set<T: Copy>(values: &[T], better: impl Fn(T, T) -> bool) -> usize {
    let mut best = values[0];
    let mut set = 1usize;
    for (p, &v) in values.iter().enumerate().skip(1) {
        if better(v, best) {
            best = v;
            set = 1 << p;
        } else if !better(best, v) {
            set |= 1 << p;
        }
    }
    set
}

#[cfg(test)]
mod tests;
