//! The game catalogue: every game allin plays, the one place its name,
//! label, cards, board, deck, player limit, rule options and questions
//! live. The CLI (`allin games`, `--game`), the wasm binding (`games()`)
//! and the JS API (`allin.games()`) read it; an unknown name gets one
//! message everywhere ([`UnknownGame`]: the games, and the nearest one).

use crate::quote::quote;
use std::fmt;
use std::str::FromStr;

/// A game allin plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Game {
    Holdem,
    ThreeCard,
    FiveCard,
    Omaha,
    Omaha5,
    Omaha6,
    OmahaHiLo,
    Omaha5HiLo,
    ShortDeck,
    /// 2-7 lowball, single draw (`draw::`).
    DeuceSeven,
    /// A-5 lowball, single draw.
    AceFive,
    /// Badugi, single draw.
    Badugi,
    Stud,
    Stud8,
    Razz,
}

/// The engine that plays a game: games of one family share a job type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Family {
    /// `equity::` (known hands and ranges, a board of 0–5).
    Holdem,
    /// `three_card::`.
    ThreeCard,
    /// `five_card::` (0–5 known cards each, the rest dealt).
    FiveCard,
    /// `omaha::` (4–6 hole cards, high or Hi-Lo).
    Omaha,
    /// `short_deck::` (36 cards).
    ShortDeck,
    /// `draw::` (lowball and Badugi, single draw: kept cards, the rest drawn).
    Draw,
    /// `stud::` (0–7 known cards each, the rest dealt; high, Hi-Lo or Razz).
    Stud,
}

impl Family {
    /// The name in `allin games --json` and the wasm catalogue.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Holdem => "holdem",
            Family::ThreeCard => "three-card",
            Family::FiveCard => "five-card",
            Family::Omaha => "omaha",
            Family::ShortDeck => "shortdeck",
            Family::Draw => "draw",
            Family::Stud => "stud",
        }
    }

    /// The wasm module whose `Job` opens this family's games (the page
    /// loads it when a game of the family is first chosen): `allin` (the
    /// core, all the Hold'em calculator's first result needs), `allin_extra`
    /// (three- and five-card, with the Hold'em panels), `allin_board`
    /// (Omaha, Short Deck) or `allin_mixed` (draw, stud). The build's list
    /// is `xtask/src/wasm.rs`'s `MODULES`; the page reads this through the
    /// generated catalogue.
    pub const fn wasm_module(self) -> &'static str {
        match self {
            Family::Holdem => "allin",
            Family::ThreeCard | Family::FiveCard => "allin_extra",
            Family::Omaha | Family::ShortDeck => "allin_board",
            Family::Draw | Family::Stud => "allin_mixed",
        }
    }
}

/// What a game can be asked (the surfaces offer only these).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Question {
    /// Win, tie and equity of known hands (and `random`).
    Equity,
    /// Players holding ranges (`QQ+, AKs`, `X%`).
    Ranges,
    /// What each hand makes and hits, who beat whom (`--detail`).
    Detail,
    /// Hand strength: Hold'em's EHS, three-card's opponent model.
    Strength,
    /// The three-card win-rate table against 1–5 opponents.
    Table,
    /// Name and rank one hand (`allin eval`, the evaluator page).
    Eval,
    /// Shuffle, deal and name the hands (`allin deal`, write-up 003).
    Deal,
}

impl Question {
    /// The name in `allin games --json` and the wasm catalogue.
    pub const fn name(self) -> &'static str {
        match self {
            Question::Equity => "equity",
            Question::Ranges => "ranges",
            Question::Detail => "detail",
            Question::Strength => "strength",
            Question::Table => "table",
            Question::Eval => "eval",
            Question::Deal => "deal",
        }
    }
}

/// A game's rule options: the accepted values (presets), the first the default.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RuleOptions {
    presets: &'static [&'static str],
    /// Whether options may follow a preset (`teen-patti,a23=highest`).
    combinable: bool,
}

impl RuleOptions {
    /// The default rules.
    pub fn default_rules(&self) -> &'static str {
        self.presets[0]
    }
    /// The named presets, the default first.
    pub fn presets(&self) -> &'static [&'static str] {
        self.presets
    }
    /// Whether options may follow a preset.
    pub fn combinable(&self) -> bool {
        self.combinable
    }
}

