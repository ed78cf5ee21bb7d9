"""Tournaments: tournament records and their standings.

read_tournament(), read_tournaments() and read_tournaments_bytes() read tournaments
(FIDE TRF, tournament JSON, or the games of a game file); a Tournament gives its
Standings (a StandingRow per competitor, with tie-breaks) and its TournamentFinding
list, the rounds of a round robin paired by FIDE's Berger tables
(Tournament.pair_round_robin()) and the drawing of lots for the pairing numbers
(Tournament.draw_lots()).

Type stubs of renju.tournament (renju-py/python/renju/tournament.pyi), whose
tournament.py imports these names from the private compiled module renju._renju.
"""

# Annotations are not evaluated: the stub also runs as Python, for pdoc's reference.
from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any, Literal, final

from renju import Severity

__all__ = [
    "Tournament", "Standings", "StandingRow", "TournamentFinding", "read_tournament",
    "read_tournaments", "read_tournaments_bytes",
]
"""The public names."""

_Format = Literal["moves", "rif", "renlib", "psq", "sgf", "openings"]
"""(Stub only, not importable.) A format name (as renju's)."""

# ---------------------------------------------------------------------------
# Tournaments
# ---------------------------------------------------------------------------

_System = Literal["round-robin", "swiss", "knockout"]
"""(Stub only, not importable.) A pairing system."""

_Regulation = Literal["fide-2024", "fide-2026", "fide-2009", "none"]
"""(Stub only, not importable.) How unplayed rounds count in Buchholz and Sonneborn-Berger."""

@final
class TournamentFinding:
    """One finding about a tournament."""

    @property
    def severity(self) -> Severity:
        """How serious it is (a str enum: equal to 'error', 'warning' or 'info')."""
    @property
    def code(self) -> str:
        """The stable machine code ('paired-twice', 'result-contradiction', ...)."""
    @property
    def round(self) -> int | None:
        """The round it concerns."""
    @property
    def player(self) -> int | None:
        """The player (or team) id it concerns."""
    @property
    def message(self) -> str:
        """A sentence for people."""
    def to_dict(self) -> dict[str, Any]:
        """The finding as plain data."""
    def __eq__(self, other: object, /) -> bool:
        """Same finding."""

@final
class StandingRow:
    """One line of the standings."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def rank(self) -> int:
        """The place, from 1; shared places have the same rank."""
    @property
    def shared(self) -> bool:
        """Whether the place is shared."""
    @property
    def id(self) -> int:
        """The player's (team's) id."""
    @property
    def name(self) -> str:
        """Name."""
    @property
    def points(self) -> float:
        """Points (team events: match points)."""
    @property
    def tiebreaks(self) -> dict[str, float | list[float]]:
        """Tie-break values by code; 'TBR' is a list of board points, board 1 first."""
    def to_dict(self) -> dict[str, Any]:
        """The row as plain data."""

@final
class Standings:
    """Standings of one tournament."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @property
    def name(self) -> str:
        """The tournament's name."""
    @property
    def system(self) -> _System:
        """The system ranked by."""
    @property
    def regulation(self) -> _Regulation:
        """How unplayed rounds were counted."""
    @property
    def team(self) -> bool:
        """Whether the rows are teams."""
    @property
    def tiebreaks(self) -> list[str]:
        """The tie-break codes after the points, in order."""
    @property
    def rows(self) -> list[StandingRow]:
        """The rows, best first."""
    @property
    def findings(self) -> list[TournamentFinding]:
        """What the checks found."""
    def has_errors(self) -> bool:
        """Whether a finding has severity 'error'."""
    def to_dict(self) -> dict[str, Any]:
        """The standings as plain data (one tournament of `renju standings --json`)."""
    def to_json(self) -> str:
        """The standings as JSON."""
    def __len__(self) -> int:
        """The number of rows."""
    def __iter__(self) -> Iterator[StandingRow]:
        """The rows, best first."""

