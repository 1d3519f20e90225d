"""The random bot: a uniform choice among the legal moves, seeded afresh for every game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from eights.engine.moves import Move
from eights.engine.position import Position
from eights.play.bots.spec import BotSpec


class RandomBot:
    """Picks uniformly among the legal moves; the same seed gives the same choices."""

    def __init__(self) -> None:
        self._rng = random.Random(0)

    @classmethod
    def from_spec(cls, spec: BotSpec) -> RandomBot:
        """``random`` (no options: the seed comes with each game)."""
        spec.options_of(())
        return cls()

    @property
    def spec(self) -> str:
        """``random``."""
        return "random"

    @property
    def deterministic(self) -> bool:
        """True: seeded by the game."""
        return True

    def new_game(self, seed: int) -> None:
        """Reseed, so that a game's choices do not depend on the games played before it."""
        self._rng = random.Random(seed)

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """A legal move chosen at random."""
        return self._rng.choice(list(moves))
