//! Tournaments (`renju.tournament.read_tournament`, `renju.tournament.Tournament`): crosstables from TRF, JSON
//! or game files, standings with the Chinese rules' or an organiser's tie-breaks, findings,
//! round-robin pairing and the drawing of lots.
//! `to_dict()` has the field names of `renju standings --json`.

use std::path::PathBuf;

use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use renju_core::Color;

use renju_core::ParseError;
use renju_records::Severity;
use renju_tournament::clubs::club_totals;
use renju_tournament::io::{read_bytes as core_read_bytes, read_path, ReadError};
use renju_tournament::pairing::dutch::{
    check_dutch, dutch_players, pair_dutch, FloatDirection, PreferenceStrength,
};
use renju_tournament::pairing::king_of_the_hill::{next_bout_and_winner, DrawnBout, HillEvent};
use renju_tournament::pairing::lots::renumber_by_lots;
use renju_tournament::pairing::matches::{record_results, round_matches};
use renju_tournament::pairing::round_robin::RoundRobinOptions;
use renju_tournament::pairing::teams::{
    default_boards, pair_scheveningen, pair_team_round_robin, pair_team_swiss,
};
use renju_tournament::pairing::tournament_round::{
    next_round, pair_knockout, pair_round_robin, PairedRound,
};
use renju_tournament::pairing::Pairing;
use renju_tournament::{
    check, standings as core_standings, trf, Regulation, StandingRow as CRow,
    Standings as CStandings, StandingsOptions, System, TieBreak, TieBreakValue,
    Tournament as CTournament, TournamentFinding as CFinding, TrfError,
};

use crate::convert::{to_json, to_py_data};
use crate::errors;
use crate::names::Name;

fn format_of(name: &str) -> PyResult<renju_records::formats::Format> {
    name.parse::<renju_records::formats::Format>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn read_error(py: Python<'_>, e: ReadError) -> PyErr {
    match e {
        ReadError::Io { file, source } => {
            PyOSError::new_err(format!("{file}: cannot read: {source}"))
        }
        ReadError::Trf { file, source } => {
            let mut p = match &source {
                TrfError::Line { line, message } => ParseError::new(message.clone()).at_line(*line),
                TrfError::NoPlayers | TrfError::TooLarge(_) | TrfError::Text(_) => {
                    ParseError::new(source.to_string())
                }
            };
            p.location.file = Some(file.into());
            errors::parse_error(py, &p)
        }
        other => {
            let mut p = ParseError::new(other.to_string());
            if let ReadError::Json { file, .. } | ReadError::UnknownFormat { file } = &other {
                p.location.file = Some(file.as_str().into());
            }
            errors::parse_error(py, &p)
        }
    }
}

/// One finding about a tournament: severity ('error', 'warning', 'info'), a stable code
/// ('paired-twice', 'result-contradiction', 'points-mismatch', ...), the round and the
/// player (or team) it concerns, and a message.
#[pyclass(frozen, eq, module = "renju.tournament")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentFinding(pub CFinding);

py_methods! { TournamentFinding |_x| pickle(Self) {}
    /// Severity.ERROR, WARNING or INFO (a str enum: equal to 'error', 'warning',
    /// 'info').
    #[getter]
    fn severity(&self) -> Name<Severity> {
        Name(self.0.severity)
    }

    /// The stable machine code ('paired-twice', 'rank-mismatch', ...).
    #[getter]
    fn code(&self) -> String {
        self.0.code.as_str().to_string()
    }

    /// The round it concerns.
    #[getter]
    fn round(&self) -> Option<u32> {
        self.0.round
    }

    /// The player (or team) id it concerns.
    #[getter]
    fn player(&self) -> Option<u32> {
        self.0.player
    }

    /// A sentence for people.
    #[getter]
    fn message(&self) -> String {
        self.0.message.clone()
    }

    /// The finding as plain data.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0)
    }

    fn __repr__(&self) -> String {
        format!(
            "<TournamentFinding {} {}: {}>",
            self.0.severity.name(),
            self.0.code,
            self.0.message
        )
    }
}

