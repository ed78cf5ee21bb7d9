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
