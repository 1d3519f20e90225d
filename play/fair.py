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
from eights.solver import MoveValue
from eights.solver.api import SIDES, rounded

DEFAULT_SAMPLES = 16
DEFAULT_SEED = 1


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


def fair_hint(view: View, values: Sequence[Sequence[MoveValue]], seed: int) -> FairHint:
    """The hint from each sampled deal's move values (a Solution's ``moves``, or
    ``Solver.rank``), in the order ``sample_deals`` gave the deals."""
    payoffs: dict[Move, list[float]] = {move: [] for move in legal_moves(view.template)}  # the engine's order
    for moves in values:
        for move_value in moves:
            payoffs[move_value.move].append(move_value.value)
    return FairHint(view, seed, tuple(compare(payoffs)))
