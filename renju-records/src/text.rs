//! Free text that goes into records and tournament files (players' names, events,
//! sites): one check ([`check_text`]) for every place that takes it, so that a name a
//! match runner accepts is one a record and a TRF file can hold.

use thiserror::Error;

/// The most bytes of one free-text field, 1 KiB: room for any real name or event, and
/// a bound on what a hostile one costs in every record it goes into.
pub const MAX_TEXT_BYTES: usize = 1024;

/// Why a free-text field is refused ([`check_text`]). Each variant names the field and
/// quotes the start of the value.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TextError {
    /// A control character (a line break, a tab, an escape): the field would start a
    /// line of its own in a move list or a TRF file.
    #[error("the {field} {value} has a control character: it goes into records and TRF files, on one line")]
    Control {
        /// The field (`event name`, `engine name`, ...).
        field: String,
        /// The start of the value, quoted and escaped.
        value: String,
    },
    /// Spaces (or other white space) at either end, which a record does not keep.
    #[error("the {field} {value} has spaces at an end, which records do not keep")]
    Spaces {
        /// The field.
        field: String,
        /// The start of the value, quoted and escaped.
        value: String,
    },
    /// Longer than [`MAX_TEXT_BYTES`].
    #[error("the {field} is {bytes} bytes long, more than {MAX_TEXT_BYTES}")]
    TooLong {
        /// The field.
        field: String,
        /// Its length.
        bytes: usize,
    },
}

/// Checks a free-text field (`field` names it in the error): at most
/// [`MAX_TEXT_BYTES`], no control character, no white space at either end. The empty
/// text passes (a field not given).
///
/// ```
/// use renju_records::text::{check_text, TextError};
/// assert!(check_text("event name", "Renju World Cup 2026").is_ok());
/// assert!(matches!(check_text("event name", "Cup\n001"), Err(TextError::Control { .. })));
/// assert!(matches!(check_text("player name", " Ann"), Err(TextError::Spaces { .. })));
/// ```
pub fn check_text(field: &str, value: &str) -> Result<(), TextError> {
    if value.len() > MAX_TEXT_BYTES {
        return Err(TextError::TooLong {
            field: field.to_string(),
            bytes: value.len(),
        });
    }
    let quoted = || format!("{:?}", value.chars().take(40).collect::<String>());
    if value.chars().any(char::is_control) {
        return Err(TextError::Control {
            field: field.to_string(),
            value: quoted(),
        });
    }
    if value.trim() != value {
        return Err(TextError::Spaces {
            field: field.to_string(),
            value: quoted(),
        });
    }
    Ok(())
}
