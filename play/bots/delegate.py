"""A bot that plays as another bot does, for wrappers that change one thing (a rollout's
first move, a test's notes of what it was shown) and pass the rest on."""

from __future__ import annotations

from collections.abc import Sequence

from eights.engine.moves import Move
from eights.engine.position import Position
from eights.play.bot import Bot


class DelegatingBot:
    """Plays as ``inner``: its spec, determinism, games and moves."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner

    @property
    def spec(self) -> str:
        """The inner bot's spec."""
        return self.inner.spec

    @property
    def deterministic(self) -> bool:
        """The inner bot's."""
        return self.inner.deterministic

    def new_game(self, seed: int) -> None:
        """The inner bot gets ready."""
        self.inner.new_game(seed)

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """The inner bot's move."""
        return self.inner.choose(position, moves)