fn value_to_py<'py>(py: Python<'py>, v: &TieBreakValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        TieBreakValue::Number(r) => r.to_f64().into_pyobject(py)?.into_any(),
        TieBreakValue::Boards(b) => PyList::new(py, b.iter().map(|h| h.to_f64()))?.into_any(),
    })
}

/// One line of the standings.
#[pyclass(frozen, eq, module = "renju.tournament")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingRow {
    row: CRow,
    codes: Vec<String>,
}

py_methods! { StandingRow |_x| pickle(Self) {}
    /// The place, from 1; players sharing a place have the same rank.
    #[getter]
    fn rank(&self) -> u32 {
        self.row.rank
    }

    /// Whether the place is shared.
    #[getter]
    fn shared(&self) -> bool {
        self.row.shared
    }

    /// The player's (team's) id.
    #[getter]
    fn id(&self) -> u32 {
        self.row.id
    }

    /// Name.
    #[getter]
    fn name(&self) -> String {
        self.row.name.clone()
    }

    /// Points (team events: match points).
    #[getter]
    fn points(&self) -> f64 {
        self.row.points.to_f64()
    }

    /// Tie-break values by code ({'SB': 4.25, ...}; 'TBR' is a list, board 1 first).
    #[getter]
    fn tiebreaks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (code, v) in self.codes.iter().zip(&self.row.values) {
            d.set_item(code, value_to_py(py, v)?)?;
        }
        Ok(d)
    }

    /// The row as plain data.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("rank", self.row.rank)?;
        d.set_item("shared", self.row.shared)?;
        d.set_item("id", self.row.id)?;
        d.set_item("name", &self.row.name)?;
        d.set_item("points", self.row.points.to_f64())?;
        d.set_item("tiebreaks", self.tiebreaks(py)?)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "<StandingRow {}{} {} {}>",
            self.row.rank,
            if self.row.shared { "=" } else { "" },
            self.row.name,
            self.row.points
        )
    }
}

/// Standings of one tournament: the rows best first, the tie-breaks used, the
/// regulation for unplayed rounds, and the findings.
#[pyclass(frozen, eq, module = "renju.tournament")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings(pub CStandings);

py_methods! { Standings |_x| pickle(Self) {}
    /// The tournament's name.
    #[getter]
    fn name(&self) -> String {
        self.0.name.clone()
    }

    /// 'round-robin', 'swiss' or 'knockout'.
    #[getter]
    fn system(&self) -> String {
        self.0.system.name().to_string()
    }

    /// 'fide-2024', 'fide-2026', 'fide-2009' or 'none'.
    #[getter]
    fn regulation(&self) -> String {
        self.0.regulation.name().to_string()
    }

    /// Whether the rows are teams.
    #[getter]
    fn team(&self) -> bool {
        self.0.team_event
    }

    /// The tie-break codes after the points, in order.
    #[getter]
    fn tiebreaks(&self) -> Vec<String> {
        self.0.tiebreaks.iter().map(ToString::to_string).collect()
    }

    /// The rows, best first.
    #[getter]
    fn rows(&self) -> Vec<StandingRow> {
        let codes = self.tiebreaks();
        self.0
            .rows
            .iter()
            .map(|r| StandingRow {
                row: r.clone(),
                codes: codes.clone(),
            })
            .collect()
    }

    /// What the checks found.
    #[getter]
    fn findings(&self) -> Vec<TournamentFinding> {
        self.0
            .findings
            .iter()
            .cloned()
            .map(TournamentFinding)
            .collect()
    }

    /// Whether a finding has severity 'error'.
    fn has_errors(&self) -> bool {
        self.0.has_errors()
    }

    /// The standings as plain data, shaped as one tournament of `renju standings --json`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.0.readable_json())
    }

    /// The standings as JSON.
    fn to_json(&self) -> PyResult<String> {
        to_json(&self.0.readable_json())
    }

    fn __len__(&self) -> usize {
        self.0.rows.len()
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = PyList::new(py, self.rows())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    fn __repr__(&self) -> String {
        format!(
            "<Standings {:?} {} {} rows>",
            self.0.name,
            self.0.system,
            self.0.rows.len()
        )
    }
}

