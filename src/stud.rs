//! Seven-card Stud (high), Stud Hi-Lo (eight or better) and Razz (A-5
//! low): each player holds the 0 to 7 cards known so far (up and down
//! cards alike; down cards may be written in brackets, `[AhKd]7c`), dead
//! cards are the folded players' upcards, and every player's missing cards
//! are dealt from the cards left, every way equally likely.
//!
//! **The deck running out.** Eight players need 56 cards. When the cards
//! left cannot give every player their own missing cards, the standard
//! rule applies: the seventh-street card is one **community card**, face
//! up, shared by every player. Then each player is dealt up to six cards
//! of their own (a player may not hold a seventh card of their own), and
//! the last card is common to all.
//!
//! - `eval.rs`: what a hand is worth (high, the Razz low, the
//!   eight-or-better low), built one card at a time;
//! - `equity.rs`: [`StudJob`], exact units or seeded Monte Carlo chunks,
//!   counted as a [`Tally`](crate::equity::Tally) (high, Razz) or as
//!   Omaha's [`PotCounts`](crate::omaha::PotCounts) (Hi-Lo);
//! - `describe.rs`: names for people (`8-7 low`, `wheel`, the best five).

pub mod describe;
pub mod equity;
pub mod eval;
pub mod rules;

pub use equity::{StudError, StudJob};
pub use rules::{Rules, HAND, MAX_PLAYERS};
