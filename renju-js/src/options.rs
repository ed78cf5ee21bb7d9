//! The options a JavaScript caller gives, as JSON with the package's camelCase names,
//! read into the Rust crates' options. Names and values are those of the command line
//! (`renju referee --time-control 300+5` is `{"timeControl": "300+5"}`).

use renju_core::{RenjuOptions, RuleSet};
use renju_records::referee::{FoulPolicy, RefereeOptions};
use renju_records::{OfferEquivalence, OpeningRule, TimeControl, ValidationOptions};
use serde::Deserialize;

use crate::boundary::CallError;

/// The options of a game (a `Renju` or a `Referee`), every one optional.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct GameOptions {
    /// The rule set's name (`renju`, `freestyle`, `standard`, `caro`).
    pub rule: Option<String>,
    /// The opening protocol's name (`free`, `swap2`, `taraguchi-10`, ...).
    pub opening: Option<String>,
    /// The board side.
    pub size: Option<u8>,
    /// The time control (`300+5`, ...); untimed when absent.
    pub time_control: Option<String>,
    /// What a forbidden move does (`automatic`, `rif-claim`, `chinese-claim`, `refuse`).
    pub fouls: Option<String>,
    /// How offered fifth moves are compared (`shape`, `board`).
    pub offer_equivalence: Option<String>,
    /// The late limit in whole seconds from the start.
    pub late_limit: Option<u64>,
    /// The other reading of the disputed case (a four point that also makes a five
    /// still makes a three).
    pub five_completion_counts: Option<bool>,
}

/// Reads a name with its type's `FromStr`, or the default when absent.
fn named<T: std::str::FromStr + Default>(name: &Option<String>) -> Result<T, CallError>
where
    T::Err: std::fmt::Display,
{
    match name {
        None => Ok(T::default()),
        Some(text) => text
            .parse()
            .map_err(|e: T::Err| CallError::new("bad-options", e.to_string())),
    }
}

impl GameOptions {
    /// Reads options from JSON (an empty text is every default).
    pub fn from_json(text: &str) -> Result<GameOptions, CallError> {
        if text.trim().is_empty() {
            return Ok(GameOptions::default());
        }
        serde_json::from_str(text).map_err(|e| CallError::new("bad-options", e.to_string()))
    }

    fn time_control(&self) -> Result<Option<TimeControl>, CallError> {
        self.time_control
            .as_deref()
            .map(|text| {
                text.parse::<TimeControl>()
                    .map_err(|e| CallError::new("bad-options", e.to_string()))
            })
            .transpose()
    }

    /// The referee's options.
    pub fn referee(&self) -> Result<RefereeOptions, CallError> {
        let late_limit_ms = match self.late_limit {
            None => None,
            Some(seconds) => Some(seconds.checked_mul(1000).ok_or_else(|| {
                CallError::new(
                    "bad-options",
                    format!("a late limit of {seconds} s is too long"),
                )
            })?),
        };
        Ok(RefereeOptions {
            rule_set: named::<RuleSet>(&self.rule)?,
            opening: named::<OpeningRule>(&self.opening)?,
            size: self.size.unwrap_or(renju_core::geometry::RENJU_SIZE),
            renju: self.renju(),
            offer_equivalence: named::<OfferEquivalence>(&self.offer_equivalence)?,
            time_control: self.time_control()?,
            fouls: named::<FoulPolicy>(&self.fouls)?,
            late_limit_ms,
            ..RefereeOptions::default()
        })
    }

    /// The options of a validation (what a record leaves unsaid).
    pub fn validation(&self) -> Result<ValidationOptions, CallError> {
        let fouls = named::<FoulPolicy>(&self.fouls)?;
        Ok(ValidationOptions {
            rule_set: named::<RuleSet>(&self.rule)?,
            opening: named::<OpeningRule>(&self.opening)?,
            claims: fouls.claims(),
            renju: self.renju(),
            offer_equivalence: named::<OfferEquivalence>(&self.offer_equivalence)?,
            time_control: self.time_control()?,
            ..ValidationOptions::default()
        })
    }

    fn renju(&self) -> RenjuOptions {
        RenjuOptions {
            five_completion_counts: self.five_completion_counts.unwrap_or(false),
        }
    }
}
