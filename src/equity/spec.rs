//! The validated description of an equity job.

mod error;

pub use error::{Place, SpecError};

use crate::card::{format_cards_compact, parse_cards, Card, CardError, CardSet};
use crate::range;

pub use super::limits::MAX_PLAYERS;

/// One possible holding of a player: two hole cards and a relative weight.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Combo {
    pub cards: [Card; 2],
    /// Relative weight: 1 for a known hand; for a range, the combo's weight
    /// in thousandths, divided by the range's common divisor when validated.
    pub weight: u32,
}

/// What a player may hold: a known hand, or a range (a weighted set of combos).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Player {
    pub combos: Vec<Combo>,
    /// The range as text (canonical), or `None` for a known hand.
    pub range: Option<String>,
}

impl Player {
    /// A player with known hole cards.
    pub fn known(cards: [Card; 2]) -> Player {
        Player {
            combos: vec![Combo { cards, weight: 1 }],
            range: None,
        }
    }

    /// A player holding a range: `text` names it, `combos` are its weighted
    /// combos (cards in play are removed when the spec is validated).
    pub fn range(text: impl Into<String>, combos: Vec<Combo>) -> Player {
        Player {
            combos,
            range: Some(text.into()),
        }
    }

    /// The hole cards, when the player holds a known hand.
    pub fn known_cards(&self) -> Option<[Card; 2]> {
        match (self.combos.as_slice(), &self.range) {
            ([c], None) => Some(c.cards),
            _ => None,
        }
    }

    /// True for a range (even one left with a single combo).
    pub fn is_range(&self) -> bool {
        self.range.is_some()
    }
}

/// A validated job: 2–10 players, a board of 0, 3, 4 or 5 cards, dead cards,
/// no card used twice, and enough cards left to finish the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Spec {
    players: Vec<Player>,
    board: Vec<Card>,
    dead: Vec<Card>,
}

/// One player's text: two cards are a known hand (`AhKh`, `ah kh`, `A♥K♥`),
/// anything else a range (`QQ+,AKs`, `random`, `10%`, `AK@50`).
fn parse_player(i: usize, text: &str) -> Result<Player, SpecError> {
    let place = Place::Player(i);
    let cards = parse_cards(text);
    if let Ok([a, b]) = cards.as_deref() {
        return Ok(Player::known([*a, *b]));
    }
    let ranking = super::strength::committed::standard_ranking();
    match range::parse(text, Some(ranking)) {
        Ok(r) => {
            let combos = r
                .combos()
                .map(|(c, w)| Combo {
                    cards: c.cards(),
                    weight: u32::from(w.permille()),
                })
                .collect();
            Ok(Player::range(r.to_string(), combos))
        }
        // Both parsers failed: the one that read further is right about
        // what the text is. `Ah Kx` fails at once as range text ("Ah" is one
        // card) but at `x` as cards; `QQ+, chips` fails at once as cards but
        // at "chips" as range text.
        Err(range_error) => match cards {
            Ok(cards) => Err(SpecError::HoleCards {
                player: i,
                got: cards.len(),
            }),
            Err(error) if read_further_as_cards(text, &error, &range_error) => {
                Err(SpecError::Cards { place, error })
            }
            Err(_) => Err(SpecError::Range {
                player: i,
                error: range_error,
            }),
        },
    }
}

/// Whether the card parser read further into the text than the range
/// parser did. A range error about a character (`AhKx`: a suit expected at
/// 4) reached that character; one about a whole item (`chips` is not a
/// hand, `Ah` is one card, `150%`) read the item to its end. Cards count as
/// read further only past a whole card (`-55` fails on its first card, the
/// `-` skipped as a separator). On a tie the card parser's message only for
/// a bad suit after a rank in an item no longer than two cards (`Qx`,
/// `AhKx`), which it names; the range parser's are the more specific
/// otherwise (`A`, `@50`, `toString`). An error without a position read
/// the whole text.
fn read_further_as_cards(text: &str, cards: &CardError, range: &range::RangeError) -> bool {
    use range::RangeError as R;
    let (Some(card), Some(at), Some(token)) = (cards.position(), range.position(), range.token())
    else {
        return false;
    };
    // Errors about a character reached it; the others read their item whole.
    let at_char = matches!(
        range,
        R::UnknownRank { .. }
            | R::Expected { .. }
            | R::Unexpected { .. }
            | R::ComboModifier { .. }
            | R::PairSuitedness { .. }
    );
    let len = token.chars().count();
    let reach = if at_char { at } else { at + len };
    (card > reach && cards_before(text, cards) > 0)
        || (card == reach && matches!(cards, CardError::UnknownSuit { .. }) && len <= 5)
}

