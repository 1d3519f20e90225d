"""The family's random bot: sce2's (``eights.play.bots.random_bot``: its spec ``random``, its
seeding by the game), choosing among a family position's moves."""

from __future__ import annotations

from collections.abc import Sequence

from eights.engine.family import FamilyMove, FamilyPosition
from eights.play.bots.random_bot import RandomBot


class FamilyRandomBot(RandomBot):
    """Picks uniformly among the legal moves; the same seed gives the same choices."""

    def choose(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove:  # type: ignore[override]
        """A legal move chosen at random (the family's moves, not sce2's: the same choice)."""
        return self._rng.choice(list(moves))
