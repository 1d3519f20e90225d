"""Fair (single-dummy) hints: what each move is worth to a seat that sees only what it may
see (``eights.engine.view``): its own hand, both dummies, the upcard and the discard pile.

The deals the view cannot tell apart are sampled (sample i from ``seed`` and i, the same
for every move), each is solved double dummy, and each move's values over the samples are
compared as a rollout's games are (``eights.play.compare``): the mean, its interval, how often
the move was best, the paired difference from the best. As with bridge's single-dummy
analysis by double-dummy sampling, each sample is solved as if its hidden cards were
known from then on, so the values lean optimistic (a move that keeps options open is
favoured a little); they never use the hidden cards the view was made from.

>>> from eights.engine.view import parse_view
>>> view = parse_view("N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W view:W")
>>> deals = sample_deals(view, 3, seed=1)
>>> deals == sample_deals(view, 3, seed=1), len({deal.hands[2] for deal in deals})
(True, 3)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eights.engine.cards import SEATS, side_of
from eights.engine.errors import NotationError
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import legal_moves
from eights.engine.view import View
from eights.play.compare import MoveComparison, compare
from eights.play.paired import derive
from eights.solver import MAX_DEPTH, MoveValue, Solver
from eights.solver.api import SIDES, rounded
from eights.solver.utility import Utility

DEFAULT_SAMPLES = 16
DEFAULT_SEED = 1
DEEPEN = "deepen"  # depth 1 on every sample, then depth 2 on every sample, ... until the time is up
SPLIT = "split"  # each sample searched alone for its share of the time (the first fair bot's way)
SCHEDULES = (DEEPEN, SPLIT)


@dataclass(frozen=True)
class FairHint:
    """The moves of the side to act compared over ``samples`` deals sampled for ``view``, best first."""

    view: View
    seed: int
    moves: tuple[MoveComparison, ...]

    @property
    def samples(self) -> int:
        """The deals sampled."""
        return self.moves[0].samples

    def to_json(self) -> dict[str, Any]:
        """The view (canonical, the hidden hand a count), the side, the samples and seed,
        the best move, its mean value, and each move's comparison."""
        return {"position": self.view.notation(), "view": SEATS[self.view.seat],
                "side": SIDES[self.view.template.side_to_act], "samples": self.samples, "seed": self.seed,
                "best": self.moves[0].move.notation(), "value": rounded(self.moves[0].mean),
                "moves": [move.to_json("samples") for move in self.moves]}


def check_view(view: View) -> None:
    """NotationError unless the view can be hinted: the deal goes on and the view is the
    side to act's (the hidden hand's moves would depend on its cards)."""
    position = view.template
    if position.is_over:
        raise NotationError("position", "the deal is over: there is no move to hint")
    if side_of(view.seat) != position.side_to_act:
        raise NotationError("view", f"{SEATS[view.seat]}'s view cannot hint {SIDES[position.side_to_act]}'s move: "
                                    "the view must be the side to act's")


def sample_deals(view: View, samples: int, seed: int) -> list[Position]:
    """``samples`` deals the view cannot tell apart, sample i drawn from ``seed`` and i alone."""
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    return [view.sample(random.Random(derive(seed, "sample", index))) for index in range(samples)]


@dataclass(frozen=True)
class Deepened:
    """Move values of every sample (in ``sample_deals``'s order), each searched ``depth`` deep."""

    values: tuple[tuple[MoveValue, ...], ...]
    depth: int


def deepen(solver: Solver, deals: Sequence[Position], evaluation: str, depth: int | None,
           time_ms: float | None, limit_ms: float | None = None, utility: Utility | None = None) -> Deepened:
    """The samples ranked by ``solver`` at one depth for them all: with ``time_ms``, depth 1 on
    every deal, then 2, ... (at most ``depth``), and the values of the last depth completed on
    every deal; without it, every deal ``depth`` deep. One depth for all keeps the samples
    comparable and the hint reproducible where the values no longer change with depth. A
    search that ends before the deadline completed its depth (a search stops short only at
    its own time, never earlier than ours), so no depth is counted that a search did not
    finish. Depth 1 always completes, unless ``limit_ms`` (from now: a request's deadline) passes
    first: then the values are those of the deals depth 1 completed on, the first ones. ``utility``:
    what the deals are worth (``eights.play.series.play_for``; None: their points)."""
    played_for: dict[str, Any] = {} if utility is None else {"utility": utility}  # the points: ranked as before
    if time_ms is None:
        if depth is None:
            raise ValueError("deepen needs a depth or a time")
        return Deepened(tuple(tuple(solver.rank(deal, depth=depth, evaluation=evaluation, **played_for))
                              for deal in deals), depth)
    deadline = time.perf_counter() + time_ms / 1000
    limit = None if limit_ms is None else time.perf_counter() + limit_ms / 1000
    done = Deepened((), 0)
    for searched in range(1, (depth or MAX_DEPTH) + 1):
        row: list[tuple[MoveValue, ...]] = []
        for deal in deals:
            left_ms = (deadline - time.perf_counter()) * 1000
            if done.values and left_ms <= 0:
                return done
            if row and limit is not None and time.perf_counter() >= limit:
                return Deepened(tuple(row), searched)
            row.append(tuple(solver.rank(deal, depth=searched, time_ms=max(left_ms, 1), evaluation=evaluation,
                                         **played_for)))
        if done.values and time.perf_counter() >= deadline:
            return done
        done = Deepened(tuple(row), searched)
    return done


def fair_hint(view: View, values: Sequence[Sequence[MoveValue]], seed: int) -> FairHint:
    """The hint from each sampled deal's move values (a Solution's ``moves``, or
    ``Solver.rank``), in the order ``sample_deals`` gave the deals."""
    payoffs: dict[Move, list[float]] = {move: [] for move in legal_moves(view.template)}  # the engine's order
    for moves in values:
        for move_value in moves:
            payoffs[move_value.move].append(move_value.value)
    return FairHint(view, seed, tuple(compare(payoffs)))
