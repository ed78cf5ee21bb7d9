"""Exact Renju and Gomoku rules as a referee applies them: positions, rules and records.

Positions (Board), forbidden moves, verdicts, game records in every supported format
(read, read_bytes, write), replays and validation reports (validate), clocks and time
controls, and the test fixtures. Every rule comes from the Rust library renju-core;
this module only translates. The other jobs have their own modules: renju.referee (the
live referee), renju.engine (matches and conformance), renju.tournament (standings)
and renju.env (self-play and training environments).

Type stubs of the package renju, whose __init__.py imports these names from the private
compiled module renju._renju (renju-py/python/renju/__init__.pyi, installed with
py.typed).
"""

# Annotations are not evaluated: the stub also runs as Python, for pdoc's reference.
from __future__ import annotations

import enum
import os
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, ClassVar, Literal, Protocol, Union, final, overload

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
"""The public names."""

__version__: str
"""The package version."""

FORMATS: list[str]
"""The names format= takes: 'moves', 'rif', 'renlib', 'psq', 'sgf', 'openings'."""

_PointLike = Union["Point", str, tuple[int, int]]
"""(Stub only, not importable.) A point: a Point, a string in h8 notation, or an (x, y) tuple of 0-based column and row."""

_MarkShape = Literal["circle", "cross", "square", "triangle", "dot"]
"""(Stub only, not importable.) The shape of a mark of Board.svg(marks=...)."""

_MoveLike = Union["Move", "Point", str, tuple[int, int]]
"""(Stub only, not importable.) A move: a Move, anything _PointLike, or 'pass'."""

# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

class Error(Exception):
    """Base class of every error the renju module raises."""

class ParseError(Error, ValueError):
    """Text or bytes that could not be read: a move list, a diagram, a fixture file or a
    game record. Each attribute is None when unknown."""

    message: str | None
    """What is wrong (without the location)."""
    file: str | None
    """The file name."""
    line: int | None
    """The 1-based line."""
    byte_offset: int | None
    """The 0-based byte offset (binary formats)."""
    game: str | None
    """The record, game or fixture id."""
    move_number: int | None
    """The 1-based move number."""

class WriteError(Error, ValueError):
    """Games that a format cannot hold (a swap decision in a move list, two games in a
    .psq file, ...). Each attribute is None when unknown."""

    message: str | None
    """What cannot be written (without the location)."""
    format: str | None
    """The format being written ('moves', 'rif', ...)."""
    game: str | None
    """The game to blame ('game 2')."""
    move_number: int | None
    """The 1-based move number."""

class IllegalMoveError(Error, ValueError):
    """A move that cannot be played: the point is occupied or off the board, or the game
    is over. A forbidden move is not an error: playing it returns its Verdict."""

    reason: Literal["occupied", "off-board", "game-over"]
    """Why the move cannot be played."""
    move: Move
    """The move."""
    point: Point | None
    """The move's point (None for a pass)."""
    outcome: Outcome | None
    """How the game ended, for 'game-over'."""
    move_number: int | None
    """The 1-based number of the move in the list being played, when there is one."""

class SetupError(Error, ValueError):
    """A board, position or match that cannot be set up (board size, a size the rule set
    does not allow, a stone off the board; a match with fewer than two engines, an
    engine's program not found, an openings file that cannot be read)."""

class PointError(Error, ValueError):
    """Text that is not a point in h8 notation, or a point off the board."""

    text: str | None
    """The text read, when there was one."""

# ---------------------------------------------------------------------------
# Enumerations
# ---------------------------------------------------------------------------

@final
class Color:
    """A stone colour, which is also a side to move. str() gives 'black' or 'white'."""

    BLACK: ClassVar[Color]
    """Black, who moves first."""
    WHITE: ClassVar[Color]
    """White, who moves second."""
    def opponent(self) -> Color:
        """The other colour."""
    @staticmethod
    def parse(text: str | Color) -> Color:
        """Parses 'black' / 'white' (also 'b', 'w', 'x', 'o'), case-insensitive."""
    def __int__(self) -> int:
        """0 for Black, 1 for White."""
    def __eq__(self, other: object, /) -> bool:
        """Same colour."""
    def __hash__(self) -> int:
        """Hash."""

@final
class RuleSet:
    """A rule set. str() gives the lower-case name."""

    RENJU: ClassVar[RuleSet]
    """Renju (RIF): 15x15, Black has forbidden moves."""
    FREESTYLE: ClassVar[RuleSet]
    """Freestyle gomoku: five or more wins."""
    STANDARD: ClassVar[RuleSet]
    """Standard gomoku: exactly five wins."""
    CARO: ClassVar[RuleSet]
    """Caro: five or more wins unless both ends are blocked by opponent stones."""
    @property
    def has_forbidden_moves(self) -> bool:
        """Whether Black has forbidden moves (Renju only)."""
    def allows_size(self, size: int) -> bool:
        """Whether the rule set can be played on a board of side size."""
    @staticmethod
    def parse(text: str | RuleSet) -> RuleSet:
        """Parses 'renju', 'freestyle' (or 'gomoku'), 'standard', 'caro'."""
    @staticmethod
    def all() -> list[RuleSet]:
        """Every rule set."""
    def __int__(self) -> int:
        """The variant's index."""
    def __eq__(self, other: object, /) -> bool:
        """Same rule set."""
    def __hash__(self) -> int:
        """Hash."""

@final
class FoulKind:
    """A kind of forbidden move. str() gives 'overline', 'double-four' or 'double-three'."""

    OVERLINE: ClassVar[FoulKind]
    """Six or more in a row (RIF 9.2 a)."""
    DOUBLE_FOUR: ClassVar[FoulKind]
    """Two or more fours at once (RIF 9.2 b)."""
    DOUBLE_THREE: ClassVar[FoulKind]
    """Two or more real threes at once (RIF 9.2 c, 9.3)."""
    @staticmethod
    def parse(text: str) -> FoulKind:
        """Parses 'overline', 'double-four' (or '4x4'), 'double-three' (or '3x3')."""
    def __int__(self) -> int:
        """The variant's index."""
    def __eq__(self, other: object, /) -> bool:
        """Same kind."""
    def __hash__(self) -> int:
        """Hash."""

