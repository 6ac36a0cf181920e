//! Hands for people (the evaluator page): full names with kickers, the best
//! five, where a rank stands, three-card rules as a form, and random deals
//! with their winners. Everything the page says about a hand comes from
//! here; the page only lays it out.
//!
//! ```text
//!   describe_hand("AhKh7c7d2s9hQc")      // {cards, best, inBest, name, label, category, rank, ordinal, standing, share}
//!   describe_three_card("Ah2c3d", "teen-patti")   // {cards, rules, name, …, standing, share, note}
//!   three_card_rules("casino,a23=highest")        // {spec, preset, presets, options, ladder}
//!   holdem_ladder()                      // [{name, label, example, share}], best first
//!   deal_hands(4, 7, "holdem", "", hi, lo)        // {seed, hands: [{…, winner}], winners, cycle, note}
//!   deal_hands(4, 5, "holdem", "", hi, lo, "As Kd")   // the same, never dealing the dead cards
//! ```

use crate::game::Question;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::{format_cards, parse_between, parse_cards, Card, CardSet};
use crate::deal::{self, DealError};
use crate::eval::describe::{self as holdem, ordinal_text, share_text, DISTINCT_RANKS};
use crate::eval::Category;
use crate::three_card::{self, describe as three, AceTwoThree, Rules};

use super::{args, error, field_error, to_js};

/// What [`describe_hand`] returns to JS.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HandDescription {
    /// The cards as given, canonical: `"Ah Kh 7c 7d 2s 9h Qc"`.
    cards: String,
    /// The best five in reading order: `"7d 7c Ah Kh Qc"`.
    best: String,
    /// For each card as given, whether it is one of the best five.
    in_best: Vec<bool>,
    /// The full name: `"Pair of sevens, ace-king-queen kickers"`.
    name: String,
    /// The category for people (`"Pair"`) and its identifier (`"Pair"`).
    label: &'static str,
    category: &'static str,
    /// The rank value (higher wins).
    rank: u16,
    /// 1 = the best of [`DISTINCT_RANKS`].
    ordinal: u32,
    distinct: u32,
    /// `"4,866th best of 7,462 distinct five-card ranks"`.
    standing: String,
    /// `"1,098,240 of the 2,598,960 five-card hands (42.3%)"` (six- and
    /// seven-card hands are counted among their own).
    share: String,
}

/// What [`describe_three_card`] returns to JS.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ThreeCardDescription {
    cards: String,
    /// The rules, canonical (`"casino"`, `"teen-patti,a23=highest"`).
    rules: String,
    name: String,
    label: &'static str,
    category: &'static str,
    rank: u16,
    ordinal: u32,
    distinct: u32,
    standing: String,
    share: String,
    /// What the rules do beyond the rank (the 2-3-5 rule), or `null`.
    note: Option<&'static str>,
}

/// One rung of a category ladder, best first.
#[derive(Serialize)]
struct Rung {
    name: &'static str,
    label: &'static str,
    /// A hand of the category to try.
    example: &'static str,
    /// How common the category is.
    share: String,
}

/// A choice of a rule option.
#[derive(Serialize)]
struct Choice {
    value: &'static str,
    label: &'static str,
}

/// A rule option as a form field.
#[derive(Serialize)]
struct RuleOption {
    /// The spec key: `"flush-over-straight"`.
    key: &'static str,
    label: &'static str,
    /// The current value, one of `choices`.
    value: &'static str,
    choices: Vec<Choice>,
}

/// What [`three_card_rules`] returns to JS.
#[derive(Serialize)]
struct RulesForm {
    /// Canonical spec of these rules.
    spec: String,
    /// The preset these rules equal, or `null`.
    preset: Option<&'static str>,
    presets: Vec<Choice>,
    options: Vec<RuleOption>,
    /// The categories under these rules, best first.
    ladder: Vec<Rung>,
    /// The rules in a sentence: `"Straight flush > three of a kind > …"`.
    summary: String,
}

/// One dealt hand.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DealtHand {
    cards: String,
    best: String,
    in_best: Vec<bool>,
    name: String,
    label: &'static str,
    category: &'static str,
    rank: u16,
    ordinal: u32,
    winner: bool,
}