const THREE_CARD_RULES: RuleOptions = RuleOptions {
    presets: &["casino", "teen-patti", "zha-jin-hua", "zha-jin-hua-235"],
    combinable: true,
};
const SHORT_DECK_RULES: RuleOptions = RuleOptions {
    presets: &["standard", "trips-beat-straight"],
    combinable: false,
};

use Question::*;
const HOLDEM_QUESTIONS: &[Question] = &[Equity, Ranges, Detail, Strength, Eval, Deal];
const THREE_CARD_QUESTIONS: &[Question] = &[Equity, Strength, Table, Eval, Deal];
const FIVE_CARD_QUESTIONS: &[Question] = &[Equity];
const BOARD_GAME_QUESTIONS: &[Question] = &[Equity, Eval];
const DRAW_QUESTIONS: &[Question] = &[Equity, Eval];
const STUD_QUESTIONS: &[Question] = &[Equity, Eval];

impl Game {
    /// Every game, in the order surfaces list them.
    pub const ALL: [Game; 15] = [
        Game::Holdem,
        Game::ThreeCard,
        Game::FiveCard,
        Game::Omaha,
        Game::Omaha5,
        Game::Omaha6,
        Game::OmahaHiLo,
        Game::Omaha5HiLo,
        Game::ShortDeck,
        Game::DeuceSeven,
        Game::AceFive,
        Game::Badugi,
        Game::Stud,
        Game::Stud8,
        Game::Razz,
    ];