@final
class Symmetry:
    """One of the 8 symmetries of a square board. str() gives the kebab-case name."""

    IDENTITY: ClassVar[Symmetry]
    """No change."""
    ROTATE90: ClassVar[Symmetry]
    """Quarter turn counter-clockwise."""
    ROTATE180: ClassVar[Symmetry]
    """Half turn."""
    ROTATE270: ClassVar[Symmetry]
    """Quarter turn clockwise."""
    FLIP_HORIZONTAL: ClassVar[Symmetry]
    """Mirror left-right."""
    FLIP_VERTICAL: ClassVar[Symmetry]
    """Mirror top-bottom."""
    TRANSPOSE: ClassVar[Symmetry]
    """Mirror in the main diagonal."""
    ANTI_TRANSPOSE: ClassVar[Symmetry]
    """Mirror in the anti-diagonal."""
    def apply(self, point: _PointLike, size: int = 15) -> Point:
        """The image of point on a board of side size."""
    def inverse(self) -> Symmetry:
        """The symmetry that undoes this one."""
    @staticmethod
    def all() -> list[Symmetry]:
        """All 8 symmetries, identity first."""
    def __int__(self) -> int:
        """The variant's index."""
    def __eq__(self, other: object, /) -> bool:
        """Same symmetry."""
    def __hash__(self) -> int:
        """Hash."""

# ---------------------------------------------------------------------------
# Points and moves
# ---------------------------------------------------------------------------

@final
class Point:
    """An intersection, by column x (0 = 'a', left) and row y (0 = row 1, bottom).

    Point('h8'), Point(7, 7) and Point.parse('H8') are the same point; str() gives
    'h8'. Points are hashable and ordered (by column, then row)."""

    @overload
    def __new__(cls, name_or_x: str | Point | tuple[int, int], y: None = None) -> Point:
        """Point('h8')."""
    @overload
    def __new__(cls, name_or_x: int, y: int) -> Point:
        """Point(x, y), 0-based."""
    @staticmethod
    def parse(text: _PointLike) -> Point:
        """Parses h8 notation (case-insensitive)."""
    @staticmethod
    def center(size: int = 15) -> Point:
        """The centre of a board of side size ('h8' on 15x15)."""
    @property
    def x(self) -> int:
        """Column, 0-based from the left ('a' = 0)."""
    @property
    def y(self) -> int:
        """Row, 0-based from the bottom (row 1 = 0)."""
    @property
    def name(self) -> str:
        """The name in h8 notation."""
    def is_on(self, size: int = 15) -> bool:
        """Whether the point lies on a board of side size."""
    def __eq__(self, other: object, /) -> bool:
        """Same point."""
    def __hash__(self) -> int:
        """Hash."""
    def __lt__(self, other: Point, /) -> bool:
        """Order by column, then row."""
    def __le__(self, other: Point, /) -> bool:
        """Order by column, then row."""
    def __gt__(self, other: Point, /) -> bool:
        """Order by column, then row."""
    def __ge__(self, other: Point, /) -> bool:
        """Order by column, then row."""
    def __reduce__(self) -> tuple[type[Point], tuple[str]]:
        """Pickling support."""

@final
class Move:
    """A move: a stone on a point, or a pass. str() gives 'h8' or 'pass'."""

    PASS: ClassVar[Move]
    """The pass."""
    def __new__(cls, value: _MoveLike) -> Move:
        """Move('h8'), Move('pass'), Move(Point(...)) or Move((x, y))."""
    @property
    def point(self) -> Point | None:
        """The point of a stone, None for a pass."""
    @property
    def is_pass(self) -> bool:
        """Whether this is a pass."""
    def __eq__(self, other: object, /) -> bool:
        """Same move."""
    def __hash__(self) -> int:
        """Hash."""
    def __reduce__(self) -> tuple[type[Move], tuple[str]]:
        """Pickling support."""

# ---------------------------------------------------------------------------
# Fouls, verdicts, outcomes, explanations
# ---------------------------------------------------------------------------

@final
class Foul:
    """A forbidden move: the foul a referee reports and every foul it makes.
    str() gives the reported foul ('double-three')."""

    @property
    def kind(self) -> FoulKind:
        """The foul reported (overline > double-four > double-three)."""
    @property
    def kinds(self) -> list[FoulKind]:
        """Every foul the move makes, in reporting order."""
    def __eq__(self, other: object, /) -> bool:
        """Same fouls."""
    def __hash__(self) -> int:
        """Hash."""

@final
class Verdict:
    """What one move does. str() gives the label."""

    @property
    def label(
        self,
    ) -> Literal["legal", "win", "overline", "double-four", "double-three", "draw"]:
        """'legal' (the game goes on), 'win', a foul (forbidden: Black loses) or 'draw'."""
    @property
    def continues(self) -> bool:
        """Whether the game goes on after the move."""
    @property
    def is_win(self) -> bool:
        """Whether the move wins."""
    @property
    def is_forbidden(self) -> bool:
        """Whether the move is forbidden (Black loses)."""
    @property
    def is_draw(self) -> bool:
        """Whether the move ends the game in a draw."""
    @property
    def winner(self) -> Color | None:
        """The colour that wins with this move (None unless the verdict is 'win')."""
    @property
    def line(self) -> list[Point]:
        """The winning line's stones, in line order (empty unless 'win')."""
    @property
    def foul(self) -> Foul | None:
        """The foul of a forbidden move, else None."""
    @property
    def explanation(self) -> Explanation | None:
        """Why a forbidden move is forbidden, else None."""
    @property
    def draw_reason(self) -> DrawReason | None:
        """Why a drawing move draws, else None."""
    def to_dict(self) -> dict[str, Any]:
        """The verdict as plain data (the JSON the CLI and the C API give)."""
    def __eq__(self, other: object, /) -> bool:
        """Same verdict."""

@final
class Outcome:
    """How a game ended. str() gives a sentence ('white won on a forbidden move')."""

    @property
    def winner(self) -> Color | None:
        """The winning colour, None for a draw or an unfinished game."""
    @property
    def termination(self) -> Termination:
        """A Termination, equal to its name: 'five', 'forbidden', 'two-passes',
        'full-board', and for game records 'declared', 'unfinished', ..."""
    @property
    def is_draw(self) -> bool:
        """Whether the game ended in a draw (a finished game without a winner)."""
    def __eq__(self, other: object, /) -> bool:
        """Same outcome."""
    def __hash__(self) -> int:
        """Hash."""

