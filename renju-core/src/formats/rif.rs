//! Placeholder while the rif reader is written.

use crate::error::ParseError;
use crate::game::Game;

/// Reads every record.
pub fn read(_bytes: &[u8], _file: Option<&str>) -> Vec<Result<Game, ParseError>> {
    vec![Err(ParseError::new("the rif reader is not written yet"))]
}

/// Writes games.
pub fn write(_games: &[Game]) -> Result<Vec<u8>, ParseError> {
    Err(ParseError::new("the rif writer is not written yet"))
}
