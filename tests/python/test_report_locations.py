"""Issue 9, item 16: replay findings carry the line (or byte offset) of their record, in
the report objects and their JSON, as unreadable records do."""

from __future__ import annotations

import json
from pathlib import Path

import renju


def test_replay_findings_carry_their_record_line(repo: Path) -> None:
    report = renju.validate(repo / "fixtures" / "games" / "bad_records.txt")
    occupied = report.games[0].findings[0]
    assert occupied.code == "occupied-point"
    assert occupied.line == 4 and occupied.byte_offset is None
    assert occupied.to_dict()["line"] == 4
    unreadable = report.games[1].findings[0]
    assert unreadable.code == "unreadable-record" and unreadable.line == 6
    games = json.loads(report.to_json())["games"]
    assert games[0]["findings"][0]["line"] == 4
    assert "byte_offset" not in games[0]["findings"][0]
