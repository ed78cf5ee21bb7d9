"""The live referee: a game played one action at a time, as an arbiter judges it.

Referee takes the players' actions (place, swap, declare, offer, choose, pass, claims,
draw offers, resignation, ...) with their time stamps and answers each with the Status
of the game (what is required next and of whom, what is accepted, the clocks, the
ending), or refuses it with a RefusalError saying why (its RefusalCode). Positions,
rules and records are renju's (Referee.game() is a renju.Game).

Type stubs of renju.referee (renju-py/python/renju/referee.pyi), whose referee.py
imports these names from the private compiled module renju._renju.
"""

# Annotations are not evaluated: the stub also runs as Python, for pdoc's reference.
from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal, Union, final

from renju import (
    Board,
    Color,
    Error,
    Explanation,
    Finding,
    FoulKind,
    Game,
    OfferEquivalence,
    OpeningRule,
    Outcome,
    Point,
    RuleSet,
    SideClock,
    Termination,
    TimeControl,
)

__all__ = [
    "Referee", "RefereeOptions", "Status", "ClockStatus", "Ending", "Seat", "Required", "SwapOption",
    "RefusalCode", "FoulPolicy", "RefusalError",
]
"""The public names."""

_Format = Literal["moves", "rif", "renlib", "psq", "sgf", "openings"]
"""(Stub only, not importable.) A format name (as renju's)."""

_PointLike = Union["Point", str, tuple[int, int]]
"""(Stub only, not importable.) A point (as renju's): a Point, a string in h8 notation, or an (x, y) tuple of 0-based column and row."""

# ---------------------------------------------------------------------------
# The refusal
# ---------------------------------------------------------------------------

class RefusalError(Error, ValueError):
    """An action the live referee (Referee) refused: nothing changed, except that a flag
    that fell before the action's time stamp has fallen."""

    code: RefusalCode
    """The kind of refusal, a stable name ('not-your-turn', 'occupied', ...)."""
    message: str
    """Why, in a sentence."""

# ---------------------------------------------------------------------------
# Names (str enums: each member's value is the library's name)
# ---------------------------------------------------------------------------

class Seat(str, enum.Enum):
    """A player's seat in a live game (Status.to_act, by=): the first player starts as
    tentative Black; swaps exchange colours, never seats. A str enum."""

    FIRST = "first"
    SECOND = "second"

class Required(str, enum.Enum):
    """What the referee asks for now (Status.required). A str enum."""

    PLACE = "place"
    SWAP = "swap"
    DECLARE = "declare"
    OFFER = "offer"
    CHOOSE = "choose"
    NONE = "none"

class SwapOption(str, enum.Enum):
    """An answer a colour decision allows (Status.options). A str enum."""

    STAY = "stay"
    SWAP = "swap"
    PLACE_TWO = "place-two"
    OFFER = "offer"

class RefusalCode(str, enum.Enum):
    """Why the referee refused an action (RefusalError.code): stable names, shared with
    the JSON-lines protocol and the C library. A str enum."""

    NOT_YOUR_TURN = "not-your-turn"
    WRONG_ACTION = "wrong-action"
    OCCUPIED = "occupied"
    OFF_BOARD = "off-board"
    OUTSIDE_AREA = "outside-area"
    FORBIDDEN = "forbidden"
    OFFER_COUNT = "offer-count"
    SYMMETRIC_OFFERS = "symmetric-offers"
    NOT_OFFERED = "not-offered"
    DRAW_OFFER_NOT_ALLOWED = "draw-offer-not-allowed"
    GAME_OVER = "game-over"
    BAD_REQUEST = "bad-request"
    PAUSED = "paused"
    ADJOURNED = "adjourned"
    SEAL_MISMATCH = "seal-mismatch"

class FoulPolicy(str, enum.Enum):
    """What happens to a forbidden move of Black's in a live game
    (RefereeOptions(fouls=)). A str enum."""

    AUTOMATIC = "automatic"
    RIF_CLAIM = "rif-claim"
    CHINESE_CLAIM = "chinese-claim"
    REFUSE = "refuse"

# ---------------------------------------------------------------------------
# The live referee
# ---------------------------------------------------------------------------

_SeatLike = Seat | Literal["first", "second"]
"""(Stub only, not importable.) A seat: a Seat or its name."""

