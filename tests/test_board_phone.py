"""Issue #38: the board fits a phone: at 412 px wide (a common phone's viewport) the page has no
horizontal scroll, for sce2's table and for family tables of 4 to 8 hands, in Debian's Chromium
driven by Playwright against the service under gunicorn."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from eights.bench.board_page import BoardPage
from tests.board_fixtures import browser, service  # noqa: F401  (fixtures)

PHONE_WIDTH = 412
BUDGET_MS = 50


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:  # noqa: F811  (the fixture imported above)
    """A new page 412 px wide, in a context of its own."""
    context = browser.new_context(viewport={"width": PHONE_WIDTH, "height": 900})
    yield context.new_page()
    context.close()


def page_width(page: Page) -> int:
    width: int = page.evaluate("() => document.documentElement.scrollWidth")
    return width


@pytest.mark.parametrize("rules", ["sce2", "classic/4", "layout/8", "openspiel/8"])
def test_the_board_fits_a_412_px_screen(phone: Page, service: str, rules: str) -> None:  # noqa: F811
    board = BoardPage(phone, service).open().set_budget(BUDGET_MS)
    if rules != "sce2":
        board.choose_game(rules)
    assert board.position.startswith(f"rules:{rules} ") == (rules != "sce2")
    assert page_width(phone) <= PHONE_WIDTH
