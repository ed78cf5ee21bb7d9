//! Errors of reading text: [`ParseError`] and its [`Location`] (file, line, byte, record,
//! move). Each other error type lives beside the type that raises it: [`PointError`]
//! in [`geometry`](crate::geometry), [`SetupError`] with the [`Board`](crate::Board),
//! [`IllegalMove`] with the [`Position`](crate::Position), [`UnknownName`] with the
//! name tables and `WriteError` with the writers (in `renju-records`); each
//! converts into a [`ParseError`] where a reader meets it.
//!
//! This module depends on nothing else in the crate but the name tables.
//!
//! [`PointError`]: crate::PointError
//! [`SetupError`]: crate::SetupError
//! [`IllegalMove`]: crate::IllegalMove

use std::fmt;
use std::sync::Arc;

use thiserror::Error;

use crate::names::UnknownName;

/// Where in a text an error was found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Location {
    /// File name, when reading a file (shared by every record of the file).
    pub file: Option<Arc<str>>,
    /// Line number, 1-based.
    pub line: Option<usize>,
    /// Byte offset, 0-based (binary formats).
    pub byte_offset: Option<u64>,
    /// Fixture, game or record id.
    pub record: Option<String>,
    /// Move number, 1-based.
    pub move_number: Option<usize>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(file) = &self.file {
            parts.push(file.to_string());
        }
        if let Some(line) = self.line {
            parts.push(format!("line {line}"));
        }
        if let Some(offset) = self.byte_offset {
            parts.push(format!("byte {offset}"));
        }
        if let Some(record) = &self.record {
            parts.push(record.clone());
        }
        if let Some(m) = self.move_number {
            parts.push(format!("move {m}"));
        }
        f.write_str(&parts.join(", "))
    }
}

/// Text that could not be read: a diagram, a move list, a fixture file.
///
/// ```
/// use renju_core::Position;
/// let err = Position::from_moves("h8 i9 zz").unwrap_err();
/// assert_eq!(err.location.move_number, Some(3));
/// assert!(err.to_string().contains("move 3"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct ParseError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub location: Location,
}

impl ParseError {
    /// An error with a message and no location yet.
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError {
            message: message.into(),
            location: Location::default(),
        }
    }

    /// Sets the line number.
    pub fn at_line(mut self, line: usize) -> ParseError {
        self.location.line.get_or_insert(line);
        self
    }

    /// Sets the byte offset.
    pub fn at_byte(mut self, offset: u64) -> ParseError {
        self.location.byte_offset.get_or_insert(offset);
        self
    }

    /// Sets the move number.
    pub fn at_move(mut self, number: usize) -> ParseError {
        self.location.move_number.get_or_insert(number);
        self
    }

    /// Sets the record (fixture, game) id.
    pub fn in_record(mut self, id: impl Into<String>) -> ParseError {
        self.location.record.get_or_insert_with(|| id.into());
        self
    }

    /// Sets the file name.
    pub fn in_file(mut self, file: impl Into<Arc<str>>) -> ParseError {
        self.location.file.get_or_insert_with(|| file.into());
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loc = self.location.to_string();
        if loc.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{loc}: {}", self.message)
        }
    }
}

impl From<UnknownName> for ParseError {
    fn from(e: UnknownName) -> Self {
        ParseError::new(e.to_string())
    }
}
