//! [`OmahaRangeError`]: why Omaha range text was rejected, and the message
//! users see: the item as typed, the 1-based position and why.

use crate::quote::quote;
use std::fmt;

/// Why Omaha range text was rejected. `Display` is the message users see.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OmahaRangeError {
    token: Option<String>,
    position: usize,
    why: String,
}

impl OmahaRangeError {
    /// An error about `token` (the item as typed) at 1-based `position`.
    pub(crate) fn at(token: &str, position: usize, why: impl Into<String>) -> OmahaRangeError {
        OmahaRangeError {
            token: Some(token.to_string()),
            position,
            why: why.into(),
        }
    }

    /// An error about the whole text (no item to quote).
    pub(crate) fn whole(why: impl Into<String>) -> OmahaRangeError {
        OmahaRangeError {
            token: None,
            position: 0,
            why: why.into(),
        }
    }

    /// The item the error quotes, as typed, if it quotes one.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// The 1-based character position the error points at (0: none).
    pub fn position(&self) -> Option<usize> {
        (self.position > 0).then_some(self.position)
    }
}

impl fmt::Display for OmahaRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.token {
            Some(token) => write!(
                f,
                "{}: {} at position {}",
                quote(token),
                self.why,
                self.position
            ),
            None => f.write_str(&self.why),
        }
    }
}

impl std::error::Error for OmahaRangeError {}