@final
class Explanation:
    """Why a black stone on a point is (or is not) forbidden. str() gives readable text;
    to_dict() / to_json() give every detail (lines, fours, threes, and the nested checks
    once each in a "nested" table that completions refer to by key with "see")."""

    @property
    def point(self) -> Point:
        """The point examined."""
    @property
    def status(self) -> Literal["five", "forbidden", "legal"]:
        """What a black stone there is."""
    @property
    def is_forbidden(self) -> bool:
        """Whether a black stone there is forbidden."""
    @property
    def foul(self) -> Foul | None:
        """The foul, when the point is forbidden."""
    def to_dict(self) -> dict[str, Any]:
        """Every detail as plain data."""
    def to_json(self) -> str:
        """Every detail as pretty JSON."""
    def svg(self, *, pixels: int = 480, coordinates: bool = True, numbers: bool = True) -> str:
        """The explanation as an SVG picture (`renju show --explain`): lines of threes and
        fours, completion points, reasons, nested checks as small boards. ValueError when
        the explanation does not know its position (verdicts of a replayed Game)."""
    def _repr_svg_(self) -> str | None:
        """The SVG picture notebooks show (None without a position)."""
    def __eq__(self, other: object, /) -> bool:
        """Same explanation."""

# ---------------------------------------------------------------------------
# Openings
# ---------------------------------------------------------------------------

@final
class OpeningRule:
    """An opening protocol: 'free', 'rif1996', 'swap', 'yamaguchi', 'soosorv-N',
    'taraguchi-N', 'chinese', 'swap2', 'gomoku-swap' or 'pro'."""

    def __new__(cls, name: str | OpeningRule) -> OpeningRule:
        """Parses a protocol name ('soosorv' alone means soosorv-8)."""
    @property
    def n(self) -> int | None:
        """The N of soosorv-N or taraguchi-N, else None."""
    @property
    def is_renju_family(self) -> bool:
        """Whether the protocol belongs to the Renju (RIF and Chinese) family."""
    def __eq__(self, other: object, /) -> bool:
        """Same protocol."""
    def __hash__(self) -> int:
        """Hash."""

@final
class Opening:
    """One of the 26 canonical Renju openings. str() gives '3D Sosei'."""

    @property
    def code(self) -> str:
        """RIF number ('3D')."""
    @property
    def romaji(self) -> str:
        """Japanese name in romaji ('Sosei')."""
    @property
    def chinese(self) -> str:
        """Chinese name (simplified)."""
    @property
    def english(self) -> str:
        """Informal English name ('Sparse Star')."""
    @property
    def name(self) -> str:
        """Code and romaji, as reports give it ('3D Sosei')."""
    @staticmethod
    def identify(b1: _PointLike, w2: _PointLike, b3: _PointLike) -> Opening | None:
        """Names the opening of the first three stones, from any of its 8 symmetric
        forms; None for any other start."""
    @staticmethod
    def all() -> list[Opening]:
        """All 26 openings, direct first."""
    def __eq__(self, other: object, /) -> bool:
        """Same opening."""
    def __hash__(self) -> int:
        """Hash."""

# ---------------------------------------------------------------------------
# Names (str enums: each member's value is the library's name, and members compare
# equal to it: outcome.termination == "five")
# ---------------------------------------------------------------------------

class Termination(str, enum.Enum):
    """How a game ended (Outcome.termination). A str enum: members equal their names."""

    FIVE = "five"
    FORBIDDEN = "forbidden"
    TWO_PASSES = "two-passes"
    FULL_BOARD = "full-board"
    TIME = "time"
    RESIGNATION = "resignation"
    AGREED_DRAW = "agreed-draw"
    FORFEIT = "forfeit"
    DOUBLE_FORFEIT = "double-forfeit"
    VIOLATIONS = "violations"
    DECLARED = "declared"
    DECLARED_DRAW = "declared-draw"
    ILLEGAL_SEALED_MOVE = "illegal-sealed-move"
    UNFINISHED = "unfinished"

class DrawReason(str, enum.Enum):
    """Why a drawing move draws (Verdict.draw_reason). A str enum."""

    FULL_BOARD = "full-board"
    TWO_PASSES = "two-passes"