/// How many cards the text holds before the card that `error` is about.
fn cards_before(text: &str, error: &CardError) -> usize {
    let len = |token: &str| token.chars().count();
    // 1-based start of the failing card's text.
    let start = match error {
        CardError::UnknownRank { position, .. } | CardError::Duplicate { position, .. } => {
            *position
        }
        CardError::UnknownSuit {
            token, position, ..
        } => (position + 1).saturating_sub(len(token)),
        CardError::MissingSuit { token, position } => position.saturating_sub(len(token)),
        CardError::WrongCount { .. } => return 0,
    };
    let before: String = text.chars().take(start.saturating_sub(1)).collect();
    parse_cards(&before).map_or(0, |cards| cards.len())
}

/// Divides each range's weights by their greatest common divisor: ratios
/// (all that matters) stay exact, and weighted counts stay far from overflow.
fn normalise_weights(combos: &mut [Combo]) {
    fn gcd(a: u32, b: u32) -> u32 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let g = combos.iter().fold(0, |g, c| gcd(g, c.weight));
    if g > 1 {
        for c in combos {
            c.weight /= g;
        }
    }
}

/// Whether every player can get a combo with no card used twice.
///
/// Depth-first search over the players, fewest combos first, remembering the
/// states known to fail: a state is the depth and the used cards that later
/// players could still want, so ranges that clash over a few cards (ten
/// players of `AA,KK,QQ,JJ`) are refuted after a few thousand states
/// instead of a search through millions of partial deals. Players with the
/// same combos are interchangeable, so each takes a combo after the one the
/// previous took (one order of each set of their combos, not all).
fn can_deal(players: &[Player]) -> bool {
    let ids = |p: &&Player| {
        p.combos
            .iter()
            .map(|c| (c.cards[0], c.cards[1]))
            .collect::<Vec<_>>()
    };
    let order: Vec<&Player> = players.iter().collect();
    // Fewest combos first, identical players together. Insertion sort
    // (stable, at most 10 players): `sort_by_key` would add about 5 KB to
    // the wasm.
    let keys: Vec<(usize, Vec<(Card, Card)>)> =
        order.iter().map(|p| (p.combos.len(), ids(p))).collect();
    let mut idx: Vec<usize> = (0..order.len()).collect();
    for i in 1..idx.len() {
        let mut j = i;
        while j > 0 && keys[idx[j]] < keys[idx[j - 1]] {
            idx.swap(j - 1, j);
            j -= 1;
        }
    }
    let order: Vec<&Player> = idx.iter().map(|&i| order[i]).collect();
    let same: Vec<bool> = (0..order.len())
        .map(|i| i > 0 && keys[idx[i]].1 == keys[idx[i - 1]].1)
        .collect();
    // wanted[i]: every card of the combos of players i.. (in `order`).
    let mut wanted = vec![CardSet::EMPTY; order.len() + 1];
    for i in (0..order.len()).rev() {
        wanted[i] = order[i]
            .combos
            .iter()
            .fold(wanted[i + 1], |s, c| s.with(c.cards[0]).with(c.cards[1]));
    }
    let mut search = Search {
        order: &order,
        same: &same,
        wanted: &wanted,
        failed: std::collections::BTreeSet::new(),
    };
    search.run(0, CardSet::EMPTY, 0)
}

struct Search<'a> {
    order: &'a [&'a Player],
    /// `same[i]`: player `i` has the same combos as player `i - 1`.
    same: &'a [bool],
    wanted: &'a [CardSet],
    /// `(depth, used cards still wanted, first combo allowed)` known to fail.
    failed: std::collections::BTreeSet<(usize, u64, usize)>,
}

