"""The JavaScript package in a real headless browser (Debian's chromium, through
selenium): the package judges every forbidden map of the fixture corpus as the native
judge does, and the board page plays a refereed game by clicks (a forbidden click
refused with its reason shown, a five ending the game, a Swap2 decision). A screenshot
is kept as target/js-page.png. The package must be built (scripts/build-js.sh, which the
test command runs first); the test skips, saying so, when it is not."""

from __future__ import annotations

import functools
import http.server
import json
import os
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_html_report import browser

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "renju-js" / "dist"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the repository, with WebAssembly's type, logging nothing."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The repository served on 127.0.0.1 while the tests run: its base URL."""
    if not (PACKAGE / "renju.wasm").exists():
        pytest.skip("the JavaScript package is not built (bash scripts/build-js.sh)")
    handler = functools.partial(QuietHandler, directory=str(REPO))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    driver = browser()
    try:
        yield driver
    finally:
        driver.quit()


CORPUS = """
const done = arguments[arguments.length - 1];
(async () => {
  const { forbidden, parseFixtures } = await import('/renju-js/dist/renju.js');
  let maps = 0;
  const wrong = [];
  for (const file of ['rules_reference.txt', 'match_rules_figures.txt', 'gomoku.txt']) {
    const text = await (await fetch('/fixtures/positions/' + file)).text();
    for (const fixture of parseFixtures(text)) {
      for (const map of fixture.maps) {
        const got = forbidden({ board: fixture.rows, rule: fixture.rule,
                                fiveCompletionCounts: map.fiveCompletionCounts });
        maps++;
        const canon = (m) => JSON.stringify(Object.entries(m).sort());
        if (canon(got) !== canon(map.forbidden)) wrong.push(fixture.id);
      }
    }
  }
  return { maps, wrong };
})().then(done, (e) => done({ error: String(e) }));
"""


def test_the_corpus_in_the_browser(server: str, driver: Any) -> None:
    """Every forbidden map of the corpus, judged by the package in Chromium."""
    driver.set_script_timeout(120)
    driver.get(f"{server}/renju-js/dist/page/index.html")
    result = driver.execute_async_script(CORPUS)
    assert "error" not in result, result
    assert result["maps"] > 100
    assert result["wrong"] == []


def click(driver: Any, point: str) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, f'#board [data-point="{point}"]').click()


def text(driver: Any, element: str) -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.ID, element).text)


SHARED = """
const [boards, done] = arguments;
// The maps of forbiddenMasks on all the boards' cells at once, as forbidden gives them.
function maskMaps(forbiddenMasks) {
  const cells = new Uint8Array(boards.length * 225);
  boards.forEach((rows, n) => rows.forEach((row, i) => {
    for (let x = 0; x < 15; x++) cells[n * 225 + (14 - i) * 15 + x] = { B: 1, W: 2 }[row[x]] ?? 0;
  }));
  const masks = forbiddenMasks(cells, { kinds: true });
  const fouls = [null, 'overline', 'double-four', 'double-three'];
  return boards.map((_, n) => {
    const map = {};
    for (let i = 0; i < 225; i++) {
      const code = masks[n * 225 + i];
      if (code) map[String.fromCharCode(97 + (i % 15)) + (Math.floor(i / 15) + 1)] = fouls[code];
    }
    return map;
  });
}
import('/renju-js/dist/renju.js')
  .then(({ forbiddenAll, forbiddenMasks }) => done({
    maps: forbiddenAll(boards.map((board) => ({ board }))),
    masks: maskMaps(forbiddenMasks),
  }))
  .catch((e) => done({ error: String(e) }));
"""


def test_the_shared_corpus_in_the_browser(server: str, driver: Any, shared_data: Path) -> None:
    """The 2,574 boards of the shared forbidden-move corpus: the package in Chromium
    finds the same forbidden points as the native command, through the JSON calls and
    through forbiddenMasks."""
    cli = os.environ.get("RENJU_CLI")
    if not cli or not Path(cli).exists():
        pytest.skip("RENJU_CLI does not name a built renju CLI (tests/python/run.sh sets it)")
    corpus = (shared_data / "forbidden" / "conformance_corpus.jsonl").read_text()
    boards = [json.loads(line)["board"] for line in corpus.splitlines() if line.strip()]
    queries = "".join(json.dumps({"board": board}) + "\n" for board in boards)
    native = subprocess.run([cli, "forbidden"], input=queries, capture_output=True, text=True,
                            check=True).stdout.splitlines()
    expected = [json.loads(line)["forbidden"] for line in native]
    driver.set_script_timeout(300)
    driver.get(f"{server}/renju-js/dist/page/index.html")
    result = driver.execute_async_script(SHARED, boards)
    assert "error" not in result, result
    assert len(boards) > 2000
    assert result["maps"] == expected
    assert result["masks"] == expected


def test_a_refereed_game_by_clicks(server: str, driver: Any) -> None:
    """A forbidden click is refused with its reason, a five ends the game, Swap2's
    decision is offered and taken; no error in the console."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver.get(f"{server}/renju-js/dist/page/index.html")
    WebDriverWait(driver, 30).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    assert "Move 1: first player to place (black stone)" in text(driver, "status")
    for point in "f8 a1 g8 a2 h6 a3 h7 a4".split():
        click(driver, point)
    h8 = driver.find_element(By.CSS_SELECTOR, '#board [data-point="h8"]')
    assert "forbidden" in (h8.get_attribute("class") or "")
    assert "double-three" in (h8.get_attribute("title") or "")
    click(driver, "h8")
    assert "forbidden" in text(driver, "message") and "h8" in text(driver, "message")
    assert "Move 9" in text(driver, "status")
    driver.save_screenshot(str(REPO / "target" / "js-page.png"))
    click(driver, "e8")
    click(driver, "a5")
    assert text(driver, "result") == "0-1: white wins (five)"
    assert text(driver, "status") == "The game is over."

    Select(driver.find_element(By.NAME, "opening")).select_by_visible_text("swap2")
    driver.find_element(By.ID, "new-game").click()
    for point in "h8 i9 j8".split():
        click(driver, point)
    decisions = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#decision button")]
    assert set(decisions) == {"stay", "swap", "place-two"}, decisions
    driver.find_element(By.CSS_SELECTOR, '#decision button[data-action="swap"]').click()
    assert "second player" not in text(driver, "status") or "place" in text(driver, "status")
    assert "Move 4" in text(driver, "status")
    problems = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    assert not problems, problems
