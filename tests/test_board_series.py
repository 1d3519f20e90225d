"""Issue #40, "Done when": the board plays a game of sce2 with the cube in Chromium (Playwright)
against the service under gunicorn: the cube hint shown before a deal, a double offered and
taken, a deal played, and a pass that ends the game; and a resignation the computer accepts.
The computer plays both sides of the deals (the heuristic bot), so that the test clicks only the
cube's buttons."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from eights.bench.board_page import BoardPage
from tests.board_fixtures import browser, page, service  # noqa: F401  (fixtures)

TIMEOUT_MS = 60_000


@pytest.fixture
def board(page: Page, service: str) -> BoardPage:
    return BoardPage(page, service).open().set_budget(50)


def new_game(page: Page, deal: int, lead: int) -> None:
    page.fill("#series-from", str(deal))
    page.fill("#series-lead", str(lead))
    page.click("#series-new")
    expect(page.locator("#cube-hint")).to_contain_text("Cube hint", timeout=TIMEOUT_MS)


def test_a_game_with_the_cube_a_double_taken_then_a_pass_that_ends_it(board: BoardPage, page: Page) -> None:
    new_game(page, 14, 20)
    series = page.locator("#series")
    expect(page.locator("#series-standing")).to_have_text(
        "Deal 14 of 15: you lead by 20; the cube 1, in the middle. You play NS.")
    expect(page.locator("#cube-hint")).to_contain_text("Cube hint for NS: No double, take. No double ")
    page.click("#series-double")  # a double the tables would not make: the computer takes it
    expect(page.locator("#series-message")).to_have_text("The computer takes: the cube is at 2, the computer's.")
    expect(series).to_have_attribute("data-cube", "2")
    expect(series).to_have_attribute("data-owner", "computer")
    expect(page.locator("#series-double")).to_be_hidden()  # the cube is the computer's, and it trails
    page.fill("#bot", "heuristic")
    page.select_option("#bot-side", "both")
    asked = []  # each position the computer was asked to move in: with the deal's game context
    page.on("request", lambda request: asked.append(request.post_data_json["position"])
            if request.url.endswith("/v1/bot-move") else None)
    page.click("#series-next")
    expect(series).to_have_attribute("data-deal", "15", timeout=4 * TIMEOUT_MS)  # deal 14 played to its end
    assert asked and all(position.endswith(" deal:14 lead:20 cube:2/EW") for position in asked)
    expect(page.locator("#series-standing")).to_contain_text("Deal 15 of 15: you trail by ")
    # Deal 14 (seed 1) swings the lead to the computer: it redoubles before the last deal
    expect(page.locator("#series-message")).to_have_text(
        "The computer doubles to 4: take, or pass and lose 400 points.", timeout=TIMEOUT_MS)
    expect(page.locator("#cube-hint")).to_contain_text("Cube hint for NS: Redouble, take")  # you play EW in deal 15
    page.click("#series-pass")
    expect(series).to_have_attribute("data-phase", "over")
    expect(series).to_have_attribute("data-payoff", "-400")
    expect(page.locator("#series-message")).to_have_text(
        "Game over (you passed the computer's double before deal 15): you lose 400 points.")
    expect(page.locator("#series-resign")).to_be_hidden()


def test_the_computer_passes_a_double_too_good_to_take_and_accepts_a_fair_resignation(
        board: BoardPage, page: Page) -> None:
    new_game(page, 15, 150)
    expect(page.locator("#cube-hint")).to_contain_text("Cube hint for EW: Double, pass")  # deal 15: you play EW
    page.click("#series-double")
    expect(page.locator("#series")).to_have_attribute("data-payoff", "200")
    expect(page.locator("#series-message")).to_have_text(
        "Game over (the computer passed your double before deal 15): you win 200 points.")
    new_game(page, 14, -20)
    page.click("#series-resign")  # 200 points against about 20 playing on: the computer accepts
    expect(page.locator("#series")).to_have_attribute("data-payoff", "-200")