class Severity(str, enum.Enum):
    """How serious a finding is (Finding.severity). A str enum."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

class FindingCode(str, enum.Enum):
    """The stable machine code of a finding (Finding.code). A str enum."""

    UNREADABLE_RECORD = "unreadable-record"
    UNKNOWN_RULE = "unknown-rule"
    BOARD_SIZE = "board-size"
    OCCUPIED_POINT = "occupied-point"
    OFF_BOARD = "off-board"
    MOVE_AFTER_GAME_END = "move-after-game-end"
    FORBIDDEN_MOVE = "forbidden-move"
    LAPSED_FOUL = "lapsed-foul"
    OPENING_AREA = "opening-area"
    PASS_IN_OPENING = "pass-in-opening"
    SWAP_NOT_ALLOWED = "swap-not-allowed"
    OFFER_DECLARATION = "offer-declaration"
    OFFERS_NOT_ALLOWED = "offers-not-allowed"
    OFFER_COUNT = "offer-count"
    INVALID_OFFER = "invalid-offer"
    SYMMETRIC_FIFTH_OFFERS = "symmetric-fifth-offers"
    OFFERS_NOT_RECORDED = "offers-not-recorded"
    RESULT_MISMATCH = "result-mismatch"
    RESULT_UNEXPLAINED = "result-unexplained"
    DUPLICATE_ID = "duplicate-id"
    UNREADABLE_FILE = "unreadable-file"
    FLAG_FELL = "flag-fell"
    CLOCK_MISMATCH = "clock-mismatch"
    PLAY_AFTER_FLAG = "play-after-flag"
    TIMES_INCOMPLETE = "times-incomplete"
    TIME_OVER_ALLOWANCE = "time-over-allowance"
    INVALID_CLOCK_EVENT = "invalid-clock-event"
    SEALED_MOVE = "sealed-move"
    ILLEGAL_SEALED_MOVE = "illegal-sealed-move"
    LONG_PENALTY = "long-penalty"
    UNTIMED_CLOCK_EVENT = "untimed-clock-event"
    DRAW_OFFER_OUT_OF_TURN = "draw-offer-out-of-turn"
    TOO_MANY_DRAW_OFFERS = "too-many-draw-offers"
    VIOLATION = "violation"
    SECOND_VIOLATION = "second-violation"
    DECISION_OUT_OF_ORDER = "decision-out-of-order"

class ClaimModel(str, enum.Enum):
    """How wins and draws are claimed (Game.claims, claims=). A str enum."""

    AUTOMATIC = "automatic"
    RIF_CLAIM = "rif-claim"
    CHINESE_CLAIM = "chinese-claim"

class OfferEquivalence(str, enum.Enum):
    """How offered fifth moves are compared (offer_equivalence=). A str enum."""

    SHAPE = "shape"
    BOARD = "board"

# ---------------------------------------------------------------------------
# Validation options
# ---------------------------------------------------------------------------

@final
class ValidationOptions:
    """The defaults for what a game record does not say, and how offered fifth moves are
    compared: the options= of validate(), validate_bytes(), validate_arrow(),
    Game.replay() and Game.validate(). Frozen, hashable, comparable and picklable."""

    def __new__(
        cls,
        *,
        rule: RuleSet | str | None = None,
        opening: OpeningRule | str | None = None,
        claims: ClaimModel | str | None = None,
        five_completion_counts: bool | None = None,
        offer_equivalence: OfferEquivalence | Literal["shape", "board"] | None = None,
        time_control: TimeControl | str | None = None,
    ) -> ValidationOptions:
        """Each keyword left out keeps the library's default."""
    @property
    def rule(self) -> RuleSet:
        """The rule set of records that name none."""
    @property
    def opening(self) -> OpeningRule:
        """The opening protocol of records that name none."""
    @property
    def claims(self) -> ClaimModel:
        """The claim model of records that do not say."""
    @property
    def five_completion_counts(self) -> bool:
        """The reading of the disputed double-three case."""
    @property
    def offer_equivalence(self) -> OfferEquivalence:
        """How offered fifth moves are compared."""
    @property
    def time_control(self) -> TimeControl | None:
        """The time control of records that name none, else None."""
    def to_dict(self) -> dict[str, Any]:
        """The options as plain data."""
    def __eq__(self, other: object, /) -> bool:
        """Same options."""
    def __hash__(self) -> int:
        """Hash."""

# ---------------------------------------------------------------------------
# Board
# ---------------------------------------------------------------------------

@final
class Board:
    """A Renju or Gomoku position: the stones, the rule set, the side to move, the moves
    played on it and the outcome once the game is over.

    Iterating gives the stones as (Point, Color) pairs, row by row from a1;
    board[point] gives the colour there (None when empty)."""

    def __new__(
        cls,
        moves: str | Iterable[_MoveLike] = "",
        rule: RuleSet | str = "renju",
        size: int = 15,
        *,
        five_completion_counts: bool = False,
    ) -> Board:
        """Plays moves (a move string like 'h8 i9 j10' or an iterable of moves) on an
        empty board of the rule set (default Renju) and size. Raises ParseError,
        IllegalMoveError (with move_number) or SetupError."""
    @staticmethod
    def from_diagram(
        text: str,
        rule: RuleSet | str = "renju",
        to_move: Color | str = "black",
        *,
        five_completion_counts: bool = False,
    ) -> Board:
        """A set-up position read from a diagram (the fixture format); to_move defaults
        to Black."""
    @staticmethod
    def from_numpy(
        array: Any,
        rule: RuleSet | str = "renju",
        to_move: Color | str = "black",
        *,
        five_completion_counts: bool = False,
    ) -> Board:
        """A set-up position from a (size, size) integer numpy array: 0 empty, 1 black,
        2 white, indexed [y, x] with y = 0 the bottom row, as to_numpy(). Needs numpy."""
    def play(self, move: _MoveLike) -> Verdict:
        """Plays a move and returns its Verdict; raises IllegalMoveError."""
    def pass_(self) -> Verdict:
        """Passes; two passes in a row draw."""
    def undo(self) -> Move | None:
        """Takes back the last move and returns it (None when there is none)."""
    def verdict(self, move: _MoveLike) -> Verdict:
        """What playing a move would do, without playing it."""
    def fouls_at(self, point: _PointLike) -> Foul | None:
        """The foul a black stone on point would make, or None."""
    def is_forbidden(self, point: _PointLike) -> bool:
        """Whether a black stone on point would be forbidden."""
    def forbidden_points(self) -> dict[Point, Foul]:
        """Every point where a black stone would be forbidden, row by row from a1."""
    def forbidden_mask(self, *, kinds: bool = False) -> Any:
        """numpy.ndarray of shape (size, size) indexed [y, x]: bool, or with kinds=True
        uint8 foul codes (0 none, 1 overline, 2 double-four, 3 double-three). Needs
        numpy."""
    def explain(self, point: _PointLike) -> Explanation:
        """Explains what a black stone on point would be."""
    @property
    def size(self) -> int:
        """The board side."""
    @property
    def rule(self) -> RuleSet:
        """The rule set."""
    @property
    def five_completion_counts(self) -> bool:
        """Whether the other reading of the disputed double-three case is used."""
    @property
    def to_move(self) -> Color:
        """The side to move."""
    @property
    def moves(self) -> list[Move]:
        """The moves played on this board, oldest first."""
    @property
    def move_string(self) -> str:
        """The moves played, as a move string ('h8 i9 pass')."""
    @property
    def outcome(self) -> Outcome | None:
        """The outcome once the game is over, else None."""
    @property
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    def __getitem__(self, point: _PointLike, /) -> Color | None:
        """The colour on point, or None when it is empty."""
    def __contains__(self, point: _PointLike, /) -> bool:
        """Whether point holds a stone."""
    def __iter__(self) -> Iterator[tuple[Point, Color]]:
        """The stones, row by row from a1."""
    def __len__(self) -> int:
        """The number of stones."""
    def copy(self) -> Board:
        """An independent copy."""
    def __copy__(self) -> Board:
        """copy.copy() support."""
    def __deepcopy__(self, memo: Any) -> Board:
        """copy.deepcopy() support."""
    def __eq__(self, other: object, /) -> bool:
        """Same stones, rule set, options, side to move, moves and outcome."""
    __hash__: ClassVar[None]  # type: ignore[assignment]
    """Boards are mutable, hence unhashable (as in python-chess): use key()."""
    def key(self) -> tuple[RuleSet, int, bool, Color, str, str]:
        """A hashable snapshot of the whole position, equal for equal boards: (rule,
        size, five_completion_counts, to_move, diagram, move string)."""
    def transformed(self, symmetry: Symmetry | str) -> Board:
        """The position mapped by a board symmetry."""
    def to_diagram(self) -> str:
        """The ASCII diagram (the fixture format)."""
    def svg(
        self,
        *,
        pixels: int = 480,
        coordinates: bool = True,
        numbers: bool = True,
        forbidden: bool = True,
        last_move: bool = True,
        explain: _PointLike | None = None,
        marks: Mapping[_PointLike, _MarkShape] | Iterable[_PointLike] | None = None,
    ) -> str:
        """The board as SVG (`renju show`): stones numbered in play order, the last move
        ringed, forbidden points marked by kind, marks (points ringed, or a dict of point
        to shape); with explain=point, why a black stone there is (or is not) forbidden
        (`renju show --explain`)."""
    def png(
        self,
        *,
        pixels: int = 480,
        coordinates: bool = True,
        numbers: bool = True,
        forbidden: bool = True,
        last_move: bool = True,
        explain: _PointLike | None = None,
        marks: Mapping[_PointLike, _MarkShape] | Iterable[_PointLike] | None = None,
    ) -> bytes:
        """The picture of svg() as PNG bytes (drawn with resvg)."""
    def _repr_svg_(self) -> str:
        """The SVG drawing notebooks show."""
    def to_numpy(self) -> Any:
        """numpy.ndarray of shape (3, size, size), dtype uint8, indexed [plane, y, x]:
        black stones, white stones, Black's forbidden points. Needs numpy."""

