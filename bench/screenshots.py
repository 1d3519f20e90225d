"""``python -m eights.bench.screenshots``: retake the board's screenshots (docs/board-*.png, in the README and the docs).

They are taken in the browser the board's tests use (eights.bench.browser: Debian's Chromium), on a
service started for the purpose (gunicorn on a free loopback port), or on ``--url``. Every
deal, seed and bot is fixed, so a retake differs where the page changed (and, a little, in the
values of the timed searches).

    python -m eights.bench.screenshots [--out docs] [--url http://127.0.0.1:8000]
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path

from eights.extras import require

require("python -m eights.bench.screenshots", "bench", "playwright")  # before the browser's imports below

from playwright.sync_api import Browser, ViewportSize

from eights.bench.board_page import BoardPage
from eights.bench.browser import chromium
from eights.bench.load import started_server

ROOT = Path(__file__).resolve().parent.parent
VIEWPORT: ViewportSize = {"width": 1440, "height": 1000}
BUDGET_MS = 300  # each hint's search: values steady enough to read
ANALYSIS_MS = 1000  # each analysed position's search: the board's default


def the_deal(board: BoardPage) -> None:
    """The board as it opens: sce2's deal 1 (eight cards a hand), seed 1, in the fair view (the default:
    S's concealed hand face down), every legal card of W with its fair value."""
    board.settled()


def an_eight(board: BoardPage) -> None:
    """An 8 to play: the board asks for the suit, each suit with its value."""
    board.set_up("N:84.K7.Q.9 E:T.J5..K3 S:6.Q2.T7. W:A3..95.J up:5S turn:N")
    board.page.click('.seat.acting .card[data-card="8S"]')
    board.page.locator("#suit-dialog[open]").wait_for()


def the_fair_view(board: BoardPage) -> None:
    """The fair view (its switch under Play): the opponents' concealed hand face down, the values
    fair hints' means over deals sampled from the side to act's view."""
    board.deal(14, "S", seed=1)
    board.set_fair_view(True)


def an_analysis_running(board: BoardPage) -> None:
    """The analysis of a deal played to the end by two random bots, under way as a job: its
    progress bar (positions searched of all) and its Cancel button."""
    board.deal(12, "S", seed=3)
    board.let_bots_play("both", "random")  # the end of the deal starts its analysis
    # A function, not an expression: the page's Content-Security-Policy forbids eval.
    board.page.wait_for_function(
        "() => document.getElementById('analysis-progress').value >= 3"
        " || document.getElementById('analysis').dataset.state !== 'running'", timeout=60_000)


def the_analysis(board: BoardPage) -> None:
    """A deal played to the end by two random bots, analysed (how each side played and how lucky
    it was, the draws' luck and the mistakes on the graph), the board at its largest mistake."""
    board.deal(12, "S", seed=3)
    board.let_bots_play("both", "random")
    board.analysis()
    board.page.select_option("#bot-side", "")
    largest = board.page.locator(".mistakes li:first-child button")
    if largest.count():  # none found at a short budget (the tests')
        largest.click()
        board.settled()


def a_family_game(rules: str, seat: int = 0) -> Callable[[BoardPage], None]:
    """A game of the family chosen (``rules``: "classic/4"), dealt from seed 1: the person at ``seat``
    (the bottom), the computer (the fair bot) playing the other seats until her turn, the other hands
    face down (the fair view), her cards with their fair values."""

    def scene(board: BoardPage) -> None:
        board.choose_game(rules)
        board.page.select_option("#your-seat", str(seat))
        board.started_by(lambda: board.page.click("#deal-button"))

    scene.__doc__ = f"{rules}: {a_family_game.__doc__}"
    return scene


def a_family_analysis(board: BoardPage) -> None:
    """A classic/4 deal (seed 2) played to the end by the heuristic bot at every seat, analysed: a
    line per seat (her own value), the mistakes on their movers' lines, each seat's account; double
    dummy, every hand face up."""
    board.choose_game("classic/4", seed=2)
    board.set_fair_view(False)
    board.page.fill("#bot", "heuristic")
    board.page.select_option("#bot-side", "all")
    board.started_by(lambda: board.page.click("#deal-button"))  # a new deal, every seat the computer's
    board.analysis()


SHOTS: dict[str, Callable[[BoardPage], None]] = {
    "board-deal.png": the_deal,
    "board-eight.png": an_eight,
    "board-fair.png": the_fair_view,
    "board-analysing.png": an_analysis_running,
    "board-analysis.png": the_analysis,
    "board-classic4.png": a_family_game("classic/4"),
    "board-layout6.png": a_family_game("layout/6", seat=3),
    "board-sce4.png": a_family_game("sce/4"),
    "board-openspiel2.png": a_family_game("openspiel/2"),
    "board-family-analysis.png": a_family_analysis,
}


def take(browser: Browser, url: str, out: Path) -> list[Path]:
    """Take every screenshot of SHOTS into ``out``; the files written."""
    written = []
    for name, scene in SHOTS.items():
        page = browser.new_page(viewport=VIEWPORT)
        board = BoardPage(page, url).open().set_budget(BUDGET_MS).set_analysis_budget(ANALYSIS_MS)
        scene(board)
        path = out / name
        page.screenshot(path=str(path), full_page=True)
        page.close()
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m eights.bench.screenshots", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder of the PNG files (docs/)")
    parser.add_argument("--url", help="a running service to use instead of starting one")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    service = nullcontext(args.url) if args.url else started_server(EIGHTS_WORKERS="1")
    with service as url, chromium() as browser:
        for path in take(browser, url, args.out):
            print(path)


if __name__ == "__main__":
    main()
