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

With ``samples=S`` the bot decides from its seat's own view (``eights.engine.family.view``),
as the fair bot does: the hidden cards are dealt at random among the other hands and the stock
``S`` times (from the game's seed and the move's number in the game), every move is played out
on each sample (``games`` a sample, or ``time`` shared among them; common random numbers
across the moves of a sample), and the move of best mean over samples and games is played. It
is named ``rollout:...,samples=S`` rather than ``fair:`` because its search is the rollout's
(``fair:`` names the fair solver's searches, and the service dispatches on that name);
``samples=`` is the fair bot's own option for the deals drawn from a view.

>>> make = FamilyRolloutBot.from_spec
>>> from eights.play.bots.spec import BotSpec
>>> make(BotSpec.parse("rollout:games=64")).spec, make(BotSpec.parse("rollout:samples=8,time=100,games=500")).spec
('rollout:games=64', 'rollout:time=100,games=500,samples=8')
>>> make(BotSpec.parse("rollout:games=0"))
Traceback (most recent call last):
...
eights.play.bots.spec.BotSpecError: bot 'rollout:games=0': games must be a whole number from 1 to 1000000, got '0'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from eights.engine.family import FamilyMove, FamilyPosition
from eights.engine.family.view import FamilyView
from eights.play.bots.searching import number, whole
from eights.play.bots.spec import BotSpec, BotSpecError
from eights.play.paired import derive
from eights.solver.family_convert import move_code, to_state

MAX_GAMES = 1_000_000  # the core's FAM_ROLLOUT_MAX_GAMES
MAX_SAMPLES = 10_000  # as the fair bot's


class FamilyRolloutBot:
    """Plays the move whose ``games`` playouts by the heuristic (or as many rounds as
    ``time_ms`` allows, at most ``games`` when both are given) pay the seat to act the most;
    with ``samples``, over that many deals drawn from the seat's own view. ``time_cap`` (the
    service's limit, set by ``eights.play.family.capped``): each move's playouts stop at
    ``time_cap()`` ms even when the spec asks by games alone."""

    time_cap: Callable[[], float] | None = None

    def __init__(self, games: int | None, time_ms: float | None, samples: int | None = None) -> None:
        assert games is not None or time_ms is not None
        self.games, self.time_ms, self.samples = games, time_ms, samples
        self._seed, self._decisions = 0, 0

    def move_time_ms(self) -> float | None:
        """The move's time: the spec's, held to ``time_cap()`` when one is set (None: by games alone)."""
        if self.time_cap is None:
            return self.time_ms
        cap = self.time_cap()
        return cap if self.time_ms is None else min(self.time_ms, cap)

    @classmethod
    def from_spec(cls, spec: BotSpec) -> FamilyRolloutBot:
        """``rollout:games=N`` or ``rollout:time=MS`` (both: rounds for MS, at most N), with
        ``samples=S`` from the seat's own view."""
        options = spec.options_of(("time", "games", "samples"))
        if "games" not in options and "time" not in options:
            raise BotSpecError(str(spec), "the rollout bot needs games=N or time=MS (or both)")
        games = whole(spec, options["games"], "games", MAX_GAMES) if "games" in options else None
        time_ms = number(spec, options["time"], "time must be a positive number of milliseconds") if "time" in options else None
        samples = whole(spec, options["samples"], "samples", MAX_SAMPLES) if "samples" in options else None
        if samples is not None and time_ms is not None and samples > time_ms:
            raise BotSpecError(str(spec), f"samples must be at most time ({time_ms:g}): each sample is played "
                                          "out for at least 1 ms of the move's time")
        return cls(games, time_ms, samples)

    @property
    def spec(self) -> str:
        """The canonical spec: ``rollout:games=64``, ``rollout:time=100``, ``rollout:games=64,samples=8``."""
        options = [f"time={self.time_ms:g}"] if self.time_ms is not None else []
        options += [f"games={self.games}"] if self.games is not None else []
        options += [f"samples={self.samples}"] if self.samples is not None else []
        return f"rollout:{','.join(options)}"

    @property
    def deterministic(self) -> bool:
        """True when moves do not depend on the machine's speed: games and no time."""
        return self.time_ms is None

    def new_game(self, seed: int) -> None:
        """Take the game's seed for the playouts' stock orders and the samples."""
        self._seed, self._decisions = derive(seed, "rollout"), 0

    def choose(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove:
        """The move of best mean payoff for the seat to act over its playouts (``valued_choice``)."""
        return self.valued_choice(position, moves)[0]

    def valued_choice(self, position: FamilyPosition,
                      moves: Sequence[FamilyMove]) -> tuple[FamilyMove, float | None, tuple[float, ...] | None]:
        """The move of best mean payoff for the seat to act over its playouts (ties: the first),
        that mean and every seat's mean payoff of the move (/v1/bot-move's value and values);
        the only move unrolled, its means None."""
        if len(moves) == 1:
            return moves[0], None, None
        means = self.mean_payoffs(position) if self.samples is None else self.view_means(position)
        best = max(moves, key=lambda move: means[move_code(position, move)][position.turn])
        values = means[move_code(position, best)]
        return best, values[position.turn], values

    def mean_payoffs(self, position: FamilyPosition, time_ms: float | None = None) -> dict[int, tuple[float, ...]]:
        """Each legal move's (by its core code) mean payoff per seat over its playouts, for
        ``time_ms`` (by default the move's, ``move_time_ms``)."""
        from eights.solver import _core  # imported here so that a bot only checked needs no core

        time_ms = self.move_time_ms() if time_ms is None else time_ms
        time_ms = 0 if time_ms is None else max(1, round(time_ms))
        found = _core.family_rollout(to_state(replace(position, order=None)), self.games or 0, time_ms, self._seed)
        return dict(found["moves"])

    def view_means(self, position: FamilyPosition) -> dict[int, tuple[float, ...]]:
        """Each legal move's mean payoff per seat over ``samples`` deals drawn from the view of
        the seat to act (the move's number in the game and the game's seed draw them, so
        positions the seat cannot tell apart give the same means), each played out for its
        share of the time."""
        assert self.samples is not None
        view = FamilyView.of(position)
        rng = random.Random(derive(self._seed, "move", self._decisions))
        self._decisions += 1
        time_ms = self.move_time_ms()
        share = None if time_ms is None else time_ms / self.samples
        totals: dict[int, list[float]] = {}
        for _ in range(self.samples):
            for code, means in self.mean_payoffs(view.sample(rng), share).items():
                total = totals.setdefault(code, [0.0] * len(means))
                for seat, mean in enumerate(means):
                    total[seat] += mean / self.samples
        return {code: tuple(total) for code, total in totals.items()}
