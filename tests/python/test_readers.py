"""Readers and writers: renju.read / read_bytes / write / write_bytes on the project's
own files and on the real-world files in <repo>/../shared/data (skipped when absent)."""

from __future__ import annotations

import collections
import warnings
from pathlib import Path

import pytest

import renju


def test_read_move_lists(repo: Path) -> None:
    """A move-list file: one Game per line, directives applied, sources set."""
    path = repo / "fixtures" / "games" / "sample.txt"
    reader = renju.read(path)
    assert isinstance(reader, renju.GameReader) and iter(reader) is reader
    games = list(reader)
    assert len(games) == 5
    first = games[0]
    assert first.rule == renju.RuleSet.RENJU and first.opening_rule == renju.OpeningRule("rif1996")
    assert first.file == str(path) and first.line == 6 and first.index == 0
    assert games[-1].rule == renju.RuleSet.FREESTYLE
    assert [g.outcome.termination for g in games] == [
        "five", "unfinished", "two-passes", "forbidden", "five"]
    assert next(reader, None) is None


def test_read_error_modes(repo: Path) -> None:
    """errors='collect' (default), 'raise', 'skip' and 'yield'."""
    path = repo / "fixtures" / "games" / "bad_records.txt"
    skipping = renju.read(path, errors="skip")
    assert len(list(skipping)) == 5 and len(skipping.errors) == 1
    mixed = list(renju.read(path, errors="yield"))
    assert [type(r).__name__ for r in mixed] == [
        "Game", "ParseError", "Game", "Game", "Game", "Game"]
    with pytest.raises(renju.ParseError):
        list(renju.read(path, errors="raise"))
    with pytest.raises(ValueError, match="errors must be"):
        renju.read(path, errors="ignore")  # type: ignore[call-overload]


def test_a_for_loop_goes_past_bad_records(repo: Path) -> None:
    """Issue 9 item 14: by default a for loop over renju.read() gives every good game;
    the bad records' ParseErrors are kept in reader.errors, and one warning (when the
    reader is used up) says how many there were. errors='raise' stops at the first."""
    path = repo / "fixtures" / "games" / "bad_records.txt"
    reader = renju.read(path)
    assert reader.errors == []
    with pytest.warns(UserWarning, match=r"1 unreadable record\(s\) left out") as caught:
        games = [g for g in reader]
    assert len(caught) == 1
    assert len(games) == 5 and all(isinstance(g, renju.Game) for g in games)
    (error,) = reader.errors
    assert isinstance(error, renju.ParseError) and error.file == str(path)
    assert error.line is not None and error.line > games[0].line  # type: ignore[operator]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert next(reader, None) is None  # said once: no second warning
    # A clean file gives no warning.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        good = renju.read(repo / "fixtures" / "games" / "sample.txt")
        assert len(list(good)) == 5 and good.errors == []
    # Bytes readers behave the same.
    data = path.read_bytes()
    with pytest.warns(UserWarning):
        assert len(list(renju.read_bytes(data, "moves"))) == 5
    # Raising is an option: the first bad record stops a plain for loop.
    seen = []
    with pytest.raises(renju.ParseError):
        for g in renju.read(path, errors="raise"):
            seen.append(g)
    assert len(seen) == 1


def test_read_arguments(tmp_path: Path) -> None:
    """Unknown extensions need format=; missing files raise OSError."""
    odd = tmp_path / "games.dat2"
    odd.write_text("h8 i9\n")
    with pytest.raises(ValueError, match="cannot tell the format"):
        renju.read(odd)
    assert [g.move_string for g in renju.read(odd, "moves")] == ["h8 i9"]
    assert [g.move_string for g in renju.read(str(odd), format="moves")] == ["h8 i9"]
    with pytest.raises(ValueError, match="unknown format"):
        renju.read(odd, "docx")  # type: ignore[call-overload]
    with pytest.raises(FileNotFoundError):
        renju.read(tmp_path / "missing.txt")
    with pytest.raises(ValueError, match="size= only applies"):
        renju.read(odd, "moves", size=20)
    assert renju.FORMATS == ["moves", "rif", "renlib", "psq", "sgf", "openings"]


