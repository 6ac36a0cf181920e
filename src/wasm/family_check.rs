//! What the checks of the games beyond Hold'em and three-card share
//! (`check`'s arms for five-card, Omaha and Short Deck, the draw and the
//! stud games): the fields as read, the job opened with `auto` (its plan,
//! or the error in its field), and the showdown of complete hands. Each
//! family's check adds its own fields to [`Opened`] (`#[serde(flatten)]`).
//!
//! ```text
//!   {players, board, dead, error, method, whySampled, boards, cost, ranges, tableFits, tableLoaded, …the family's}
//! ```

use serde::Serialize;

use crate::card::{parse_cards, Card};
use crate::job::{EquityJob, JobMethod, JobSpec, OpenError};

use super::check::FieldError;
use super::job_spec::open_error;

/// One field as read: its cards (for the deck picker); stud's also which
/// are down.
#[derive(Serialize)]
pub(super) struct FieldCheck {
    pub(super) cards: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) down: Option<Vec<bool>>,
    range: Option<String>,
    combos: Option<u32>,
}

impl FieldCheck {
    /// A field of cards.
    pub(super) fn cards(text: &str) -> FieldCheck {
        FieldCheck::of(&parse_cards(text).unwrap_or_default(), None)
    }

    /// These cards, and which are down (stud).
    pub(super) fn of(cards: &[Card], down: Option<Vec<bool>>) -> FieldCheck {
        FieldCheck {
            cards: cards.iter().map(Card::to_string).collect(),
            down,
            range: None,
            combos: None,
        }
    }
}

/// The shape of the Hold'em check's answer, for a game of another module.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Opened {
    players: Vec<FieldCheck>,
    board: FieldCheck,
    dead: FieldCheck,
    error: Option<FieldError>,
    method: Option<&'static str>,
    why_sampled: Option<String>,
    boards: u32,
    cost: String,
    ranges: bool,
    table_fits: bool,
    table_loaded: bool,
}

impl Opened {
    /// The players' fields as read.
    pub(super) fn players(&self) -> &[FieldCheck] {
        &self.players
    }
}

/// The fields as read and the job of `spec` opened by `open` with
/// `auto`: its plan, or its error in its field. The job, when it opens,
/// for the family's own fields.
pub(super) fn open_checked(
    spec: &JobSpec,
    fields: (Vec<FieldCheck>, FieldCheck, FieldCheck),
    open: impl FnOnce(&JobSpec) -> Result<Box<dyn EquityJob>, OpenError>,
) -> (Opened, Option<Box<dyn EquityJob>>) {
    let (players, board, dead) = fields;
    let mut check = Opened {
        players,
        board,
        dead,
        error: None,
        method: None,
        why_sampled: None,
        boards: 0,
        cost: "0".into(),
        ranges: false,
        table_fits: false,
        table_loaded: false,
    };
    let auto = JobSpec {
        method: JobMethod::Auto,
        ..spec.clone()
    };
    match open(&auto) {
        Ok(job) => {
            check.ranges = job.ranges();
            check.method = Some(if job.exact() { "exact" } else { "monte-carlo" });
            check.why_sampled = job.why_sampled();
            check.boards = job.boards().min(u64::from(u32::MAX)) as u32;
            check.cost = job.cost().to_string();
            (check, Some(job))
        }
        Err(e) => {
            check.error = Some(open_error(&e));
            (check, None)
        }
    }
}

/// Cards each player is dealt: `size` less the cards of their field.
pub(super) fn missing(players: &[FieldCheck], size: usize) -> Vec<usize> {
    players
        .iter()
        .map(|f| size - f.cards.len().min(size))
        .collect()
}

/// A complete hand's name, for people.
#[derive(Serialize)]
pub(super) struct ShownHand {
    pub(super) name: String,
    pub(super) label: String,
    pub(super) category: &'static str,
}

/// Every hand complete: one showdown, decided here.
#[derive(Serialize)]
pub(super) struct Showdown {
    hands: Vec<ShownHand>,
    /// Seats (0-based) of the winners: one, or all who tie.
    winners: Vec<usize>,
}

/// The showdown of complete hands, each named by `name` (`None`: not
/// complete), the winners by the job's own count, when there is one deal.
pub(super) fn showdown(
    players: &[String],
    job: &dyn EquityJob,
    name: impl Fn(&str) -> Option<ShownHand>,
) -> Option<Showdown> {
    if job.total_units() != 1 || job.cost() != 1 {
        return None;
    }
    let hands = players
        .iter()
        .map(|text| name(text))
        .collect::<Option<Vec<_>>>()?;
    let mask = job.run_all().iter().position(|&n| n > 0)?;
    let winners = (0..job.players()).filter(|i| mask >> i & 1 == 1).collect();
    Some(Showdown { hands, winners })
}
