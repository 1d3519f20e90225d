"""What a bot is: the protocol every player of one side of a deal follows (``eights.play.bots``
makes them from specs). A module of its own, below the bots, so that what plays them
(``eights.play.paired``, ``eights.play.versus``, ...) needs no bot to name one."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from eights.engine.moves import Move
from eights.engine.position import Position


class Bot(Protocol):
    """A player: given a position (its side to act; never the stock's order) and the legal
    moves, the move to make. ``new_game`` comes before each game with a seed for any
    randomness, so that a game's moves do not depend on the games played before it."""

    @property
    def spec(self) -> str:
        """The bot's canonical spec, which ``make_bot`` turns back into the same bot."""
        ...

    @property
    def deterministic(self) -> bool:
        """True when the bot's moves depend only on the position and the game's seed."""
        ...

    def new_game(self, seed: int) -> None:
        """Get ready for a new game."""
        ...

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """One of ``moves`` (a draw names no cards: the game deals them)."""
        ...


def told_the_step(bots: Iterable[Any], before: Any, step: Any) -> None:
    """Tell every bot that watches the table (``observe_step(before, step)``: the family's fair
    bot) of a step played from ``before`` (``Game.play``'s ``PlayedStep``), whoever played it."""
    for bot in bots:
        watch = getattr(bot, "observe_step", None)
        if watch is not None:
            watch(before, step)