@final
class Tournament:
    """A tournament crosstable: players, teams, rounds, pairings and results."""

    def __eq__(self, other: object, /) -> bool:
        """Same value (pickling and copies give equal objects)."""

    @staticmethod
    def from_trf(text: str) -> Tournament:
        """Reads a FIDE TRF text (TRF16 or TRF-26)."""
    @staticmethod
    def from_json(text: str) -> Tournament:
        """Reads the JSON of a tournament."""
    def to_trf(self) -> str:
        """The tournament as a FIDE TRF text. Raises ValueError past the limits (1000
        rounds, 9999 players, player ids over 9999)."""
    def to_json(self) -> str:
        """The whole model as JSON."""
    def to_dict(self) -> dict[str, Any]:
        """The whole model as plain data."""
    @property
    def name(self) -> str:
        """Name."""
    @property
    def system(self) -> _System | None:
        """The system the file declares."""
    @property
    def rounds(self) -> int:
        """The number of rounds."""
    @property
    def players(self) -> list[dict[str, Any]]:
        """Players as plain data."""
    @property
    def team(self) -> bool:
        """Whether this is a team event."""
    @property
    def team_score_system(self) -> str | None:
        """The team score system (TRF-26 362: the match points of a match won, drawn
        and lost) as a TRF file writes it ('TW 2.0 TD 1.0 TL 0.0'), or None (matches
        score 1, 0.5 and 0). The standings count it. Set it from a record's text ('TW 3
        TD 1': TW, TD, TL each followed by its match points, in any order; a code not
        given takes TRF-26's value, 2, 1 or 0), kept as a TRF file writes it; None
        removes it. Setting text that cannot be read raises renju.ParseError (a
        ValueError), the tournament left as it was."""
    @team_score_system.setter
    def team_score_system(self, text: str | None) -> None: ...
    def check(self) -> list[TournamentFinding]:
        """The crosstable's findings."""
    def standings(
        self,
        system: _System | None = None,
        tiebreaks: str | list[str] | None = None,
        unplayed: _Regulation = "fide-2024",
    ) -> Standings:
        """Computes the standings."""
    @property
    def next_round(self) -> int:
        """The first round without pairings: the round pair_round_robin() pairs by
        default (1 for a tournament not yet begun)."""
    def pair_round_robin(
        self,
        round: int | None = None,
        double: bool = False,
        reverse_last_two_rounds: bool = False,
        games: int = 1,
    ) -> list[tuple[int, int | None]]:
        """Pairs a round of this round robin by FIDE's Berger tables (Handbook C.05,
        Annex 1): round (from 1; default: next_round), once round or, with double,
        twice (the second cycle with colours exchanged); reverse_last_two_rounds plays
        the first cycle's last two rounds in reverse order, as FIDE advises for a double
        round robin. Players are numbered in start-rank order. Returns the boards in
        the table's order, as (black, white) player ids (Black moves first), (player,
        None) for a bye. With games (1 to 99; the renju match is 2), each board is a
        match of that many games, and the games are returned board by board with the
        colours exchanged in every other game. Raises ValueError when the round cannot
        be paired."""
    def pair_knockout(self, round: int | None = None, games: int = 1) -> list[tuple[int, int | None]]:
        """Pairs a round of this knockout by its bracket: round (from 1; default:
        next_round). Players are seeded in start-rank order on the lines in the standard
        order (byes to the top seeds); each earlier round's match winners (the most game
        points in that round's games between the two, tie-break games included) meet by
        neighbours. Returns the boards as (black, white) player ids, the upper line
        first, (player, None) for a bye. Raises ValueError when the round cannot be
        paired (a tied match without its tie-break, a match the crosstable lacks, the
        knockout already won, ...). With games (1 to 99), each board is a match of that
        many games, returned board by board with the colours exchanged in every other
        game."""
    def record_results(
        self, results: list[tuple[int, int, str]], round: int | None = None
    ) -> Tournament:
        """This tournament with a round's results entered: results one (black, white,
        code) per game by start rank, code Black's TRF result ('1', '=', '0' played,
        '+', '-' forfeit), and (player, 0, code) per round without an opponent ('U' the
        pairing bye, 'F', 'H', 'Z' byes, '-' absent); a match's games one each, in the
        order played (the standings score them as one match). round (from 1; default:
        next_round). Returns a new Tournament. Raises ValueError when a result cannot be
        entered (the message names the entry)."""
    def pair_teams(
        self,
        system: Literal["round-robin", "swiss"] = "round-robin",
        round: int | None = None,
        boards: int | None = None,
        lineups: dict[int, list[int]] | None = None,
        double: bool = False,
    ) -> tuple[list[tuple[int, int, list[tuple[int, int]]]], int | None]:
        """Pairs a round of this team event: system 'round-robin' (FIDE's Berger tables
        over the teams in id order) or 'swiss' (by match points: no rematch, no second
        bye, the least match-point differences, then neighbours in the standings); round
        (default: next_round); boards per match (default: the smallest team's players);
        lineups, team id to its line-up in board order (substitutes allowed, the order
        kept); double, a double round robin (a second cycle repeats the first with the
        first-named team exchanged; 'round-robin' only). Returns (matches, bye): each
        match (first team, second team, [(black, white), ...]) board 1 first, the
        first-named team Black on odd boards; bye the team without a match, or None.
        Raises ValueError when the round cannot be paired or a line-up cannot be taken
        (a team the event does not have, a player named twice or not in the team, the
        board order inverted, not as many players as boards), or for double with
        'swiss'."""
    def pair_scheveningen(
        self,
        round: int | None = None,
        boards: int | None = None,
        lineups: dict[int, list[int]] | None = None,
    ) -> list[tuple[int, int]]:
        """A round of the Scheveningen match between this event's two teams (every
        player of one meets every player of the other): round (default: next_round),
        boards (default: the smaller team's players), lineups as pair_teams'. Returns
        the boards as (black, white). Raises ValueError past its rounds or without two
        teams."""
    def king_of_the_hill(
        self,
        replay_draws: bool = False,
        lineups: dict[int, list[int]] | None = None,
        order: list[int] | None = None,
    ) -> tuple[tuple[int, int] | None, int | None]:
        """The king-of-the-hill match between this event's teams (their players in board
        order, or lineups), the crosstable's bouts replayed (one a round): (next_bout,
        winner), next_bout the (black, white) of the bout to play or None when the
        match is over, winner the winning team's id (None while it goes on, and for a
        drawn match, where both are None). With more than two teams the teams come on
        in rotation (id order), the next challenger from the next team with players
        left other than the winner's; winner is the last team with players (None when
        the last teams went out together). A drawn bout: both players leave, or with
        replay_draws it is played again with colours exchanged. order gives the teams'
        rotation order instead of id order (for instance as drawn by lots): every
        team's id once; with two teams its first is the first team, its first player
        Black in the first bout. Raises ValueError with fewer than two teams, for an
        order naming a team the tournament does not have, naming one twice or leaving
        one out, or when a round is not the bout that was next (a player who left plays
        again, one comes on out of the line-up's order)."""
    def king_of_the_hill_ranking(
        self,
        replay_draws: bool = False,
        lineups: dict[int, list[int]] | None = None,
        order: list[int] | None = None,
    ) -> list[tuple[int, int, int | None]] | None:
        """The ranking of this event's king of the hill (as king_of_the_hill plays it,
        two teams or more), None while it goes on: (place, team, out_after_bout) best
        first, teams ranked by how late their play ended (the team with players left
        first, out_after_bout None; then the bout, from 1, that ended each team's play,
        the later the higher); teams out in the same bout share the place. Raises
        ValueError as king_of_the_hill does; order as there."""
    def club_totals(self, counted: int | None = None) -> list[dict[str, Any]]:
        """The club totals of this individual event: each club's (the players'
        federation column) best counted players' points (all when None) added up, best
        first: {"rank", "club", "points", "players": [[id, points], ...]} each."""
    def pair_dutch(self) -> list[tuple[int, int | None]]:
        """Pairs the next round of this Swiss by the Dutch system (FIDE C.04.3, the
        rules applied from 2025), as the FIDE-endorsed pairing programs do: the round
        after the last one with games or a pairing bye; players with a cell in that
        round already are left out. The tournament gives its rounds (XXR) and initial
        colour (XXC white1/black1; TRF letters read as written, Black moving first).
        Returns the boards as (black, white) player ids in the pairing programs' order,
        (player, None) for the bye, last. Raises ValueError when the round cannot be
        paired (no valid pairing, the rounds or initial colour not given)."""
    def check_dutch(
        self,
    ) -> list[tuple[int, list[tuple[int, int | None]], list[tuple[int, int | None]]]]:
        """Checks this finished Swiss against the Dutch system: each round paired again
        from the rounds before it and compared, boards and colours, with the
        tournament's. Returns the rounds that differ as (round, dutch, tournament); an
        empty list when every round agrees. Raises ValueError naming a round that
        cannot be paired at all."""
    def dutch_players(self) -> list[dict[str, Any]]:
        """What the Dutch system sees of each player before the next round, in
        start-rank order: id, score (with acceleration), to_pair, colour_preference
        ("white", "black" or None), preference_strength ("none", "mild", "strong",
        "absolute"), floats (the last round's and the one before's: "down", "up" or
        None) and bye_eligible."""
    def draw_lots(self, seed: int) -> Tournament:
        """A drawing of lots from seed (0 to 2**64 - 1) for the pairing numbers, before
        the first round: a new Tournament with each player's start rank (id) set to the
        number drawn. The same seed draws the same numbers everywhere. Raises
        ValueError when lots cannot be drawn (no players, pairings already made)."""

def read_tournament(path: str | os.PathLike[str], format: _Format | None = None) -> Tournament:
    """Reads the one tournament of a file (the first, when it holds several)."""

def read_tournaments(path: str | os.PathLike[str], format: _Format | None = None) -> list[Tournament]:
    """Reads every tournament of a file: TRF, tournament JSON, or game files."""

def read_tournaments_bytes(
    data: bytes, name: str | None = None, format: _Format | None = None
) -> list[Tournament]:
    """Reads every tournament of a file's bytes."""
