"""Exact Renju and Gomoku rules as a referee applies them: positions, rules and records.

Positions (Board), forbidden moves, verdicts, game records in every supported format
(read, read_bytes, write), replays and validation reports (validate), clocks and time
controls, and the test fixtures. Every rule comes from the Rust library renju-core,
through the private compiled module renju._renju; this package imports from it what it
exposes (typed by __init__.pyi). The other jobs have their own modules, as python-chess
has chess.pgn and chess.engine:

- renju.referee: the live referee of a game played one action at a time (Referee).
- renju.engine: matches between engines (match) and engine conformance (conform).
- renju.tournament: tournament records and standings (Tournament, read_tournament).
- renju.env: self-play and training (VecEnv, EnvGame; Gymnasium and PettingZoo
  wrappers with pip install renju-referee[gymnasium]).
- renju.dask: the optional Dask layer (pip install renju-referee[dask]).
"""

from ._renju import (
    FORMATS,
    ArrowTable,
    Board,
    Chunk,
    ClaimModel,
    Clock,
    ClockState,
    Color,
    DrawReason,
    Error,
    Event,
    Explanation,
    FindingCode,
    Finding,
    Fixture,
    FixtureMap,
    FixtureQuery,
    Foul,
    FoulKind,
    Game,
    GameReader,
    GameReport,
    IllegalMoveError,
    Move,
    MoveVerdict,
    OfferEquivalence,
    Opening,
    OpeningRule,
    Outcome,
    ParseError,
    Point,
    PointError,
    Replay,
    Report,
    RuleSet,
    SetupError,
    Severity,
    SideClock,
    Summary,
    Symmetry,
    Termination,
    TimeControl,
    ValidationOptions,
    Verdict,
    WriteError,
    __version__,
    chunks,
    forbidden_masks,
    parse_fixtures,
    read,
    read_bytes,
    read_fixtures,
    validate,
    validate_arrow,
    validate_bytes,
    write,
    write_bytes,
)

__all__ = [
    "__version__", "FORMATS", "Error", "ParseError", "WriteError", "IllegalMoveError",
    "SetupError", "PointError", "Color", "RuleSet", "FoulKind", "Symmetry", "Point",
    "Move", "Foul", "Verdict", "Outcome", "Explanation", "OpeningRule", "Opening",
    "Termination", "DrawReason", "Severity", "FindingCode", "ClaimModel",
    "OfferEquivalence", "ValidationOptions", "Board", "Event", "Game", "MoveVerdict",
    "Replay", "Finding", "GameReport", "Summary", "Report", "GameReader", "Fixture",
    "FixtureQuery", "FixtureMap", "read", "read_bytes", "write", "write_bytes",
    "parse_fixtures", "read_fixtures", "validate", "TimeControl", "Clock", "ClockState",
    "SideClock", "forbidden_masks", "ArrowTable", "validate_arrow", "Chunk", "chunks",
    "validate_bytes",
]
