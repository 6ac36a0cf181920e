//! The rule options of the three-card games ([`Rules`]): presets, the
//! category order they give, and the rule spec text (`teen-patti,a23=highest`).

use super::category::Category;
use crate::quote::quote;
use std::fmt;

/// Where the A-2-3 straight (and straight flush) ranks among straights.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AceTwoThree {
    /// Below 4-3-2: the ace plays low (casino, most Zha Jin Hua tables).
    Lowest,
    /// Above K-Q-J, below A-K-Q (most Teen Patti tables).
    SecondHighest,
    /// Above A-K-Q (some Teen Patti tables).
    Highest,
}

impl AceTwoThree {
    /// The option value used in rule specs: `lowest`, `second`, `highest`.
    pub const fn name(self) -> &'static str {
        match self {
            AceTwoThree::Lowest => "lowest",
            AceTwoThree::SecondHighest => "second",
            AceTwoThree::Highest => "highest",
        }
    }
}

/// The rule options that vary between three-card games.
///
/// Build one from a preset ([`Rules::casino`], [`Rules::teen_patti`],
/// [`Rules::zha_jin_hua`]) and change single fields, or parse a spec such as
/// `"teen-patti,a23=highest"` (see the [`FromStr`](std::str::FromStr) impl).
///
/// The [`Default`] is [`Rules::casino`], because it is the one ruleset that
/// is standardised (the same published table in every casino, where Teen
/// Patti and Zha Jin Hua vary from table to table), because it is a total
/// order (no 2-3-5 exception, so a rank number alone decides every showdown),
/// and because its category order is exactly the order of rarity (48 straight
/// flushes, 52 trips, 720 straights, 1,096 flushes, 3,744 pairs, 16,440 high
/// cards), so no one is surprised by it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// A flush beats a straight (Zha Jin Hua). Otherwise a straight beats a
    /// flush (casino, Teen Patti).
    pub flush_over_straight: bool,
    /// Trips beat a straight flush (Teen Patti, Zha Jin Hua). Otherwise a
    /// straight flush is the top hand (casino).
    pub trips_over_straight_flush: bool,
    /// Where A-2-3 ranks among straights and straight flushes.
    pub ace_two_three: AceTwoThree,
    /// An off-suit 2-3-5 (not all one suit) beats any trips, and loses to
    /// everything else: a Zha Jin Hua house rule (preset `zha-jin-hua-235`),
    /// not in write-up 004. Only [`compare`](super::compare) applies it.
    pub two_three_five_beats_trips: bool,
}

impl Default for Rules {
    /// [`Rules::casino`]; see the type's documentation for why.
    fn default() -> Rules {
        Rules::casino()
    }
}

impl Rules {
    /// Casino Three Card Poker: straight flush, trips, straight, flush, pair,
    /// high card; A-2-3 is the lowest straight.
    pub const fn casino() -> Rules {
        Rules {
            flush_over_straight: false,
            trips_over_straight_flush: false,
            ace_two_three: AceTwoThree::Lowest,
            two_three_five_beats_trips: false,
        }
    }

    /// Teen Patti: trail (trips), pure sequence (straight flush), sequence
    /// (straight), colour (flush), pair, high card; A-2-3 is second only to
    /// A-K-Q.
    pub const fn teen_patti() -> Rules {
        Rules {
            flush_over_straight: false,
            trips_over_straight_flush: true,
            ace_two_three: AceTwoThree::SecondHighest,
            two_three_five_beats_trips: false,
        }
    }

    /// Zha Jin Hua as write-up 004's evaluator plays it: baozi (trips),
    /// shunjin (straight flush), jinhua (flush), shunzi (straight), pair, high
    /// card; A-2-3 is the lowest straight. No 2-3-5 exception: 004 has none
    /// (its `ThreeCardEvaluator` is a plain total order), so 2h2s2d wins
    /// 1 − 48/18,424 of heads-up deals, as 004's evaluator gives.
    pub const fn zha_jin_hua() -> Rules {
        Rules {
            flush_over_straight: true,
            trips_over_straight_flush: true,
            ace_two_three: AceTwoThree::Lowest,
            two_three_five_beats_trips: false,
        }
    }

    /// Zha Jin Hua with the common house rule that an off-suit 2-3-5 beats
    /// trips (and loses to everything else): [`Rules::zha_jin_hua`] plus
    /// `235-beats-trips=yes`, preset `zha-jin-hua-235`.
    pub const fn zha_jin_hua_235() -> Rules {
        Rules {
            two_three_five_beats_trips: true,
            ..Rules::zha_jin_hua()
        }
    }

