"""Tournaments: reading crosstables, standings with tie-breaks, findings, JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import renju
import renju.tournament

EXERCISE = Path("fixtures") / "tournaments" / "fide_tec_exercise.trf"


def test_fide_exercise_published_values(repo: Path) -> None:
    """BH and BH/C1 of the FIDE TEC exercise under the 2024 and 2026 rules."""
    t = renju.tournament.read_tournament(repo / EXERCISE)
    assert t.rounds == 5 and len(t.players) == 16 and t.system == "swiss"
    for unplayed, bh4, bh11 in [("fide-2024", 15.0, 13.5), ("fide-2026", 14.0, 12.5)]:
        s = t.standings(tiebreaks="BH,BH/C1", unplayed=unplayed)  # type: ignore[arg-type]
        assert s.regulation == unplayed and s.tiebreaks == ["BH", "BH/C1"]
        rows = {r.id: r for r in s.rows}
        assert rows[4].tiebreaks["BH"] == bh4
        assert rows[11].tiebreaks["BH"] == bh11
        assert rows[12].tiebreaks["BH/C1"] == 9.5
        assert rows[2].rank == 1 and rows[2].points == 4.0


def test_trf_with_cr_line_ends(repo: Path) -> None:
    """A TRF file with CR line ends (as bbpPairings writes them) reads and ranks as with LF."""
    lf = (repo / EXERCISE).read_bytes().replace(b"\r\n", b"\n")
    (from_lf,) = renju.tournament.read_tournaments_bytes(lf, "lf.trf")
    for name in ("cr.trf", None):
        (from_cr,) = renju.tournament.read_tournaments_bytes(lf.replace(b"\n", b"\r"), name)
        assert [r.id for r in from_cr.standings().rows] == [r.id for r in from_lf.standings().rows]


def test_default_lists_and_shared_places(repo: Path) -> None:
    """The Chinese rules' lists per system, shared places, to_dict shaped as the CLI's JSON."""
    s = renju.tournament.read_tournament(repo / "fixtures/tournaments/knockout.trf").standings()
    assert s.system == "knockout" and len(s) == 8
    assert [r.rank for r in s.rows] == [1, 2, 3, 3, 5, 5, 5, 5]
    assert [r.id for r in s] == [r.id for r in s.rows]
    assert s.rows[2].shared and not s.rows[0].shared
    assert s.tiebreaks == ["KO"] and s.rows[0].tiebreaks["KO"] == [4.0]
    t = renju.tournament.read_tournament(repo / "fixtures/tournaments/team_round_robin.trf")
    assert t.team
    s = t.standings()
    assert s.tiebreaks == ["GP", "TSB", "TBR"]
    first = s.rows[0]
    assert first.name == "Team B" and first.tiebreaks["TSB"] == 2.25
    assert first.tiebreaks["TBR"] == [1.5, 2.0]
    d = s.to_dict()
    assert d["standings"][0]["tiebreaks"]["TSB"] == 2.25
    assert json.loads(s.to_json()) == d
    assert first.to_dict()["points"] == 2.0


def test_options_and_errors(repo: Path) -> None:
    """System, list and regulation options; bad values raise ValueError."""
    t = renju.tournament.read_tournament(repo / "fixtures/tournaments/round_robin.trf")
    assert t.standings().tiebreaks == ["SB", "WON"]
    assert t.standings(system="swiss").tiebreaks == ["ARO", "BH", "BH/M1", "WON"]
    assert t.standings(tiebreaks=["WON", "SB"]).tiebreaks == ["WON", "SB"]
    with pytest.raises(ValueError):
        t.standings(tiebreaks="XYZ")
    with pytest.raises(ValueError):
        t.standings(unplayed="fide-1999")  # type: ignore[arg-type]
    with pytest.raises(renju.ParseError) as e:
        renju.tournament.Tournament.from_trf("012 x\n001 abcd      Ann\n")
    assert e.value.line == 2
    with pytest.raises(OSError):
        renju.tournament.read_tournament(repo / "no" / "such.trf")


def test_findings_and_round_trips(repo: Path) -> None:
    """Contradictions are found; TRF and JSON round trips give the same model."""
    text = (repo / "fixtures/tournaments/round_robin.trf").read_text()
    t = renju.tournament.Tournament.from_trf(text.replace("   1 w 0", "   1 w 1"))
    codes = {f.code for f in t.check()}
    assert "result-contradiction" in codes
    s = t.standings()
    assert s.has_errors()
    assert any(f.code == "points-mismatch" and f.player == 2 for f in s.findings)
    assert all(f.to_dict()["severity"] in ("error", "warning", "info") for f in s.findings)
    t = renju.tournament.read_tournament(repo / EXERCISE)
    assert renju.tournament.Tournament.from_trf(t.to_trf()).to_dict() == t.to_dict()
    assert renju.tournament.Tournament.from_json(t.to_json()).to_dict() == t.to_dict()


def test_rif_database(repo: Path) -> None:
    """A RenjuNet database gives one tournament per tournament name."""
    path = repo / "fixtures/tournaments/club.rif"
    ts = renju.tournament.read_tournaments(path)
    assert [t.name for t in ts] == ["Spring club round robin", "Autumn club round robin"]
    assert renju.tournament.read_tournaments_bytes(path.read_bytes(), "club.rif")[0].name == ts[0].name
    s = ts[0].standings()
    assert s.rows[0].name == "Ann Smith" and s.rows[0].points == 2.5


def test_a_name_with_a_newline_keeps_its_game_out() -> None:
    """A player's name a TRF line cannot hold: the game is left out with a finding."""
    sgf = (
        b"(;GM[4]FF[4]SZ[15]EV[Cup]PB[Ann\n001    9 x]PW[Bob]RO[1]RE[W+R];B[hh];W[hi])\n"
        b"(;GM[4]FF[4]SZ[15]EV[Cup]PB[Cid]PW[Bob]RO[1]RE[W+R];B[hh];W[hi])\n"
    )
    (t,) = renju.tournament.read_tournaments_bytes(sgf, "names.sgf")
    assert [p["name"] for p in t.players] == ["Cid", "Bob"]
    standings = t.standings()
    assert any("black player's name" in f.message for f in standings.findings), standings.findings


