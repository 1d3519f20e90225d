"""A match between a person and a bot (``eights play``): the deals of RULES.md "The match"
(all 15, or the first few), played by ``eights.engine.match``, the person choosing the moves of
one player's side through a ``Table`` (``eights.cli.table`` is one on a terminal), the bot the
other's.

The person is player 0: South, and the dealer, in deal 1; the players exchange seats after
deals 2, 4, 6, ... The seed fixes the cards and the draws (and the bot's seeds: one a deal),
so the same seed and the same moves give the same match. The person may stop at any of
their turns (the table raises ``StopMatch``), or at any moment with Ctrl-C
(KeyboardInterrupt); the match is then recorded as it stood: its finished deals in
``deals``, their totals, and the deal under way, with the moves made in it, as
``unfinished`` (``eights.engine.match.MatchResult``); ``VersusMatch.record`` is its match record,
naming the players, the seed and the deals planned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from eights.engine.deal import DEALS
from eights.engine.match import DealResult, MatchRecord, MatchResult, match_deals, south_player
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.record import DealRecord, Dealt
from eights.engine.steps import Step
from eights.play.bots import Bot
from eights.play.paired import derive

PERSON = 0  # the person's player number (the strategies are the person's, then the bot's)
PERSON_NAME = "human"  # how match records name the person


class StopMatch(Exception):
    """The person stopped the match."""


class Table(Protocol):
    """The person's side of the game: what they are shown, and the moves they choose."""

    def deal_starts(self, number: int, start: Position, side: int) -> None:
        """Deal ``number`` starts from ``start``; the person plays ``side`` (0 NS, 1 EW)."""
        ...

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """The person's move, one of ``moves`` (a draw names no cards); may raise StopMatch."""
        ...

    def action(self, step: Step, mine: bool) -> None:
        """A move was made (a draw naming its cards); ``mine`` if the person made it."""
        ...

    def deal_ends(self, deal: DealResult) -> None:
        """A deal is over: its score, the points and the running totals."""
        ...


def person_side(number: int) -> int:
    """The side the person plays in deal ``number``: NS (0) when they sit South."""
    return 0 if south_player(number) == PERSON else 1


class VersusMatch:
    """One match between the person at ``table`` and ``bot``, seeded by ``seed``."""

    def __init__(self, table: Table, bot: Bot, seed: int, deals: int = DEALS) -> None:
        self.table, self.bot, self.seed, self.deals = table, bot, seed, deals
        self._number = 0
        self._dealt: Dealt | None = None
        self._start: Position | None = None
        self._moves: list[Move] = []

    @property
    def players(self) -> tuple[str, str]:
        """The players' names for the record, in player order."""
        return PERSON_NAME, self.bot.spec

    def play(self) -> MatchResult:
        """Play the match to its end, or until the person stops it (StopMatch or Ctrl-C)."""
        finished: list[DealResult] = []
        try:
            for deal in match_deals([self.table.choose, self.bot.choose], self.seed, self.deals, self._deal_starts, self._observe):
                finished.append(deal)
                self.table.deal_ends(deal)
        except (StopMatch, KeyboardInterrupt):
            assert self._start is not None
            return MatchResult.of(finished, DealRecord(self._start, tuple(self._moves), self._dealt))
        return MatchResult.of(finished)

    def record(self, result: MatchResult) -> dict[str, Any]:
        """The match record of ``result``, this match as played: the players, the seed and the
        deals planned (``eights.engine.match.MatchRecord``)."""
        return MatchRecord(self.players, result, self.seed, self.deals).to_json()

    def _deal_starts(self, dealt: Dealt, start: Position) -> None:
        self._number, self._dealt, self._start, self._moves = dealt.deal, dealt, start, []
        self.bot.new_game(derive(self.seed, "bot", dealt.deal))
        self.table.deal_starts(dealt.deal, start, person_side(dealt.deal))

    def _observe(self, step: Step) -> None:
        self._moves.append(step.move)
        self.table.action(step, step.before.side_to_act == person_side(self._number))