/// What [`deal_hands`] returns to JS.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Deal {
    /// The seed, 16 hex digits: the same seed deals the same hands.
    seed: String,
    game: &'static str,
    rules: Option<String>,
    hands: Vec<DealtHand>,
    /// Seats (0-based) of the winners: one, or all who tie.
    winners: Vec<usize>,
    /// Whether the 2-3-5 rule made a cycle (see `deal::three_card_winners`).
    cycle: bool,
    /// A sentence on how the winners were decided when it is not obvious.
    note: Option<&'static str>,
}

fn holdem_description(cards: &[Card]) -> Result<HandDescription, JsValue> {
    let d = holdem::describe(cards).ok_or_else(|| error("expected 5 to 7 distinct cards"))?;
    let category = d.rank.category();
    Ok(HandDescription {
        cards: format_cards(cards),
        best: format_cards(&d.best),
        in_best: cards.iter().map(|c| d.best.contains(c)).collect(),
        name: d.text,
        label: category.label(),
        category: category.name(),
        rank: d.rank.value(),
        ordinal: d.rank.ordinal(),
        distinct: DISTINCT_RANKS,
        standing: ordinal_text(d.rank.ordinal(), DISTINCT_RANKS, "five-card"),
        share: share_text(category, cards.len()),
    })
}

/// Describes 5 to 7 cards typed by a person: the full name with kickers,
/// the best five (and which of the given cards they are), where the rank
/// stands among the 7,462 and how common its category is. Throws an
/// `Error` with the parser's message for anything that is not a hand.
#[wasm_bindgen]
pub fn describe_hand(text: JsValue) -> Result<JsValue, JsValue> {
    let text = args::text(&text, "the hand").map_err(error)?;
    let cards = parse_between(&text, 5..=7).map_err(error)?;
    to_js(&holdem_description(&cards)?)
}

fn parse_rules(spec: &str) -> Result<Rules, JsValue> {
    spec.parse::<Rules>().map_err(error)
}

fn three_card_description(hand: &three_card::Hand, rules: &Rules) -> ThreeCardDescription {
    let rank = hand.rank(rules);
    let category = rank.category();
    ThreeCardDescription {
        cards: hand.to_string(),
        rules: rules.to_string(),
        name: three::describe(hand),
        label: category.label(),
        category: category.name(),
        rank: rank.value(),
        ordinal: rank.ordinal(rules),
        distinct: three::DISTINCT_RANKS,
        standing: ordinal_text(rank.ordinal(rules), three::DISTINCT_RANKS, "three-card"),
        share: three::share_text(category),
        note: three::note(hand, rules),
    }
}

/// Describes a three-card hand under `rules` (a spec: `"casino"`,
/// `"zha-jin-hua,a23=second"`): name, standing among the 741, share, and
/// the 2-3-5 note where it applies. Throws for bad cards or rules.
#[wasm_bindgen]
pub fn describe_three_card(text: JsValue, rules: JsValue) -> Result<JsValue, JsValue> {
    let text = args::text(&text, "the hand").map_err(error)?;
    let spec = args::text(&rules, "the rules").map_err(error)?;
    let hand = text.parse::<three_card::Hand>().map_err(error)?;
    let rules = parse_rules(&spec)?;
    to_js(&three_card_description(&hand, &rules))
}

