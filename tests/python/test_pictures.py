"""Pictures from Python: Board.svg(explain=...), Board.png(), Explanation.svg() and
_repr_svg_, Report._repr_html_ (the core's drawing, called through the bindings)."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
import zlib
from html.parser import HTMLParser

import pytest

import renju

NS = {"svg": "http://www.w3.org/2000/svg"}
DOUBLE_THREE = "f8 a1 g8 a2 h6 a3 h7 a4"


def with_class(root: ET.Element, *names: str) -> list[ET.Element]:
    """Elements whose class list holds every name."""
    return [e for e in root.iter() if set(names) <= set(e.get("class", "").split())]


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows of RGBA pixels of an 8-bit RGBA PNG (what resvg writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (8, 6), "8-bit RGBA"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows = zlib.decompress(idat), width * 4, []
    prev = bytes(stride)
    for y in range(height):
        filt, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b, c = prev[i], prev[i - 4] if i >= 4 else 0
            if filt == 1:
                line[i] = (line[i] + a) & 255
            elif filt == 2:
                line[i] = (line[i] + b) & 255
            elif filt == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif filt == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = bytes(line)
        rows.append(prev)
    return width, height, rows


def test_board_svg_explains_a_point() -> None:
    """Board.svg(explain=...) is `renju show --explain`: lines, completion points."""
    board = renju.Board(DOUBLE_THREE)
    root = ET.fromstring(board.svg(explain="h8", pixels=300))
    assert root.get("width") == "300"
    assert len(with_class(root, "line", "three", "real")) == 2
    assert len(with_class(root, "completion", "usable")) == 4
    assert [e.get("data-point") for e in with_class(root, "examined")] == ["h8"]
    assert len(with_class(root, "stone")) == 8
    with pytest.raises(renju.IllegalMoveError):
        board.svg(explain="f8")


def test_board_svg_marks() -> None:
    """marks=: points are ringed, a dict gives each its shape; bad shapes are errors."""
    board = renju.Board("h8 i9")
    root = ET.fromstring(board.svg(marks=["j10", (2, 2)]))
    assert [(e.get("class"), e.get("data-point")) for e in with_class(root, "mark")] == [
        ("mark circle", "j10"), ("mark circle", "c3")]
    root = ET.fromstring(board.svg(marks={"j10": "triangle", "k11": "cross"}))
    assert [e.get("class") for e in with_class(root, "mark")] == ["mark triangle", "mark cross"]
    with pytest.raises(ValueError, match="star"):
        board.svg(marks={"j10": "star"})
    with pytest.raises(renju.IllegalMoveError):
        board.svg(marks=["p16"])


def test_explanations_draw_themselves() -> None:
    """Explanations from Board.explain() and from a played foul know their position."""
    board = renju.Board(DOUBLE_THREE)
    explained = board.explain("h8")
    svg = explained._repr_svg_()
    assert svg is not None and "Black at h8: forbidden (double-three)" in svg
    assert ET.fromstring(explained.svg(pixels=200)).get("width") == "200"
    verdict = board.play("h8")
    assert verdict.explanation is not None
    assert verdict.explanation.svg() == explained.svg()
    assert verdict.explanation == explained
    # A nested check is a small board beside the main one.
    nested = renju.Board("i9 a1 k9 a2 h8 a3 h7 a4 h6 b1 l8 b3 l7 b5 l6").explain("j9").svg()
    root = ET.fromstring(nested)
    assert [e.get("data-point") for e in with_class(root, "nested")] == ["h9", "l9"]
    # Verdicts of a replayed game do not keep their positions.
    game = renju.Game("f8 a1 g8 c1 h6 e1 h7 g1 h8")
    foul = game.replay().verdicts[-1].verdict.explanation
    assert foul is not None and foul._repr_svg_() is None
    with pytest.raises(ValueError, match="does not know its position"):
        foul.svg()


def test_board_png_has_the_size_and_stone_colours() -> None:
    """Board.png(): decodes, has the size asked for, stones' centres in their colours."""
    board = renju.Board("h8 i9")
    width, height, rows = decode_png(board.png(pixels=252, numbers=False))
    assert (width, height) == (252, 252)
    # The board is 504 units wide: h8 is at (252, 252) units, i9 at (282, 222).
    scale = 252 / 504

    def pixel(x: float, y: float) -> tuple[int, int, int]:
        row, col = rows[int(y * scale)], int(x * scale) * 4
        return row[col], row[col + 1], row[col + 2]

    assert max(pixel(252, 252)) < 40
    assert min(pixel(282, 222)) > 220


class Tags(HTMLParser):
    """Counts start tags and checks that every non-void tag is closed."""

    VOID = {"br", "img", "meta", "input", "hr", "link", "circle", "line", "rect", "path",
            "use"}

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[str, int] = {}
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.counts[tag] = self.counts.get(tag, 0) + 1
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.counts[tag] = self.counts.get(tag, 0) + 1

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()


def test_report_repr_html_shows_findings_with_boards() -> None:
    """Report._repr_html_: the summary and the first findings, each with its board."""
    games = [renju.Game("f8 a1 g8 c1 h6 e1 h7 g1 h8"), renju.Game("h8 h8 i9"),
             renju.Game("h8 i9")]
    report = renju.validate(games)
    page = report._repr_html_()
    tags = Tags()
    tags.feed(page)
    assert not tags.open
    assert "<script" not in page
    findings = sum(len(g.findings) for g in report)
    assert page.count('class="finding"') == findings
    # A board per finding, and the foul's explanation beside its board.
    assert page.count('class="board"') == findings + 1
    assert "Black at h8: forbidden (double-three)" in page
    many = renju.validate([renju.Game("h8 h8")] * 30)
    view = many._repr_html_()
    assert view.count('class="finding"') == 20
    assert "20 of 30 findings shown" in view