def test_read_bytes_and_write_round_trip() -> None:
    """Every format's writer output reads back to the same moves."""
    games = [renju.Game("h8 i9 j10 k11", rule="renju"), renju.Game("h8 h9 h10", rule="renju")]
    for fmt in ["moves", "rif", "renlib", "sgf"]:
        data = renju.write_bytes(games, fmt)  # type: ignore[arg-type]
        back = list(renju.read_bytes(data, fmt, file=f"x.{fmt}"))  # type: ignore[call-overload]
        assert [g.move_string for g in back] == [g.move_string for g in games], fmt
        assert all(g.file == f"x.{fmt}" for g in back)
    one = renju.write_bytes(games[:1], "psq")
    assert [g.move_string for g in renju.read_bytes(one, "psq")] == ["h8 i9 j10 k11"]
    openings = renju.write_bytes(games, "openings")
    assert [g.move_string for g in renju.read_bytes(openings, "openings")] == [
        "h8 i9 j10 k11", "h8 h9 h10"]
    with pytest.raises(TypeError, match="renju.Game"):
        renju.write_bytes(["h8"], "moves")  # type: ignore[list-item]
    swap = renju.Game(["h8", "h9", "h10", renju.Event.swap(True)])
    # A move list holds a swap decision; a .psq record does not.
    assert [g.move_string for g in renju.read_bytes(renju.write_bytes([swap], "moves"), "moves")] == ["h8 h9 h10"]
    with pytest.raises(renju.WriteError, match="game 1, move 4: a .psq record cannot hold a swap") as info:
        renju.write_bytes([swap], "psq")
    assert (info.value.format, info.value.game) == ("psq", "game 1")
    assert not isinstance(info.value, renju.ParseError)


def test_write_file(tmp_path: Path) -> None:
    """write() picks the format from the extension."""
    path = tmp_path / "out.sgf"
    renju.write(path, [renju.Game("h8 i9 j10")])
    assert path.read_bytes().startswith(b"(")
    assert [g.move_string for g in renju.read(path)] == ["h8 i9 j10"]


def test_gomocup_size() -> None:
    """Opening files do not say their size: size= gives it."""
    data = b"0,0, 1,0, 1,3\n"
    assert next(renju.read_bytes(data, "openings")).move_string == "h8 i8 i5"
    g = next(renju.read_bytes(data, "openings", size=20))
    assert g.size == 20 and g.move_string == "k10 l10 l7"  # centre floor(20/2) = k10
    assert next(renju.read_bytes(data, "openings", file="openings_20.txt")).size == 20


# ---------------------------------------------------------------------------
# Real-world files
# ---------------------------------------------------------------------------


def test_renlib_libraries(shared_data: Path) -> None:
    """Every root-to-leaf line of the four RenLib libraries, as the reference listing
    (renlib_sample_lines.txt) gives them."""
    expected: dict[str, list[str]] = collections.defaultdict(list)
    listing = shared_data / "renlib" / "renlib_sample_lines.txt"
    for line in listing.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, moves = line.split("\t")
            expected[name].append(moves)
    assert set(expected) == {"Allrenjuopenings.lib", "D4.lib", "I7.lib", "VCF.lib"}
    for name, lines in expected.items():
        path = shared_data / "renlib" / name
        games = list(renju.read(path))
        assert [g.move_string for g in games] == lines, name
        assert [g.index for g in games] == list(range(len(games)))
        assert all(g.byte_offset is not None and g.file == str(path) for g in games)
        assert games[0].id == "line 1"
    assert sum(len(v) for v in expected.values()) == 4866


def test_sgf_trees(shared_data: Path) -> None:
    """Every leaf variation of the SGF analysis trees reads as a Game on 15x15."""
    files = sorted((shared_data / "sgf").glob("*.sgf"))
    assert len(files) == 4
    counts: dict[str, int] = {}
    for path in files:
        records = list(renju.read(path, errors="yield"))
        assert records, path
        errors = [r for r in records if isinstance(r, renju.ParseError)]
        assert errors == [], (path, errors[:3])
        games = [r for r in records if isinstance(r, renju.Game)]
        assert all(g.size == 15 and g.moves for g in games)
        assert [g.index for g in games] == list(range(len(games)))
        counts[path.name] = len(games)
    # The data README counts 19,123 leaf variations in the three analysis trees; the
    # tiny sample holds one more.
    assert counts.pop("lfz084_24_carpet_kyugetsu_tiny.lib.sgf") == 1
    assert sum(counts.values()) == 19123, counts