fn tiebreaks_of(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<TieBreak>>> {
    let Some(obj) = obj else { return Ok(None) };
    if obj.is_none() {
        return Ok(None);
    }
    let text = if let Ok(s) = obj.cast::<PyString>() {
        s.to_string()
    } else if let Ok(list) = obj.extract::<Vec<String>>() {
        list.join(",")
    } else {
        return Err(PyTypeError::new_err(
            "tiebreaks must be a string ('SB,WON') or a list of codes",
        ));
    };
    TieBreak::parse_list(&text)
        .map(Some)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

crate::pickle::json_pickled!(TournamentFinding);

impl crate::pickle::Pickled for Tournament {
    /// The tournament and the findings of reading it.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::pickle::json_state(py, &(&self.inner, &self.read_findings))
    }
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Tournament> {
        let (inner, read_findings): (CTournament, _) = crate::pickle::from_json(state)?;
        inner
            .check_limits()
            .map_err(|e| PyValueError::new_err(format!("bad pickled state: {e}")))?;
        Ok(Tournament {
            inner,
            read_findings,
        })
    }
}

/// Standings pickle as their exact serde form (fractions as numerator and denominator;
/// a crafted state with denominator 0 is a ValueError).
impl crate::pickle::Pickled for Standings {
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::pickle::json_state(py, &self.0)
    }
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Standings> {
        crate::pickle::from_json(state).map(Standings)
    }
}

impl crate::pickle::Pickled for StandingRow {
    /// The row (exact serde form) and its tie-break codes.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::pickle::json_state(py, &(&self.row, &self.codes))
    }
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<StandingRow> {
        let (row, codes): (CRow, Vec<String>) = crate::pickle::from_json(state)?;
        Ok(StandingRow { row, codes })
    }
}

/// A tournament crosstable: players, teams, rounds, pairings and results.
#[pyclass(eq, module = "renju.tournament")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    pub inner: CTournament,
    pub read_findings: Vec<CFinding>,
}

