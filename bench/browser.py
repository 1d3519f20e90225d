"""Debian's Chromium, driven by Playwright, as the board's browser tests and its screenshots use it.

Playwright's own browser download is not used (nor reachable here): the browser is the
system's ``/usr/bin/chromium`` (Debian package ``chromium``), started headless with the flags
that keep it from calling out (no background networking, updates, sync or QUIC). Playwright
gives each launch a new empty profile (``--user-data-dir``) of its own. Needs the ``test``
extra (``pip install -e '.[test]'``), which brings Playwright.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync")


class NoChromium(RuntimeError):
    """The system's Chromium is not installed."""


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium while the block runs; NoChromium, saying how to install it, if it is missing."""
    if not CHROMIUM.exists():
        raise NoChromium(f"{CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=list(FLAGS))
        try:
            yield browser
        finally:
            browser.close()