# ---------------------------------------------------------------------------
# Game records
# ---------------------------------------------------------------------------

@final
class Event:
    """One event of a game record."""

    @staticmethod
    def stone(point: _PointLike) -> Event:
        """A stone of the side to move."""
    @staticmethod
    def pass_() -> Event:
        """A pass."""
    @staticmethod
    def swap(swap: bool) -> Event:
        """A colour decision: True exchanges colours."""
    @staticmethod
    def declare_offers(count: int) -> Event:
        """The number of fifth-move offers declared."""
    @staticmethod
    def fifth_offers(offered: Iterable[_PointLike], chosen: _PointLike) -> Event:
        """Black's offered fifth moves and the one White chose."""
    @staticmethod
    def result(winner: Color | str | None, reason: str | None = None) -> Event:
        """A result written in the record (winner None: a draw)."""
    @property
    def kind(
        self,
    ) -> Literal[
        "stone", "pass", "swap", "declare-offers", "fifth-offers", "result", "move-time",
        "draw-offer", "draw-answer", "violation", "penalty", "late-arrival", "split-time",
        "both-flags-down", "resign", "forfeit", "double-forfeit", "decision",
    ]:
        """The kind of event: on the board ('stone', 'pass', 'swap', 'declare-offers',
        'fifth-offers', 'result') or beside it (clock readings, draw offers, penalties,
        resignations, forfeits, decisions)."""
    @property
    def point(self) -> Point | None:
        """The stone's point (for 'fifth-offers': the chosen point), else None."""
    @property
    def move(self) -> Move | None:
        """The move this event plays, else None."""
    @property
    def swapped(self) -> bool | None:
        """For 'swap': whether colours were exchanged."""
    @property
    def count(self) -> int | None:
        """For 'declare-offers': the number of offers."""
    @property
    def offered(self) -> list[Point]:
        """For 'fifth-offers': the offered points."""
    @property
    def winner(self) -> Color | None:
        """For 'result': the declared winner."""
    @property
    def reason(self) -> str | None:
        """For 'result': why, when the record says."""
    def to_dict(self) -> dict[str, Any]:
        """The event as plain data."""
    def __eq__(self, other: object, /) -> bool:
        """Same event."""
    def __hash__(self) -> int:
        """Hash."""

@final
class Game:
    """A game record: rules (None where the record is silent), size and events."""

    def __new__(
        cls,
        moves: str | Iterable[_MoveLike | Event] = "",
        *,
        rule: RuleSet | str | None = None,
        opening: OpeningRule | str | None = None,
        claims: ClaimModel | str | None = None,
        size: int = 15,
        id: str | None = None,
        five_completion_counts: bool | None = None,
        tags: Iterable[tuple[str, str]] | None = None,
    ) -> Game:
        """A record from a move list or an iterable of moves and Events."""
    @property
    def id(self) -> str | None:
        """The record's id, when it has one."""
    @property
    def rule(self) -> RuleSet | None:
        """The rule set the record names."""
    @property
    def opening_rule(self) -> OpeningRule | None:
        """The opening protocol the record names."""
    @property
    def claims(self) -> ClaimModel | None:
        """The claim model the record names."""
    @property
    def five_completion_counts(self) -> bool | None:
        """The reading the record names."""
    @property
    def unknown_rule(self) -> str | None:
        """A rule the record names that the library does not know."""
    @property
    def size(self) -> int:
        """The board side."""
    @property
    def events(self) -> list[Event]:
        """The events, in order."""
    @property
    def moves(self) -> list[Move]:
        """The stones and passes in play order."""
    @property
    def move_string(self) -> str:
        """The moves as a move string."""
    @property
    def tags(self) -> list[tuple[str, str]]:
        """Other fields of the record, as (key, value) pairs."""
    def tag(self, key: str) -> str | None:
        """The value of a tag, or None."""
    @property
    def file(self) -> str | None:
        """The file the record came from."""
    @property
    def line(self) -> int | None:
        """The 1-based line where the record starts (text formats)."""
    @property
    def byte_offset(self) -> int | None:
        """The byte offset where the record starts (binary formats)."""
    @property
    def index(self) -> int:
        """The 0-based index of the game within its file."""
    def replay(self, *, options: ValidationOptions | None = None) -> Replay:
        """Replays the game (options: the defaults for what the record does not say;
        None: the library's)."""
    def validate(self, *, options: ValidationOptions | None = None) -> GameReport:
        """Replays the game and reports on it (options as in replay())."""
    @property
    def outcome(self) -> Outcome:
        """How the game ended, replayed with the default options."""
    @property
    def opening(self) -> Opening | None:
        """The canonical Renju opening of the first three stones, else None."""
    @property
    def opening_name(self) -> str | None:
        """The opening's name as reports give it ('3D Sosei'), else None."""
    def to_dict(self) -> dict[str, Any]:
        """The record as plain data."""
    def __eq__(self, other: object, /) -> bool:
        """Same record."""
    def __hash__(self) -> int:
        """Hash."""