def test_a_swiss_is_checked_over_all_its_rounds() -> None:
    """A rematch and a second pairing bye are findings of the whole crosstable."""
    cells = [
        {"round": 1, "player": 1, "opponent": 2, "color": "white", "result": "win"},
        {"round": 1, "player": 2, "opponent": 1, "color": "black", "result": "loss"},
        {"round": 1, "player": 3, "result": "pairing-bye"},
        {"round": 2, "player": 2, "opponent": 1, "color": "white", "result": "draw"},
        {"round": 2, "player": 1, "opponent": 2, "color": "black", "result": "draw"},
        {"round": 2, "player": 3, "result": "pairing-bye"},
    ]
    players = [{"id": i, "name": n} for i, n in [(1, "Ann"), (2, "Bob"), (3, "Cid")]]
    t = renju.tournament.Tournament.from_json(
        json.dumps({"name": "Cup", "system": "swiss", "rounds": 2, "players": players, "pairings": cells})
    )
    codes = [f.code for f in t.check()]
    assert "rematch" in codes and "pairing-bye" in codes, codes

def test_an_all_drawn_knockout_reports_each_match_once() -> None:
    """Issue 43: in a knockout whose matches are all drawn each placement bracket
    reported every later round's undecided matches again (players x rounds² findings;
    100 x 1,000 aborted at 3.8 GB). Each match is now reported once."""
    players, rounds = 100, 1000
    lines = ["012 All drawn", "092 Individual: Knockout", f"XXR {rounds}"]
    for i in range(1, players + 1):
        opp, colour = (i + 1, "w") if i % 2 else (i - 1, "b")
        head = f"001 {i:4}      {f'Player {i}':<33}{'':33}{rounds // 2:>4}{'':7}"
        lines.append(head + f"{opp:4} {colour} =  " * rounds)
    t = renju.tournament.Tournament.from_trf("\n".join(lines) + "\n")
    s = t.standings()
    undecided = [f for f in s.findings if f.code == "knockout-undecided"]
    assert len(undecided) == players // 2 * rounds
    assert len({(f.round, f.message) for f in undecided}) == len(undecided)


