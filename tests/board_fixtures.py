"""The fixtures of the board's browser tests (tests/test_board_*.py): the service under gunicorn
(one worker) on a free loopback port, Debian's Chromium driven by Playwright, and a new page in
a context of its own. A module imports the ones it uses."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from eights.bench.browser import chromium
from eights.bench.load import started_server


@pytest.fixture(scope="module")
def service() -> Iterator[str]:
    """The service (one worker) on a free port of 127.0.0.1; its URL."""
    with started_server(EIGHTS_WORKERS="1", EIGHTS_TT_MB="8") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, for the module's pages."""
    with chromium() as running:
        yield running


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A new page, in a context of its own."""
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    yield context.new_page()
    context.close()
