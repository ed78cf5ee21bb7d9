//! Rule sets: who wins with which line, and whether Black has forbidden moves.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// A rule set (see the repository's `docs/rules.md`, Rule sets).
///
/// | rule set | who wins | forbidden moves |
/// | --- | --- | --- |
/// | `Renju` | Black: exactly five. White: five or more. | Black only: overline, double-four, double-three |
/// | `Freestyle` | five or more, both colours | none |
/// | `Standard` | exactly five, both colours; an overline does not win and play goes on | none |
/// | `Caro` | five or more not blocked by opponent stones at both ends | none |
///
/// ```
/// use renju_core::RuleSet;
/// assert_eq!("renju".parse::<RuleSet>().unwrap(), RuleSet::Renju);
/// assert!(RuleSet::Renju.has_forbidden_moves());
/// assert_eq!(RuleSet::Standard.to_string(), "standard");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RuleSet {
    /// Renju (RIF): 15x15, Black has forbidden moves.
    #[default]
    Renju,
    /// Freestyle gomoku: five or more wins.
    Freestyle,
    /// Standard gomoku: exactly five wins.
    Standard,
    /// Caro: five or more wins unless both ends are blocked by opponent stones.
    Caro,
}

impl RuleSet {
    /// Whether Black has forbidden moves.
    pub fn has_forbidden_moves(self) -> bool {
        self == RuleSet::Renju
    }

    /// Whether the rule set can be played on a board of side `size`.
    pub fn allows_size(self, size: u8) -> bool {
        match self {
            RuleSet::Renju => size == crate::geometry::RENJU_SIZE,
            _ => (crate::geometry::MIN_SIZE..=crate::geometry::MAX_SIZE).contains(&size),
        }
    }
}

crate::name_table!(RuleSet, "rule set", {
    Renju => "renju",
    Freestyle => "freestyle" | "gomoku",
    Standard => "standard" | "exact" | "exact5",
    Caro => "caro",
});

/// Options of the Renju rule set.
///
/// ```
/// use renju_core::RenjuOptions;
/// assert!(!RenjuOptions::default().five_completion_counts);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct RenjuOptions {
    /// The disputed reading (`docs/rules.md`, Forbidden moves): whether a
    /// straight-four point that would also make a five still makes a three. `false`
    /// (default) follows the RIF text ("without at the same time a five in a row is
    /// made"), as Piskvork and Rapfi do; `true` is quintet's reading.
    #[cfg_attr(feature = "serde", serde(default))]
    pub five_completion_counts: bool,
}
