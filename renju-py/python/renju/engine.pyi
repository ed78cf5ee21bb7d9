"""Engines: matches between Gomocup engines and the conformance of an engine's rules.

match() plays a match between engines (the Gomocup protocol), refereed by the live
referee (renju.referee), and gives a MatchResult (its games as MatchGame, scores,
pairs, SPRT, the crosstable as a renju.tournament.Tournament); MatchSettings are its
settings. conform() checks an engine's forbidden-move judgements against the library's
(random_positions gives random positions to check) and gives a ConformReport.

Type stubs of renju.engine (renju-py/python/renju/engine.pyi), whose engine.py imports
these names from the private compiled module renju._renju.
"""

# Annotations are not evaluated: the stub also runs as Python, for pdoc's reference.
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal, final

from renju import Board, Game, OpeningRule, RuleSet, Termination, TimeControl
from renju.tournament import Tournament

__all__ = [
    "match", "MatchSettings", "MatchResult", "MatchGame", "MatchEngine", "MatchPair",
    "MatchScore", "MatchSprt", "conform", "random_positions", "ConformReport",
]
"""The public names."""

# ---------------------------------------------------------------------------
# Conformance testing of other engines
# ---------------------------------------------------------------------------

@final
class ConformReport:
    """The report of conform(): positions checked, agreements, and every disagreement
    with its diagram, the engine's answer, our verdict and our explanation."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def positions(self) -> int:
        """Positions checked."""
    @property
    def agreements(self) -> int:
        """Positions where the engine agreed."""
    @property
    def mode(self) -> Literal["forbid", "move", "batch"]:
        """'forbid' (forbidden maps asked for), 'move' (gomocup move mode) or 'batch'."""
    @property
    def restarts(self) -> int:
        """Times the engine was restarted (after a timeout, a crash or garbage)."""
    @property
    def skipped(self) -> list[str]:
        """Positions not checked, each 'id: reason'."""
    @property
    def all_agree(self) -> bool:
        """Whether the engine agreed everywhere."""
    @property
    def disagreements(self) -> list[dict[str, Any]]:
        """Every disagreement as a dict: position, kind ('missed-foul', 'false-foul',
        'wrong-kind', 'bad-answer', 'timeout', 'crash'), point (when there is one),
        diagram, answer, expected and explanation (when there is one)."""
    @property
    def summary(self) -> dict[str, int]:
        """Disagreements counted by kind: {'missed_foul': 0, 'false_foul': 2, ...}."""
    def to_dict(self) -> dict[str, Any]:
        """The report as plain data (the same as `renju conform --json`)."""
    def to_junit(self) -> str:
        """The report as JUnit XML (one test case per position)."""

def conform(
    engine: str | list[str],
    *,
    protocol: Literal["jsonl", "gomocup"] = "jsonl",
    positions: str | os.PathLike[str] | Iterable[Board] | None = None,
    random: int | None = None,
    seed: int = 0,
    reading: Literal["rif", "five-completion-counts"] = "rif",
    timeout_ms: int = 2000,
    gomocup_rule: int = 4,
    gomocup_query: Literal["auto", "forbid", "move"] = "auto",
    batch: bool = False,
) -> ConformReport:
    """Runs an engine on positions (the fixture corpus by default; 'fixtures', a fixture
    or game file, or Boards; random=N adds N random positions from seed) over its own
    protocol and compares its forbidden points with the judge's. batch=True sends every
    position before reading the answers (jsonl engines that do not flush after each
    line). Raises RuntimeError when the engine cannot be run. The GIL is released while
    the run goes on; Ctrl-C (KeyboardInterrupt) stops it within a moment, between two
    exchanges with the engine or during a wait for its answer, and ends the engine (with
    its process group) before the KeyboardInterrupt is raised."""

def random_positions(n: int, seed: int = 0, family: str | None = None) -> list[Board]:
    """n dense random Renju positions, Black to move: the same for the same seed on
    every platform (the positions of `renju conform --random N --seed S`). At most
    100,000 (ValueError beyond). With family (uniform, five-plus-overline, double-five,
    five-plus-double-four, five-plus-double-three, overline-plus-double-four,
    double-four-plus-double-three, double-four-one-line, deep-recursion, disputed), the
    positions of that targeted family (`renju conform --families`): cases at even
    indexes, each followed by its near miss (one pattern stone fewer). An unknown
    family is a ValueError."""

# ---------------------------------------------------------------------------
# Engine matches
# ---------------------------------------------------------------------------

_EngineLike = str | os.PathLike[str] | Sequence[str | os.PathLike[str]]
"""(Stub only, not importable.) An engine of match(): a command line (or c-gomoku-cli's 'cmd=... name=... option.KEY=VALUE'), a path, or the program and its arguments."""

@final
class MatchScore:
    """Wins, losses and draws of one side. str() gives '3-1-0'."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def wins(self) -> int:
        """Games won."""
    @property
    def losses(self) -> int:
        """Games lost."""
    @property
    def draws(self) -> int:
        """Games drawn."""
    @property
    def games(self) -> int:
        """Games counted."""
    @property
    def points(self) -> float:
        """Points: a win 1, a draw 1/2."""
    @property
    def rate(self) -> float | None:
        """The score rate, points per game (None before any game)."""
    def to_dict(self) -> dict[str, Any]:
        """The score as plain data ({'wins': 3, 'losses': 1, 'draws': 0})."""

@final
class MatchEngine:
    """One engine's totals in a match: as Black, as White, both, and its losses by
    forfeit."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def name(self) -> str:
        """The engine's name."""
    @property
    def black(self) -> MatchScore:
        """Its score as Black."""
    @property
    def white(self) -> MatchScore:
        """Its score as White."""
    @property
    def total(self) -> MatchScore:
        """Its score."""
    @property
    def forfeits(self) -> int:
        """Games it lost by forfeit (a crash, garbage, an illegal point, silence) or on
        time."""
    @property
    def time_losses(self) -> int:
        """Of which on time."""
    def to_dict(self) -> dict[str, Any]:
        """The totals as plain data (as in `renju match --json`'s summary)."""

@final
class MatchPair:
    """One pair's games, from the first engine's side: its score (also by colour), the
    Elo difference with its 95 % interval, and the likelihood of superiority."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def a(self) -> str:
        """The first engine."""
    @property
    def b(self) -> str:
        """The second engine."""
    @property
    def score(self) -> MatchScore:
        """The first engine's score against the second."""
    @property
    def a_black(self) -> MatchScore:
        """The first engine's score when it played Black."""
    @property
    def a_white(self) -> MatchScore:
        """The first engine's score when it played White."""
    @property
    def rate(self) -> float | None:
        """The first engine's score rate (None before any game)."""
    @property
    def elo(self) -> float | None:
        """The Elo difference, first minus second (None with no game, or a score of 0
        or 100 %)."""
    @property
    def elo_95(self) -> tuple[float, float] | None:
        """The 95 % interval of the Elo difference, (low, high) (normal approximation;
        None where an end is not finite)."""
    @property
    def los(self) -> float | None:
        """The likelihood that the first engine is the stronger (None with no decisive
        game)."""
    def to_dict(self) -> dict[str, Any]:
        """The pair as plain data (as in `renju match --json`'s summary)."""

@final
class MatchSprt:
    """The sequential probability ratio test of a two-engine match (match(sprt=...))."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def elo0(self) -> float:
        """The Elo difference of H0."""
    @property
    def elo1(self) -> float:
        """The Elo difference of H1."""
    @property
    def alpha(self) -> float:
        """The false positive rate."""
    @property
    def beta(self) -> float:
        """The false negative rate."""
    @property
    def llr(self) -> float:
        """The log-likelihood ratio."""
    @property
    def lower(self) -> float:
        """The lower bound: at or below it H0 is accepted."""
    @property
    def upper(self) -> float:
        """The upper bound: at or above it H1 is accepted."""
    @property
    def decision(self) -> Literal["h0", "h1", "continue"]:
        """'h0' (accepted), 'h1' (accepted) or 'continue' (undecided)."""
    def to_dict(self) -> dict[str, Any]:
        """The test as plain data (as in `renju match --json`'s summary)."""

@final
class MatchGame:
    """One game of a match: the engines' names, how it ended, and its record (kept in
    MatchResult.games only with keep_records=True)."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def index(self) -> int:
        """The game's number in the schedule, from 0."""
    @property
    def round(self) -> int:
        """The round, from 1."""
    @property
    def seats(self) -> tuple[str, str]:
        """The engines in the first seat (tentative Black) and the second."""
    @property
    def black(self) -> str:
        """The engine that played Black (after any swap)."""
    @property
    def white(self) -> str:
        """The engine that played White."""
    @property
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2"]:
        """'1-0', '0-1' or '1/2-1/2'."""
    @property
    def winner(self) -> str | None:
        """The engine that won, or None for a draw."""
    @property
    def termination(self) -> Termination:
        """How the game ended (the referee's judgement, or 'forfeit' for the runner's)."""
    @property
    def reason(self) -> str:
        """Why, in words (the runner's reason for a forfeit)."""
    @property
    def opening(self) -> int | None:
        """The opening played (its index among the openings kept), or None."""
    @property
    def notes(self) -> list[str]:
        """What the runner had to do for an engine (fallbacks, restarts)."""
    @property
    def validated(self) -> bool:
        """Whether the record validates to the same result."""
    @property
    def record(self) -> Game | None:
        """The record: every event, each move's time taken and time left, the players
        and the runner's reason ('termination' tag). Always there in on_game; in
        MatchResult.games only with renju.match(..., keep_records=True), else None."""
    @property
    def engine_moves(self) -> int:
        """Moves asked of the engines."""
    @property
    def wall_us(self) -> int:
        """The game's wall time, in microseconds."""
    @property
    def engine_us(self) -> int:
        """Of which the engines' thinking, in microseconds."""
    @property
    def startup_us(self) -> int:
        """Of which waiting for the engines to start or restart, in microseconds."""
    @property
    def stop_us(self) -> int:
        """Of which stopping or ending the engine that lost on time or by forfeit, once
        the game was decided (YXSTOP and its answer, or the kill), in microseconds."""
    def to_dict(self) -> dict[str, Any]:
        """The game as plain data: the fields above, with the record in its JSON form (null
        when it was not kept)."""

@final
class MatchResult:
    """The results of match(): every engine's score by colour, each pair's Elo
    difference with its 95 % interval and LOS, the SPRT when one was run, and every
    game (with its record when keep_records=True). str() gives the summary as `renju match` prints it."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def engines(self) -> list[MatchEngine]:
        """Every engine's totals, in the order given."""
    @property
    def pairs(self) -> list[MatchPair]:
        """Every pair that played: score, Elo with its 95 % interval, LOS."""
    @property
    def sprt(self) -> MatchSprt | None:
        """The SPRT, when one was run (sprt=)."""
    @property
    def games(self) -> list[MatchGame]:
        """Every game played, in schedule order."""
    @property
    def scheduled(self) -> int:
        """Games scheduled (more than played when the match stopped early)."""
    @property
    def terminations(self) -> dict[str, int]:
        """Games counted by termination ('five', 'forfeit', ...)."""
    @property
    def stopped(self) -> str | None:
        """Why the match stopped before its schedule ended (the SPRT decided), else
        None."""
    @property
    def interrupted(self) -> bool:
        """Whether the match was interrupted."""
    @property
    def disagreements(self) -> int:
        """Records that do not validate to the runner's result (0 unless the library is
        wrong)."""
    @property
    def seconds(self) -> float:
        """Wall time of the match, in seconds."""
    @property
    def refused_openings(self) -> list[tuple[str, str]]:
        """Openings refused before play, as (line or number, why)."""
    @property
    def tournament(self) -> Tournament:
        """The results as a tournament: a round robin of the engines, every game a
        pairing with its colours, as `renju match --trf` writes it; .standings() and
        .to_trf() as for any Tournament."""
    def to_dict(self) -> dict[str, Any]:
        """The results as `renju match --json` prints them: settings, engines, summary,
        games (without their records) and refused openings."""
    def to_json(self) -> str:
        """to_dict() as JSON text, as `renju match --json` prints it."""

@final
class MatchSettings:
    """How a match is played, for match(engines, settings): every setting of `renju
    match` but the engines and their names. Each keyword left out keeps the default.

    rule (default 'renju'), size (default 15), opening (default 'free').
    profile='gomocup' sets Gomocup's tournament settings; keywords given explicitly win
    over it. time_control is a TimeControl or its text; tc takes Gomocup's limits
    'match/turn+inc' in seconds. tolerance_ms: how late, in all in a game, an engine's
    answers may come and count as made at the deadline (default 3000 under tc, 1000 in
    the Gomocup profile, 0 under time_control). openings: a path (Gomocup offset or pos
    notation, or any record format) or an iterable of Game. swap2board_fields sends
    SWAP2BOARD's stones as x,y,field lines to every engine (one engine's: 'cmd=...
    swap2board=fields'). sprt: 'elo0,elo1[,alpha,beta]' (two engines): the match stops
    when it decides. Unknown names and bad texts (rule, opening, time_control, tc, sprt,
    profile, openings_order) raise ValueError. Frozen, comparable and picklable."""

    def __new__(
        cls,
        *,
        profile: Literal["gomocup"] | None = None,
        rule: RuleSet | str | None = None,
        size: int | None = None,
        opening: OpeningRule | str | None = None,
        time_control: TimeControl | str | None = None,
        tc: str | None = None,
        tolerance_ms: int | None = None,
        silence_ms: int = 30000,
        games: int = 1,
        rounds: int = 1,
        concurrency: int = 1,
        gauntlet: bool = False,
        openings: str | os.PathLike[str] | Iterable[Game] | None = None,
        openings_format: str | None = None,
        openings_order: Literal["sequential", "random"] = "sequential",
        srand: int = 0,
        repeat: bool = False,
        transform: bool = False,
        draw_after: int | None = None,
        no_pass: bool = False,
        swap2board: bool = True,
        swap2board_fields: bool = False,
        gomocup_rule: int | None = None,
        max_memory: int = 367001600,
        sprt: str | None = None,
        event: str = "renju match",
    ) -> MatchSettings:
        """Each keyword left out keeps the default."""
    def to_dict(self) -> dict[str, Any]:
        """The keywords given (those that are not the defaults), as a dict."""
    def __eq__(self, other: object, /) -> bool:
        """Same keywords given."""

def match(
    engines: Iterable[_EngineLike],
    settings: MatchSettings | None = None,
    *,
    names: Sequence[str] | None = None,
    games: int | None = None,
    on_game: Callable[[MatchGame], object] | None = None,
    keep_records: bool = False,
) -> MatchResult:
    """Plays a match between engines speaking the Gomocup (Piskvork) protocol, every
    game refereed by the live referee: `renju match` from Python, with the same options.

    engines: two or more, each a command line ('./pbrain-x --threads 2', or
    c-gomoku-cli's 'cmd=./pbrain-x name=x option.KEY=VALUE'), a path, or a list of the
    program and its arguments. settings: a MatchSettings (default: MatchSettings()).
    names: the N-th names the N-th engine (default: the program's file name, numbered
    when two are alike). games: games per pair in each round (wins over settings').
    on_game is called with each MatchGame as it ends (from the runner's thread), its
    record included. keep_records: keep every game's record in MatchResult.games too
    (by default each game's record is None there, so that a long match's memory does
    not grow with its records: some kilobytes a game).

    The GIL is released while the match runs; Ctrl-C (KeyboardInterrupt) stops it and
    ends every engine process before the KeyboardInterrupt is raised. A match that
    cannot be run (fewer than two engines, a program not found, an unreadable openings
    file, a board size the rules refuse) raises SetupError."""
