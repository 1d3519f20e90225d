"""A fair hint in a game of the family: the hidden hands of every other player (and the
stock, and the layout game's cards out of play) sampled from the view of the player to act
(``eights.play.family.view``), each sample searched double dummy through the service (its
lanes, cache and request budget), and each move's values for the player compared over the
samples as sce2's fair hint compares them (``eights.play.compare``), with every seat's mean.

The samples are searched as sce2's are (``eights.api.fair.hinting``): by time, deepened
together in one solver of the service's lanes (depth 1 on every sample, then 2, ..., the
answer at the last depth completed on all: ``eights.play.fair.deepen``, which the family's
fair bot uses too), else (by depth alone, or ``split``) each alone through the service. They
come from the view alone, so that the hint does not change with how the other hands' cards lie.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, replace
from typing import Any

from eights.api.fair.hinting import FairSearch, deepened, each_alone
from eights.api.service import SolveService
from eights.engine.cards import Seat
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import legal_moves
from eights.play.compare import MoveComparison, compare
from eights.play.fair import SPLIT
from eights.engine.family.view import FamilyView
from eights.play.paired import derive
from eights.solver import Solver
from eights.solver.api import rounded
from eights.solver.family import MAXN, FamilyMoveValue


@dataclass(frozen=True)
class FamilyFairAnswer:
    """The moves of ``player`` compared over the samples solved (of ``asked``), best first;
    each move's mean payoff for every seat (None where the objective gives no values per
    seat: paranoid with more than two players); the least and most depth the searches
    completed, and the hint's time."""

    rules: str
    objective: str
    player: Seat
    seed: int
    asked: int
    moves: tuple[MoveComparison, ...]
    seat_means: dict[object, tuple[float, ...] | None]
    depths: tuple[int, int]
    time_ms: float

    @property
    def best(self) -> MoveComparison:
        """The move of best mean for the player."""
        return self.moves[0]

    def values_of(self, move: object) -> list[float] | None:
        """``move``'s mean payoff for every seat, seat 0 first, 6 decimals."""
        means = self.seat_means[move]
        return None if means is None else [rounded(mean) for mean in means]

    def to_json(self) -> dict[str, Any]:
        """The answer of /v1/fair-hint for a game of the family (FamilyFairHintResponseSchema)."""
        samples = self.best.samples
        return {"rules": self.rules, "objective": self.objective, "player": self.player, "samples": samples,
                "asked": self.asked, "complete": samples == self.asked, "seed": self.seed,
                "best": self.best.move.notation(), "value": rounded(self.best.mean),
                "values": self.values_of(self.best.move),
                "moves": [{**move.to_json("samples"), "values": self.values_of(move.move)} for move in self.moves],
                "depth": {"min": self.depths[0], "max": self.depths[1]}, "time_ms": self.time_ms}


@dataclass(frozen=True)
class FamilyRanker:
    """A lane's solver as ``eights.play.fair.deepen`` asks it to rank a sample of a game of the
    family: the family's search with ``objective``, every move best first with every seat's values."""

    solver: Solver
    objective: str

    def rank(self, position: FamilyPosition, depth: int | None = None, time_ms: float | None = None,
             evaluation: str | None = None) -> list[FamilyMoveValue]:
        """The moves of ``position`` searched ``depth`` deep within ``time_ms``."""
        return self.solver.solve(position, depth=depth, time_ms=time_ms, mode=self.objective,
                                 evaluation=evaluation).moves


def family_samples(view: FamilyView, samples: int, seed: int) -> list[FamilyPosition]:
    """``samples`` positions the view cannot tell apart, sample i drawn from ``seed`` and i
    alone (as sce2's ``eights.play.fair.sample_deals``)."""
    return [view.sample(random.Random(derive(seed, "sample", index))) for index in range(samples)]


def family_hint_fairly(service: SolveService, position: FamilyPosition, samples: int, search: FairSearch, seed: int,
                       objective: str = MAXN) -> FamilyFairAnswer:
    """The fair hint of the player to act in ``position``: ``samples`` samples of her view
    (from ``seed``) searched as ``search`` says (with ``objective``), through the service;
    DeadlineExceeded when not one is solved in the request's time."""
    started = time.perf_counter()
    deals = family_samples(FamilyView.of(position), samples, seed)
    if search.schedule == SPLIT or search.time_ms is None:
        searched = each_alone(service, deals, replace(search.each, objective=objective))  # type: ignore[arg-type]
    else:
        searched = deepened(service, deals, search, lambda solver: FamilyRanker(solver, objective))
    values: list[list[FamilyMoveValue]] = searched[0]  # type: ignore[assignment]  # the family's searches
    payoffs: dict[Any, list[float]] = {move: [] for move in legal_moves(deals[0])}  # the engine's order
    seats: dict[object, list[tuple[float, ...] | None]] = {move: [] for move in payoffs}
    for moves in values:
        for move_value in moves:
            payoffs[move_value.move].append(move_value.value)
            seats[move_value.move].append(move_value.values)
    return FamilyFairAnswer(position.rules.name, objective, position.turn, seed, samples, tuple(compare(payoffs)),
                            {move: seat_means(rows) for move, rows in seats.items()}, searched[1],
                            round((time.perf_counter() - started) * 1000, 3))


def seat_means(rows: list[tuple[float, ...] | None]) -> tuple[float, ...] | None:
    """Every seat's mean over the samples' values per seat (None when a sample has none)."""
    if any(row is None for row in rows):
        return None
    return tuple(statistics.fmean(column) for column in zip(*(row for row in rows if row is not None)))
