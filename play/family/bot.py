"""What a family bot is: the protocol every player of one seat of a family deal follows
(``eights.play.family`` makes them from specs), and the engine's strategy it plays as.

A family bot is shown the whole position (as sce2's bots are, ``eights.play.bot``); each
bot says what of it it reads: the solver bot every hand, the fair bot and the heuristic
only what the seat to act may see (``eights.engine.family.view``), the random bot nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from eights.engine.family import FamilyMove, FamilyPosition, legal_moves
from eights.engine.family.match import FamilyStrategy, Observer


class FamilyBot(Protocol):
    """A player of a family game: given a position (its seat to act; the stock's order is
    never shown) and the legal moves, the move to make. ``new_game`` comes before each deal
    or match with a seed for any randomness, so that its moves do not depend on the games
    played before it."""

    @property
    def spec(self) -> str:
        """The bot's canonical spec, which ``make_family_bot`` turns back into the same bot."""
        ...

    @property
    def deterministic(self) -> bool:
        """True when the bot's moves depend only on the position and the game's seed."""
        ...

    def new_game(self, seed: int) -> None:
        """Get ready for a new game."""
        ...

    def choose(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove:
        """One of ``moves`` (a draw names no cards: the game deals them)."""
        ...


def strategy(bot: FamilyBot) -> FamilyStrategy:
    """The engine's strategy (``play_family_deal``, ``play_family_match``) that plays as ``bot``:
    the engine's random generator is left to the draws, the bot keeps its own seed."""

    def play(position: FamilyPosition, rng: random.Random) -> FamilyMove:
        return bot.choose(position, list(legal_moves(position)))

    return play


def observer(bots: Sequence[FamilyBot], observe: Observer | None = None) -> Observer | None:
    """The engine's observer (``play_family_deal``'s ``observe``) that tells every bot that
    watches the table (an ``observe(before, event, after)`` method, as the fair bot's) of each
    event, and then ``observe``; None when nothing watches."""
    watchers = [watch for bot in bots if (watch := getattr(bot, "observe", None)) is not None]
    watchers += [observe] if observe is not None else []
    if not watchers:
        return None

    def tell(before: FamilyPosition, event: str, after: FamilyPosition) -> None:
        for watch in watchers:
            watch(before, event, after)

    return tell
