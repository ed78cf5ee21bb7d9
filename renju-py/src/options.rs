//! Validation options: the `renju.ValidationOptions` class, built from the six
//! validation keywords (`rule`, `opening`, `claims`, `five_completion_counts`,
//! `offer_equivalence`, `time_control`), and [`options_of`], the one reader of the
//! `options=` argument that `Game.replay`, `Game.validate`, `renju.validate`,
//! `renju.validate_bytes` and `renju.validate_arrow` take (the keywords themselves are
//! taken by `ValidationOptions` alone).

use pyo3::prelude::*;

use renju_core::RenjuOptions;
use renju_records::ValidationOptions as COptions;

use crate::clock::{control_of, TimeControl};
use crate::convert::{json_hash, name_of, named, repr_bool, repr_text};
use crate::names::Name;
use crate::types::{OpeningRule, RuleSet};

/// Validation options: the defaults for what a game record does not say (rule set,
/// opening protocol, claim model, the reading of the disputed double-three case, time
/// control) and how offered fifth moves are compared.
///
/// ValidationOptions(rule='renju', opening='rif1996') (each keyword left out keeps the
/// library's default) is passed as options= to renju.validate(), validate_bytes(),
/// validate_arrow(), Game.replay() and Game.validate(). Frozen, hashable, comparable
/// (==) and picklable.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationOptions(pub COptions);

crate::pickle::json_pickled!(ValidationOptions);

py_methods! { ValidationOptions |o| pickle(Self)
    /// The options as plain data (the core's JSON form).
    to_dict {
    /// The rule set of records that name none.
    rule -> RuleSet = o.0.rule_set.into();
    /// The opening protocol of records that name none.
    opening -> OpeningRule = OpeningRule(o.0.opening);
    /// The claim model of records that do not say.
    claims -> Name<renju_records::ClaimModel> = Name(o.0.claims);
    /// The reading of the disputed double-three case (see docs/rules.md).
    five_completion_counts -> bool = o.0.renju.five_completion_counts;
    /// How offered fifth moves are compared.
    offer_equivalence -> Name<renju_records::OfferEquivalence> = Name(o.0.offer_equivalence);
    /// The time control of records that name none (None: times are not checked).
    time_control -> Option<TimeControl> = o.0.time_control.clone().map(TimeControl);
}
    /// ValidationOptions(*, rule=None, opening=None, claims=None,
    /// five_completion_counts=None, offer_equivalence=None, time_control=None).
    #[new]
    #[pyo3(signature = (*, rule = None, opening = None, claims = None, five_completion_counts = None, offer_equivalence = None, time_control = None))]
    fn new(
        rule: Option<&Bound<'_, PyAny>>,
        opening: Option<&Bound<'_, PyAny>>,
        claims: Option<&Bound<'_, PyAny>>,
        five_completion_counts: Option<bool>,
        offer_equivalence: Option<&Bound<'_, PyAny>>,
        time_control: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<ValidationOptions> {
        let keywords = Keywords {
            rule,
            opening,
            claims,
            five_completion_counts,
            offer_equivalence,
            time_control,
        };
        keywords.read().map(ValidationOptions)
    }

    /// The hash of the options' JSON form.
    fn __hash__(&self) -> PyResult<u64> {
        json_hash(&self.0)
    }

    /// ValidationOptions(rule=RuleSet.RENJU, opening='rif1996', claims='automatic',
    /// five_completion_counts=False, offer_equivalence='shape', time_control=None).
    fn __repr__(&self) -> String {
        let o = &self.0;
        let tc = repr_text(o.time_control.as_ref());
        format!(
            "ValidationOptions(rule='{}', opening='{}', claims='{}', \
             five_completion_counts={}, offer_equivalence='{}', time_control={tc})",
            o.rule_set,
            o.opening,
            o.claims,
            repr_bool(o.renju.five_completion_counts),
            o.offer_equivalence,
        )
    }
}

/// The six validation keywords as given (None: not given).
#[derive(Default)]
pub struct Keywords<'a, 'py> {
    /// `rule=`: a RuleSet or its name.
    pub rule: Option<&'a Bound<'py, PyAny>>,
    /// `opening=`: an OpeningRule or its name.
    pub opening: Option<&'a Bound<'py, PyAny>>,
    /// `claims=`: a claim model's name.
    pub claims: Option<&'a Bound<'py, PyAny>>,
    /// `five_completion_counts=`.
    pub five_completion_counts: Option<bool>,
    /// `offer_equivalence=`: its name.
    pub offer_equivalence: Option<&'a Bound<'py, PyAny>>,
    /// `time_control=`: a TimeControl or its text.
    pub time_control: Option<&'a Bound<'py, PyAny>>,
}

impl Keywords<'_, '_> {
    /// The options the keywords give (each keyword left out keeps the core's default).
    pub fn read(&self) -> PyResult<COptions> {
        let mut o = COptions::default();
        if let Some(tc) = self.time_control {
            o.time_control = Some(control_of(tc)?);
        }
        if let Some(r) = self.rule {
            o.rule_set = named::<RuleSet, _>(r, "rule")?;
        }
        if let Some(r) = self.opening {
            o.opening = named::<OpeningRule, _>(r, "opening")?;
        }
        if let Some(c) = self.claims {
            o.claims = name_of(c, "claims must be a name")?;
        }
        if let Some(e) = self.offer_equivalence {
            o.offer_equivalence = name_of(e, "offer_equivalence must be a name")?;
        }
        if let Some(f) = self.five_completion_counts {
            o.renju = RenjuOptions {
                five_completion_counts: f,
            };
        }
        Ok(o)
    }
}

/// The options of a call's `options=` (None: the library's defaults).
pub fn options_of(options: Option<&Bound<'_, ValidationOptions>>) -> COptions {
    options.map_or_else(COptions::default, |o| o.get().0.clone())
}
