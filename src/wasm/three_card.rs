//! Three-card poker on the page beyond its equity job (which is `Job`,
//! `game: "three-card"`): its check of the fields as typed (`check`'s
//! three-card arm), the census of the chosen rules and deck, the
//! opponent-strength model's update and the win-rate table's count.
//!
//! ```text
//!   check({game: "three-card", players, dead, rules, deck, removal})  // {players, dead, error…, rulesLabel}
//!   three_card_census("teen-patti", "short")              // {hands, distinct, cards, categories: [{name, label, count}]} best first
//!   three_card_strength("30%", "raise", 100, "zha-jin-hua", "full")  // {text: "@15570", index, percent, hands}
//!   new ThreeCardCount(players, dead, rules, deck, removal)  // a win-rate table row, every deal counted, .step(budget), .result
//! ```

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{parse_cards, Card};
use crate::job::{JobMethod, JobSpec};
use crate::three_card::equity::{rates, ThreeCardSpec};
use crate::three_card::ladder::{Deck, Holding, Ladder};
use crate::three_card::strength::{Action, Strength};
use crate::three_card::{Category, Rules};

use super::job_spec::open_error;
use super::{args, error, field_error, to_js};

use super::job_spec::three_card_field as field_of;

fn parse_rules(text: &str) -> Result<Rules, JsValue> {
    text.parse::<Rules>().map_err(|e| field_error("rules", e))
}

fn parse_deck(text: &str) -> Result<Deck, JsValue> {
    Deck::parse(text).ok_or_else(|| {
        field_error(
            "deck",
            format!(
                "unknown deck {} (decks: full, short)",
                crate::quote::quote(text)
            ),
        )
    })
}

/// The scenario's texts, checked: players, dead cards, rules, deck, removal.
struct Texts {
    players: Vec<String>,
    dead: String,
    rules: Rules,
    deck: Deck,
    removal: bool,
}

fn texts(
    players: &JsValue,
    dead: &JsValue,
    rules: &JsValue,
    deck: &JsValue,
    removal: &JsValue,
) -> Result<Texts, JsValue> {
    let players = args::texts(players, "the players", 10, |i| format!("player {}", i + 1))
        .map_err(|m| field_error("players", m))?;
    let dead = args::text(dead, "the dead cards").map_err(|m| field_error("dead", m))?;
    let rules = args::text(rules, "the rules").map_err(|m| field_error("rules", m))?;
    let deck = args::text(deck, "the deck").map_err(|m| field_error("deck", m))?;
    let removal = removal.as_bool().ok_or_else(|| {
        field_error(
            "removal",
            format!(
                "card removal: expected true or false, got {}",
                args::kind(removal)
            ),
        )
    })?;
    Ok(Texts {
        players,
        dead,
        rules: parse_rules(&rules)?,
        deck: parse_deck(&deck)?,
        removal,
    })
}

/// The spec of the checked texts (errors with their field).
fn spec_of(t: &Texts) -> Result<ThreeCardSpec, JsValue> {
    let players: Vec<&str> = t.players.iter().map(String::as_str).collect();
    ThreeCardSpec::build(&players, &t.dead, t.rules, t.deck, t.removal)
        .map_err(|e| field_error(&field_of(&e), e))
}

/// One field as read: its cards (for the deck), what it holds, how many hands.
#[derive(Serialize)]
struct FieldCheck {
    cards: Vec<String>,
    /// The holding as typed back when it is not one hand (`random`, `30%`).
    range: Option<String>,
    /// Hands it can be dealt (after the known cards, when the scenario is valid).
    combos: Option<u32>,
    /// Its share of all the deck's hands in percent (`random` 100, `X%`,
    /// `@N`); `null` for a hand or unreadable text. Three-card only.
    share: Option<f64>,
}

fn cards_of(text: &str) -> Vec<String> {
    parse_cards(text)
        .map(|c| c.iter().map(Card::to_string).collect())
        .unwrap_or_default()
}

#[derive(Serialize)]
struct FieldError {
    field: String,
    message: String,
}

/// What [`check`] returns: the shape of the Hold'em check's answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Check {
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
    /// The rules for people: the preset's name (`Zha Jin Hua`), else the
    /// canonical spec; `null` when the rules cannot be read.
    rules_label: Option<String>,
}