@final
class MoveVerdict:
    """The verdict of one replayed move."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def number(self) -> int:
        """1-based move number (stones and passes)."""
    @property
    def move(self) -> Move:
        """The move."""
    @property
    def color(self) -> Color:
        """The colour that played it."""
    @property
    def verdict(self) -> Verdict:
        """What it did."""

@final
class Replay:
    """The result of replaying a game."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def outcome(self) -> Outcome:
        """How the game ended."""
    @property
    def winner_seat(self) -> Literal["first", "second"] | None:
        """The seat that won, else None."""
    @property
    def verdicts(self) -> list[MoveVerdict]:
        """The verdict of every move replayed."""
    @property
    def findings(self) -> list[Finding]:
        """Everything found along the way."""
    @property
    def opening(self) -> Opening | None:
        """The canonical opening of the first three stones."""
    @property
    def board(self) -> Board | None:
        """The final position (None when the game could not be replayed)."""
    @property
    def time(self) -> dict[str, Any] | None:
        """What the clock says ('control', 'black_used_ms', 'white_used_ms', 'flag',
        'complete'), when the game had a time control."""
    @property
    def clock(self) -> list[tuple[int, ClockState]]:
        """Both clocks after every timed move: (move number, ClockState)."""

# ---------------------------------------------------------------------------
# Time controls and clocks
# ---------------------------------------------------------------------------

@final
class TimeControl:
    """A time control, read from its PGN / TRF-26 text ('5400+30',
    '40/6000+30:900+30', 'W300-B240', 'shared 3600') or SGF's
    ('TM[3600]OT[5x30 byo-yomi]'). str() gives the text back. Raises ValueError saying
    what is wrong."""

    def __new__(cls, text: str) -> TimeControl: ...
    @staticmethod
    def from_sgf(tm: str | None = None, ot: str | None = None) -> TimeControl:
        """From SGF's TM (main time, seconds) and OT ('5x30 byo-yomi', '15/300
        Canadian', '30 Fischer', '60 simple')."""
    def to_sgf(self) -> tuple[str | None, str | None]:
        """SGF's (TM, OT); (None, None) when SGF cannot say it."""
    @property
    def has_clock(self) -> bool:
        """Whether the control has a clock (not '?' or '-')."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class SideClock:
    """One side's clock."""

    @property
    def time_left_ms(self) -> int: ...
    @property
    def period(self) -> int: ...
    @property
    def moves_left(self) -> int | None: ...
    @property
    def overtime_periods_left(self) -> int | None: ...
    @property
    def used_ms(self) -> int: ...
    @property
    def moves(self) -> int: ...

@final
class ClockState:
    """Both clocks and what the clock has decided."""

    @property
    def black(self) -> SideClock: ...
    @property
    def white(self) -> SideClock: ...
    @property
    def to_move(self) -> Color: ...
    @property
    def shared_ms(self) -> int | None: ...
    @property
    def result(self) -> Literal["running", "flag", "both-flags", "forfeit", "double-forfeit"]: ...
    @property
    def loser(self) -> Color | None: ...
    @property
    def flag_move(self) -> int | None: ...
    def to_dict(self) -> dict[str, Any]:
        """The state as plain data."""

@final
class Clock:
    """A live game clock. press(elapsed_ms) after each move; the clock never reads the
    wall clock. Raises ValueError for an event the rules do not allow and once the
    clock has decided."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""
    def __repr__(self) -> str:
        """<Clock black 55000 ms, white 60000 ms, running>."""

    def __new__(
        cls,
        time_control: TimeControl | str,
        both_flags: Literal["draw", "continue-unless-last-period"] = "draw",
        default_time_ms: int = 3_600_000,
    ) -> Clock: ...
    def press(self, elapsed_ms: int, color: Color | str | None = None) -> ClockState:
        """The side to move (or, with color, the player holding it) completed a move."""
    def swap(self) -> ClockState:
        """The players exchange colours; each keeps their own clock."""
    def penalty(self, offender: Color | str, taken_ms: int, given_ms: int = 0) -> ClockState:
        """A time penalty (each part generally at most five minutes; a longer one is
        applied, and one that empties a clock makes its flag fall)."""
    def late_arrival(self, color: Color | str, late_ms: int) -> ClockState:
        """A player arrived late (before their first move)."""
    def split(self) -> ClockState:
        """The referee splits a shared pool."""
    def both_flags_down(self) -> ClockState:
        """Both flags are down and nobody can tell which fell first."""
    @property
    def state(self) -> ClockState:
        """Both clocks now."""
    @property
    def to_move(self) -> Color:
        """Whose clock runs."""

# ---------------------------------------------------------------------------
# Reports
# ---------------------------------------------------------------------------

@final
class Finding:
    """One finding about one game."""

    @property
    def severity(self) -> Severity:
        """How serious it is (a str enum: equal to 'error', 'warning' or 'info')."""
    @property
    def code(self) -> FindingCode:
        """The stable machine code ('occupied-point', 'forbidden-move', ...)."""
    @property
    def move_number(self) -> int | None:
        """The move it concerns."""
    @property
    def message(self) -> str:
        """A sentence for people."""
    @property
    def line(self) -> int | None:
        """The line in the file, for unreadable records."""
    @property
    def byte_offset(self) -> int | None:
        """The byte offset in the file, for unreadable records."""
    def to_dict(self) -> dict[str, Any]:
        """The finding as plain data."""
    def __eq__(self, other: object, /) -> bool:
        """Same finding."""

@final
class GameReport:
    """The report on one game."""

    @property
    def source(self) -> str | None:
        """The file the game came from."""
    @property
    def index(self) -> int:
        """The game's index in its file."""
    @property
    def id(self) -> str | None:
        """The record's id."""
    @property
    def moves(self) -> int:
        """Moves replayed."""
    @property
    def rule(self) -> str | None:
        """The rule set it was judged under."""
    @property
    def protocol(self) -> str | None:
        """The opening protocol it was judged under."""
    @property
    def opening(self) -> str | None:
        """The canonical opening ('3D Sosei'), else None."""
    @property
    def outcome(self) -> Outcome:
        """How the game ended."""
    @property
    def findings(self) -> list[Finding]:
        """What was found."""
    @property
    def errors(self) -> int:
        """Findings of severity error."""
    @property
    def warnings(self) -> int:
        """Findings of severity warning."""
    def to_dict(self) -> dict[str, Any]:
        """The report as plain data."""
    def to_json(self) -> str:
        """The report as pretty JSON."""
    def __eq__(self, other: object, /) -> bool:
        """Same report."""

