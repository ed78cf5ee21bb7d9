"""The live referee: a game played one action at a time, as an arbiter judges it.

Referee takes the players' actions (place, swap, declare, offer, choose, pass, claims,
draw offers, resignation, ...) with their time stamps and answers each with the Status
of the game (what is required next and of whom, what is accepted, the clocks, the
ending), or refuses it with a RefusalError saying why (its RefusalCode). The rules are
those of renju: positions and records come from there (Referee.game() is a renju.Game).
"""

from ._renju import (
    ClockStatus,
    Ending,
    FoulPolicy,
    Referee,
    RefereeOptions,
    RefusalCode,
    RefusalError,
    Required,
    Seat,
    Status,
    SwapOption,
)

__all__ = [
    "Referee", "RefereeOptions", "Status", "ClockStatus", "Ending", "Seat", "Required", "SwapOption",
    "RefusalCode", "FoulPolicy", "RefusalError",
]
