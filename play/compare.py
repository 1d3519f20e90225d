"""Moves compared over common samples: the games of a rollout, or the deals a fair hint
samples. Sample i of every move met the same luck (the same stock order and reshuffles,
or the same hidden cards), so two moves are compared sample by sample: the paired
difference has a far smaller spread than either move's payoff, and it says which moves
are worse than the best one beyond chance.

>>> from eights.engine.moves import Move
>>> rows = compare({Move.from_notation("play 9H"): [4, 6, 5, 7], Move.draw(): [1, 4, 2, 4]})
>>> [(row.move.notation(), row.mean, row.separated) for row in rows]
[('play 9H', 5.5, False), ('draw', 2.75, True)]
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from eights.engine.moves import Move
from eights.play.stats import Interval, finite, mean_interval, std_error
from eights.solver.api import SAME_VALUE, rounded


@dataclass(frozen=True)
class MoveComparison:
    """One move over the samples: its mean payoff for the side to act, the standard error
    and the 95% interval of that mean; ``best_share``, the share of samples in which no
    move did better (moves that tie all count); ``difference``, the best move's payoff
    minus this one's, paired over the samples (None for the best move itself)."""

    move: Move
    samples: int
    mean: float
    std_error: float
    interval: Interval
    best_share: float
    difference: Interval | None

    @property
    def separated(self) -> bool:
        """True when the move is worse than the best one beyond chance: the interval of the
        paired difference lies above 0."""
        return self.difference is not None and self.difference.low > 0

    def to_json(self, unit: str) -> dict[str, Any]:
        """``{"move", unit: n, "mean", "std_error", "ci95", "best_share", "difference",
        "separated"}``, values to 6 decimals, an infinite bound (one sample) as null."""
        difference = None if self.difference is None else {
            "mean": rounded(self.difference.mean), "ci95": [rounded(self.difference.low), rounded(self.difference.high)]}
        data: dict[str, Any] = finite({
            "move": self.move.notation(), unit: self.samples, "mean": rounded(self.mean),
            "std_error": rounded(self.std_error), "ci95": [rounded(self.interval.low), rounded(self.interval.high)],
            "best_share": rounded(self.best_share), "difference": difference, "separated": self.separated})
        return data


def compare(payoffs: Mapping[Move, Sequence[float]]) -> list[MoveComparison]:
    """Each move's comparison, best (highest mean) first, ties in the order given; every
    move needs the same number of samples, sample i of each from the same luck."""
    moves = list(payoffs)
    sizes = {len(values) for values in payoffs.values()}
    if len(sizes) != 1 or 0 in sizes:
        raise ValueError(f"every move needs the same number of samples, at least one (got {sorted(sizes)})")
    ranked = sorted(moves, key=lambda move: -statistics.fmean(payoffs[move]))
    best = payoffs[ranked[0]]
    tops = [max(column) for column in zip(*payoffs.values())]
    return [MoveComparison(
        move=move,
        samples=len(payoffs[move]),
        mean=statistics.fmean(payoffs[move]),
        std_error=std_error(payoffs[move]),
        interval=mean_interval(payoffs[move]),
        best_share=statistics.fmean([top - value <= SAME_VALUE for value, top in zip(payoffs[move], tops)]),
        difference=None if move == ranked[0] else mean_interval([b - v for b, v in zip(best, payoffs[move])]),
    ) for move in ranked]


def table(comparisons: Sequence[MoveComparison]) -> list[str]:
    """The comparisons as text, one move a line, best first: mean, standard error, 95%
    interval, share of samples best, and the paired difference from the best move.

    >>> rows = compare({Move.from_notation("play 9H"): [4, 6, 5, 7], Move.draw(): [1, 4, 2, 4]})
    >>> print("\\n".join(table(rows)))
    move              mean    s.e.             95% CI   best  best minus this move (paired, 95% CI)
    play 9H          +5.50    0.65   +4.23 ..   +6.77   100%  -
    draw             +2.75    0.75   +1.28 ..   +4.22     0%  +2.75 (+2.26 .. +3.24) separated
    """
    lines = [f"{'move':<14}{'mean':>8}{'s.e.':>8}{'95% CI':>19}{'best':>7}  best minus this move (paired, 95% CI)"]
    for row in comparisons:
        versus = "-" if row.difference is None else (
            f"{row.difference.mean:+.2f} ({row.difference.low:+.2f} .. {row.difference.high:+.2f})"
            + (" separated" if row.separated else ""))
        lines.append(f"{row.move.notation():<14}{row.mean:+8.2f}{row.std_error:8.2f}"
                     f"{row.interval.low:+8.2f} ..{row.interval.high:+8.2f}{row.best_share:7.0%}  {versus}")
    return lines