@final
class Summary:
    """Totals over a batch."""

    @property
    def games(self) -> int:
        """Games (and unreadable records) reported."""
    @property
    def by_termination(self) -> dict[str, int]:
        """Games per termination (the keys are Termination members, equal to their
        names)."""
    @property
    def findings(self) -> dict[str, int]:
        """Findings per code (the keys are FindingCode members, equal to their names)."""
    @property
    def errors(self) -> int:
        """Findings of severity error."""
    @property
    def warnings(self) -> int:
        """Findings of severity warning."""
    def to_dict(self) -> dict[str, Any]:
        """The summary as plain data."""
    def __eq__(self, other: object, /) -> bool:
        """Same totals."""
    def merge(self, other: Summary) -> Summary:
        """The totals of both (a new Summary). For parts of one file merge the Reports,
        which also flag ids a later part repeats."""
    def __add__(self, other: Summary, /) -> Summary:
        """merge()."""
    def __radd__(self, other: int, /) -> Summary:
        """0 + summary is the summary (for sum())."""

@final
class Report:
    """A validation report: one GameReport per game and a Summary."""

    @property
    def games(self) -> list[GameReport]:
        """Per game, in input order."""
    @property
    def summary(self) -> Summary:
        """Totals."""
    @property
    def errors(self) -> int:
        """Findings of severity error, over all games."""
    @property
    def warnings(self) -> int:
        """Findings of severity warning, over all games."""
    def __len__(self) -> int:
        """The number of games reported."""
    def __iter__(self) -> Iterator[GameReport]:
        """The game reports."""
    def _repr_html_(self) -> str:
        """The notebook view: summary, charts, the first findings with their boards."""
    def to_json(self) -> str:
        """The report as pretty JSON (the same as `renju validate --json`)."""
    def to_dict(self) -> dict[str, Any]:
        """The report as plain data."""
    def games_table(self) -> ArrowTable:
        """One row per game as an Arrow table (columns listed in the user guide, docs/validating.md)."""
    def findings_table(self) -> ArrowTable:
        """One row per finding as an Arrow table (columns listed in the user guide, docs/validating.md)."""
    def without_games(self) -> Report:
        """The report without its games: its summary and ids, all a later merge needs."""
    def __new__(cls) -> Report:
        """Report(): the empty report (what merging starts from)."""
    def merge(self, later: Report) -> Report:
        """This report followed by the report of the input after it (a new Report), as
        one run over both gives it; merge in input order, earlier first."""
    def __add__(self, later: Report, /) -> Report:
        """merge()."""
    def __radd__(self, other: int, /) -> Report:
        """0 + report is the report (for sum())."""
    def __eq__(self, other: object, /) -> bool:
        """Same games, summary and ids."""

@final
class Chunk:
    """One part of a game file to validate on its own (validate_bytes); chunks() finds
    the parts. Picklable."""

    @property
    def start(self) -> int:
        """The byte offset of the part in its file."""
    @property
    def end(self) -> int | None:
        """The byte offset where it ends; None: at the end of the file."""
    @property
    def lines(self) -> int:
        """Lines before the part."""
    @property
    def games(self) -> int:
        """Games before the part: the index of its first game."""
    @property
    def records(self) -> int:
        """Records (games and unreadable records) before the part."""
    def read(self, path: str | os.PathLike[str]) -> bytes:
        """The part's bytes, read from the file at path."""
    def to_dict(self) -> dict[str, Any]:
        """The part as plain data."""
    def __eq__(self, other: object, /) -> bool:
        """Same part."""
    def __hash__(self) -> int:
        """Hash."""

def chunks(
    file: str | os.PathLike[str] | bytes,
    *,
    format: _Format | None = None,
    size: int = 67108864,
    max_line_bytes: int | None = None,
) -> list[Chunk]:
    """Splits a game file (a path, or bytes with format=) into parts of about size bytes
    to validate on their own: move lists at line ends, RenjuNet databases between games;
    other formats are one part."""

def validate_bytes(
    data: bytes,
    *,
    format: _Format | None = None,
    source: str | None = None,
    chunk: Chunk | None = None,
    options: ValidationOptions | None = None,
    max_line_bytes: int | None = None,
) -> Report:
    """Validates a file's bytes, or one part of a file (chunk=; data is the part's
    bytes, and ValueError says so when their length is not the part's), with whole-file
    indexes, lines and offsets; without holding the GIL. The format is format=, or else
    the extension of source=."""

# ---------------------------------------------------------------------------
# Arrow
# ---------------------------------------------------------------------------

class _ArrowArrayLike(Protocol):
    """A column exported through the Arrow PyCapsule interface (pyarrow Array or
    ChunkedArray, polars Series, ...): it has __arrow_c_stream__ or __arrow_c_array__."""

    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object: ...

class _ArrowArrayOnly(Protocol):
    """A column with __arrow_c_array__ only."""

    def __arrow_c_array__(
        self, requested_schema: object | None = None
    ) -> tuple[object, object]: ...

_ArrowColumn = _ArrowArrayLike | _ArrowArrayOnly