def test_a_swiss_withdrawal_before_half_the_games_voids_them() -> None:
    """The rules void the games of a player who leaves a Swiss having played fewer games
    than half the rounds (a bye is no game): Cid's win over Ann is void."""
    cells = [
        {"round": 1, "player": 3, "opponent": 1, "color": "black", "result": "win"},
        {"round": 1, "player": 1, "opponent": 3, "color": "white", "result": "loss"},
        {"round": 1, "player": 2, "result": "pairing-bye"},
        {"round": 2, "player": 3, "result": "pairing-bye"},
        {"round": 2, "player": 1, "opponent": 2, "color": "black", "result": "draw"},
        {"round": 2, "player": 2, "opponent": 1, "color": "white", "result": "draw"},
    ]
    players = [{"id": i, "name": n} for i, n in [(1, "Ann"), (2, "Bob"), (3, "Cid")]]
    data = {"name": "Cup", "system": "swiss", "rounds": 4, "players": players, "pairings": cells,
            "withdrawals": [{"id": 3, "after_round": 2}]}
    rows = renju.tournament.Tournament.from_json(json.dumps(data)).standings().rows
    assert [r.name for r in rows] == ["Bob", "Ann"]
    assert [r.points for r in rows] == [1.5, 0.5]


def test_records_are_placed_by_their_replayed_outcome() -> None:
    """A five on the board without a result line is a win; a declared forfeit is a
    forfeit win (not a game played); an unfinished game is left out."""
    text = (
        b"# event: Cup\n# round: 1\n# black: Ann\n# white: Bob\nh8 a1 i8 a2 j8 a3 k8 a4 l8\n"
        b"# round: 2\n# black: Bob\n# white: Ann\nh8 h9 result=0-1/forfeit\n# round: 3\nh8 h9\n"
    )
    (t,) = renju.tournament.read_tournaments_bytes(text, "cup.txt")
    standings = t.standings()
    assert [(r.name, r.points) for r in standings.rows] == [("Ann", 2.0), ("Bob", 0.0)]
    assert sum("has no result" in f.message for f in standings.findings) == 1
    results = {(c["round"], c["player"]): c["result"] for c in t.to_dict()["pairings"]}
    assert results[(2, 1)] == "forfeit-win"


def test_knockout_losers_of_one_round_share_the_place() -> None:
    """Best-of-three semi-finals lost 1-2 and 0-2: both losers are third, shared."""
    cells = []

    def game(rnd: int, a: int, b: int, a_wins: bool) -> None:
        cells.append({"round": rnd, "player": a, "opponent": b, "result": "win" if a_wins else "loss"})
        cells.append({"round": rnd, "player": b, "opponent": a, "result": "loss" if a_wins else "win"})

    for a_wins in (True, False, True):
        game(1, 1, 4, a_wins)
    for _ in range(2):
        game(1, 2, 3, True)
        game(2, 1, 2, True)
    players = [{"id": i, "name": f"P{i}"} for i in range(1, 5)]
    t = renju.tournament.Tournament.from_json(
        json.dumps({"name": "KO", "system": "knockout", "players": players, "pairings": cells})
    )
    rows = t.standings().rows
    assert [(r.rank, r.shared) for r in rows] == [(1, False), (2, False), (3, True), (3, True)]


def test_two_game_matches_score_as_one_match() -> None:
    """Each round's two games against one opponent score 1, ½ or 0 as a match; game
    points come next."""
    cells: list[dict[str, object]] = []
    matches: list[tuple[int, int, int, list[bool | None]]] = [
        (1, 1, 2, [True, False]),
        (2, 1, 3, [True, True]),
        (3, 2, 3, [True, None]),
    ]
    for rnd, a, b, wins in matches:
        for w in wins:
            mine, theirs = ("win", "loss") if w else ("draw", "draw") if w is None else ("loss", "win")
            cells.append({"round": rnd, "player": a, "opponent": b, "result": mine})
            cells.append({"round": rnd, "player": b, "opponent": a, "result": theirs})
    players = [{"id": i, "name": f"P{i}"} for i in range(1, 4)]
    t = renju.tournament.Tournament.from_json(
        json.dumps({"name": "Matches", "system": "round-robin", "players": players, "pairings": cells})
    )
    s = t.standings()
    assert [(r.id, r.points) for r in s.rows] == [(1, 1.5), (2, 1.5), (3, 0.0)]
    assert s.tiebreaks[0] == "GP"