/// The Hold'em categories, best first, each with an example and its share
/// of five-card hands.
#[wasm_bindgen]
pub fn holdem_ladder() -> Result<JsValue, JsValue> {
    let ladder: Vec<Rung> = Category::ALL
        .iter()
        .rev()
        .map(|&c| Rung {
            name: c.name(),
            label: c.label(),
            example: holdem::example(c),
            share: share_text(c, 5),
        })
        .collect();
    to_js(&ladder)
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn yes_no_choices() -> Vec<Choice> {
    vec![
        Choice {
            value: "no",
            label: "No",
        },
        Choice {
            value: "yes",
            label: "Yes",
        },
    ]
}

fn rules_form(rules: &Rules) -> RulesForm {
    let order = rules.order();
    let ladder: Vec<Rung> = order
        .iter()
        .rev()
        .map(|&c| Rung {
            name: c.name(),
            label: c.label(),
            example: three::example(c),
            share: three::share_text(c),
        })
        .collect();
    // "Three of a kind > straight flush > …": the labels are ASCII.
    let names: Vec<String> = ladder
        .iter()
        .enumerate()
        .map(|(i, r)| match i {
            0 => r.label.to_string(),
            _ => r.label.to_ascii_lowercase(),
        })
        .collect();
    let mut summary = names.join(" > ");
    summary.push_str(match rules.ace_two_three {
        AceTwoThree::Lowest => "; A-2-3 is the lowest straight",
        AceTwoThree::SecondHighest => "; A-2-3 is the second-highest straight, below A-K-Q",
        AceTwoThree::Highest => "; A-2-3 is the highest straight, above A-K-Q",
    });
    if rules.two_three_five_beats_trips {
        summary.push_str("; an off-suit 2-3-5 beats three of a kind");
    }
    summary.push('.');
    RulesForm {
        spec: rules.to_string(),
        preset: rules.preset_name(),
        presets: Rules::PRESETS
            .iter()
            .map(|&(value, _)| Choice {
                value,
                label: three::preset_label(value),
            })
            .collect(),
        options: vec![
            RuleOption {
                key: "flush-over-straight",
                label: "A flush beats a straight",
                value: yes_no(rules.flush_over_straight),
                choices: yes_no_choices(),
            },
            RuleOption {
                key: "trips-over-straight-flush",
                label: "Three of a kind beats a straight flush",
                value: yes_no(rules.trips_over_straight_flush),
                choices: yes_no_choices(),
            },
            RuleOption {
                key: "a23",
                label: "A-2-3 ranks",
                value: rules.ace_two_three.name(),
                choices: vec![
                    Choice {
                        value: "lowest",
                        label: "Lowest straight",
                    },
                    Choice {
                        value: "second",
                        label: "Second, below A-K-Q",
                    },
                    Choice {
                        value: "highest",
                        label: "Highest, above A-K-Q",
                    },
                ],
            },
            RuleOption {
                key: "235-beats-trips",
                label: "Off-suit 2-3-5 beats three of a kind",
                value: yes_no(rules.two_three_five_beats_trips),
                choices: yes_no_choices(),
            },
        ],
        ladder,
        summary,
    }
}

/// The three-card rules `spec` as a form: canonical spec, preset (or
/// `null` for a custom mix), the presets, each option with its value and
/// choices, the category ladder under these rules (best first) and a
/// one-sentence summary. Throws for a bad spec.
#[wasm_bindgen]
pub fn three_card_rules(spec: JsValue) -> Result<JsValue, JsValue> {
    let spec = args::text(&spec, "the rules").map_err(error)?;
    to_js(&rules_form(&parse_rules(&spec)?))
}

/// The most players a deal of `cards` cards each can have (the deck holds 52).
#[wasm_bindgen]
pub fn deal_max_players(cards: f64) -> Result<u32, JsValue> {
    let cards = args::whole(cards, "cards each", 1, 52).map_err(error)?;
    Ok(deal::max_players(cards as usize) as u32)
}

fn make_deal(
    players: u32,
    cards: u32,
    game: &str,
    rules: &str,
    seed: u64,
    out: CardSet,
) -> Result<Deal, JsValue> {
    let game = crate::game::Game::parse_among(game, &crate::game::Game::answering(Question::Deal))
        .map_err(|e| field_error("game", e))?;
    let three_card = game == crate::game::Game::ThreeCard;
    let rules = if three_card {
        Some(
            rules
                .parse::<Rules>()
                .map_err(|e| field_error("rules", e))?,
        )
    } else {
        None
    };
    let dealt = deal::deal_without(seed, players as usize, cards as usize, three_card, out)
        .map_err(|e: DealError| {
            let field = match e {
                DealError::Players { .. } => "players",
                DealError::Cards { .. } => "cards",
                DealError::Deck { .. } => "dead",
            };
            field_error(field, e)
        })?;
    let seed = format!("{seed:016x}");
    let Some(rules) = rules else {
        let described: Vec<HandDescription> = dealt
            .iter()
            .map(|h| holdem_description(h))
            .collect::<Result<_, _>>()?;
        let ranks: Vec<crate::eval::HandRank> = described
            .iter()
            .map(|d| crate::eval::HandRank::from_value(d.rank).unwrap_or_default())
            .collect();
        let winners = deal::holdem_winners(&ranks);
        let hands = described
            .into_iter()
            .enumerate()
            .map(|(i, d)| DealtHand {
                cards: d.cards,
                best: d.best,
                in_best: d.in_best,
                name: d.name,
                label: d.label,
                category: d.category,
                rank: d.rank,
                ordinal: d.ordinal,
                winner: winners.contains(&i),
            })
            .collect();
        return Ok(Deal {
            seed,
            game: "holdem",
            rules: None,
            hands,
            winners,
            cycle: false,
            note: None,
        });
    };
    let hands3: Vec<three_card::Hand> = dealt
        .iter()
        .map(|h| three_card::Hand::from_cards(h).map_err(error))
        .collect::<Result<_, _>>()?;
    let (winners, cycle) = deal::three_card_winners(&hands3, &rules);
    let hands = hands3
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let d = three_card_description(h, &rules);
            DealtHand {
                best: d.cards.clone(),
                in_best: vec![true; 3],
                cards: d.cards,
                name: d.name,
                label: d.label,
                category: d.category,
                rank: d.rank,
                ordinal: d.ordinal,
                winner: winners.contains(&i),
            }
        })
        .collect();
    let note = if cycle {
        Some(
            "Three of a kind, an off-suit 2-3-5 and another hand beat one another in a circle; \
             the 2-3-5 rule is for a 2-3-5 facing three of a kind alone, so the three of a kind wins.",
        )
    } else if hands3.iter().any(|h| three::note(h, &rules).is_some())
        && hands3
            .iter()
            .any(|h| h.category() == three_card::Category::Trips)
    {
        Some("An off-suit 2-3-5 beats three of a kind under these rules.")
    } else {
        None
    };
    Ok(Deal {
        seed,
        game: "three-card",
        rules: Some(rules.to_string()),
        hands,
        winners,
        cycle,
        note,
    })
}