py_methods! { Tournament |_x| pickle(Self) {}
    /// Reads a FIDE TRF text (TRF16 or TRF-26).
    #[staticmethod]
    fn from_trf(py: Python<'_>, text: &str) -> PyResult<Tournament> {
        trf::read(text)
            .map(|inner| Tournament {
                inner,
                read_findings: Vec::new(),
            })
            .map_err(|e| {
                read_error(
                    py,
                    ReadError::Trf {
                        file: "<text>".into(),
                        source: e,
                    },
                )
            })
    }

    /// Reads the JSON of a tournament (as `to_json()` writes it).
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Tournament> {
        let inner: CTournament = serde_json::from_str(text)
            .map_err(|e| PyValueError::new_err(format!("not the JSON of a tournament: {e}")))?;
        inner
            .check_limits()
            .map_err(|e| PyValueError::new_err(format!("not a tournament this library reads: {e}")))?;
        Ok(Tournament {
            inner,
            read_findings: Vec::new(),
        })
    }

    /// The tournament as a FIDE TRF text. Raises ValueError past the limits (1000
    /// rounds, 9999 players, player ids over 9999).
    fn to_trf(&self) -> PyResult<String> {
        trf::write(&self.inner).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The whole model as JSON.
    fn to_json(&self) -> PyResult<String> {
        to_json(&self.inner)
    }

    /// The whole model as plain data.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.inner)
    }

    /// Name.
    #[getter]
    fn name(&self) -> String {
        self.inner.name.clone()
    }

    /// The system the file declares ('round-robin', 'swiss', 'knockout') or None.
    #[getter]
    fn system(&self) -> Option<String> {
        self.inner.system.map(|s| s.name().to_string())
    }

    /// The number of rounds.
    #[getter]
    fn rounds(&self) -> u32 {
        self.inner.round_count()
    }

    /// Players as plain data (id, name, rating, team, ...).
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_data(py, &self.inner.players)
    }

    /// Whether this is a team event.
    #[getter]
    fn team(&self) -> bool {
        self.inner.is_team_event()
    }

    /// The team score system (TRF-26 `362`: the match points of a match won, drawn and
    /// lost) as a TRF file writes it ('TW 2.0 TD 1.0 TL 0.0'), or None (matches score
    /// 1, ½ and 0). The standings count it. Set it from a record's text ('TW 3 TD 1':
    /// TW, TD, TL each followed by its match points, in any order; a code not given
    /// takes TRF-26's value, 2, 1 or 0), kept as a TRF file writes it; None removes
    /// it. Setting text that cannot be read raises renju.ParseError (a ValueError), the
    /// tournament left as it was.
    #[getter]
    fn team_score_system(&self) -> Option<String> {
        self.inner.team_score_system.clone()
    }

    /// Sets the team score system (see the getter).
    #[setter]
    fn set_team_score_system(&mut self, py: Python<'_>, text: Option<&str>) -> PyResult<()> {
        self.inner.set_team_score_system(text).map_err(|e| {
            let message = format!("team score system {:?}: {e}", text.unwrap_or_default());
            errors::parse_error(py, &ParseError::new(message))
        })
    }

    /// The crosstable's findings (records of a game file that could not be placed, and
    /// the checks of pairings, results, colours and withdrawals).
    fn check(&self) -> Vec<TournamentFinding> {
        self.read_findings
            .iter()
            .cloned()
            .chain(check(&self.inner))
            .map(TournamentFinding)
            .collect()
    }

    /// Computes the standings. `system`: 'round-robin', 'swiss' or 'knockout' (default:
    /// the file's, or what the pairings show); `tiebreaks`: FIDE C.07 codes as a string
    /// ('SB,WON') or a list (default: the file's list, else the Chinese rules'); `unplayed`:
    /// 'fide-2024', 'fide-2026', 'fide-2009' or 'none'.
    #[pyo3(signature = (system=None, tiebreaks=None, unplayed="fide-2024"))]
    fn standings(
        &self,
        system: Option<&str>,
        tiebreaks: Option<&Bound<'_, PyAny>>,
        unplayed: &str,
    ) -> PyResult<Standings> {
        let system = system
            .map(str::parse::<System>)
            .transpose()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let regulation: Regulation = unplayed
            .parse()
            .map_err(|e: renju_core::names::UnknownName| PyValueError::new_err(e.to_string()))?;
        let options = StandingsOptions {
            system,
            tiebreaks: tiebreaks_of(tiebreaks)?,
            regulation,
        };
        let mut s = core_standings(&self.inner, &options);
        let mut findings = self.read_findings.clone();
        findings.append(&mut s.findings);
        s.findings = findings;
        Ok(Standings(s))
    }

    /// The first round without pairings: the round `pair_round_robin()` pairs by
    /// default (1 for a tournament not yet begun).
    #[getter]
    fn next_round(&self) -> u32 {
        next_round(&self.inner)
    }

    /// Pairs a round of this round robin by FIDE's Berger tables (Handbook C.05, Annex
    /// 1): `round` (from 1; default: `next_round`), once round or, with `double`, twice
    /// (the second cycle with colours exchanged); `reverse_last_two_rounds` plays the
    /// first cycle's last two rounds in reverse order, as FIDE advises for a double
    /// round robin. Players are numbered in start-rank order. Returns the boards in the
    /// table's order, as `(black, white)` player ids (Black moves first), `(player,
    /// None)` for a bye. Raises ValueError when the round cannot be paired (fewer than
    /// two players, a team event, another system, past the schedule or the rounds
    /// declared, a game of an earlier round the tables do not pair). With `games` (1 to
    /// 99; the renju match is 2), each board is a match of that many games and the
    /// games are returned board by board, the colours exchanged in every other game.
    #[pyo3(signature = (round=None, double=false, reverse_last_two_rounds=false, games=1))]
    fn pair_round_robin(
        &self,
        round: Option<i128>,
        double: bool,
        reverse_last_two_rounds: bool,
        games: i128,
    ) -> PyResult<Vec<(u32, Option<u32>)>> {
        let options = RoundRobinOptions {
            double,
            reverse_last_two_rounds,
        };
        let round = round_of(round)?;
        let paired = pair_round_robin(&self.inner, round, &options)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        games_of(&paired, games)
    }

    /// This tournament with a round's results entered: `results` one `(black, white,
    /// code)` per game by start rank, `code` Black's TRF result ('1', '=', '0' played,
    /// '+', '-' forfeit), and `(player, 0, code)` per round without an opponent ('U' the
    /// pairing bye, 'F', 'H', 'Z' byes, '-' absent); a match's games one each, in the
    /// order played (the standings score them as one match). `round` (from 1; default:
    /// `next_round`). Returns a new Tournament. Raises ValueError when a result cannot
    /// be entered (an unknown player, a player against himself, a code that is not a
    /// result of its kind; the message names the entry).
    #[pyo3(signature = (results, round=None))]
    fn record_results(
        &self,
        results: Vec<(u32, u32, String)>,
        round: Option<i128>,
    ) -> PyResult<Tournament> {
        let round = round_of(round)?.unwrap_or_else(|| next_round(&self.inner));
        let entries: Vec<(u32, u32, &str)> = (results.iter())
            .map(|(black, white, code)| (*black, *white, code.as_str()))
            .collect();
        let mut inner = self.inner.clone();
        record_results(&mut inner, round, &entries)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        inner.sort_cells();
        Ok(Tournament {
            inner,
            read_findings: self.read_findings.clone(),
        })
    }

    /// Pairs a round of this knockout by its bracket: `round` (from 1; default:
    /// `next_round`). The players are seeded in start-rank order on the lines in the
    /// standard order (byes to the top seeds); each earlier round's match winners (the
    /// most game points in that round's games between the two, tie-break games
    /// included) meet by neighbours. Returns the boards as `(black, white)` player ids,
    /// the upper line first, `(player, None)` for a bye. Raises ValueError when the
    /// round cannot be paired (fewer than two players, a team event, another system, a
    /// tied match without its tie-break, a match the crosstable lacks, the knockout won).
    /// With `games` (1 to 99), each board is a match of that many games, returned board
    /// by board with the colours exchanged in every other game.
    #[pyo3(signature = (round=None, games=1))]
    fn pair_knockout(&self, round: Option<i128>, games: i128) -> PyResult<Vec<(u32, Option<u32>)>> {
        let round = round_of(round)?;
        let paired =
            pair_knockout(&self.inner, round).map_err(|e| PyValueError::new_err(e.to_string()))?;
        games_of(&paired, games)
    }

    /// Pairs a round of this team event: `system` 'round-robin' (FIDE's Berger tables
    /// over the teams in id order) or 'swiss' (by match points: no rematch, no second
    /// bye, the least match-point differences, then neighbours in the standings);
    /// `round` (default: `next_round`); `boards` per match (default: the smallest
    /// team's players); `lineups` a dict of team id to its line-up in board order
    /// (substitutes allowed, the order kept); `double` a double round robin (a second
    /// cycle repeats the first with the first-named team exchanged; 'round-robin'
    /// only). Returns `(matches, bye)`: each match `(first team, second team, [(black,
    /// white), ...])` board 1 first, the first-named team Black on odd boards; `bye` the
    /// team without a match, or None. Raises ValueError when the round cannot be paired
    /// or a line-up cannot be taken (a team the event does not have, a player named
    /// twice or not in the team, the board order inverted, not as many players as
    /// boards), or for `double` with 'swiss'.
    #[pyo3(signature = (system="round-robin", round=None, boards=None, lineups=None, double=false))]
    fn pair_teams(
        &self,
        system: &str,
        round: Option<i128>,
        boards: Option<usize>,
        lineups: Option<std::collections::HashMap<u32, Vec<u32>>>,
        double: bool,
    ) -> PyResult<TeamRoundTuple> {
        let round = round_of(round)?;
        let boards = boards.unwrap_or_else(|| default_boards(&self.inner));
        let lineups = lineups_of(lineups);
        let paired = match system.parse::<System>() {
            Ok(System::RoundRobin) => {
                let options = RoundRobinOptions {
                    double,
                    reverse_last_two_rounds: false,
                };
                pair_team_round_robin(&self.inner, round, &options, boards, &lineups)
            }
            Ok(System::Swiss) if double => {
                return Err(PyValueError::new_err(
                    "double: a team Swiss has no second cycle; use 'round-robin'",
                ))
            }
            Ok(System::Swiss) => pair_team_swiss(&self.inner, round, boards, &lineups),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "system {system:?}: teams are paired by 'round-robin' or 'swiss'"
                )))
            }
        }
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let matches = (paired.matches.into_iter())
            .map(|m| {
                let games = m.boards.iter().filter_map(|b| b.game()).collect();
                (m.first, m.second, games)
            })
            .collect();
        Ok((matches, paired.bye))
    }

    /// A round of the Scheveningen match between this event's two teams (every player
    /// of one meets every player of the other): `round` (default: `next_round`),
    /// `boards` (default: the smaller team's players), `lineups` as `pair_teams`'.
    /// Returns the boards as `(black, white)`. Raises ValueError past its rounds or
    /// without two teams.
    #[pyo3(signature = (round=None, boards=None, lineups=None))]
    fn pair_scheveningen(
        &self,
        round: Option<i128>,
        boards: Option<usize>,
        lineups: Option<std::collections::HashMap<u32, Vec<u32>>>,
    ) -> PyResult<Vec<(u32, u32)>> {
        let round = round_of(round)?;
        let boards = boards.unwrap_or_else(|| default_boards(&self.inner));
        let games = pair_scheveningen(&self.inner, round, boards, &lineups_of(lineups))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(games.iter().filter_map(|g| g.game()).collect())
    }

    /// The king-of-the-hill match between this event's teams (their players in board
    /// order, or `lineups`), with the crosstable's bouts replayed (one a round):
    /// `(next_bout, winner)`, `next_bout` the `(black, white)` of the bout to play or
    /// None when the match is over, `winner` the winning team's id (None while it goes
    /// on, and for a drawn match, where both are None). With more than two teams the
    /// teams come on in rotation (id order), the next challenger from the next team
    /// with players left other than the winner's; `winner` is the last team with
    /// players (None when the last teams went out together). A drawn bout: both players
    /// leave, or with `replay_draws` it is played again with colours exchanged. `order`
    /// gives the teams' rotation order instead of id order (for instance as drawn by
    /// lots): every team's id once; with two teams its first is the first team, its
    /// first player Black in the first bout. Raises ValueError with fewer than two teams,
    /// for an order naming a team the tournament does not have, naming one twice or
    /// leaving one out, or when a round is not the bout that was next (a player who
    /// left plays again, one comes on out of the line-up's order).
    #[pyo3(signature = (replay_draws=false, lineups=None, order=None))]
    fn king_of_the_hill(
        &self,
        replay_draws: bool,
        lineups: Option<std::collections::HashMap<u32, Vec<u32>>>,
        order: Option<Vec<u32>>,
    ) -> PyResult<HillState> {
        let (lineups, order) = (lineups_of(lineups), order.unwrap_or_default());
        let (bout, winner) =
            next_bout_and_winner(&self.inner, &lineups, &order, draws_of(replay_draws))
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok((bout.and_then(Pairing::game), winner))
    }

    /// The ranking of this event's king of the hill (as `king_of_the_hill` plays it,
    /// two teams or more), None while it goes on: `(place, team, out_after_bout)` best
    /// first, teams ranked by how late their play ended (the team with players left
    /// first, `out_after_bout` None; then the bout, from 1, that ended each team's
    /// play, the later the higher); teams out in the same bout share the place. Raises
    /// ValueError as `king_of_the_hill` does; `order` as there.
    #[pyo3(signature = (replay_draws=false, lineups=None, order=None))]
    fn king_of_the_hill_ranking(
        &self,
        replay_draws: bool,
        lineups: Option<std::collections::HashMap<u32, Vec<u32>>>,
        order: Option<Vec<u32>>,
    ) -> PyResult<Option<Vec<HillRankRow>>> {
        let (lineups, order) = (lineups_of(lineups), order.unwrap_or_default());
        let hill = HillEvent::from_tournament(&self.inner, &lineups, &order, draws_of(replay_draws))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(hill
            .ranking()
            .map(|rows| rows.iter().map(|p| (p.place, p.team, p.out_after)).collect()))
    }

    /// The club totals of this individual event: each club's (the players' federation
    /// column) best `counted` players' points (all when None) added up, best first:
    /// `{"rank", "club", "points", "players": [[id, points], ...]}` each.
    #[pyo3(signature = (counted=None))]
    fn club_totals<'py>(
        &self,
        py: Python<'py>,
        counted: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let totals = club_totals(&self.inner, &StandingsOptions::default(), counted);
        to_py_data(py, &totals)
    }

    /// Pairs the next round of this Swiss by the Dutch system (FIDE C.04.3, the rules
    /// applied from 2025), as the FIDE-endorsed pairing programs do: the round after the
    /// last one with games or a pairing bye; players with a cell in that round already
    /// (a bye or absence entered beforehand) are left out. The tournament gives its
    /// rounds (TRF `XXR`) and initial colour (`XXC white1`/`black1`: TRF letters read as
    /// written, Black moving first). Returns the boards as `(black, white)` player ids in
    /// the pairing programs' order (by the higher player's score, the lower's, the
    /// higher's pairing number), `(player, None)` for the bye, last. Raises ValueError
    /// when the round cannot be paired (no valid pairing, the rounds or initial colour
    /// not given, the round already paired).
    fn pair_dutch(&self) -> PyResult<Vec<(u32, Option<u32>)>> {
        let paired = pair_dutch(&self.inner).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(paired.boards.into_iter().map(Pairing::players).collect())
    }

    /// Checks this finished Swiss against the Dutch system: each round paired again
    /// from the rounds before it and compared, boards and colours, with the
    /// tournament's. Returns the rounds that differ as `(round, dutch, tournament)`,
    /// the boards as `pair_dutch` gives them; an empty list when every round agrees.
    /// Raises ValueError naming the round that cannot be paired at all.
    #[allow(clippy::type_complexity)]
    fn check_dutch(&self) -> PyResult<Vec<(u32, Vec<(u32, Option<u32>)>, Vec<(u32, Option<u32>)>)>> {
        let differences = check_dutch(&self.inner)
            .map_err(|(round, e)| PyValueError::new_err(format!("round {round}: {e}")))?;
        let boards = |list: Vec<Pairing>| list.into_iter().map(Pairing::players).collect();
        Ok(differences
            .into_iter()
            .map(|d| (d.round, boards(d.expected), boards(d.actual)))
            .collect())
    }

    /// What the Dutch system sees of each player before the next round, in start-rank
    /// order: dicts with `id`, `score` (the pairing score, with acceleration), `to_pair`,
    /// `colour_preference` (`"white"`, `"black"` or None), `preference_strength`
    /// (`"none"`, `"mild"`, `"strong"`, `"absolute"`), `floats` (the last round's and the
    /// one before's: `"down"`, `"up"` or None) and `bye_eligible`.
    fn dutch_players<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let players =
            dutch_players(&self.inner).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let colour = |c: Option<Color>| c.map(|c| if c == Color::White { "white" } else { "black" });
        let float = |f: Option<FloatDirection>| {
            f.map(|f| if f == FloatDirection::Down { "down" } else { "up" })
        };
        players
            .iter()
            .map(|p| {
                let d = PyDict::new(py);
                d.set_item("id", p.id)?;
                d.set_item("score", p.score.to_f64())?;
                d.set_item("to_pair", p.to_pair)?;
                d.set_item("colour_preference", colour(p.colour_preference))?;
                d.set_item(
                    "preference_strength",
                    match p.preference_strength {
                        PreferenceStrength::None => "none",
                        PreferenceStrength::Mild => "mild",
                        PreferenceStrength::Strong => "strong",
                        PreferenceStrength::Absolute => "absolute",
                    },
                )?;
                d.set_item("floats", (float(p.floats[0]), float(p.floats[1])))?;
                d.set_item("bye_eligible", p.bye_eligible)?;
                Ok(d)
            })
            .collect()
    }

    /// A drawing of lots from `seed` (0 to 2**64 - 1) for the pairing numbers, before
    /// the first round: a new Tournament with each player's start rank (id) set to the
    /// number drawn. The same seed draws the same numbers in every version and on every
    /// platform. Raises ValueError when lots cannot be drawn (no players, a team event,
    /// pairings already made).
    fn draw_lots(&self, seed: i128) -> PyResult<Tournament> {
        let seed = crate::convert::seed_of(seed)?;
        let inner = renumber_by_lots(&self.inner, seed)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        // The findings of reading name the players by their ids before the draw.
        Ok(Tournament {
            inner,
            read_findings: Vec::new(),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<Tournament {:?} {} players {} rounds>",
            self.inner.name,
            self.inner.players.len(),
            self.inner.round_count()
        )
    }
}