def fide_8(repo: Path) -> list[list[tuple[int, int]]]:
    """FIDE C.05 Annex 1, the Berger table for 7 or 8 players (8 is the bye for 7), from
    fixtures/tournaments/berger_8.txt: one round a line, games first-second."""
    text = (repo / "fixtures/tournaments/berger_8.txt").read_text()
    return [
        [(int(a), int(b)) for a, b in (game.split("-") for game in line.split())]
        for line in text.splitlines()
    ]


def club(n: int) -> renju.tournament.Tournament:
    """A round robin of n players, not yet begun."""
    text = "012 Club\n" + "".join(f"001 {i:>4}      Player {i}\n" for i in range(1, n + 1))
    return renju.tournament.Tournament.from_trf(text)


def test_round_robins_are_paired_by_fides_table(repo: Path) -> None:
    """Every round of 8 and 7 players as FIDE's table has it; a double round robin."""
    eight, seven = club(8), club(7)
    fide = fide_8(repo)
    assert eight.next_round == 1
    assert [eight.pair_round_robin(r) for r in range(1, 8)] == fide
    for r, table in enumerate(fide, start=1):
        boards = seven.pair_round_robin(r)
        (a, b), rest = table[0], table[1:]
        assert boards == [(min(a, b), None), *rest]
    second_cycle = eight.pair_round_robin(8, double=True)
    assert second_cycle == [(b, a) for a, b in fide[0]]
    assert eight.pair_round_robin(6, double=True, reverse_last_two_rounds=True) == fide[6]


def test_a_round_that_cannot_be_paired_raises_value_error(repo: Path) -> None:
    """Past the schedule, another system, a tournament already paired to its end."""
    with pytest.raises(ValueError, match="past the schedule"):
        club(8).pair_round_robin(8)
    with pytest.raises(ValueError, match="not a round robin"):
        renju.tournament.read_tournament(repo / EXERCISE).pair_round_robin()
    played = renju.tournament.read_tournament(repo / "fixtures/tournaments/round_robin.trf")
    assert played.next_round == 6
    with pytest.raises(ValueError, match="past the 5 rounds"):
        played.pair_round_robin()
    with pytest.raises(ValueError, match="not paired by these tables"):
        played.pair_round_robin(5)


def test_lots_renumber_the_players_reproducibly(repo: Path) -> None:
    """Seed 1 draws 6, 7, 5, 4, 1, 2, 3 for start ranks 1 to 7, in every language."""
    seven = club(7)
    drawn = seven.draw_lots(1)
    assert drawn == seven.draw_lots(1)
    names = {p["id"]: p["name"] for p in drawn.players}
    assert [names[n] for n in range(1, 8)] == [f"Player {i}" for i in (5, 6, 7, 4, 3, 1, 2)]
    assert drawn.pair_round_robin()[0] == (1, None)
    assert "001    1      Player 5\n" in drawn.to_trf()
    played = renju.tournament.read_tournament(repo / "fixtures/tournaments/round_robin.trf")
    with pytest.raises(ValueError, match="before the first round"):
        played.draw_lots(2)


def test_a_knockout_is_paired_round_by_round() -> None:
    """The bracket's first round (byes to the top seeds), then the winners by neighbours."""
    players = [{"id": i, "name": f"P{i}"} for i in range(1, 6)]
    data: dict[str, object] = {"name": "KO", "system": "knockout", "players": players, "pairings": []}
    t = renju.tournament.Tournament.from_json(json.dumps(data))
    assert t.pair_knockout() == [(1, None), (4, 5), (2, None), (3, None)]
    data["pairings"] = [
        {"round": 1, "player": 4, "opponent": 5, "result": "loss"},
        {"round": 1, "player": 5, "opponent": 4, "result": "win"},
    ]
    t = renju.tournament.Tournament.from_json(json.dumps(data))
    assert t.next_round == 2
    assert t.pair_knockout() == [(1, 5), (2, 3)]
    data["pairings"] = [
        {"round": 1, "player": 4, "opponent": 5, "result": "draw"},
        {"round": 1, "player": 5, "opponent": 4, "result": "draw"},
    ]
    with pytest.raises(ValueError, match="tied"):
        renju.tournament.Tournament.from_json(json.dumps(data)).pair_knockout()


