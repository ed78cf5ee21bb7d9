"""Tournaments: tournament records (TRF(x), RenjuNet) and their standings.

read_tournament(), read_tournaments() and read_tournaments_bytes() read tournaments;
a Tournament gives its Standings (StandingRow per competitor, tie-breaks) and its
TournamentFinding list (what the record gets wrong), the rounds of a round robin paired
by FIDE's Berger tables (Tournament.pair_round_robin()) and the drawing of lots
(Tournament.draw_lots()).
"""

from ._renju import (
    StandingRow,
    Standings,
    Tournament,
    TournamentFinding,
    read_tournament,
    read_tournaments,
    read_tournaments_bytes,
)

__all__ = [
    "Tournament", "Standings", "StandingRow", "TournamentFinding", "read_tournament",
    "read_tournaments", "read_tournaments_bytes",
]