fn wrap(list: Vec<renju_tournament::TournamentRead>) -> Vec<Tournament> {
    list.into_iter()
        .map(|read| Tournament {
            inner: read.tournament,
            read_findings: read.findings,
        })
        .collect()
}

/// Reads every tournament of a file: FIDE TRF, tournament JSON, or a game file whose
/// records name players and rounds (a RenjuNet .rif gives one per tournament).
#[pyfunction]
#[pyo3(signature = (path, format=None))]
pub fn read_tournaments(
    py: Python<'_>,
    path: PathBuf,
    format: Option<&str>,
) -> PyResult<Vec<Tournament>> {
    let format = format.map(format_of).transpose()?;
    read_path(&path, format)
        .map(wrap)
        .map_err(|e| read_error(py, e))
}

/// Reads the one tournament of a file (the first, when it holds several).
#[pyfunction]
#[pyo3(signature = (path, format=None))]
pub fn read_tournament(
    py: Python<'_>,
    path: PathBuf,
    format: Option<&str>,
) -> PyResult<Tournament> {
    let mut list = read_tournaments(py, path.clone(), format)?;
    if list.is_empty() {
        return Err(PyValueError::new_err(format!(
            "{}: holds no tournament",
            path.display()
        )));
    }
    Ok(list.remove(0))
}

