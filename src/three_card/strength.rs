//! The opponent-strength model of the Zha Jin Hua write-up (004, section 3,
//! 提升牌力规则): each opponent is dealt uniformly from the hands at or
//! above a *strength index* (a ladder position, see [`super::ladder`]), and
//! the index rises as the opponent acts. Once it has looked at its cards
//! (看牌, "see": the condition, not a step of its own), each check adds δ
//! and each raise 2δ; winning a showdown it started (主动PK获胜) adds δ,
//! one it was challenged to (被动PK获胜) 2δ. δ is a setting (in ladder
//! positions). The index never passes the last hand, so the holding always
//! has at least one hand.

use super::ladder::{Holding, Ladder};
use crate::quote::quote;
use std::fmt;

/// What an opponent did, after looking at its cards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// Checked (+δ).
    Check,
    /// Raised (+2δ).
    Raise,
    /// Won a showdown it started (+δ).
    WonStarted,
    /// Won a showdown it was challenged to (+2δ).
    WonCalled,
}

impl Action {
    /// Every action, in the order above.
    pub const ALL: [Action; 4] = [
        Action::Check,
        Action::Raise,
        Action::WonStarted,
        Action::WonCalled,
    ];

    /// The spec name: `check`, `raise`, `won-started`, `won-called`.
    pub const fn name(self) -> &'static str {
        match self {
            Action::Check => "check",
            Action::Raise => "raise",
            Action::WonStarted => "won-started",
            Action::WonCalled => "won-called",
        }
    }

    /// How many δ the action adds.
    pub const fn steps(self) -> usize {
        match self {
            Action::Check | Action::WonStarted => 1,
            Action::Raise | Action::WonCalled => 2,
        }
    }

    /// Parses a spec name.
    pub fn parse(text: &str) -> Result<Action, StrengthError> {
        let t = text.trim().to_ascii_lowercase();
        Action::ALL
            .into_iter()
            .find(|a| a.name() == t)
            .ok_or_else(|| StrengthError::Action(text.to_string()))
    }
}

/// Why a strength or an action was refused.
#[derive(Clone, PartialEq, Debug)]
pub enum StrengthError {
    /// Not one of the action names.
    Action(String),
    /// The index is not a ladder position.
    Index { index: usize, hands: usize },
}

impl fmt::Display for StrengthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrengthError::Action(t) if t.trim().eq_ignore_ascii_case("see") => write!(
                f,
                "\"see\" is no step of its own: having seen its cards is the condition for \
                 check (+δ) and raise (+2δ); actions: check, raise, won-started, won-called"
            ),
            StrengthError::Action(t) => write!(
                f,
                "unknown action {} (actions: check, raise, won-started, won-called)",
                quote(t)
            ),
            StrengthError::Index { index, hands } => write!(
                f,
                "strength index {index} is past the last of the {hands} hands (0 to {})",
                hands - 1
            ),
        }
    }
}

impl std::error::Error for StrengthError {}

/// An opponent's strength: dealt from the hands at ladder position
/// `index` and above. Private fields: always a position of the ladder.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Strength {
    index: usize,
    hands: usize,
}

impl Strength {
    /// Any hand (index 0).
    pub fn any(ladder: &Ladder) -> Strength {
        Strength {
            index: 0,
            hands: ladder.len(),
        }
    }

    /// At ladder position `index` and above.
    pub fn at(index: usize, ladder: &Ladder) -> Result<Strength, StrengthError> {
        if index >= ladder.len() {
            return Err(StrengthError::Index {
                index,
                hands: ladder.len(),
            });
        }
        Ok(Strength {
            index,
            hands: ladder.len(),
        })
    }

    /// The strongest `percent`% (as [`Holding::top`] counts them).
    pub fn top(percent: f64, ladder: &Ladder) -> Option<Strength> {
        match Holding::top(percent, ladder).ok()? {
            Holding::Top { count, .. } => Some(Strength {
                index: ladder.len() - count,
                hands: ladder.len(),
            }),
            _ => None,
        }
    }

    pub fn index(self) -> usize {
        self.index
    }

    /// The share of all hands it is dealt from, in percent.
    pub fn percent(self) -> f64 {
        100.0 * (self.hands - self.index) as f64 / self.hands as f64
    }

    /// After `action`, with steps of `delta` positions (clamped to the last hand).
    pub fn after(self, action: Action, delta: usize) -> Strength {
        let up = delta.saturating_mul(action.steps());
        Strength {
            index: self.index.saturating_add(up).min(self.hands - 1),
            ..self
        }
    }

    /// The holding it stands for.
    pub fn holding(self) -> Holding {
        Holding::Top {
            count: self.hands - self.index,
            percent: self.percent(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::ladder::Deck;
    use super::super::Rules;
    use super::*;

    #[test]
    fn actions_raise_the_index_by_one_or_two_steps_and_stop_at_the_top() {
        let l = Ladder::new(Rules::zha_jin_hua(), Deck::Full);
        let s = Strength::any(&l);
        assert_eq!(s.percent(), 100.0);
        let s = s.after(Action::Check, 1_000).after(Action::Raise, 1_000);
        assert_eq!(s.index(), 3_000);
        // 004: won a showdown it started +δ, one it was challenged to +2δ.
        assert_eq!(s.after(Action::WonStarted, 100).index(), 3_100);
        assert_eq!(s.after(Action::WonCalled, 100).index(), 3_200);
        let top = s.after(Action::Raise, usize::MAX);
        assert_eq!(top.index(), 22_099);
        assert_eq!(
            top.holding(),
            Holding::Top {
                count: 1,
                percent: top.percent()
            }
        );
        assert_eq!(Strength::top(30.0, &l).unwrap().index(), 22_100 - 6_630);
        assert_eq!(
            Strength::top(30.0, &l).unwrap().holding().positions(&l),
            Holding::top(30.0, &l).unwrap().positions(&l)
        );
        assert!(Strength::at(22_100, &l).is_err());
        assert_eq!(
            Strength::at(22_100, &l).unwrap_err().to_string(),
            "strength index 22100 is past the last of the 22100 hands (0 to 22099)"
        );
        for a in Action::ALL {
            assert_eq!(Action::parse(a.name()), Ok(a));
        }
        assert_eq!(
            Action::parse("fold").unwrap_err().to_string(),
            "unknown action \"fold\" (actions: check, raise, won-started, won-called)"
        );
        // Seeing is the condition, not a step (004).
        assert!(Action::parse("See")
            .unwrap_err()
            .to_string()
            .starts_with("\"see\" is no step of its own"));
    }
}