impl Search<'_> {
    /// Whether players `depth..` can be dealt with `used` gone, player
    /// `depth` taking a combo at index `from` or later.
    fn run(&mut self, depth: usize, used: CardSet, from: usize) -> bool {
        let Some(player) = self.order.get(depth) else {
            return true;
        };
        let key = (depth, used.intersection(self.wanted[depth]).bits(), from);
        if self.failed.contains(&key) {
            return false;
        }
        let next_same = self.same.get(depth + 1).copied().unwrap_or(false);
        for (i, c) in player.combos.iter().enumerate().skip(from) {
            let [a, b] = c.cards;
            if !used.contains(a)
                && !used.contains(b)
                && self.run(
                    depth + 1,
                    used.with(a).with(b),
                    if next_same { i + 1 } else { 0 },
                )
            {
                return true;
            }
        }
        self.failed.insert(key);
        false
    }
}

impl Spec {
    /// Validates a job from cards.
    pub fn new(players: Vec<Player>, board: Vec<Card>, dead: Vec<Card>) -> Result<Spec, SpecError> {
        if players.len() < 2 {
            return Err(SpecError::TooFewPlayers { got: players.len() });
        }
        if players.len() > MAX_PLAYERS {
            return Err(SpecError::TooManyPlayers { got: players.len() });
        }
        if !matches!(board.len(), 0 | 3 | 4 | 5) {
            return Err(SpecError::BoardSize { got: board.len() });
        }
        // Every card once, with where it was first seen.
        let mut seen: Vec<(Card, Place)> = Vec::new();
        let mut add = |card: Card, place: Place| match seen.iter().find(|(c, _)| *c == card) {
            Some(&(_, first)) => Err(SpecError::Duplicate {
                card,
                first,
                second: place,
            }),
            None => {
                seen.push((card, place));
                Ok(())
            }
        };
        for (i, p) in players.iter().enumerate() {
            // Only known hands are fixed cards; a range's combos are not.
            if let Some(cards) = p.known_cards() {
                for c in cards {
                    add(c, Place::Player(i))?;
                }
            }
        }
        for &c in &board {
            add(c, Place::Board)?;
        }
        for &c in &dead {
            add(c, Place::Dead)?;
        }
        // Enough cards left for the range players' hole cards and the board
        // (every deal of the ranges uses the same number of cards).
        let fixed: CardSet = seen.iter().map(|&(c, _)| c).collect();
        let left = 52 - fixed.len() as usize;
        let to_come = 5 - board.len();
        let range_players = players.iter().filter(|p| p.is_range()).count();
        if left < to_come + 2 * range_players {
            return Err(SpecError::DeckTooSmall {
                to_come,
                range_players,
                left,
            });
        }
        // Ranges lose the combos that use a card in play (and weightless ones).
        let mut players = players;
        for (i, p) in players.iter_mut().enumerate() {
            if p.is_range() {
                p.combos.retain(|c| {
                    c.weight > 0
                        && c.cards[0] != c.cards[1]
                        && !fixed.contains(c.cards[0])
                        && !fixed.contains(c.cards[1])
                });
                if p.combos.is_empty() {
                    return Err(SpecError::EmptyRange { player: i });
                }
                normalise_weights(&mut p.combos);
            }
        }
        if !can_deal(&players) {
            return Err(SpecError::RangesClash);
        }
        Ok(Spec {
            players,
            board,
            dead,
        })
    }

    /// Validates a job from text as users type it: one string per player,
    /// the board and the dead cards (either may be empty).
    pub fn parse<S: AsRef<str>>(players: &[S], board: &str, dead: &str) -> Result<Spec, SpecError> {
        if players.len() > MAX_PLAYERS {
            return Err(SpecError::TooManyPlayers { got: players.len() });
        }
        let mut parsed = Vec::with_capacity(players.len());
        for (i, text) in players.iter().enumerate() {
            parsed.push(parse_player(i, text.as_ref())?);
        }
        let board = parse_cards(board).map_err(|error| SpecError::Cards {
            place: Place::Board,
            error,
        })?;
        let dead = parse_cards(dead).map_err(|error| SpecError::Cards {
            place: Place::Dead,
            error,
        })?;
        Spec::new(parsed, board, dead)
    }