/// Reads every tournament of a file's bytes; `name` tells the format by its extension.
#[pyfunction]
#[pyo3(signature = (data, name=None, format=None))]
pub fn read_tournaments_bytes(
    py: Python<'_>,
    data: &[u8],
    name: Option<&str>,
    format: Option<&str>,
) -> PyResult<Vec<Tournament>> {
    let format = format.map(format_of).transpose()?;
    core_read_bytes(data, name, format)
        .map(wrap)
        .map_err(|e| read_error(py, e))
}

/// The games of a paired round's boards, each a match of `games` games (1 to 99), board
/// by board, as `(black, white)` (`(player, None)` for a bye).
fn games_of(paired: &PairedRound, games: i128) -> PyResult<Vec<(u32, Option<u32>)>> {
    let games = crate::convert::whole_in("games", games, u128::from(u32::MAX))? as u32;
    let matches = round_matches(paired, games).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(matches
        .into_iter()
        .flatten()
        .map(Pairing::players)
        .collect())
}

/// What a drawn king-of-the-hill bout does: replayed, or both players leave.
fn draws_of(replay_draws: bool) -> DrawnBout {
    if replay_draws {
        DrawnBout::Replayed
    } else {
        DrawnBout::BothLeave
    }
}

/// Line-ups from Python's dict of team id to players, in team order.
fn lineups_of(lineups: Option<std::collections::HashMap<u32, Vec<u32>>>) -> Vec<(u32, Vec<u32>)> {
    let mut list: Vec<(u32, Vec<u32>)> = lineups.unwrap_or_default().into_iter().collect();
    list.sort_unstable();
    list
}

/// A team round as Python gets it: `([(first, second, [(black, white)...])...], bye)`.
type TeamRoundTuple = (Vec<(u32, u32, Vec<(u32, u32)>)>, Option<u32>);

/// A king-of-the-hill team's place as Python gets it: `(place, team, out_after_bout)`.
type HillRankRow = (u32, u32, Option<u32>);

/// A king of the hill as Python gets it: `(next bout (black, white), winner)`.
type HillState = (Option<(u32, u32)>, Option<u32>);

/// A round number argument: 1 to 2**32 - 1 (0 is refused by the pairing itself, which
/// says rounds are numbered from 1), a ValueError naming it past that.
fn round_of(round: Option<i128>) -> PyResult<Option<u32>> {
    round
        .map(|r| crate::convert::whole_in("round", r, u128::from(u32::MAX)).map(|r| r as u32))
        .transpose()
}
