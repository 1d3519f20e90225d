"""The family's rollout bot: one step of policy improvement over the heuristic. Each legal move
is played out ``games`` times to the deal's end (or round after round for ``time`` ms) by
the heuristic (``eights.play.family.heuristic``) in every seat, in the native core
(``_core.family_rollout``), and the move of best mean payoff for the seat to act is played
(ties: the first in the engine's move order).

It is a rollout (``eights.play.rollout``, ``eights rollout --games N``) made a bot, hence its
name and its ``games=``: game i of every move is played from the same stock order and
reshuffles (common random numbers), drawn from the game's seed and the position, so with
``games=`` and no ``time=`` a game's moves depend only on the game. Like the solver bot it
sees every hand (the playouts start from them), never the stock's order; the heuristic in
the playouts reads only each seat's own view.

>>> make = FamilyRolloutBot.from_spec
>>> from eights.play.bots.spec import BotSpec
>>> make(BotSpec.parse("rollout:games=64")).spec, make(BotSpec.parse("rollout:time=100,games=500")).spec
('rollout:games=64', 'rollout:time=100,games=500')
>>> make(BotSpec.parse("rollout:games=0"))
Traceback (most recent call last):
...
eights.play.bots.spec.BotSpecError: bot 'rollout:games=0': games must be a whole number from 1 to 1000000, got '0'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from eights.engine.family import FamilyMove, FamilyPosition
from eights.play.bots.searching import number, whole
from eights.play.bots.spec import BotSpec, BotSpecError
from eights.play.paired import derive
from eights.solver.family_convert import move_code, to_state

MAX_GAMES = 1_000_000  # the core's FAM_ROLLOUT_MAX_GAMES


class FamilyRolloutBot:
    """Plays the move whose ``games`` playouts by the heuristic (or as many rounds as
    ``time_ms`` allows, at most ``games`` when both are given) pay the seat to act the most."""

    def __init__(self, games: int | None, time_ms: float | None) -> None:
        assert games is not None or time_ms is not None
        self.games, self.time_ms = games, time_ms
        self._seed = 0

    @classmethod
    def from_spec(cls, spec: BotSpec) -> FamilyRolloutBot:
        """``rollout:games=N`` or ``rollout:time=MS`` (both: rounds for MS, at most N)."""
        options = spec.options_of(("time", "games"))
        if not options:
            raise BotSpecError(str(spec), "the rollout bot needs games=N or time=MS (or both)")
        games = whole(spec, options["games"], "games", MAX_GAMES) if "games" in options else None
        time_ms = number(spec, options["time"], "time must be a positive number of milliseconds") if "time" in options else None
        return cls(games, time_ms)

    @property
    def spec(self) -> str:
        """The canonical spec: ``rollout:games=64``, ``rollout:time=100``."""
        options = [f"time={self.time_ms:g}"] if self.time_ms is not None else []
        options += [f"games={self.games}"] if self.games is not None else []
        return f"rollout:{','.join(options)}"

    @property
    def deterministic(self) -> bool:
        """True when moves do not depend on the machine's speed: games and no time."""
        return self.time_ms is None

    def new_game(self, seed: int) -> None:
        """Take the game's seed for the playouts' stock orders."""
        self._seed = derive(seed, "rollout")

    def choose(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove:
        """The move of best mean payoff for the seat to act over its playouts; the only move unrolled."""
        if len(moves) == 1:
            return moves[0]
        means = self.mean_payoffs(position)
        return max(moves, key=lambda move: means[move_code(position, move)][position.turn])

    def mean_payoffs(self, position: FamilyPosition) -> dict[int, tuple[float, ...]]:
        """Each legal move's (by its core code) mean payoff per seat over its playouts."""
        from eights.solver import _core  # imported here so that a bot only checked needs no core

        time_ms = 0 if self.time_ms is None else max(1, round(self.time_ms))
        found = _core.family_rollout(to_state(replace(position, order=None)), self.games or 0, time_ms, self._seed)
        return dict(found["moves"])