/// Deals `players` hands of `cards` cards each from a deck shuffled by the
/// 64-bit seed `seed_hi << 32 | seed_lo` (the page draws both halves from
/// `crypto.getRandomValues`), describes each hand and says who wins.
/// `game` is `"holdem"` (5 or 7 cards each, best five) or `"three-card"`
/// (3 each, under `rules`). `dead` (optional: `undefined` or text) names
/// cards out of play, never dealt. Throws for a deal the deck cannot serve;
/// every error names its `field` (`players`, `cards`, `game`, `rules`,
/// `seed`, or `dead`, also for dead cards that leave too few to deal).
#[wasm_bindgen]
pub fn deal_hands(
    players: f64,
    cards: f64,
    game: JsValue,
    rules: JsValue,
    seed_hi: f64,
    seed_lo: f64,
    dead: JsValue,
) -> Result<JsValue, JsValue> {
    let players =
        args::whole(players, "players", 0, 1_000).map_err(|m| field_error("players", m))?;
    let cards = args::whole(cards, "cards each", 0, 1_000).map_err(|m| field_error("cards", m))?;
    let game = args::text(&game, "the game").map_err(|m| field_error("game", m))?;
    let rules = args::text(&rules, "the rules").map_err(|m| field_error("rules", m))?;
    let seed_half =
        |value, what| args::whole(value, what, 0, u32::MAX).map_err(|m| field_error("seed", m));
    let hi = seed_half(seed_hi, "the seed's high half")?;
    let lo = seed_half(seed_lo, "the seed's low half")?;
    let seed = u64::from(hi) << 32 | u64::from(lo);
    let out = if dead.is_undefined() {
        CardSet::EMPTY
    } else {
        let text = args::text(&dead, "the dead cards").map_err(|m| field_error("dead", m))?;
        let cards =
            parse_cards(&text).map_err(|e| field_error("dead", format!("the dead cards: {e}")))?;
        cards.into_iter().collect()
    };
    to_js(&make_deal(players, cards, &game, &rules, seed, out)?)
}