_FoulPolicyLike = FoulPolicy | Literal["automatic", "rif-claim", "chinese-claim", "refuse"]
"""(Stub only, not importable.) A foul policy: a FoulPolicy or its name."""

_Command = Mapping[str, Any]
"""(Stub only, not importable.) A command of the JSON-lines protocol, as a dict:
{'action': 'place', 'point': 'h8', 'by': 'first', 't': 1500}, {'action': 'status'}, ..."""

@final
class ClockStatus:
    """Both clocks of a timed live game as of the last action, and when the running one
    falls. Frozen, hashable, comparable and picklable."""

    @property
    def black(self) -> SideClock:
        """The clock of the player holding Black (time left net of the time already used on
        the current action); clocks belong to players and follow them through swaps."""
    @property
    def white(self) -> SideClock:
        """The clock of the player holding White."""
    @property
    def running(self) -> Color | None:
        """The colour whose clock runs (None once the game is over)."""
    @property
    def deadline(self) -> int | None:
        """The time stamp (ms, the caller's timeline) at which the running flag falls."""
    def to_dict(self) -> dict[str, Any]:
        """The clocks as plain data."""
    def __eq__(self, other: object, /) -> bool:
        """Same clocks."""
    def __hash__(self) -> int:
        """Hash."""

@final
class Ending:
    """How a live game ended. Frozen, hashable, comparable and picklable."""

    @property
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2", "0-0"]:
        """'1-0' (Black won), '0-1', '1/2-1/2' or '0-0' (both lost)."""
    @property
    def termination(self) -> Termination:
        """Why the game ended."""
    @property
    def winner(self) -> Color | None:
        """The winning colour, None when nobody won."""
    @property
    def winner_seat(self) -> Seat | None:
        """The seat that won, None when nobody won."""
    @property
    def outcome(self) -> Outcome:
        """The outcome (winner and termination)."""
    def to_dict(self) -> dict[str, Any]:
        """The ending as plain data."""
    def __eq__(self, other: object, /) -> bool:
        """Same ending."""
    def __hash__(self) -> int:
        """Hash."""

@final
class Status:
    """Where a live game stands: what must be done and by whom, what is accepted, Black's
    forbidden points, the clocks and the outcome. The attributes are the protocol's JSON
    fields (move_number is 'move', pass_ is 'pass'). Frozen, comparable, picklable."""

    @property
    def required(self) -> Required:
        """What must be done now (Required.NONE once the game is over)."""
    @property
    def to_act(self) -> Seat | None:
        """The seat that must do it (None once the game is over)."""
    @property
    def color(self) -> Color | None:
        """That seat's colour (None once the game is over)."""
    @property
    def move_number(self) -> int:
        """The number of the next stone (moves and passes played, plus one)."""
    @property
    def stone(self) -> Color:
        """The colour of the next stone."""
    @property
    def options(self) -> list[SwapOption]:
        """The answers a colour decision allows (empty unless required is SWAP)."""
    @property
    def range(self) -> tuple[int, int] | None:
        """The numbers of offers a declaration may give, (min, max), else None."""
    @property
    def count(self) -> int | None:
        """How many fifth-move offers are required, else None."""
    @property
    def offered(self) -> list[Point]:
        """The offers White chooses from (empty unless required is CHOOSE)."""
    @property
    def legal(self) -> list[Point]:
        """Every point place() (or an offer, or a choice) is accepted on, row by row from a1."""
    @property
    def pass_(self) -> bool:
        """Whether pass_() is accepted now."""
    @property
    def forbidden(self) -> list[tuple[Point, FoulKind]]:
        """Black's forbidden points and their fouls, when a black stone is to be placed
        or offered."""
    @property
    def claimable(self) -> bool:
        """Whether White may claim() a foul of Black's now."""
    @property
    def draw_offer(self) -> Seat | None:
        """The seat whose draw offer waits for an answer, else None."""
    @property
    def paused(self) -> bool:
        """Whether the arbiter has paused the game: no clock runs and no player acts until
        unpause() (required and to_act say what comes after it)."""
    @property
    def adjourned_by(self) -> Seat | None:
        """The seat that sealed a move when the game is adjourned, else None."""
    @property
    def seal_digest(self) -> str | None:
        """The SHA-256 digest of the sealed move when the game is adjourned (never the
        move), else None."""
    @property
    def absent(self) -> list[Seat]:
        """The seats whose player has not arrived yet, under a late limit."""
    @property
    def late_deadline(self) -> int | None:
        """The time stamp past which a player still absent forfeits, else None."""
    @property
    def clock(self) -> ClockStatus | None:
        """The clocks, in a timed game (else None)."""
    @property
    def outcome(self) -> Ending | None:
        """How the game ended, else None."""
    @property
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    def to_dict(self) -> dict[str, Any]:
        """The status as plain data: the protocol's JSON form."""
    def to_json(self) -> str:
        """The status as one line of JSON, as the protocol writes it."""
    def __eq__(self, other: object, /) -> bool:
        """Same status."""