def test_pairing_arguments_out_of_range_are_value_errors() -> None:
    """A negative round or seed was a bare OverflowError."""
    players = [{"id": i, "name": f"P{i}"} for i in range(1, 5)]
    t = renju.tournament.Tournament.from_json(json.dumps({"name": "RR", "players": players, "pairings": []}))
    with pytest.raises(ValueError, match="round must be 0 to"):
        t.pair_round_robin(round=-1)
    with pytest.raises(ValueError, match="round must be 0 to"):
        t.pair_knockout(round=2**40)
    with pytest.raises(ValueError, match="seed must be 0 to"):
        t.draw_lots(-1)
    assert len(t.draw_lots(2**64 - 1).players) == 4


def test_a_point_system_scores_standings_and_tie_breaks(repo: Path) -> None:
    """TRF-26 162 (3/1/0) scores the points, SB weighs opponents by the game's result."""
    t = renju.tournament.read_tournament(repo / "fixtures/tournaments/three_points.trf")
    s = t.standings(tiebreaks="SB,WIN,BH")
    assert [(r.id, r.points) for r in s.rows] == [(1, 4.0), (2, 3.0), (3, 2.0), (4, 1.0)]
    assert s.rows[0].tiebreaks == {"SB": 4.0, "WIN": 1.0, "BH": 5.0}
    assert not s.findings
    assert "162  W 3.0    D 1.0" in t.to_trf()
    wrong = t.to_trf().replace("   4.0    1", "   1.0    1")
    found = renju.tournament.Tournament.from_trf(wrong).standings().findings
    assert [f.player for f in found if f.code == "points-mismatch"] == [1]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("062 10000000\n001    1      Ann\n", "10000000 players declared"),
        ("162  X 1.0\n001    1      Ann\n", "`X` is not a result code"),
        ("001 10000000      Ann\n", "more than four digits"),
        (
            "001    1      Ann                                                                1.0    1     2 b Q\n",
            'result "Q"',
        ),
    ],
)
def test_hostile_trf_raises_parse_error_naming_the_line(text: str, why: str) -> None:
    """Ten million players declared, unknown codes: a ParseError naming line 1, at once."""
    with pytest.raises(renju.ParseError) as e:
        renju.tournament.Tournament.from_trf(text)
    assert why in str(e.value)
    assert e.value.line == 1


def test_a_round_robin_of_two_game_matches_runs_end_to_end() -> None:
    """Each board a match of two games, colours exchanged; results entered; one match scored."""
    text = "092 Individual: Round robin\n" + "".join(
        f"001 {i:>4}      Player {i}\n" for i in range(1, 5)
    )
    t = renju.tournament.Tournament.from_trf(text)
    for _ in range(3):
        games = t.pair_round_robin(games=2)
        assert len(games) == 4
        assert games[1] == (games[0][1], games[0][0])
        results = []
        for (black, white), (black2, white2) in zip(games[::2], games[1::2]):
            assert white is not None and white2 is not None
            results.append((black, white, "1" if black < white else "0"))
            results.append((black2, white2, "="))
        t = t.record_results(results)
    s = t.standings()
    assert [r.id for r in s.rows][0] == 1 and s.rows[0].points == 3.0
    assert s.rows[0].tiebreaks["GP"] == 4.5
    with pytest.raises(ValueError, match="result 1: round 4"):
        t.record_results([(1, 2, "Q")])
    with pytest.raises(ValueError, match="1 to 99 games"):
        t.pair_round_robin(round=1, games=0)
    assert t.pair_round_robin(round=1, games=1) == t.pair_round_robin(round=1)


