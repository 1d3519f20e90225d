"""A match between a person and a bot (``eights play``): the deals of RULES.md "The match"
(all 15, or the first few), the person choosing the moves of one player's side through a
``Table`` (``eights.cli.table`` is one on a terminal), the bot the other's.

The person is player 0: South, and the dealer, in deal 1; the players exchange seats after
deals 2, 4, 6, ... The seed fixes the cards (each deal's seed comes from it and the deal's
number) and the bot's seeds (one a deal); each deal's stock keeps an order fixed from its
seed (``eights.play.stock``), so the same seed and the same moves give the same match.

The person may take moves back (the table raises ``Undo``): their last move of the deal and
the bot's moves after it, again and again back to the deal's start; the cards drawn go back
on top of the stock, and a move taken back is in no record. The person may stop at any of
their turns (the table raises ``StopMatch``), or at any moment with Ctrl-C (KeyboardInterrupt);
the match is then recorded as it stood: its finished deals in ``deals``, their totals, and
the deal under way, with the moves made in it, as ``unfinished``
(``eights.engine.match.MatchResult``); ``VersusMatch.record`` is its match record, naming the
players, the seed and the deals planned. A match so stopped goes on from where it stood when
given as ``played`` (``eights play --resume``): its finished deals kept, the deal under way
replayed to its last position (the table is told its moves) and played on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from eights.engine.deal import DEALS
from eights.engine.match import DealResult, MatchRecord, MatchResult, deal_result, dealer_seat, south_player
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.record import DealRecord, Dealt
from eights.engine.rules import legal_moves
from eights.engine.scoring import score
from eights.engine.steps import Step
from eights.play.bots import Bot
from eights.play.paired import derive
from eights.play.stock import ordered, public, step

PERSON = 0  # the person's player number (the strategies are the person's, then the bot's)
PERSON_NAME = "human"  # how match records name the person
# The bot that plays a person when none is named (``eights play``, the board's computer,
# /v1/bot-move with ``"against": "person"``): the fair bot, which decides from its own view and
# never sees the person's concealed hand; 100 ms a move, the service's hint time.
DEFAULT_PERSON_BOT = "fair:time=100"
DEAL_SEEDS = 2**32  # a deal's seed is below this, as eights.engine.match deals them


class StopMatch(Exception):
    """The person stopped the match."""


class Undo(Exception):
    """The person takes back their last move of the deal, and the bot's moves after it."""


class Table(Protocol):
    """The person's side of the game: what they are shown, and the moves they choose."""

    def deal_starts(self, number: int, start: Position, side: int) -> None:
        """Deal ``number`` starts from ``start``; the person plays ``side`` (0 NS, 1 EW)."""
        ...

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """The person's move, one of ``moves`` (a draw names no cards); may raise StopMatch or Undo."""
        ...

    def action(self, step: Step, mine: bool) -> None:
        """A move was made (a draw naming its cards); ``mine`` if the person made it."""
        ...

    def taken_back(self, steps: Sequence[Step]) -> None:
        """``steps`` were taken back (the person's move first); none: there was nothing to take back."""
        ...

    def deal_ends(self, deal: DealResult) -> None:
        """A deal is over: its score, the points and the running totals."""
        ...


def person_side(number: int) -> int:
    """The side the person plays in deal ``number``: NS (0) when they sit South."""
    return 0 if south_player(number) == PERSON else 1


def deal_seed(seed: int, number: int) -> int:
    """The seed deal ``number`` of the match of ``seed`` is dealt from (its cards and its stock's order)."""
    return derive(seed, "deal", number) % DEAL_SEEDS


class VersusMatch:
    """One match between the person at ``table`` and ``bot``, seeded by ``seed``, ``deals`` deals
    long; ``played``: the match so far, to go on with (a stopped one)."""

    def __init__(self, table: Table, bot: Bot, seed: int, deals: int = DEALS, played: MatchResult | None = None) -> None:
        self.table, self.bot, self.seed, self.deals = table, bot, seed, deals
        self.played = played or MatchResult.of([])
        self._dealt: Dealt | None = None  # how the deal under way was dealt; None between deals
        self._steps: list[Step] = []  # the deal's moves so far, the stock's order in their positions

    @property
    def players(self) -> tuple[str, str]:
        """The players' names for the record, in player order."""
        return PERSON_NAME, self.bot.spec

    def play(self) -> MatchResult:
        """Play the match to its end, or until the person stops it (StopMatch or Ctrl-C)."""
        finished = list(self.played.deals)
        under_way = self.played.unfinished
        try:
            for number in range(len(finished) + 1, self.deals + 1):
                totals = finished[-1].running_totals if finished else (0, 0)
                finished.append(self._play_deal(number, totals, under_way))
                under_way = None
                self.table.deal_ends(finished[-1])
        except (StopMatch, KeyboardInterrupt):
            return MatchResult.of(finished, None if self._dealt is None else self._record())
        return MatchResult.of(finished)

    def record(self, result: MatchResult) -> dict[str, Any]:
        """The match record of ``result``, this match as played: the players, the seed and the
        deals planned (``eights.engine.match.MatchRecord``)."""
        return MatchRecord(self.players, result, self.seed, self.deals).to_json()

    def _play_deal(self, number: int, totals: tuple[int, int], under_way: DealRecord | None) -> DealResult:
        """Deal ``number`` played to its end (from the moves of ``under_way``, its record so far,
        when it is the deal a stopped match stood in)."""
        dealt = Dealt(number, dealer_seat(number), deal_seed(self.seed, number))
        if under_way is not None and under_way.dealt is not None:
            dealt = under_way.dealt
        self._dealt, self._steps = dealt, []
        side = person_side(number)
        self.bot.new_game(derive(self.seed, "bot", number))
        self.table.deal_starts(number, dealt.position(), side)
        position = ordered(dealt.position(), dealt.seed)
        for move in () if under_way is None else under_way.moves:
            position = self._played(step(position, move, dealt.seed))
        while not position.is_over:
            seen = public(position)
            try:
                chooser = self.table.choose if seen.side_to_act == side else self.bot.choose
                move = chooser(seen, list(legal_moves(seen)))
            except Undo:
                position = self._undo(position)
                continue
            position = self._played(step(position, move, dealt.seed))
        record, self._dealt = self._record(), None
        return deal_result(number, record, score(position), totals)

    def _played(self, made: Step) -> Position:
        """Keep the step ``made`` and tell the table of it; the position after it."""
        self._steps.append(made)
        self.table.action(seen_step(made), self._mine(made))
        return made.after

    def _undo(self, position: Position) -> Position:
        """Take back the person's last move of the deal and the bot's after it; the position
        before it (``position`` when there is none, at the deal's start)."""
        mine = [index for index, made in enumerate(self._steps) if self._mine(made)]
        taken = self._steps[mine[-1]:] if mine else []
        del self._steps[len(self._steps) - len(taken):]
        self.table.taken_back([seen_step(made) for made in taken])
        return taken[0].before if taken else position

    def _mine(self, made: Step) -> bool:
        """True when the person made the step ``made`` of the deal under way."""
        assert self._dealt is not None
        return made.before.side_to_act == person_side(self._dealt.deal)

    def _record(self) -> DealRecord:
        """The record of the deal under way, as played so far (the moves taken back left out)."""
        assert self._dealt is not None
        return DealRecord(self._dealt.position(), tuple(made.move for made in self._steps), self._dealt)


def seen_step(made: Step) -> Step:
    """The step ``made`` as the players see it: the stock's order unknown before and after."""
    return Step(public(made.before), made.move, public(made.after))