@final
class ArrowTable:
    """An Arrow table made by renju (a report's games or findings), read through the
    Arrow PyCapsule interface by pyarrow.table(), polars.DataFrame() and others.
    Pickles as its report and which table it is."""

    @property
    def num_rows(self) -> int:
        """The rows."""
    @property
    def column_names(self) -> list[str]:
        """The column names, in order."""
    def __len__(self) -> int:
        """The number of rows."""
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        """The table as an Arrow C stream in a PyCapsule."""
    def to_pyarrow(self) -> Any:
        """The table as a pyarrow.Table (needs pyarrow)."""
    def to_pandas(self) -> Any:
        """The table as a pandas.DataFrame (needs pyarrow and pandas)."""
    def to_polars(self) -> Any:
        """The table as a polars.DataFrame (needs polars)."""
    def __eq__(self, other: object, /) -> bool:
        """Same table of equal data."""

def validate_arrow(
    moves: _ArrowColumn,
    *,
    rules: _ArrowColumn | None = None,
    openings: _ArrowColumn | None = None,
    ids: _ArrowColumn | None = None,
    source: str | None = None,
    first_index: int = 0,
    size: int = 15,
    options: ValidationOptions | None = None,
) -> Report:
    """Validates games given as an Arrow column of move strings (one game per row), with
    optional rules, openings and ids columns, in parallel on all cores without the GIL."""

# ---------------------------------------------------------------------------
# Readers
# ---------------------------------------------------------------------------

@final
class GameReader(Iterator[Game]):
    """The games of a file, one per next() (move lists and RenjuNet databases are read
    as you go).

    A bad record, by errors=: 'collect' (the default) leaves it out, keeps its
    ParseError in errors and warns once (a UserWarning giving the count) when the reader
    is used up; 'raise' raises its ParseError from next() (the reader can go on);
    'skip' leaves it out and keeps it in errors without a warning; 'yield' gives the
    ParseError in place of the game."""

    def __iter__(self) -> GameReader:
        """The reader itself."""
    def __next__(self) -> Game:
        """The next game."""
    @property
    def errors(self) -> list[ParseError]:
        """The ParseError of every record left out so far, in file order."""

_Format = Literal["moves", "rif", "renlib", "psq", "sgf", "openings"]
"""(Stub only, not importable.) A format name."""

@overload
def read(
    path: str | os.PathLike[str],
    format: _Format | None = None,
    *,
    errors: Literal["collect", "raise", "skip"] = "collect",
    size: int | None = None,
) -> GameReader:
    """Reads the games of a file (format from the extension unless given; size: the
    board side of a Gomocup opening file)."""

@overload
def read(
    path: str | os.PathLike[str],
    format: _Format | None = None,
    *,
    errors: Literal["yield"],
    size: int | None = None,
) -> Iterator[Game | ParseError]:
    """Reads the games of a file; bad records come as ParseError instances."""

@overload
def read_bytes(
    data: bytes,
    format: _Format,
    *,
    file: str | None = None,
    errors: Literal["collect", "raise", "skip"] = "collect",
    size: int | None = None,
) -> GameReader:
    """Reads the games of a file's bytes in the given format."""

@overload
def read_bytes(
    data: bytes,
    format: _Format,
    *,
    file: str | None = None,
    errors: Literal["yield"],
    size: int | None = None,
) -> Iterator[Game | ParseError]:
    """Reads the games of bytes; bad records come as ParseError instances."""

def write_bytes(games: Iterable[Game], format: _Format) -> bytes:
    """Writes games in a format and returns the bytes; raises ParseError when the format
    cannot hold a game."""

def write(
    path: str | os.PathLike[str], games: Iterable[Game], format: _Format | None = None
) -> None:
    """Writes games to a file (format from the extension unless given)."""

def validate(
    games: str
    | os.PathLike[str]
    | GameReader
    | Iterable[Game | ParseError],
    *,
    options: ValidationOptions | None = None,
    format: _Format | None = None,
) -> Report:
    """Validates game records (a path, a reader, or Games) in parallel on all cores,
    without holding the GIL; options: the defaults for what a record does not say."""

# ---------------------------------------------------------------------------
# Fixture corpus
# ---------------------------------------------------------------------------

@final
class FixtureQuery:
    """A point query of a fixture."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def point(self) -> Point:
        """The point played by the side to move."""
    @property
    def expected(
        self,
    ) -> Literal["legal", "win", "overline", "double-four", "double-three", "draw"]:
        """The expected verdict label."""
    @property
    def five_completion_counts(self) -> bool:
        """The reading it holds under."""
    @property
    def line(self) -> int:
        """The line in the fixture file."""

@final
class FixtureMap:
    """A complete forbidden map of a fixture. str() gives the fixture notation."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def points(self) -> dict[Point, FoulKind]:
        """Every forbidden point with its reported foul, sorted by point."""
    @property
    def five_completion_counts(self) -> bool:
        """The reading it holds under."""
    @property
    def line(self) -> int:
        """The line in the fixture file."""

@final
class Fixture:
    """One fixture of the shared corpus."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def id(self) -> str:
        """Unique id ('RN-01c')."""
    @property
    def source(self) -> str:
        """Where the position comes from."""
    @property
    def note(self) -> str | None:
        """What it shows."""
    @property
    def rule(self) -> RuleSet:
        """The rule set."""
    @property
    def to_move(self) -> Color:
        """The side to move."""
    @property
    def size(self) -> int:
        """The board side."""
    @property
    def line(self) -> int:
        """The line of the fixture's header."""
    @property
    def queries(self) -> list[FixtureQuery]:
        """The point queries."""
    @property
    def maps(self) -> list[FixtureMap]:
        """The complete forbidden maps, one per reading."""
    def to_board(self, five_completion_counts: bool = False) -> Board:
        """The position as a Board, under the chosen reading."""
    def check(self) -> list[str]:
        """The expectations that do not hold, checked by the core (empty when all do)."""

def forbidden_masks(
    positions: Any,
    *,
    rule: RuleSet | str = "renju",
    size: int | None = None,
    five_completion_counts: bool = False,
    kinds: bool = False,
) -> Any:
    """Black's forbidden points of many positions: an (N, size, size) integer array
    (0 empty, 1 black, 2 white, indexed [n, y, x]) or a list of move strings in, an
    (N, size, size) numpy array out (bool, or uint8 foul codes with kinds=True). Runs on
    every core with the GIL released. Needs numpy."""

def parse_fixtures(text: str) -> list[Fixture]:
    """Parses fixture-corpus text with the core's parser."""

def read_fixtures(path: str | os.PathLike[str]) -> list[Fixture]:
    """Reads a fixture file."""