def test_psq_record(shared_data: Path) -> None:
    """The Piskvork record: 20x20, y counted from the top, players as tags."""
    path = shared_data / "gomocup" / "psq" / "gomocuponline_1x0-16_2.psq"
    (game,) = list(renju.read(path))
    assert game.size == 20
    assert game.moves[0] == renju.Move("j11")  # 10,10 from the top-left on 20x20
    assert game.moves[1] == renju.Move("k9")  # 11,12
    assert game.tag("black") == "pisq7.exe" and game.tag("white") == "renjusolver.ZIP"
    replay = game.replay(options=renju.ValidationOptions(rule="freestyle"))
    assert replay.outcome.winner == renju.Color.WHITE and replay.outcome.termination == "five"
    # Renju is 15x15 only: under the default rule set the game cannot be replayed.
    assert [f.code for f in game.replay().findings] == ["board-size"]


def test_gomocup_openings(shared_data: Path) -> None:
    """Gomocup opening files: offset and pos notations, sizes from the file name."""
    gomocup = shared_data / "gomocup"
    piskvork = list(renju.read(gomocup / "piskvork_openings.txt", "openings", errors="yield"))
    first = piskvork[0]
    assert isinstance(first, renju.Game)
    assert first.move_string == "h8 i8 i5" and first.tags == [("notation", "offset")]
    assert first.size == 15 and first.line == 1
    bad = [r for r in piskvork if isinstance(r, renju.ParseError)]
    assert all(e.line is not None and "off the 15x15 board" in str(e) for e in bad)
    pos = list(renju.read(gomocup / "cgomokucli_pos_freestyle_20x20.txt", "openings"))
    assert pos[0].size == 20 and pos[0].tags == [("notation", "pos")]
    assert pos[0].move_string == "d18 e16 f15 d14"
    judge = list(renju.read(gomocup / "gomocupjudge_openings_20.txt", "openings"))
    assert judge[0].size == 20 and judge[0].move_string == "d18 e19 h19"
    for name in ["gomocup2024_openings_freestyle15.txt", "gomocup2025_openings_freestyle15.txt",
                 "gomocup2026_openings_freestyle15.txt"]:
        games = list(renju.read(gomocup / name, "openings"))
        assert len(games) == 12 and all(g.size == 15 for g in games)
    online = list(renju.read(gomocup / "gomocuponline_openings.txt", "openings", size=20))
    assert online and all(g.size == 20 for g in online)


def test_validate_real_files(shared_data: Path) -> None:
    """The libraries validate as freestyle-free Renju lines: no record is unreadable."""
    report = renju.validate(shared_data / "renlib" / "D4.lib")
    assert report.summary.games == 350
    assert "unreadable-record" not in report.summary.findings


def test_move_list_files_are_read_as_the_reader_advances(tmp_path: Path) -> None:
    """A move-list file given by path is streamed, not read whole when the reader is
    made: cutting the file short after the first game shortens what follows."""
    path = tmp_path / "many.txt"
    path.write_text("h8 i9 j10\n" * 20_000)
    reader = renju.read(path)
    first = next(reader)
    assert len(first.moves) == 3
    path.write_text("")  # truncate: only what was already buffered remains
    rest = sum(1 for _ in reader)
    assert 0 <= rest < 19_999


#: Reads the file named by argv[1] under a 4 GB address-space limit and prints the
#: messages of its unreadable records, one a line.
_READ_UNDER_ULIMIT = """
import resource, sys, renju
resource.setrlimit(resource.RLIMIT_AS, (4_000_000_000, 4_000_000_000))
reader = renju.read(sys.argv[1], errors="skip")
games = sum(1 for _ in reader)
print(games)
for e in reader.errors:
    print(e)
"""


def test_trees_past_their_memory_budget_are_errors(tmp_path: Path) -> None:
    """Issue 43: a RenLib line of 16 million records (32 MB) and 1.5 million nested SGF
    variations (10.5 MB), within the file limit, took some 70 and 90 times their size
    in memory (larger ones aborted). Past the tree budget (512 MiB) reading stops with
    one ParseError naming the file and the limit, here in a child process under a 4 GB
    address-space limit."""
    import subprocess
    import sys

    lib = tmp_path / "line.lib"
    lib.write_bytes(b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x00" + b"\x78\x00" * 16_000_000)
    sgf = tmp_path / "nested.sgf"
    sgf.write_bytes(b"(;B[hh]" * 1_500_000)
    for path in (lib, sgf):
        out = subprocess.run(
            [sys.executable, "-c", _READ_UNDER_ULIMIT, str(path)],
            capture_output=True, text=True, timeout=120,
        )
        assert out.returncode == 0, out.stderr
        games, *errors = out.stdout.splitlines()
        assert games == "0" and len(errors) == 1, out.stdout
        assert str(path) in errors[0] and "more than 536870912 bytes of memory" in errors[0], errors