def test_team_events_are_paired_and_played(repo: Path) -> None:
    """A team round robin round by round; line-ups; Scheveningen; king of the hill."""
    t = renju.tournament.read_tournament(repo / "fixtures/tournaments/team_entries.trf")
    for _ in range(3):
        matches, bye = t.pair_teams()
        assert bye is None and len(matches) == 2
        first, second, boards = matches[0]
        assert len(boards) == 2
        t = t.record_results([(black, white, "1") for _, _, bs in matches for black, white in bs])
    s = t.standings()
    assert s.team and all(r.points == 1.5 for r in s.rows) and not s.findings
    with pytest.raises(ValueError, match="past the 3 rounds"):
        t.pair_teams()
    with pytest.raises(ValueError, match="'round-robin' or 'swiss'"):
        t.pair_teams(system="knockout")  # type: ignore[arg-type]
    swiss = renju.tournament.read_tournament(repo / "fixtures/tournaments/team_entries.trf")
    matches, _ = swiss.pair_teams(system="swiss", boards=1, lineups={1: [2]})
    assert [bs for f, s2, bs in matches if 1 in (f, s2)][0][0] in ((2, 7), (7, 2), (2, 3), (3, 2), (2, 5), (5, 2))
    with pytest.raises(ValueError, match="line-up"):
        swiss.pair_teams(system="swiss", lineups={1: [2, 1]})

    two = renju.tournament.read_tournament(repo / "fixtures/tournaments/two_teams.trf")
    rounds = [two.pair_scheveningen(round=r) for r in (1, 2, 3)]
    met = {frozenset(game) for games in rounds for game in games}
    assert len(met) == 9
    assert rounds[1][0] == (5, 1)
    with pytest.raises(ValueError):
        two.pair_scheveningen(round=4)

    bout, winner = two.king_of_the_hill()
    assert bout == (1, 4) and winner is None
    while bout is not None:
        black, white = bout
        two = two.record_results([(black, white, "1" if black <= 3 else "0")])
        bout, winner = two.king_of_the_hill()
    assert winner == 1

    club = renju.tournament.read_tournament(repo / "fixtures/tournaments/round_robin.trf")
    assert club.club_totals() == []


def team_double_rounds(repo: Path) -> list[tuple[list[tuple[int, int]], int]]:
    """fixtures/tournaments/team_double.rounds: each round's boards and bye team."""
    rounds: list[tuple[list[tuple[int, int]], int]] = []
    for line in (repo / "fixtures/tournaments/team_double.rounds").read_text().splitlines():
        if line.startswith("#"):
            continue
        games, bye = line.split(" bye ")
        pairs = [tuple(int(x) for x in g.split("-")) for g in games.split()]
        rounds.append(([(a, b) for a, b in pairs], int(bye)))
    return rounds


def test_a_double_team_round_robin_with_line_ups_pairs_as_the_other_front_ends(
    repo: Path,
) -> None:
    """The double round robin of team_double.trf with line-ups, round by round, as the
    file shared with the C and command-line tests has it; bad line-ups refused."""
    t = renju.tournament.read_tournament(repo / "fixtures/tournaments/team_double.trf")
    lineups = {1: [1, 3], 3: [8, 9]}
    expected = team_double_rounds(repo)
    assert len(expected) == 6
    for round, (games, bye) in enumerate(expected, start=1):
        matches, rested = t.pair_teams(round=round, boards=2, lineups=lineups, double=True)
        assert [g for _, _, boards in matches for g in boards] == games
        assert rested == bye
    # Played round by round, the next round is the one paired.
    played = t
    for games, _ in expected:
        matches, _ = played.pair_teams(boards=2, lineups=lineups, double=True)
        assert [g for _, _, boards in matches for g in boards] == games
        played = played.record_results([(b, w, "1") for b, w in games])
    with pytest.raises(ValueError, match="round 7 is past the 6 rounds"):
        played.pair_teams(boards=2, lineups=lineups, double=True)
    with pytest.raises(ValueError, match="round 4 is not in the schedule of 3 teams"):
        t.pair_teams(round=4, boards=2)
    with pytest.raises(ValueError, match="no second cycle"):
        t.pair_teams(system="swiss", double=True)
    for bad, message in [
        ({9: [1, 2]}, "a line-up for team 9: the tournament has no such team"),
        ({1: [1, 1]}, "team 1's line-up: player 1 is named twice"),
        ({1: [1, 4]}, "team 1's line-up: player 4 is not in the team"),
        ({1: [3, 1]}, "team 1's line-up: player 1 plays below player 3"),
        ({1: [1, 2, 3]}, "team 1's line-up: 3 players for 2 boards"),
    ]:
        with pytest.raises(ValueError, match=message):
            t.pair_teams(round=2, boards=2, lineups=bad, double=True)