    /// The name in links, `--game` and the APIs: `holdem`, `omaha5-hilo`.
    pub const fn name(self) -> &'static str {
        match self {
            Game::Holdem => "holdem",
            Game::ThreeCard => "three-card",
            Game::FiveCard => "five-card",
            Game::Omaha => "omaha",
            Game::Omaha5 => "omaha5",
            Game::Omaha6 => "omaha6",
            Game::OmahaHiLo => "omaha-hilo",
            Game::Omaha5HiLo => "omaha5-hilo",
            Game::ShortDeck => "shortdeck",
            Game::DeuceSeven => "2-7-draw",
            Game::AceFive => "a-5-draw",
            Game::Badugi => "badugi",
            Game::Stud => "stud",
            Game::Stud8 => "stud8",
            Game::Razz => "razz",
        }
    }

    /// The engine that plays it.
    pub const fn family(self) -> Family {
        match self {
            Game::Holdem => Family::Holdem,
            Game::ThreeCard => Family::ThreeCard,
            Game::FiveCard => Family::FiveCard,
            Game::ShortDeck => Family::ShortDeck,
            Game::DeuceSeven | Game::AceFive | Game::Badugi => Family::Draw,
            Game::Stud | Game::Stud8 | Game::Razz => Family::Stud,
            _ => Family::Omaha,
        }
    }

    /// The name for people: `Hold'em`, `Five-card Omaha Hi-Lo`.
    pub const fn label(self) -> &'static str {
        match self {
            Game::Holdem => "Hold'em",
            Game::ThreeCard => "Three-card",
            Game::FiveCard => "Five-card",
            Game::Omaha => "Omaha",
            Game::Omaha5 => "Five-card Omaha",
            Game::Omaha6 => "Six-card Omaha",
            Game::OmahaHiLo => "Omaha Hi-Lo",
            Game::Omaha5HiLo => "Five-card Omaha Hi-Lo",
            Game::ShortDeck => "Short Deck",
            Game::DeuceSeven => "2-7 Single Draw",
            Game::AceFive => "A-5 Single Draw",
            Game::Badugi => "Badugi Single Draw",
            Game::Stud => "Seven-card Stud",
            Game::Stud8 => "Stud Hi-Lo",
            Game::Razz => "Razz",
        }
    }

    /// Cards in one player's hand (hole cards where there is a board).
    pub const fn hand_cards(self) -> usize {
        match self {
            Game::Holdem | Game::ShortDeck => 2,
            Game::ThreeCard => 3,
            Game::Badugi => 4,
            Game::DeuceSeven | Game::AceFive => 5,
            Game::Omaha | Game::OmahaHiLo => 4,
            Game::FiveCard | Game::Omaha5 | Game::Omaha5HiLo => 5,
            Game::Omaha6 => 6,
            Game::Stud | Game::Stud8 | Game::Razz => 7,
        }
    }

    /// The game's rules in a sentence, for people (the page's hint).
    pub const fn summary(self) -> &'static str {
        match self {
            Game::Holdem => "Two hole cards each, the best five of seven with the board.",
            Game::ThreeCard => {
                "Three cards each, no board; the rules decide the order of the hands."
            }
            Game::FiveCard => "Five cards each, 0 to 5 of them known; the rest are dealt.",
            Game::Omaha => {
                "Four hole cards each; a hand is exactly two of them and three of the board."
            }
            Game::Omaha5 => {
                "Five hole cards each; a hand is exactly two of them and three of the board."
            }
            Game::Omaha6 => {
                "Six hole cards each; a hand is exactly two of them and three of the board. \
                 (No Hi-Lo with six cards.)"
            }
            Game::OmahaHiLo => concat_hilo::FOUR,
            Game::Omaha5HiLo => concat_hilo::FIVE,
            Game::ShortDeck => {
                "36 cards, six to ace; two hole cards each, the best five of seven. \
                 A-6-7-8-9 is the lowest straight, and a flush beats a full house."
            }
            Game::DeuceSeven => {
                "2-7 lowball, one draw: each keeps 0 to 5 cards and draws the rest; the lowest \
                 hand wins, aces high only, straights and flushes count against \
                 (7-5-4-3-2 is the best). Known discards are dead cards. No triple draw."
            }
            Game::AceFive => {
                "A-5 lowball, one draw: each keeps 0 to 5 cards and draws the rest; the lowest \
                 hand wins, aces low, straights and flushes ignored (5-4-3-2-A is the best)."
            }
            Game::Badugi => {
                "Badugi, one draw: each keeps 0 to 4 cards and draws the rest; the most cards \
                 of different ranks and suits win, then the lowest, aces low. No triple draw."
            }
            Game::Stud => concat_hilo::STUD,
            Game::Stud8 => concat_hilo::STUD8,
            Game::Razz => concat_hilo::RAZZ,
        }
    }

    /// Hands a new scenario of the game starts from (the page's game switch).
    pub const fn example(self) -> &'static [&'static str] {
        match self {
            Game::Holdem => &["AhKh", "QsQd"],
            Game::ThreeCard => &["2h2s2d", "random"],
            Game::FiveCard => &["AhAdKc7d", "QsQhJc"],
            Game::Omaha => &["AsAhKsKh", "9c8c7d6d"],
            Game::Omaha5 => &["AsAhKsKhQd", "9c8c7d6d5h"],
            Game::Omaha6 => &["AsAhKsKhQdJd", "9c8c7d6d5h4h"],
            Game::OmahaHiLo => &["AsAh2s3h", "KcKdQcJd"],
            Game::Omaha5HiLo => &["AsAh2s3hKd", "KcQdQcJd9s"],
            Game::ShortDeck => &["AsKs", "QhQd"],
            Game::DeuceSeven => &["9h8c4d2h", "9d7h5s2d"],
            Game::AceFive => &["5h4c3d2s", "8d6h3sAc"],
            Game::Badugi => &["Ah2d3c", "4s5h6d"],
            Game::Stud => &["AsAhAd", "7c6c5c"],
            Game::Stud8 => &["Ah2h3h", "KsKdQc"],
            Game::Razz => &["Ah2h3h", "5h6h7h"],
        }
    }

    /// The board sizes a game takes (empty: no board).
    pub const fn board_sizes(self) -> &'static [usize] {
        match self {
            Game::ThreeCard
            | Game::FiveCard
            | Game::DeuceSeven
            | Game::AceFive
            | Game::Badugi
            | Game::Stud
            | Game::Stud8
            | Game::Razz => &[],
            _ => &[0, 3, 4, 5],
        }
    }

    /// Cards in the deck (three-card's short deck, 24 cards, is a rule option).
    pub const fn deck_size(self) -> usize {
        match self {
            Game::ShortDeck => 36,
            _ => 52,
        }
    }

    /// The most players a job takes: what the deck deals (hands and a full
    /// board), at most 10; three-card: the hero and 1–5 opponents.
    pub const fn max_players(self) -> usize {
        match self {
            Game::ThreeCard => 6,
            Game::Omaha5 | Game::Omaha5HiLo => 9,
            Game::Omaha6 => 7,
            Game::Stud | Game::Stud8 | Game::Razz => 8,
            _ => 10,
        }
    }

    /// Whether the pot is split high-low (eight or better).
    pub const fn hilo(self) -> bool {
        matches!(self, Game::OmahaHiLo | Game::Omaha5HiLo | Game::Stud8)
    }

    /// The game's rule options, if it has any.
    pub const fn rules(self) -> Option<RuleOptions> {
        match self {
            Game::ThreeCard => Some(THREE_CARD_RULES),
            Game::ShortDeck => Some(SHORT_DECK_RULES),
            _ => None,
        }
    }

    /// What the game can be asked.
    pub const fn questions(self) -> &'static [Question] {
        match self {
            Game::Holdem => HOLDEM_QUESTIONS,
            Game::ThreeCard => THREE_CARD_QUESTIONS,
            Game::FiveCard => FIVE_CARD_QUESTIONS,
            Game::DeuceSeven | Game::AceFive | Game::Badugi => DRAW_QUESTIONS,
            Game::Stud | Game::Stud8 | Game::Razz => STUD_QUESTIONS,
            _ => BOARD_GAME_QUESTIONS,
        }
    }

    /// Whether the game answers `question`.
    pub fn answers(self, question: Question) -> bool {
        self.questions().contains(&question)
    }

    /// The games that answer `question`, in catalogue order.
    pub fn answering(question: Question) -> Vec<Game> {
        Game::ALL
            .into_iter()
            .filter(|g| g.answers(question))
            .collect()
    }

    /// Reads a name among `games` (any case, spaces around ignored); the
    /// error lists them and suggests the nearest.
    pub fn parse_among(text: &str, games: &[Game]) -> Result<Game, UnknownGame> {
        let name = text.trim().to_ascii_lowercase();
        games
            .iter()
            .copied()
            .find(|g| g.name() == name)
            .ok_or_else(|| UnknownGame {
                got: text.to_string(),
                among: games.iter().map(|g| g.name()).collect(),
            })
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Game {
    type Err = UnknownGame;
    /// Any game of the catalogue, by name in any case.
    fn from_str(text: &str) -> Result<Game, UnknownGame> {
        Game::parse_among(text, &Game::ALL)
    }
}

/// A name that is not one of the games asked among.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownGame {
    got: String,
    among: Vec<&'static str>,
}

