//! One game's validation report: `renju.GameReport` and its `renju.Finding`s (what
//! `Game.validate()` gives, and the parts of a `renju.Report`).

use pyo3::prelude::*;

use renju_records::report::{Finding as CFinding, GameReport as CGameReport};
use renju_records::Severity;

use crate::convert;
use crate::names::Name;
use crate::types::Outcome;

/// One finding about one game: severity ('error', 'warning', 'info'), a stable code
/// ('occupied-point', 'forbidden-move', ...), the move it concerns and a message.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding(pub CFinding);

impl Finding {
    /// The severity, the code and the move: 'error occupied-point move 3'.
    fn head(&self, code: String) -> String {
        let at = self.0.move_number.map(|m| format!(" move {m}"));
        format!("{} {code}{}", self.0.severity, at.unwrap_or_default())
    }
}

py_methods! { Finding |f| pickle(Self)
    /// The finding as plain data.
    to_dict {
    /// Severity.ERROR (the record cannot be a legal game), WARNING or INFO (a str enum:
    /// equal to 'error', 'warning', 'info').
    severity -> Name<Severity> = Name(f.0.severity);
    /// The stable machine code, a FindingCode (equal to its name: 'occupied-point',
    /// 'forbidden-move', 'opening-area', ...).
    code -> Name<renju_records::FindingCode> = Name(f.0.code);
    /// The move number (1-based, stones and passes), when it concerns a move.
    move_number -> Option<usize> = f.0.move_number;
    /// A sentence for people.
    message -> String = f.0.message.clone();
    /// The line in the file, for unreadable records.
    line -> Option<usize> = f.0.line;
    /// The byte offset in the file, for unreadable records.
    byte_offset -> Option<u64> = f.0.byte_offset;
}
    /// 'error [occupied-point] move 3: move 3: h8 is occupied'.
    fn __str__(&self) -> String {
        format!("{}: {}", self.head(format!("[{}]", self.0.code)), self.0.message)
    }

    /// <Finding error occupied-point move 3>.
    fn __repr__(&self) -> String {
        format!("<Finding {}>", self.head(self.0.code.to_string()))
    }
}

/// The report on one game: where it came from, the moves replayed, the rules it was
/// judged under, its opening, its outcome and its findings.
#[pyclass(frozen, eq, module = "renju")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport(pub CGameReport);

py_methods! { GameReport |g| pickle(Self)
    /// The report as plain data.
    to_dict {
    /// The file the game came from.
    source -> Option<String> = g.0.source.as_deref().map(str::to_string);
    /// The game's index in its file (tree formats: the root-to-leaf line).
    index -> usize = g.0.index;
    /// The record's id.
    id -> Option<String> = g.0.id.clone();
    /// Moves replayed (stones and passes).
    moves -> usize = g.0.moves;
    /// The rule set it was judged under (None for an unreadable record).
    rule -> Option<String> = g.0.rule.clone();
    /// The opening protocol it was judged under (None for an unreadable record).
    protocol -> Option<String> = g.0.protocol.clone();
    /// The canonical opening of its first three stones ('3D Sosei'), else None.
    opening -> Option<String> = g.0.opening.clone();
    /// How the game ended.
    outcome -> Outcome = Outcome(g.0.outcome);
    /// What was found.
    findings -> Vec<Finding> = g.0.findings.iter().cloned().map(Finding).collect();
    /// The number of findings of severity error.
    errors -> usize = g.0.count(Severity::Error);
    /// The number of findings of severity warning.
    warnings -> usize = g.0.count(Severity::Warning);
}
    /// The report as pretty JSON.
    fn to_json(&self) -> PyResult<String> {
        convert::to_json(&self.0)
    }

    /// <GameReport game 1: 17 moves, five, 0 errors>.
    fn __repr__(&self) -> String {
        let g = &self.0;
        let (n, errors) = (g.index + 1, g.count(Severity::Error));
        let (moves, end) = (g.moves, g.outcome.termination);
        format!("<GameReport game {n}: {moves} moves, {end}, {errors} errors>")
    }
}

crate::pickle::json_pickled!(Finding, GameReport);
