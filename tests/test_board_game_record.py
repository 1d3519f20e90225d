"""Issue #40 item 6 on the board (Chromium, Playwright, the service under gunicorn): a whole game
against the computer (the random bot playing both sides of its deal, so that the test clicks only
the game's buttons), its record copied from the page read back by ``eights analyse-game``, and its
analysis shown on the page: the cube and resignation errors beside the move errors, in equity,
and each player's rating."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from eights.bench.board_page import BoardPage
from tests.board_fixtures import browser, page, service  # noqa: F401  (fixtures)

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_MS = 60_000
SEED = 7


@pytest.fixture
def board(page: Page, service: str) -> BoardPage:
    return BoardPage(page, service).open().set_budget(50)


def shown_record(page: Page, finished: str) -> dict:
    """The record the page shows after "Game record", its deals ``finished`` as the page says them."""
    page.click("#series-record")
    expect(page.locator("#series-record-status")).to_have_text(
        f"The game's record, {finished} finished (eights analyse-game reads it).", timeout=TIMEOUT_MS)
    return json.loads(page.locator("#series-record-text").input_value())


def test_a_whole_game_on_the_board_writes_its_record_and_shows_its_analysis(
        board: BoardPage, page: Page, tmp_path: Path) -> None:
    page.fill("#bot", "random")
    page.select_option("#bot-side", "both")
    page.fill("#series-seed", str(SEED))
    page.click("#series-new")
    expect(page.locator("#cube-hint")).to_contain_text("Cube hint", timeout=TIMEOUT_MS)
    before = shown_record(page, "0 deals")  # at any point: here before the first deal
    assert before["kind"] == "match" and before["seed"] == SEED and before["deals"] == []
    page.click("#series-next")
    expect(page.locator("#series")).to_have_attribute("data-deal", "2", timeout=4 * TIMEOUT_MS)
    page.click("#series-resign")  # 200 points: the computer accepts, the game is over
    expect(page.locator("#series")).to_have_attribute("data-phase", "over")
    record = shown_record(page, "1 deal")
    assert record["players"] == ["human", "random"] and len(record["deals"]) == 1
    assert record["cube_actions"] == [{"before_deal": 2, "player": 0, "action": "resign"},
                                      {"before_deal": 2, "player": 1, "action": "accept"}]
    assert page.locator("#series-download").get_attribute("download") == f"eights-game-{SEED}.json"
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record))
    done = subprocess.run([sys.executable, "-m", "eights", "analyse-game", str(saved), "--depth", "2"],
                          capture_output=True, text=True, cwd=str(ROOT), check=False)
    assert done.returncode == 0, done.stderr
    assert "human" in done.stdout and "ended before deal 2 by a resignation" in done.stdout

    page.click("#series-analyse")
    analysis = page.locator("#series-analysis")
    expect(analysis).to_have_attribute("data-state", "done", timeout=TIMEOUT_MS)
    expect(analysis).to_contain_text("ended by a resignation; human's payoff -200")
    expect(analysis.locator("thead")).to_have_text("humanrandom")
    expect(analysis.locator("tbody th")).to_have_text(
        ["moves", "error/move", "moves eq.", "cube decisions", "cube eq.", "rating"])
    expect(analysis.locator("tbody tr").last).to_contain_text("plays like")  # the rating, in gnubg's words
    expect(analysis).to_contain_text("Cube and resignation errors")


def test_a_game_from_a_later_deal_says_why_it_has_no_record(board: BoardPage, page: Page) -> None:
    page.fill("#series-from", "14")
    page.fill("#series-lead", "20")
    page.click("#series-new")
    expect(page.locator("#cube-hint")).to_contain_text("Cube hint", timeout=TIMEOUT_MS)
    page.click("#series-record")
    expect(page.locator("#series-record-status")).to_have_text(
        "This game started at deal 14: a game's record starts at deal 1 (start one from deal 1).")
