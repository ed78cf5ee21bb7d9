"""`renju validate --html`: the page parses, its finding rows are the JSON report's, and
in a real headless browser (Debian's chromium with chromedriver, through selenium) it
opens without console errors, shows the rows, filters, and draws a board when a finding
is opened. A screenshot is saved as target/html-report.png for review.

tests/python/run.sh installs chromium, chromium-driver and selenium when it can; where
they cannot be installed, the browser test is skipped and says why."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]


def cli() -> str:
    """The renju CLI (RENJU_CLI, set by tests/python/run.sh)."""
    path = os.environ.get("RENJU_CLI")
    if not path or not Path(path).exists():
        pytest.skip("RENJU_CLI does not name a built renju CLI (tests/python/run.sh sets it)")
    return path


class Page(HTMLParser):
    """Collects the embedded data and checks that elements nest properly."""

    VOID = {"meta", "input", "br", "hr", "img", "link"}

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.data_text: list[str] = []
        self.in_data = False
        self.scripts: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self.scripts.append(dict(attrs))
        self.in_data = tag == "script" and ("id", "renju-data") in attrs
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()
        self.in_data = False

    def handle_data(self, data: str) -> None:
        if self.in_data:
            self.data_text.append(data)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A report of 300 generated games: the HTML file and the JSON report."""
    tmp = tmp_path_factory.mktemp("html")
    games = tmp / "games.txt"
    made = subprocess.run([sys.executable, str(REPO / "scripts" / "make_games.py"), "300", "7"],
                          check=True, capture_output=True, text=True)
    games.write_text(made.stdout)
    html = tmp / "report.html"
    run = subprocess.run([cli(), "validate", str(games), "--json", "--html", str(html)],
                         capture_output=True, text=True)
    assert run.returncode == 1, run.stderr
    return html, json.loads(run.stdout)


def expected_rows(report: dict[str, Any]) -> list[tuple[int, str, str, int | None, str]]:
    """(game number, code, severity, move, message) of every finding, in order."""
    return [(g["index"] + 1, f["code"], f["severity"], f["move"], f["message"])
            for g in report["games"] for f in g["findings"]]


def test_page_parses_and_rows_match_the_json(report: tuple[Path, dict[str, Any]]) -> None:
    """Well-nested HTML, nothing fetched, one row per finding of the JSON report."""
    html, json_report = report
    page = Page()
    page.feed(html.read_text())
    assert not page.open
    assert all("src" not in s for s in page.scripts)
    data = json.loads("".join(page.data_text))
    rows = [(data["games"][r["g"]]["n"], r["c"], r["v"], r["m"], r["t"]) for r in data["rows"]]
    assert rows == expected_rows(json_report)
    assert sum(1 for r in data["rows"] if "x" in r) == json_report["summary"]["findings"].get(
        "forbidden-move", 0)


def browser() -> Any:
    """A headless chromium driven by selenium, or skip saying what is missing."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed (tests/python/run.sh installs it with pip)")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        pytest.skip("Debian's chromium and chromium-driver are not installed, and could not "
                    "be (apt-get install chromium chromium-driver needs root)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1300,1200"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(driver), options=options)


def test_page_in_a_headless_browser(report: tuple[Path, dict[str, Any]]) -> None:
    """No console errors, the rows, the code filter, a board when a finding is opened."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    html, json_report = report
    expected = expected_rows(json_report)
    driver = browser()
    try:
        driver.get(html.as_uri())
        rows = driver.find_elements(By.CSS_SELECTOR, "#rows tr.finding")
        assert len(rows) == min(100, len(expected))
        count = driver.find_element(By.ID, "count").text
        assert count == f"{len(expected)} of {len(expected)} findings"
        # Filter by code: every row shown has it, and the count is the JSON's.
        Select(driver.find_element(By.ID, "code")).select_by_visible_text("forbidden-move")
        fouls = [r for r in expected if r[1] == "forbidden-move"]
        assert driver.find_element(By.ID, "count").text == \
            f"{len(fouls)} of {len(expected)} findings"
        codes = [c.text for c in driver.find_elements(By.CSS_SELECTOR, "#rows td.code")]
        assert codes and set(codes) == {"forbidden-move"}
        # Open a finding: its board and the foul's explanation appear.
        driver.find_element(By.CSS_SELECTOR, "#rows tr.finding").click()
        boards = driver.find_elements(By.CSS_SELECTOR, "#rows tr.detail svg")
        assert len(boards) == 2
        stones = driver.find_elements(By.CSS_SELECTOR, "#rows tr.detail .board g.stone")
        assert len(stones) == fouls[0][3]
        assert driver.find_elements(By.CSS_SELECTOR, "#rows tr.detail .explanation .line")
        # Severity filter and sorting by move.
        Select(driver.find_element(By.ID, "code")).select_by_index(0)
        Select(driver.find_element(By.ID, "severity")).select_by_visible_text("error")
        errors = [r for r in expected if r[2] == "error"]
        assert driver.find_element(By.ID, "count").text == \
            f"{len(errors)} of {len(expected)} findings"
        driver.find_element(By.CSS_SELECTOR, "th[data-key=move]").click()
        moves = [int(c.text) for c in
                 driver.find_elements(By.CSS_SELECTOR, "#rows tr.finding td:nth-child(4)")
                 if c.text]
        assert moves == sorted(moves)
        Select(driver.find_element(By.ID, "severity")).select_by_index(0)
        Select(driver.find_element(By.ID, "code")).select_by_visible_text("forbidden-move")
        driver.find_element(By.CSS_SELECTOR, "#rows tr.finding").click()
        target = REPO / "target"
        target.mkdir(exist_ok=True)
        driver.save_screenshot(str(target / "html-report.png"))
        logs = driver.get_log("browser")
        problems = [e for e in logs if e.get("level") == "SEVERE"]
        assert not problems, problems
    finally:
        driver.quit()