    /// Each field's own error, the field read alone: a player's text that
    /// is neither two cards nor a range, a board or dead cards that do not
    /// parse, a board of a size no street has. In field order (the players,
    /// the board, the dead cards); empty when every field reads. What
    /// [`Spec::parse`] reports is the first problem of the scenario as a
    /// whole; these let a page mark every field that is wrong at once.
    pub fn field_errors<S: AsRef<str>>(players: &[S], board: &str, dead: &str) -> Vec<SpecError> {
        let mut errors: Vec<SpecError> = players
            .iter()
            .take(MAX_PLAYERS)
            .enumerate()
            .filter_map(|(i, text)| parse_player(i, text.as_ref()).err())
            .collect();
        match parse_cards(board) {
            Err(error) => errors.push(SpecError::Cards {
                place: Place::Board,
                error,
            }),
            Ok(cards) if !matches!(cards.len(), 0 | 3 | 4 | 5) => {
                errors.push(SpecError::BoardSize { got: cards.len() })
            }
            Ok(_) => {}
        }
        if let Err(error) = parse_cards(dead) {
            errors.push(SpecError::Cards {
                place: Place::Dead,
                error,
            });
        }
        errors
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn board(&self) -> &[Card] {
        &self.board
    }

    pub fn dead(&self) -> &[Card] {
        &self.dead
    }

    /// Cards no one can receive: known hole cards, board and dead cards.
    pub fn known_cards(&self) -> CardSet {
        let mut set: CardSet = self.board.iter().chain(&self.dead).copied().collect();
        for p in &self.players {
            if let Some(cards) = p.known_cards() {
                set.insert(cards[0]);
                set.insert(cards[1]);
            }
        }
        set
    }

    /// True when some player holds a range rather than a known hand.
    pub fn has_ranges(&self) -> bool {
        self.players.iter().any(Player::is_range)
    }

    /// Board cards still to come.
    pub fn cards_to_come(&self) -> usize {
        5 - self.board.len()
    }

    /// Short label of player `i`'s holding, e.g. `AhKh`.
    pub fn player_label(&self, i: usize) -> String {
        let p = &self.players[i];
        match (&p.range, p.known_cards()) {
            (Some(text), _) => text.clone(),
            (None, Some(cards)) => format_cards_compact(&cards),
            (None, None) => format!("{} combos", p.combos.len()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(players: &[&str], board: &str, dead: &str) -> String {
        Spec::parse(players, board, dead).unwrap_err().to_string()
    }

    #[test]
    fn every_field_has_its_own_error() {
        let errors = |players: &[&str], board: &str, dead: &str| -> Vec<String> {
            Spec::field_errors(players, board, dead)
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        assert!(errors(&["AhKh", "QsQd"], "2h7hTc", "3c").is_empty());
        // Problems between fields (a card twice, too few players) are not
        // any one field's.
        assert!(errors(&["AhKh", "AhQd"], "Kh", "").len() == 1);
        assert!(errors(&["AhKh"], "", "").is_empty());
        let all = errors(&["AhKh", "QQ", "toString", ""], "hasOwnProperty", "valueOf");
        assert_eq!(all.len(), 4, "{all:?}");
        assert_eq!(all[0], err(&["AhKh", "QQ", "toString"], "", ""));
        assert_eq!(all[1], err(&["AhKh", "QQ", "JJ", ""], "", ""));
        assert_eq!(all[2], err(&["AhKh", "QQ"], "hasOwnProperty", ""));
        assert_eq!(all[3], err(&["AhKh", "QQ"], "", "valueOf"));
        assert_eq!(
            errors(&["AhKh", "QsQd"], "AhKhQhJhTh9h", ""),
            ["the board must have 0, 3, 4 or 5 cards, got 6"]
        );
        // Each error is the one the scenario reports once the fields before
        // it are right: the first is always Spec::parse's own.
        let first = errors(&["__proto__", "constructor"], "", "");
        assert_eq!(first[0], err(&["__proto__", "constructor"], "", ""));
        assert_eq!(first[1], err(&["AhKh", "constructor"], "", ""));
    }

    #[test]
    fn errors_are_specific() {
        assert_eq!(err(&["AhKh"], "", ""), "need at least 2 players, got 1");
        assert_eq!(
            err(&["AhKh"; 11], "", ""),
            "at most 10 players fit at a table, got 11"
        );
        assert_eq!(
            err(&["AhKh", "QsQd"], "2c3c", ""),
            "the board must have 0, 3, 4 or 5 cards, got 2"
        );
        assert_eq!(
            err(&["AhKh", "AhQd"], "", ""),
            "duplicate card Ah: in player 1 and in player 2"
        );
        assert_eq!(
            err(&["AhKh", "QsQd"], "2c 3c Kh", ""),
            "duplicate card Kh: in player 1 and in the board"
        );
        assert_eq!(
            err(&["AhKh", "QsQd"], "", "2c 2c"),
            "the dead cards: duplicate card 2c"
        );
        assert_eq!(
            err(&["AhKh", "QsQdJd"], "", ""),
            "player 2: expected 2 hole cards, got 3"
        );
        assert_eq!(
            err(&["AhKh", "Qx"], "", ""),
            "player 2: \"Qx\": unknown suit 'x' at position 2 (suits are c, d, h, s or ♣ ♦ ♥ ♠)"
        );
        // Issue 11, finding 10: hidden characters shown as escapes, a
        // leading byte order mark dropped.
        assert_eq!(
            err(&["AhKh", "Q\u{200b}hQd"], "", ""),
            "player 2: \"Q\\u{200b}h\": unknown suit '\\u{200b}' at position 2 (suits are c, d, h, s or ♣ ♦ ♥ ♠)"
        );
        assert_eq!(
            err(&["\u{feff}AhKh", "\u{feff}QQ+"], "\u{feff}2c3c", "\u{feff}x"),
            "the dead cards: \"x\": unknown rank 'x' at position 1 (ranks are 2-9, T or 10, J, Q, K, A)"
        );
    }

    /// Finding 2 of issue 11: a deck too small to finish the board (and
    /// deal the ranges) was accepted, then counted 0 boards or looped.
    #[test]
    fn deck_too_small_is_refused() {
        let dead_but = |keep: &str| {
            let keep: CardSet = parse_cards(keep).unwrap().into_iter().collect();
            crate::card::format_cards(&keep.complement().iter().collect::<Vec<_>>())
        };
        assert_eq!(
            err(&["AhKh", "QsQd"], "", &dead_but("AhKhQsQd2c3c4c5c")),
            "not enough cards left to deal: the board needs 5 more, but only 4 cards are left"
        );
        assert_eq!(
            err(
                &["AhKh", "random", "random"],
                "2c3c4c",
                &dead_but("AhKh2c3c4c5c6c7c")
            ),
            "not enough cards left to deal: the board needs 2 more and 2 range players need 4, \
             but only 3 cards are left"
        );
        assert_eq!(
            err(
                &["AhKh", "random"],
                "2c3c4c5c6c",
                &dead_but("AhKh2c3c4c5c6c7c")
            ),
            "not enough cards left to deal: 1 range player needs 2, but only 1 card is left"
        );
        assert_eq!(
            err(&["AhKh", "QQ"], "2c3c4c5c6c", &dead_but("AhKh2c3c4c5c6c")),
            "not enough cards left to deal: 1 range player needs 2, but no card is left"
        );
        let e = Spec::parse(&["AhKh", "random", "random"], "", "").map(|_| ());
        assert_eq!(e, Ok(()));
        // Exactly enough is fine.
        assert!(Spec::parse(&["AhKh", "QsQd"], "", &dead_but("AhKhQsQd2c3c4c5c6c")).is_ok());
    }

    /// Clashing ranges are refuted quickly (was a search through millions
    /// of partial deals: 0.85 s for nine players of AA,KK,QQ,JJ).
    #[test]
    fn clashing_ranges_are_refuted_quickly() {
        assert_eq!(
            err(&["AA,KK,QQ,JJ"; 9], "", ""),
            "the ranges cannot all be dealt at once: every choice of hands uses a card twice"
        );
        assert_eq!(
            err(&["AA,KK,QQ,JJ,AKs"; 10], "", ""),
            "the ranges cannot all be dealt at once: every choice of hands uses a card twice"
        );
        assert!(Spec::parse(&["AA,KK,QQ,JJ"; 8], "", "").is_ok());
        // Nine ranks of three cards each hold nine pairs, not ten (was 0.35 s).
        assert_eq!(
            err(&["AA-66"; 10], "", "As Ks Qs Js Ts 9s 8s 7s 6s"),
            "the ranges cannot all be dealt at once: every choice of hands uses a card twice"
        );
        let mut mixed = vec!["AA-66"; 9];
        mixed.push("2c2d");
        assert!(Spec::parse(&mixed, "", "As Ks Qs Js Ts 9s 8s 7s 6s").is_ok());
    }

    #[test]
    fn known_cards() {
        let s = Spec::parse(&["AhKh", "QsQd"], "2h7hTc", "2c").unwrap();
        assert_eq!(s.known_cards().len(), 8);
        assert_eq!(s.cards_to_come(), 2);
        assert_eq!(s.player_label(1), "QsQd");
    }
}
