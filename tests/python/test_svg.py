"""Board._repr_svg_ / Board.svg(): well-formed SVG with numbered stones and forbidden
points marked."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import renju

NS = {"svg": "http://www.w3.org/2000/svg"}


def classes(el: ET.Element) -> set[str]:
    """The element's class names."""
    return set(el.get("class", "").split())


def test_svg_parses_and_shows_everything() -> None:
    """Stones numbered in play order, the last move ringed, forbidden points crossed."""
    board = renju.Board("f8 a1 g8 a2 h6 a3 h7 a4")
    root = ET.fromstring(board._repr_svg_())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("width") == "480"
    groups = root.findall(".//svg:g", NS)
    stones = [g for g in groups if "stone" in classes(g)]
    assert len(stones) == 8
    black = {g.get("data-point") for g in stones if "black" in classes(g)}
    assert black == {"f8", "g8", "h6", "h7"}
    numbers = {
        g.get("data-point"): t.text
        for g in stones
        for t in g.findall("svg:text", NS)
    }
    assert numbers == {"f8": "1", "a1": "2", "g8": "3", "a2": "4", "h6": "5", "a3": "6",
                       "h7": "7", "a4": "8"}
    forbidden = [g for g in groups if "forbidden" in classes(g)]
    assert [(g.get("data-point"), g.get("data-foul")) for g in forbidden] == [
        ("h8", "double-three")]
    title = forbidden[0].find("svg:title", NS)
    assert title is not None and title.text == "h8: double-three"
    last = [c for c in root.findall(".//svg:circle", NS) if "last-move" in classes(c)]
    assert len(last) == 1
    coords = root.find(".//svg:g[@class='coordinates']", NS)
    assert coords is not None and len(coords.findall("svg:text", NS)) == 4 * 15


def test_svg_options_and_setup_stones() -> None:
    """Set-up stones carry no numbers; options turn parts off."""
    board = renju.Board.from_diagram(str(renju.Board("h8 i9")))
    root = ET.fromstring(board.svg(pixels=200, coordinates=False, forbidden=False))
    assert root.get("width") == "200"
    assert root.find(".//svg:g[@class='coordinates']", NS) is None
    assert not [t for t in root.iter("{http://www.w3.org/2000/svg}text")]
    empty = ET.fromstring(renju.Board(rule="freestyle", size=9).svg())
    assert not [g for g in empty.iter("{http://www.w3.org/2000/svg}g") if "stone" in classes(g)]


def test_svg_without_numbers_and_no_forbidden_for_gomoku() -> None:
    """numbers=False leaves stones blank; gomoku has no forbidden points to mark."""
    board = renju.Board("f8 a1 g8 a2 h6 a3 h7 a4", rule="freestyle")
    root = ET.fromstring(board.svg(numbers=False))
    assert not root.findall(".//svg:text[@class='number']", NS)
    assert not [g for g in root.iter("{http://www.w3.org/2000/svg}g")
                if "forbidden" in classes(g)]