def test_a_king_of_the_hill_of_three_teams_rotates_and_ranks_the_teams(repo: Path) -> None:
    """Three teams, the higher start rank winning each bout: the rotation's bouts (as
    the CLI and C tests play them), the winner and ranking; planted faults refused."""
    path = repo / "fixtures/tournaments/three_teams.trf"
    t = renju.tournament.read_tournament(path)
    bouts = []
    bout, winner = t.king_of_the_hill()
    while bout is not None:
        assert winner is None and t.king_of_the_hill_ranking() is None
        black, white = bout
        bouts.append(bout)
        t = t.record_results([(black, white, "1" if black > white else "0")])
        bout, winner = t.king_of_the_hill()
    assert bouts == [(1, 3), (3, 5), (5, 2), (4, 5)]
    assert winner == 3
    assert t.king_of_the_hill_ranking() == [(1, 3, None), (2, 2, 4), (3, 1, 3)]

    fresh = renju.tournament.read_tournament(path)
    again = fresh.record_results([(1, 3, "0")]).record_results([(1, 5, "0")])
    with pytest.raises(ValueError, match="round 2: player 1 plays again, having left in round 1"):
        again.king_of_the_hill()
    early = fresh.record_results([(1, 4, "1")])
    with pytest.raises(ValueError, match="round 1: player 4 of team 2 comes on before player 3"):
        early.king_of_the_hill_ranking()
    assert early.king_of_the_hill(lineups={2: [4, 3]}) == ((5, 1), None)
    # Both-leave draws: the last two teams out together share the first place.
    drawn = fresh.record_results([(1, 3, "=")]).record_results([(2, 5, "=")])
    assert drawn.king_of_the_hill() == ((4, 6), None)
    drawn = drawn.record_results([(4, 6, "=")])
    assert drawn.king_of_the_hill() == (None, None)
    assert drawn.king_of_the_hill_ranking() == [(1, 2, 3), (1, 3, 3), (3, 1, 2)]


def play_hill(t: renju.tournament.Tournament, order: list[int]) -> tuple[
    renju.tournament.Tournament, list[tuple[int, int]], int | None
]:
    """Plays the king of the hill of t from order, the higher start rank winning each
    bout: the tournament played, the bouts and the winner."""
    bouts = []
    bout, winner = t.king_of_the_hill(order=order)
    while bout is not None:
        black, white = bout
        bouts.append(bout)
        t = t.record_results([(black, white, "1" if black > white else "0")])
        bout, winner = t.king_of_the_hill(order=order)
    return t, bouts, winner


def test_a_king_of_the_hill_takes_the_rotation_order_given(repo: Path) -> None:
    """order=: three teams in the order East, North, South (the bouts the CLI and C
    tests play), two teams South first (its first player Black); an order that is not
    every team once is refused naming the team."""
    three = renju.tournament.read_tournament(repo / "fixtures/tournaments/three_teams.trf")
    played, bouts, winner = play_hill(three, [3, 1, 2])
    assert bouts[:3] == [(5, 1), (3, 5), (5, 2)] and winner == 3
    assert [team for _, team, _ in played.king_of_the_hill_ranking(order=[3, 1, 2]) or []] == [
        3, 2, 1
    ]
    with pytest.raises(ValueError, match="round 1: the next bout was 1 against 3"):
        played.king_of_the_hill_ranking()
    two = renju.tournament.read_tournament(repo / "fixtures/tournaments/two_teams.trf")
    _, bouts, winner = play_hill(two, [2, 1])
    assert bouts[:2] == [(4, 1), (2, 4)] and winner == 2
    for order, message in [
        ([1, 2, 9], "the rotation order names team 9, which the tournament does not have"),
        ([1, 2, 1, 3], "the rotation order names team 1 twice"),
        ([3, 1], "the rotation order leaves out team 2"),
    ]:
        with pytest.raises(ValueError, match=message):
            three.king_of_the_hill(order=order)
        with pytest.raises(ValueError, match=message):
            three.king_of_the_hill_ranking(order=order)
    assert three.king_of_the_hill(order=[]) == three.king_of_the_hill() == ((1, 3), None)