@final
class RefereeOptions:
    """How a live game is refereed: the rule set, the opening protocol, the board, the
    reading of the disputed double-three case, how offered fifth moves are compared, the
    time control and the clock's choices, the foul policy and the time stamp at which the
    game starts. The options= of Referee(), Referee.resume() and Referee.from_actions().
    Frozen, hashable, comparable and picklable."""

    def __new__(
        cls,
        *,
        rule: RuleSet | str = "renju",
        opening: OpeningRule | str = "free",
        size: int = 15,
        five_completion_counts: bool = False,
        offer_equivalence: OfferEquivalence | Literal["shape", "board"] = "shape",
        time_control: TimeControl | str | None = None,
        fouls: _FoulPolicyLike = "automatic",
        both_flags: Literal["draw", "continue-unless-last-period"] = "draw",
        default_time_ms: int = 3600000,
        start_ms: int = 0,
        late_limit_ms: int | None = None,
    ) -> RefereeOptions:
        """Each keyword left out keeps the library's default."""
    @property
    def rule(self) -> RuleSet:
        """The rule set."""
    @property
    def opening(self) -> OpeningRule:
        """The opening protocol."""
    @property
    def size(self) -> int:
        """The board side."""
    @property
    def five_completion_counts(self) -> bool:
        """The reading of the disputed double-three case."""
    @property
    def offer_equivalence(self) -> OfferEquivalence:
        """How offered fifth moves are compared."""
    @property
    def time_control(self) -> TimeControl | None:
        """The time control, else None (untimed)."""
    @property
    def fouls(self) -> FoulPolicy:
        """What happens to a forbidden move of Black's."""
    @property
    def both_flags(self) -> Literal["draw", "continue-unless-last-period"]:
        """What happens when both flags are down and nobody can tell which fell first."""
    @property
    def default_time_ms(self) -> int:
        """The lateness past which a player loses by forfeit, in milliseconds."""
    @property
    def start_ms(self) -> int:
        """The time stamp (milliseconds) at which the game starts."""
    @property
    def late_limit_ms(self) -> int | None:
        """The late limit in milliseconds from start_ms, else None (not tracked)."""
    def to_dict(self) -> dict[str, Any]:
        """The options as plain data (as Referee.options gives them)."""
    def __eq__(self, other: object, /) -> bool:
        """Same options."""
    def __hash__(self) -> int:
        """Hash."""