    /// The presets by their spec names.
    pub const PRESETS: [(&'static str, Rules); 4] = [
        ("casino", Rules::casino()),
        ("teen-patti", Rules::teen_patti()),
        ("zha-jin-hua", Rules::zha_jin_hua()),
        ("zha-jin-hua-235", Rules::zha_jin_hua_235()),
    ];

    /// The preset names, for messages: `casino, teen-patti, …`.
    fn preset_list() -> String {
        let names: Vec<&str> = Rules::PRESETS.iter().map(|(n, _)| *n).collect();
        names.join(", ")
    }

    /// The name of the preset equal to these rules, if any.
    pub fn preset_name(&self) -> Option<&'static str> {
        Rules::PRESETS
            .iter()
            .find(|(_, r)| r == self)
            .map(|(name, _)| *name)
    }

    /// The categories from weakest to strongest under these rules (ignoring
    /// the 2-3-5 exception, which is not a category order).
    pub const fn order(&self) -> [Category; 6] {
        use Category::*;
        let (low, high) = if self.flush_over_straight {
            (Straight, Flush)
        } else {
            (Flush, Straight)
        };
        let (below_top, top) = if self.trips_over_straight_flush {
            (StraightFlush, Trips)
        } else {
            (Trips, StraightFlush)
        };
        [HighCard, Pair, low, high, below_top, top]
    }

    /// Position of `category` in [`order`](Rules::order): 0 = weakest, 5 = strongest.
    pub const fn tier(&self, category: Category) -> u8 {
        use Category::*;
        match category {
            HighCard => 0,
            Pair => 1,
            Flush => 2 + self.flush_over_straight as u8,
            Straight => 3 - self.flush_over_straight as u8,
            Trips => 4 + self.trips_over_straight_flush as u8,
            StraightFlush => 5 - self.trips_over_straight_flush as u8,
        }
    }
}

/// Rule spec option names, for messages and `Display`.
const OPTION_HELP: &str = "flush-over-straight=yes|no, trips-over-straight-flush=yes|no, \
                           a23=lowest|second|highest, 235-beats-trips=yes|no";

/// Why a rule spec was rejected; `Display` is the message users see.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RulesError(String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

fn yes_no(key: &str, value: &str) -> Result<bool, RulesError> {
    match value {
        "yes" | "true" | "on" => Ok(true),
        "no" | "false" | "off" => Ok(false),
        _ => Err(RulesError(format!(
            "rule option {key}: expected yes or no, got {}",
            quote(value)
        ))),
    }
}

impl std::str::FromStr for Rules {
    type Err = RulesError;

    /// Parses `PRESET[,OPTION=VALUE…]` or `OPTION=VALUE[,…]` (options then
    /// apply to the default, casino). Presets: `casino`, `teen-patti`,
    /// `zha-jin-hua`, `zha-jin-hua-235`. Options: `flush-over-straight=yes|no`,
    /// `trips-over-straight-flush=yes|no`, `a23=lowest|second|highest`,
    /// `235-beats-trips=yes|no`. Case-insensitive; spaces around items are
    /// ignored.
    fn from_str(spec: &str) -> Result<Rules, RulesError> {
        let spec = spec.trim().to_ascii_lowercase();
        if spec.is_empty() {
            return Err(RulesError(format!(
                "empty rules (presets: {})",
                Rules::preset_list()
            )));
        }
        let mut rules = Rules::default();
        for (i, item) in spec.split(',').map(str::trim).enumerate() {
            if let Some((key, value)) = item.split_once('=') {
                let (key, value) = (key.trim(), value.trim());
                match key {
                    "flush-over-straight" => rules.flush_over_straight = yes_no(key, value)?,
                    "trips-over-straight-flush" => {
                        rules.trips_over_straight_flush = yes_no(key, value)?
                    }
                    "235-beats-trips" => rules.two_three_five_beats_trips = yes_no(key, value)?,
                    "a23" => {
                        rules.ace_two_three = match value {
                            "lowest" | "low" => AceTwoThree::Lowest,
                            "second" | "second-highest" => AceTwoThree::SecondHighest,
                            "highest" | "high" => AceTwoThree::Highest,
                            _ => {
                                return Err(RulesError(format!(
                                    "rule option a23: expected lowest, second or highest, got {}",
                                    quote(value)
                                )))
                            }
                        }
                    }
                    _ => {
                        return Err(RulesError(format!(
                            "unknown rule option {} (options: {OPTION_HELP})",
                            quote(key)
                        )))
                    }
                }
            } else if let Some((_, preset)) = Rules::PRESETS.iter().find(|(n, _)| *n == item) {
                if i > 0 {
                    return Err(RulesError(format!(
                        "preset {} must come first in the rules",
                        quote(item)
                    )));
                }
                rules = *preset;
            } else {
                return Err(RulesError(format!(
                    "unknown rules {} (presets: {}; options: flush-over-straight, \
                     trips-over-straight-flush, a23, 235-beats-trips)",
                    quote(item),
                    Rules::preset_list()
                )));
            }
        }
        Ok(rules)
    }
}