def test_the_team_score_system_is_read_and_set(repo: Path) -> None:
    """team_score_system (TRF-26 362): None in the file; set, kept as TRF writes it and
    counted by the standings and the TRF written; unreadable text refused as a
    ParseError, the tournament unchanged; None removes it."""
    t = renju.tournament.read_tournament(repo / "fixtures/tournaments/team_round_robin.trf")
    assert t.team_score_system is None
    assert (t.standings().rows[0].id, t.standings().rows[0].points) == (2, 2.0)
    t.team_score_system = "TD 1  TW 3"
    assert t.team_score_system == "TW 3.0 TD 1.0 TL 0.0"
    assert (t.standings().rows[0].id, t.standings().rows[0].points) == (2, 5.0)
    assert "\n362 TW 3.0 TD 1.0 TL 0.0\n" in t.to_trf()
    assert renju.tournament.Tournament.from_trf(t.to_trf()).team_score_system == (
        "TW 3.0 TD 1.0 TL 0.0"
    )
    for bad, message in [
        ("TX 1", '"TX" is not a code of a team score system'),
        ("TW", "TW has no points after it"),
        ("TW 1 TW 2", "TW is given twice"),
        ("TW 100", "match points of 100 or more"),
        ("", "no match points"),
    ]:
        with pytest.raises(renju.ParseError, match=message):
            t.team_score_system = bad
        assert t.team_score_system == "TW 3.0 TD 1.0 TL 0.0"
    with pytest.raises(TypeError):
        t.team_score_system = 3  # type: ignore[assignment]
    t.team_score_system = None
    assert t.team_score_system is None and "\n362" not in t.to_trf()
    assert t.standings().rows[0].points == 2.0


DUTCH = Path("fixtures") / "tournaments" / "dutch"


def engine_boards(repo: Path, name: str) -> list[tuple[int, int | None]]:
    """bbpPairings' -p output (White first, "N 0" for the bye) as (black, white)."""
    lines = (repo / DUTCH / name).read_text().split("\n")
    boards: list[tuple[int, int | None]] = []
    for line in lines[1 : 1 + int(lines[0])]:
        white, black = (int(x) for x in line.split())
        boards.append((white, None) if black == 0 else (black, white))
    return boards


def test_dutch_pairs_the_next_round_as_the_engine(repo: Path) -> None:
    t = renju.tournament.read_tournament(repo / DUTCH / "b-before-round-9.trf")
    assert t.pair_dutch() == engine_boards(repo, "b-round-9.pairings")
    # 3 points a win, 1 a draw (TRF 162).
    t = renju.tournament.read_tournament(repo / DUTCH / "c-before-round-5.trf")
    assert t.pair_dutch() == engine_boards(repo, "c-round-5.pairings")


def test_dutch_check_finds_a_planted_colour_fault(repo: Path) -> None:
    text = (repo / DUTCH / "a.trf").read_text()
    assert renju.tournament.read_tournaments_bytes(text.encode(), "a.trf")[0].check_dutch() == []
    # Player 1's round-1 game with colours exchanged on both sides.
    lines = text.split("\n")
    first = next(i for i, l in enumerate(lines) if l.startswith("001    1 "))
    opponent = int(lines[first][91:95])
    other = next(i for i, l in enumerate(lines) if l.startswith(f"001 {opponent:4d} "))
    swap = {"w": "b", "b": "w"}
    for i in (first, other):
        line = lines[i]
        lines[i] = line[:96] + swap[line[96]] + line[97:]
    t = renju.tournament.read_tournaments_bytes("\n".join(lines).encode(), "a.trf")[0]
    differences = t.check_dutch()
    assert differences and differences[0][0] == 1
    _, dutch, tournament = differences[0]
    assert set(dutch) != set(tournament)


def test_dutch_players_explain_the_pairing(repo: Path) -> None:
    t = renju.tournament.read_tournament(repo / DUTCH / "b-before-round-4.trf")
    players = t.dutch_players()
    assert len(players) == 64 and players[0]["id"] == 1
    assert all(p["preference_strength"] in ("none", "mild", "strong", "absolute") for p in players)
    assert any(p["floats"][0] == "down" for p in players)
    assert {p["colour_preference"] for p in players} <= {"white", "black", None}


def test_dutch_refuses_what_cannot_be_paired() -> None:
    met = b"012 Four\nXXR 5\n" + b"".join(
        b"001 %4d      P%d\n" % (i, i) for i in range(1, 5)
    )
    t = renju.tournament.read_tournaments_bytes(met, "four.trf")[0]
    with pytest.raises(ValueError, match="initial colour"):
        t.pair_dutch()
    t = renju.tournament.read_tournaments_bytes(met.replace(b"XXR 5", b"XXR 5\nXXC white1"), "four.trf")[0]
    assert t.pair_dutch() == [(3, 1), (2, 4)]