@final
class Referee:
    """A live game's referee: one action at a time, each returning the new Status or
    raising RefusalError (and changing nothing). by= names the seat acting (checked when
    given); t= is the time stamp in milliseconds (timed games). Picklable and copyable
    exactly (pending offers included); mutable, so not hashable."""

    def __new__(cls, *, options: RefereeOptions | None = None) -> Referee:
        """A referee at the start of a game, under options (None: RefereeOptions())."""
    @staticmethod
    def resume(
        game: Game, *, options: RefereeOptions | None = None
    ) -> Referee:
        """A referee that goes on from a record (its own rules override the options)."""
    @staticmethod
    def from_actions(
        actions: Iterable[_Command], *, options: RefereeOptions | None = None
    ) -> Referee:
        """A referee that takes actions (protocol dicts, as Referee.actions gives them)."""
    @property
    def status(self) -> Status:
        """Where the game stands now."""
    @property
    def game(self) -> Game:
        """The game so far as a record (offers still waiting for a choice are not in it)."""
    @property
    def board(self) -> Board:
        """The position on the board (a copy)."""
    @property
    def findings(self) -> list[Finding]:
        """What the rules noted along the way that did not stop an action."""
    @property
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    @property
    def options(self) -> dict[str, Any]:
        """The options the referee plays under, as plain data."""
    @property
    def actions(self) -> list[dict[str, Any]]:
        """Every action taken so far, as dicts of the JSON-lines protocol."""
    @property
    def resumed(self) -> Game | None:
        """The record the referee was resumed from, else None."""
    def place(self, point: _PointLike, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """Places a stone on point."""
    def pass_(self, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """The side to move passes (not inside the opening protocol)."""
    def swap(self, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """Exchanges colours."""
    def stay(self, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """Keeps colours."""
    def place_two(self, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """Swap2's third option: two more stones, then the first player chooses colours."""
    def declare(self, count: int, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """Declares the number of fifth-move offers."""
    def offer(
        self, points: Iterable[_PointLike], *, by: _SeatLike | None = None, t: int | None = None
    ) -> Status:
        """Black's fifth-move offers."""
    def choose(self, point: _PointLike, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """White keeps one of the offered fifth moves."""
    def claim(self, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """White claims Black's foul (claim foul policies)."""
    def draw_offer(self, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """Offers a draw (right after one's own move)."""
    def draw_accept(self, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """Accepts the draw offer on the table."""
    def draw_decline(self, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """Declines the draw offer on the table."""
    def resign(self, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """Resigns."""
    def forfeit(self, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """Loses by forfeit: the player is gone or cannot go on (an engine that crashed)."""
    def tick(self, t: int) -> Status:
        """Nothing but the time: the clock is read at t (ms); a flag may fall."""
    def arrive(self, *, by: _SeatLike | None = None, t: int | None = None) -> Status:
        """The player is at the board (under a late limit): nothing else changes."""
    def pause(self, *, t: int | None = None) -> Status:
        """The arbiter stops both clocks: the time until unpause() is charged to nobody, and
        every player's action meanwhile raises RefusalError ('paused')."""
    def unpause(self, *, t: int | None = None) -> Status:
        """The arbiter restarts the clocks after pause()."""
    def warning(self, seat: _SeatLike, reason: str = "", *, t: int | None = None) -> Status:
        """The arbiter notes a violation of the player in seat: a warning. A player's
        second violation of the game loses it (termination 'violations')."""
    def penalty(self, seat: _SeatLike, ms: int, *, t: int | None = None) -> Status:
        """The arbiter takes ms milliseconds off the clock of the player in seat (generally
        at most five minutes: a longer one is applied, and the record notes it); a penalty
        that takes all their time left makes their flag fall."""
    def seal(
        self,
        point: _PointLike,
        *,
        salt: str | None = None,
        by: _SeatLike | None = None,
        t: int | None = None,
    ) -> Status:
        """The player to move seals their next move (an adjournment): both clocks stop and
        the record shows only the move's digest; salt=None draws a random salt."""
    def resume_sealed(self, sealed: str | None = None, *, t: int | None = None) -> Status:
        """The arbiter resumes the adjourned game: the sealed move ('POINT/SALT', None for
        the one sealed here) is played, or, illegal, loses for the sealer."""
    @property
    def sealed_move(self) -> str | None:
        """The move sealed at the adjournment under way ('POINT/SALT'), else None."""
    def disqualify(self, seat: _SeatLike, reason: str = "", *, t: int | None = None) -> Status:
        """The arbiter disqualifies the player in seat: they lose by forfeit (the record's
        'termination' tag says why)."""
    def apply(self, command: _Command) -> dict[str, Any]:
        """Answers one command of the JSON-lines protocol with the reply dict (never raises
        for a bad command: it gets the 'bad-request' reply). Safe from several threads:
        calls take turns."""
    def apply_json(self, line: str) -> str:
        """Answers one line of the JSON-lines protocol with one line of JSON."""
    def record(self, format: _Format) -> str:
        """The game so far written in a text format ('renlib', binary, is refused)."""
    def explain(self, point: _PointLike) -> Explanation:
        """Why a black stone on point would (or would not) be forbidden now."""
    def copy(self) -> Referee:
        """A copy; changing one does not change the other."""
    def __copy__(self) -> Referee:
        """copy.copy() support."""
    def __deepcopy__(self, memo: Any) -> Referee:
        """copy.deepcopy() support."""
    def __eq__(self, other: object, /) -> bool:
        """The same start and the same actions since."""
    __hash__: ClassVar[None]  # type: ignore[assignment]
