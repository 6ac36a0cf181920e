//! What the binding's functions read from their arguments the same way:
//! the preflop table, three-card rules, a game of the catalogue. A leaf.

use crate::errors::Fail;
use allin::equity::preflop::PreflopTable;
use std::sync::{Arc, OnceLock};

/// The heads-up preflop table, built into the module from
/// `www/data/preflop-hu.bin` (as the CLI builds it in).
pub fn preflop_table() -> Result<Arc<PreflopTable>, Fail> {
    static TABLE: OnceLock<Result<Arc<PreflopTable>, String>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            PreflopTable::from_bytes(include_bytes!("../../www/data/preflop-hu.bin"))
                .map(Arc::new)
                .map_err(|e| e.to_string())
        })
        .clone()
        .map_err(|e| Fail::new("table", e))
}

/// Three-card rules (`casino`, `teen-patti`, `zha-jin-hua`, …; default casino).
pub fn three_card_rules(text: Option<&str>) -> Result<allin::three_card::Rules, Fail> {
    match text {
        None => Ok(allin::three_card::Rules::default()),
        Some(t) => t.parse().map_err(|e| Fail::new("rules", e)),
    }
}

/// A game of the catalogue that answers `question`, by name.
pub fn game_for(name: &str, question: allin::game::Question) -> Result<allin::game::Game, Fail> {
    let games = allin::game::Game::answering(question);
    allin::game::Game::parse_among(name, &games).map_err(|e| Fail::new("game", e))
}