/// Checks a three-card scenario as typed (`check`'s three-card arm):
/// the shape of the Hold'em check, plus `rulesLabel` and each player's
/// `share`.
pub(super) fn check_spec(spec: &JobSpec) -> Result<JsValue, JsValue> {
    let blank = || FieldCheck {
        cards: Vec::new(),
        range: None,
        combos: None,
        share: None,
    };
    let mut check = Check {
        players: Vec::new(),
        board: blank(),
        dead: blank(),
        error: None,
        method: None,
        why_sampled: None,
        boards: 0,
        cost: "0".into(),
        ranges: false,
        table_fits: false,
        table_loaded: false,
        rules_label: None,
    };
    let fail = |check: &mut Check, e: super::check::FieldError| {
        check.error = Some(FieldError {
            field: e.field,
            message: e.message,
        });
    };
    let rules = match spec.rules.trim() {
        "" => crate::game::Game::ThreeCard
            .rules()
            .map_or("casino", |r| r.default_rules()),
        r => r,
    };
    let deck = match spec.deck.trim() {
        "" => "full",
        d => d,
    };
    let (rules, deck) = match (rules.parse::<Rules>(), Deck::parse(deck)) {
        (Ok(rules), Some(deck)) => (rules, deck),
        (Err(_), _) | (_, None) => {
            let e = crate::job::games::open_three_card(spec).err();
            if let Some(e) = e {
                fail(&mut check, open_error(&e));
            }
            return to_js(&check);
        }
    };
    check.rules_label = Some(match rules.preset_name() {
        Some(preset) => crate::three_card::describe::preset_label(preset).to_string(),
        None => rules.to_string(),
    });
    let ladder = Ladder::new(rules, deck);
    check.players = spec
        .players
        .iter()
        .map(|text| {
            let holding = Holding::parse(text, &ladder).ok();
            let hand = matches!(holding, Some(Holding::Hand(_)));
            FieldCheck {
                // A hand's cards, and a hand in the making's (`Kh`, `KhQh`:
                // the deck adds to them); none for a range.
                cards: if hand || holding.is_none() {
                    cards_of(text)
                } else {
                    Vec::new()
                },
                range: holding.filter(|_| !hand).map(|h| h.label(&ladder)),
                combos: holding
                    .filter(|_| !hand)
                    .map(|h| h.positions(&ladder).len() as u32),
                share: holding.and_then(|h| match h {
                    Holding::Random => Some(100.0),
                    Holding::Top { count, .. } => Some(100.0 * count as f64 / ladder.len() as f64),
                    Holding::Hand(_) => None,
                }),
            }
        })
        .collect();
    check.dead = FieldCheck {
        cards: cards_of(&spec.dead),
        ..blank()
    };
    let auto = JobSpec {
        method: JobMethod::Auto,
        ..spec.clone()
    };
    match crate::job::games::open_three_card(&auto) {
        Ok(job) => {
            let counts = job.hand_counts().unwrap_or_default();
            for (f, &n) in check.players.iter_mut().zip(&counts) {
                if f.combos.is_some() {
                    f.combos = Some(n as u32);
                }
            }
            check.ranges = job.ranges();
            check.method = Some(if job.exact() { "exact" } else { "monte-carlo" });
            check.why_sampled = job.why_sampled();
            check.cost = job.cost().to_string();
        }
        Err(e) => fail(&mut check, open_error(&e)),
    }
    to_js(&check)
}

/// The hero's exact counts against like opponents (a row of the win-rate
/// table); counts as decimal text (they pass 2^53).
#[derive(Serialize)]
struct HeroRates {
    win: f64,
    tie: f64,
    equity: f64,
    exact: bool,
    deals: String,
    wins: String,
    ties: String,
}

/// The hero's win, tie and equity against opponents who all hold the same
/// thing, every deal counted (`three_card::equity::rates`), a step at a
/// time: a row of the win-rate table.
///
/// ```text
///   const count = new ThreeCardCount(players, dead, rules, deck, removal);
///   while (!count.step(100_000)) show(count.progress);   // ~0.1 s a step
///   count.result   // {win, tie, equity, exact: true, deals, wins, ties}
/// ```
/// Errors are thrown with a `field`: the input's (`"p2"`, `"dead"`, …),
/// or `"count"` when this count does not apply or would take too long
/// (unlike opponents, a wide hero range, past the page's limit): sample.
#[wasm_bindgen(js_name = ThreeCardCount)]
pub struct ThreeCardCountJs {
    job: rates::RatesJob,
}

fn count_error(e: rates::RatesError) -> JsValue {
    match e {
        rates::RatesError::Spec(e) => field_error(&field_of(&e), e),
        other => field_error("count", other),
    }
}