impl fmt::Display for Rules {
    /// The preset name if the rules equal a preset, else the nearest preset
    /// (fewest differing options) followed by the options that differ:
    /// `casino,a23=highest`. The output parses back to the same rules.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let diffs = |p: &Rules| -> [Option<String>; 4] {
            let yn = |b: bool| if b { "yes" } else { "no" };
            [
                (p.flush_over_straight != self.flush_over_straight)
                    .then(|| format!("flush-over-straight={}", yn(self.flush_over_straight))),
                (p.trips_over_straight_flush != self.trips_over_straight_flush).then(|| {
                    format!(
                        "trips-over-straight-flush={}",
                        yn(self.trips_over_straight_flush)
                    )
                }),
                (p.ace_two_three != self.ace_two_three)
                    .then(|| format!("a23={}", self.ace_two_three.name())),
                (p.two_three_five_beats_trips != self.two_three_five_beats_trips)
                    .then(|| format!("235-beats-trips={}", yn(self.two_three_five_beats_trips))),
            ]
        };
        let (name, rules) = Rules::PRESETS
            .iter()
            .min_by_key(|(_, p)| diffs(p).iter().flatten().count())
            .copied()
            .unwrap_or(("casino", Rules::casino()));
        f.write_str(name)?;
        for d in diffs(&rules).into_iter().flatten() {
            write!(f, ",{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_spec_round_trip() {
        for (name, rules) in Rules::PRESETS {
            assert_eq!(name.parse::<Rules>(), Ok(rules));
            assert_eq!(rules.to_string(), name);
            assert_eq!(rules.preset_name(), Some(name));
        }
        // All 24 option combinations print and parse back.
        for bits in 0..8u8 {
            for a in [
                AceTwoThree::Lowest,
                AceTwoThree::SecondHighest,
                AceTwoThree::Highest,
            ] {
                let rules = Rules {
                    flush_over_straight: bits & 1 != 0,
                    trips_over_straight_flush: bits & 2 != 0,
                    ace_two_three: a,
                    two_three_five_beats_trips: bits & 4 != 0,
                };
                let text = rules.to_string();
                assert_eq!(text.parse::<Rules>(), Ok(rules), "{text}");
            }
        }
        let r: Rules = "Teen-Patti, a23=highest".parse().unwrap();
        assert_eq!(r.ace_two_three, AceTwoThree::Highest);
        assert!(r.trips_over_straight_flush);
        assert_eq!(r.to_string(), "teen-patti,a23=highest");
        let r: Rules = "235-beats-trips=yes".parse().unwrap();
        assert_eq!(r.to_string(), "casino,235-beats-trips=yes");
        // Issue 33: the plain preset is write-up 004's; the house rule has its own.
        let r: Rules = "zha-jin-hua,235-beats-trips=yes".parse().unwrap();
        assert_eq!(r, Rules::zha_jin_hua_235());
        assert_eq!(r.to_string(), "zha-jin-hua-235");
        assert!(!Rules::zha_jin_hua().two_three_five_beats_trips);
    }

    #[test]
    fn rules_spec_errors() {
        let err = |s: &str| s.parse::<Rules>().unwrap_err().to_string();
        assert!(err("poker").starts_with("unknown rules \"poker\" (presets: casino,"));
        assert!(err("").starts_with("empty rules"));
        assert_eq!(
            err("a23=middle"),
            "rule option a23: expected lowest, second or highest, got \"middle\""
        );
        assert_eq!(
            err("flush-over-straight=maybe"),
            "rule option flush-over-straight: expected yes or no, got \"maybe\""
        );
        assert!(err("casino,speed=fast").starts_with("unknown rule option \"speed\""));
        assert_eq!(
            err("a23=low,casino"),
            "preset \"casino\" must come first in the rules"
        );
        assert!(err(",,").starts_with("unknown rules \"\""));
        // Issue 11, finding 10: echoed input is escaped and shortened.
        assert_eq!(
            err("casino,a23=\u{1b}[2J"),
            "rule option a23: expected lowest, second or highest, got \"\\u{1b}[2j\""
        );
        assert!(
            err("casino,\u{200b}=yes").starts_with("unknown rule option \"\\u{200b}\" (options:")
        );
        let long = format!("casino,{}", "x".repeat(100_000));
        assert!(err(&long).starts_with(&format!(
            "unknown rules \"{}…{}\" (100000 characters) (presets:",
            "x".repeat(30),
            "x".repeat(10)
        )));
    }
}
