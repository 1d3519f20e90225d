"""A family game's fair hint answer: the moves of the player to act compared over the
samples of her view as sce2's are (``eights.play.compare``), with every seat's mean payoff
(/v1/fair-hint's answer for a game of the family, ``eights hint`` on a family view), and what
ranks a sample's moves for ``eights.play.fair.deepen``."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from eights.engine.cards import Seat
from eights.engine.family.position import FamilyPosition
from eights.engine.family.moves import FamilyMove
from eights.engine.family.view import FamilyView
from eights.games.game import sampled_fields
from eights.games.registry import find_game
from eights.play.compare import MoveComparison, compare
from eights.solver import Solver
from eights.solver.api import rounded
from eights.solver.family import FamilyMoveValue


@dataclass(frozen=True)
class FamilyFairAnswer:
    """The moves of ``player`` compared over the samples solved (of ``asked``), best first;
    each move's mean payoff for every seat (None where the objective gives no values per
    seat: paranoid with more than two players); the least and most depth the searches
    completed, and the hint's time; ``position``, the view hinted (its canonical form)."""

    rules: str
    objective: str
    player: Seat
    seed: int
    asked: int
    moves: tuple[MoveComparison, ...]
    seat_means: dict[object, tuple[float, ...] | None]
    depths: tuple[int, int]
    time_ms: float
    position: str

    @property
    def best(self) -> MoveComparison:
        """The move of best mean for the player."""
        return self.moves[0]

    @property
    def samples(self) -> int:
        """The deals sampled and solved."""
        return self.best.samples

    @property
    def whose(self) -> tuple[str, str]:
        """Whose view it is and whose values they are, as the command line writes it."""
        return f"seat {self.player}'s view", f"for seat {self.player}, the player to act ({self.objective})"

    def values_of(self, move: object) -> list[float] | None:
        """``move``'s mean payoff for every seat, seat 0 first, 6 decimals."""
        means = self.seat_means[move]
        return None if means is None else [rounded(mean) for mean in means]

    def to_json(self) -> dict[str, Any]:
        """The answer of /v1/fair-hint for a game of the family (FamilyFairHintResponseSchema)."""
        samples = self.best.samples
        return {"rules": self.rules, "position": self.position, "view": self.player, "objective": self.objective,
                "player": self.player, "player_names": list(find_game(self.rules).player_names), "to_act": self.player,
                "samples": samples,
                "asked": self.asked, "complete": samples == self.asked, "seed": self.seed,
                "best": self.best.move.notation(), "value": rounded(self.best.mean),
                "values": self.values_of(self.best.move),
                **sampled_fields([{**move.to_json("samples"), "values": self.values_of(move.move)} for move in self.moves],
                                 self.depths), "time_ms": self.time_ms}


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


def seat_means(rows: list[tuple[float, ...] | None]) -> tuple[float, ...] | None:
    """Every seat's mean over the samples' values per seat (None when a sample has none).

    >>> seat_means([(1.0, -1.0), (3.0, -3.0)]), seat_means([(1.0, -1.0), None])
    ((2.0, -2.0), None)
    """
    if any(row is None for row in rows):
        return None
    return tuple(statistics.fmean(column) for column in zip(*(row for row in rows if row is not None)))


def family_fair_answer(rules: str, view: FamilyView, moves: list[FamilyMove], values: list[list[FamilyMoveValue]],
                       seed: int, asked: int, depths: tuple[int, int], time_ms: float,
                       objective: str) -> FamilyFairAnswer:
    """The fair hint of ``view``'s seat from each sample's move values (``moves``: the seat's legal
    moves, in the engine's order): each move's values for the seat compared, every seat's mean."""
    payoffs_of: dict[Any, list[float]] = {move: [] for move in moves}
    seats: dict[object, list[tuple[float, ...] | None]] = {move: [] for move in payoffs_of}
    for ranked in values:
        for move_value in ranked:
            payoffs_of[move_value.move].append(move_value.value)
            seats[move_value.move].append(move_value.values)
    return FamilyFairAnswer(rules, objective, view.seat, seed, asked, tuple(compare(payoffs_of)),
                            {move: seat_means(rows) for move, rows in seats.items()}, depths, time_ms,
                            view.notation())
