"""The analysis board (``/board/``) as a browser sees it: what a person does on it (deal, play a
card, draw, undo, let a bot play, hide a hand) and what it shows (the values on the cards, the analysis),
for the board's browser tests and its screenshots, so that both drive the page the same way.

The page says when it is settled: the table's ``data-state`` is ``ready`` once the values of
the position have come (``over`` at the end of the deal; ``computer`` while the computer is to
move), and the analysis panel's is ``done`` (``running`` while its job runs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page

TIMEOUT_MS = 20_000  # the longest the board may take to settle (a search, an analysis)
SETTLED = '#table[data-state="ready"], #table[data-state="over"]'


class BoardPage:
    """One browser page on the board of the service at ``url``."""

    def __init__(self, page: Page, url: str) -> None:
        self.page = page
        self.url = url
        page.set_default_timeout(TIMEOUT_MS)

    def open(self) -> BoardPage:
        """Load the board and wait for its first deal to settle."""
        self.page.goto(f"{self.url}/board/")
        return self.settled()

    def settled(self) -> BoardPage:
        """Wait until the position on the board has its values (or the deal is over)."""
        self.page.locator(SETTLED).wait_for()
        return self

    def set_budget(self, time_ms: int) -> BoardPage:
        """The search time of each hint and analysed position."""
        self.page.select_option("#budget", str(time_ms))
        return self.settled()

    def set_analysis_budget(self, time_ms: int) -> BoardPage:
        """The search time of each position the analysis searches (its own setting, beside the analysis)."""
        self.page.select_option("#analysis-budget", str(time_ms))
        return self

    def set_fair_view(self, on: bool) -> BoardPage:
        """Turn the fair view on (the opponents' concealed hand face down, values from
        /v1/fair-hint) or off, and wait for the position's values."""
        self.page.set_checked("#fair-view", on)
        return self.settled()

    def deal(self, number: int, dealer: str = "S", seed: int = 1) -> BoardPage:
        """Deal ``number`` for ``dealer`` from ``seed``."""
        self.page.fill("#deal-number", str(number))
        self.page.select_option("#dealer", dealer)
        self.page.fill("#deal-seed", str(seed))
        return self.started_by(lambda: self.page.click("#deal-button"))

    def started_by(self, action: Callable[[], None]) -> BoardPage:
        """Do ``action`` and wait until the game it starts has settled."""
        games = self.games
        action()
        # A function, not an expression: the page's Content-Security-Policy forbids eval.
        self.page.wait_for_function("games => Number(document.getElementById('table').dataset.games) > games",
                                    arg=games)
        return self.settled()

    @property
    def games(self) -> int:
        """How many games the page has started."""
        return int(self.page.get_attribute("#table", "data-games") or 0)

    def choose_game(self, rules: str, seed: int = 1) -> BoardPage:
        """Choose the game ``rules`` ("sce2", or a preset and its players: "classic/4") in the chooser,
        dealt from ``seed``, and wait until its deal has settled on the board."""
        self.page.fill("#deal-seed", str(seed))
        preset, _, players = rules.partition("/")
        self.page.select_option("#game", preset)
        if players:
            self.page.select_option("#players", players)
        prefix = f"rules:{rules}" if players else ""
        # A function, not an expression: the page's Content-Security-Policy forbids eval.
        self.page.wait_for_function(
            "prefix => { const position = document.getElementById('position-text').value;"
            " return prefix ? position.startsWith(prefix + ' ') : position !== '' && !position.startsWith('rules:'); }",
            arg=prefix)
        return self.settled()

    def set_up(self, text: str) -> BoardPage:
        """Paste ``text`` (a position or a record) into "Set up" and wait for it on the board."""
        self.page.fill("#paste", text)
        return self.started_by(lambda: self.page.click("#paste-button"))

    @property
    def position(self) -> str:
        """The position on the board, in compact form."""
        return self.page.input_value("#position-text")

    @property
    def state(self) -> str:
        """The table's state: loading, searching, ready, busy or over."""
        return str(self.page.get_attribute("#table", "data-state"))

    def acting_cards(self) -> Locator:
        """The cards of the hand to act."""
        return self.page.locator(".seat.acting .card")

    def faces(self, seat: str) -> Locator:
        """The cards of ``seat`` shown face up."""
        return self.page.locator(f"#seat-{seat} .card[data-card]")

    def backs(self, seat: str) -> Locator:
        """The cards of ``seat`` shown face down."""
        return self.page.locator(f"#seat-{seat} .card.back")

    def legal_cards(self) -> Locator:
        """The cards the hand to act may play."""
        return self.page.locator(".seat.acting .card.legal")

    def card_values(self) -> dict[str, str]:
        """Each legal card's value as written on it."""
        values: dict[str, str] = self.page.eval_on_selector_all(
            ".seat.acting .card.legal",
            "cards => Object.fromEntries(cards.map(c => [c.dataset.card, c.querySelector('.value').textContent]))")
        return values

    def hint_about(self) -> str:
        """What the table says of the search behind the values (best move, depth, samples)."""
        return self.page.inner_text("#centre .hint-about")

    def draw_button(self) -> Locator:
        return self.page.locator("#draw")

    def play(self, card: str, suit: str = "S") -> BoardPage:
        """Click ``card`` (an 8, when the board asks: then ``suit``) and wait for the next position."""
        before = self.position
        self.page.locator(f'.seat.acting .card.legal[data-card="{card}"]').first.click()
        if self.page.locator("#suit-dialog[open]").count():
            self.page.click(f'#suit-choices button[data-suit="{suit}"]')
        if self.page.locator("#pile-dialog[open]").count():  # the layout game: the first pile offered
            self.page.locator("#pile-choices button").first.click()
        return self.moved_from(before)

    def draw(self) -> BoardPage:
        """Draw at random and wait for the next position."""
        before = self.position
        self.draw_button().click()
        return self.moved_from(before)

    def pass_turn(self) -> BoardPage:
        """Pass (a game of the family's move) and wait for the next position."""
        before = self.position
        self.page.click("#pass")
        return self.moved_from(before)

    def moved_from(self, before: str) -> BoardPage:
        """Wait until the board has left ``before`` and settled."""
        self.page.wait_for_function("before => document.getElementById('position-text').value !== before", arg=before)
        return self.settled()

    def undo(self) -> BoardPage:
        before = self.position
        self.page.click("#undo")
        return self.moved_from(before)

    def redo(self) -> BoardPage:
        before = self.position
        self.page.click("#redo")
        return self.moved_from(before)

    def let_bots_play(self, sides: str, bot: str) -> BoardPage:
        """The computer plays ``sides`` (sce2: NS, EW or both; a game of the family: others or all)
        with ``bot``; waits for the end of the deal when it plays every seat, else for the person's
        turn (the table is ``computer`` while the computer is to move)."""
        self.page.fill("#bot", bot)
        self.page.select_option("#bot-side", sides)
        if sides in ("both", "all"):
            self.page.locator('#table[data-state="over"]').wait_for(timeout=4 * TIMEOUT_MS)
            return self
        return self.settled()

    def moves(self) -> list[str]:
        """The moves in the move list, each with its seat ("W draw 6H")."""
        moves: list[str] = self.page.eval_on_selector_all(
            "#move-list li[data-move] button", "items => items.map(i => i.textContent)")
        return moves

    def analysis(self) -> Locator:
        """The analysis panel, once its analysis is done."""
        panel = self.page.locator('#analysis[data-state="done"]')
        panel.wait_for(timeout=4 * TIMEOUT_MS)
        return panel

    def analyse(self) -> Locator:
        """Analyse the moves so far (a job); the analysis panel once it is done."""
        before = self.page.get_attribute("#analysis", "data-job")
        self.page.click("#analyse")
        # A function, not an expression: the page's Content-Security-Policy forbids eval.
        self.page.wait_for_function(
            "before => { const panel = document.getElementById('analysis');"
            " return panel.dataset.job && panel.dataset.job !== before && panel.dataset.state !== 'running'; }",
            arg=before, timeout=4 * TIMEOUT_MS)
        return self.analysis()

    @property
    def analysis_state(self) -> str | None:
        """The analysis panel's state: running, done, failed, cancelled, stale, or None before any."""
        return self.page.get_attribute("#analysis", "data-state")

    def analysis_job(self) -> str:
        """The id of the analysis job the panel started last, once the service has given it."""
        self.page.locator("#analysis[data-job]").wait_for()
        return str(self.page.get_attribute("#analysis", "data-job"))

    def record(self) -> Any:
        """The deal record the page offers to copy."""
        return self.page.evaluate("JSON.parse(document.getElementById('record-text').value)")

    def error(self) -> str:
        """The error banner's text, once it shows."""
        banner = self.page.locator("#error")
        banner.wait_for(state="visible")
        return banner.inner_text()