#[wasm_bindgen(js_class = ThreeCardCount)]
impl ThreeCardCountJs {
    /// Opens the count: `players`, `dead`, `rules`, `deck`, `removal`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        players: JsValue,
        dead: JsValue,
        rules: JsValue,
        deck: JsValue,
        removal: JsValue,
    ) -> Result<ThreeCardCountJs, JsValue> {
        let t = texts(&players, &dead, &rules, &deck, &removal)?;
        let job = rates::RatesJob::new(spec_of(&t)?, rates::Limits::PAGE).map_err(count_error)?;
        Ok(ThreeCardCountJs { job })
    }

    /// Runs about `budget` states (at least one card; 100,000 is ~0.1 s);
    /// true once done.
    pub fn step(&mut self, budget: f64) -> Result<bool, JsValue> {
        let budget = if budget.is_finite() && budget >= 1.0 {
            budget as u64
        } else {
            1
        };
        self.job.step(budget).map_err(count_error)
    }

    /// From 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        self.job.progress()
    }

    /// The counts once done, else `null`.
    #[wasm_bindgen(getter)]
    pub fn result(&self) -> Result<JsValue, JsValue> {
        match self.job.counts() {
            Some(c) => to_js(&HeroRates {
                win: c.win_rate(),
                tie: c.tie_rate(),
                equity: c.equity(),
                exact: true,
                deals: c.deals.to_string(),
                wins: c.win.to_string(),
                ties: c.tie.to_string(),
            }),
            None => Ok(JsValue::NULL),
        }
    }
}

#[derive(Serialize)]
struct CensusRow {
    name: &'static str,
    label: &'static str,
    count: u64,
}

#[derive(Serialize)]
struct CensusAnswer {
    rules: String,
    deck: &'static str,
    hands: u64,
    distinct: usize,
    /// The deck's cards (`["9c", "9d", …]` for the short deck).
    cards: Vec<String>,
    /// Best first, in the rules' order.
    categories: Vec<CensusRow>,
}

/// The census of `deck`'s hands under `rules`, categories best first:
/// `{rules, deck, hands, distinct, categories: [{name, label, count}]}`.
#[wasm_bindgen]
pub fn three_card_census(rules: JsValue, deck: JsValue) -> Result<JsValue, JsValue> {
    let rules = args::text(&rules, "the rules").map_err(|m| field_error("rules", m))?;
    let deck = args::text(&deck, "the deck").map_err(|m| field_error("deck", m))?;
    let (rules, deck) = (parse_rules(&rules)?, parse_deck(&deck)?);
    let census = Ladder::new(rules, deck).census();
    let order: [Category; 6] = rules.order();
    to_js(&CensusAnswer {
        rules: rules.to_string(),
        deck: deck.name(),
        hands: census.hands,
        distinct: census.distinct,
        cards: deck.cards().iter().map(|c| c.to_string()).collect(),
        categories: order
            .iter()
            .rev()
            .map(|&c| CensusRow {
                name: c.name(),
                label: c.label(),
                count: census.count(c),
            })
            .collect(),
    })
}

#[derive(Serialize)]
struct StrengthAnswer {
    /// The holding after the action, as a player's text: `@N`.
    text: String,
    index: usize,
    percent: f64,
    hands: usize,
}

/// The opponent-strength model's update: `holding` (`random`, `X%` or
/// `@N`) after `action` (`check`, `raise`, `won-started`, `won-called`:
/// +δ, +2δ, +δ, +2δ, as 004 has them) with steps of `delta` ladder
/// positions. Returns `{text: "@N", index, percent, hands}`. Throws for a
/// known hand, a bad action or delta.
#[wasm_bindgen]
pub fn three_card_strength(
    holding: JsValue,
    action: JsValue,
    delta: f64,
    rules: JsValue,
    deck: JsValue,
) -> Result<JsValue, JsValue> {
    let holding = args::text(&holding, "the holding").map_err(error)?;
    let action = args::text(&action, "the action").map_err(error)?;
    let rules = args::text(&rules, "the rules").map_err(|m| field_error("rules", m))?;
    let deck = args::text(&deck, "the deck").map_err(|m| field_error("deck", m))?;
    let ladder = Ladder::new(parse_rules(&rules)?, parse_deck(&deck)?);
    let delta = args::whole(delta, "δ", 0, ladder.len() as u32).map_err(error)? as usize;
    let action = Action::parse(&action).map_err(error)?;
    let strength = match Holding::parse(&holding, &ladder).map_err(error)? {
        Holding::Random => Strength::any(&ladder),
        Holding::Top { count, .. } => Strength::at(ladder.len() - count, &ladder).map_err(error)?,
        Holding::Hand(_) => {
            return Err(error(
                "a known hand has no strength to update: give the opponent random, X% or @N",
            ))
        }
    };
    let after = strength.after(action, delta);
    to_js(&StrengthAnswer {
        text: format!("@{}", after.index()),
        index: after.index(),
        percent: after.percent(),
        hands: ladder.len(),
    })
}