impl UnknownGame {
    /// `got` among games named otherwise than the catalogue's (`allin
    /// census` counts `holdem5` and `holdem7`): the same message.
    pub fn among_names(got: &str, names: &[&'static str]) -> UnknownGame {
        UnknownGame {
            got: got.to_string(),
            among: names.to_vec(),
        }
    }
}

impl fmt::Display for UnknownGame {
    /// `unknown game "omha" (games: holdem, …) (did you mean 'omaha'?)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game {} (games: {})",
            quote(&self.got),
            self.among.join(", ")
        )?;
        if let Some(near) = nearest(&self.got.trim().to_ascii_lowercase(), &self.among) {
            write!(f, " (did you mean '{near}'?)")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownGame {}

/// The candidate within a small edit distance of `got`, if any: at most 2
/// edits, or a third of the candidate's length (the closest; ties by order).
pub fn nearest<'a>(got: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (edit_distance(got, c), *c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The Hi-Lo games' summaries (two sentences each).
mod concat_hilo {
    pub const FOUR: &str = "Four hole cards each. Half the pot to the best high hand, half to \
                            the best low (five different ranks 8 or lower, ace low, two hole \
                            cards and three of the board); no low: the high hand scoops.";
    pub const FIVE: &str = "Five hole cards each. Half the pot to the best high hand, half to \
                            the best low (five different ranks 8 or lower, ace low); no low: \
                            the high hand scoops.";
    pub const STUD: &str = "Seven cards each, no board; 0 to 7 known (down cards may be in \
                            [brackets]), the rest dealt. The best five of seven.";
    pub const STUD8: &str = "Seven-card Stud, the pot split: half to the best high hand, half \
                             to the best low (five different ranks 8 or lower, ace low); no \
                             low: the high hand scoops.";
    pub const RAZZ: &str = "Seven-card Stud for the lowest hand: ace low, straights and \
                            flushes do not count, pairs count against; the best five of seven.";
}

#[cfg(test)]
mod tests;
