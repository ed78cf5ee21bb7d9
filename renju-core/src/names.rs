//! One name table per enum: the name written in every output (text, JSON, C, Python)
//! and the spellings accepted when reading come from a single list, through the
//! [`name_table!`](crate::name_table) macro.
//!
//! ```
//! use renju_core::{Color, FoulKind};
//! assert_eq!(FoulKind::DoubleThree.name(), "double-three");
//! assert_eq!("Double_Three".parse::<FoulKind>().unwrap(), FoulKind::DoubleThree);
//! let err = "red".parse::<Color>().unwrap_err();
//! assert_eq!(err.to_string(), "unknown colour `red` (expected black or white)");
//! # #[cfg(feature = "serde")]
//! assert_eq!(serde_json::to_string(&Color::White).unwrap(), "\"white\"");
//! ```
//!
//! This module depends on nothing else in the crate.

use thiserror::Error;

/// A name that is not in an enum's name table.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown {what} `{text}` (expected {expected})")]
pub struct UnknownName {
    /// What was being read (`"colour"`, `"rule set"`, ...).
    pub what: &'static str,
    /// The text that was read.
    pub text: String,
    /// The names that are accepted, as a sentence (`"black or white"`).
    pub expected: String,
}

impl UnknownName {
    /// An error for `text`, which is not one of `names`.
    pub fn new(what: &'static str, text: &str, names: &[&str]) -> UnknownName {
        let expected = match names {
            [] => String::new(),
            [one] => (*one).to_string(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
        };
        UnknownName {
            what,
            text: text.to_string(),
            expected,
        }
    }
}

/// The form in which names are compared: trimmed, lower case, `_` and spaces as `-`.
pub fn normalize(text: &str) -> String {
    text.trim().to_ascii_lowercase().replace(['_', ' '], "-")
}

/// Implements, from one table, `ALL`, `name()`, `Display`, `FromStr` (with extra
/// accepted spellings) and serde for a fieldless enum.
///
/// ```ignore
/// name_table!(Color, "colour", {
///     Black => "black" | "b" | "x",
///     White => "white" | "w" | "o",
/// });
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! name_table {
    ($ty:ident, $what:literal, { $($variant:ident => $name:literal $(| $alias:literal)*),+ $(,)? }) => {
        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: [$ty; $crate::count_variants!($($variant)+)] = [$($ty::$variant),+];

            /// The name written in every output (text, JSON, C, Python).
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = $crate::names::UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let norm = $crate::names::normalize(s);
                $(
                    if norm == $name $(|| norm == $alias)* {
                        return Ok($ty::$variant);
                    }
                )+
                Err($crate::names::UnknownName::new($what, s, &[$($name),+]))
            }
        }

        $crate::name_table_serde!($ty);
    };
}

/// Serialize and Deserialize by name, for [`name_table!`](crate::name_table): with the
/// `serde` feature.
#[cfg(feature = "serde")]
#[macro_export]
#[doc(hidden)]
macro_rules! name_table_serde {
    ($ty:ident) => {
        impl $crate::__private::serde::Serialize for $ty {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                s: S,
            ) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                d: D,
            ) -> Result<Self, D::Error> {
                let text = <::std::borrow::Cow<'de, str> as $crate::__private::serde::Deserialize>::deserialize(d)?;
                text.parse().map_err($crate::__private::serde::de::Error::custom)
            }
        }
    };
}

/// Nothing, without the `serde` feature.
#[cfg(not(feature = "serde"))]
#[macro_export]
#[doc(hidden)]
macro_rules! name_table_serde {
    ($ty:ident) => {};
}

/// The number of identifiers given (for [`name_table!`](crate::name_table)).
#[macro_export]
#[doc(hidden)]
macro_rules! count_variants {
    () => { 0usize };
    ($head:ident $($rest:ident)*) => { 1usize + $crate::count_variants!($($rest)*) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_lists_read_as_sentences() {
        assert_eq!(UnknownName::new("x", "q", &["a"]).expected, "a");
        assert_eq!(
            UnknownName::new("x", "q", &["a", "b", "c"]).expected,
            "a, b or c"
        );
        assert_eq!(
            UnknownName::new("opening rule", "q", &["a"]).to_string(),
            "unknown opening rule `q` (expected a)"
        );
    }
}
