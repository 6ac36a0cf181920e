//! `--game`: the catalogue's games (`allin::game`, the one list) as clap
//! values. The core has no dependencies, so the clap side is here: a
//! newtype with `ValueEnum` (names for help and completions), and a value
//! parser per question a command asks, which offers only the games that
//! answer it and refuses any other name with the catalogue's own message
//! ([`UnknownGame`]: the games, and the nearest one), as the wasm binding
//! and the JS API do. Names are read in any case, as the page reads
//! `#game=`.

use allin::game::{Game, Question, UnknownGame};
use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use clap::ValueEnum;
use std::ffi::OsStr;

/// A game of the catalogue, as clap sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameArg(pub Game);

/// Every game, wrapped (the order of `Game::ALL`).
static ALL: [GameArg; Game::ALL.len()] = {
    let mut all = [GameArg(Game::Holdem); Game::ALL.len()];
    let mut i = 0;
    while i < all.len() {
        all[i] = GameArg(Game::ALL[i]);
        i += 1;
    }
    all
};

impl ValueEnum for GameArg {
    fn value_variants<'a>() -> &'a [Self] {
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }

    fn from_str(input: &str, _ignore_case: bool) -> Result<Self, String> {
        input
            .parse()
            .map(GameArg)
            .map_err(|e: UnknownGame| e.to_string())
    }
}

/// The value parser of a command's `--game`: the games answering
/// `question`, as `Game`.
#[derive(Clone, Copy, Debug)]
pub struct Games(Question);

/// `--game` among the games answering `question` (e.g. `allin deal`'s:
/// the games that deal).
pub fn answering(question: Question) -> Games {
    Games(question)
}

impl Games {
    fn games(&self) -> Vec<Game> {
        Game::answering(self.0)
    }
}

impl TypedValueParser for Games {
    type Value = Game;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Game, clap::Error> {
        let games = self.games();
        // A validation error whose source is the `UnknownGame` (the usage
        // module says its message as it is).
        StringValueParser::new()
            .try_map(move |text| Game::parse_among(&text, &games))
            .parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.games()
                .into_iter()
                .filter_map(|g| GameArg(g).to_possible_value()),
        ))
    }
}

/// `games` for people: `three-card and shortdeck`, `a, b and c`.
pub fn names(games: impl IntoIterator<Item = Game>) -> String {
    let names: Vec<&str> = games.into_iter().map(Game::name).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The games with rule options (`--rules`), for "applies only to" errors.
pub fn with_rules() -> String {
    names(Game::ALL.into_iter().filter(|g| g.rules().is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, Command};

    fn parse(question: Question, args: &[&str]) -> Result<Option<Game>, clap::Error> {
        Command::new("t")
            .arg(
                Arg::new("game")
                    .long("game")
                    .value_parser(answering(question)),
            )
            .try_get_matches_from(args)
            .map(|m| m.get_one::<Game>("game").copied())
    }

    #[test]
    fn any_case_among_the_games_answering() {
        let got = parse(Question::Equity, &["t", "--game", "Omaha5-HiLo"]).unwrap();
        assert_eq!(got, Some(Game::Omaha5HiLo));
        assert_eq!(parse(Question::Deal, &["t"]).unwrap(), None);
    }

    #[test]
    fn others_get_the_catalogues_message() {
        let e = parse(Question::Deal, &["t", "--game", "omaha"]).unwrap_err();
        let source = std::error::Error::source(&e).unwrap();
        let want = Game::parse_among("omaha", &Game::answering(Question::Deal)).unwrap_err();
        assert_eq!(source.downcast_ref::<UnknownGame>(), Some(&want));
    }

    #[test]
    fn help_lists_the_games_answering() {
        let values: Vec<String> = answering(Question::Deal)
            .possible_values()
            .unwrap()
            .map(|v| v.get_name().to_string())
            .collect();
        let want: Vec<&str> = Game::answering(Question::Deal)
            .into_iter()
            .map(Game::name)
            .collect();
        assert_eq!(values, want);
        assert_eq!(GameArg::value_variants().len(), Game::ALL.len());
    }

    #[test]
    fn names_read_as_a_list() {
        assert_eq!(names([Game::Holdem]), "holdem");
        assert_eq!(
            names([Game::Holdem, Game::ThreeCard, Game::ShortDeck]),
            "holdem, three-card and shortdeck"
        );
    }
}
