"""Calibration of the solver's values: over held-out self-play deals, the value the solver
reports at each decision against how the deal really ended, for each evaluation.

    python -m eights.bench.calibration [--deals 60] [--time-ms 100] [--seed 2026] [--evaluations material,trained]
                                [--plot docs/calibration.png]

For each evaluation the solver plays the deals on both sides; at every decision with a choice
it reports the deal's value to NS. A well calibrated value predicts the final payoff to NS:
the least-squares line payoff = intercept + slope * value has slope 1 and intercept 0, and the
RMSE of (payoff - value) is small. The decisions of one deal share its payoff, so the slope's
95% interval is a bootstrap over deals, not decisions. The plot (matplotlib, in the ``train``
extra) shows the mean payoff in bins of reported value. The seed differs from the training's,
so the deals are held out.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from eights.bench.eights import evaluations
from eights.engine.deal import DEALS, deal_position
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import apply_move, legal_moves, random_draw
from eights.engine.scoring import score
from eights.extras import require
from eights.solver import Solver
from eights.solver.evaluation import EVALUATIONS

SOUTH, WEST = 2, 3
PLOT_BINS = 12
RESAMPLES = 1000


@dataclass(frozen=True)
class Calibration:
    """Reported values and realised payoffs (to NS), the deal each came from, and the line
    fitted through them."""

    evaluation: str
    values: list[float]
    payoffs: list[float]
    deal_of: list[int]

    @property
    def slope(self) -> float:
        return statistics.linear_regression(self.values, self.payoffs).slope

    @property
    def intercept(self) -> float:
        return statistics.linear_regression(self.values, self.payoffs).intercept

    def slope_interval(self, seed: int = 0) -> tuple[float, float]:
        """The slope's 95% interval: percentiles of the slope over deals drawn with replacement."""
        by_deal: dict[int, list[int]] = {}
        for index, deal in enumerate(self.deal_of):
            by_deal.setdefault(deal, []).append(index)
        groups = list(by_deal.values())
        rng = random.Random(seed)
        slopes = []
        for _ in range(RESAMPLES):
            drawn = [index for group in rng.choices(groups, k=len(groups)) for index in group]
            values = [self.values[index] for index in drawn]
            if len(set(values)) > 1:
                slopes.append(statistics.linear_regression(values, [self.payoffs[index] for index in drawn]).slope)
        cuts = statistics.quantiles(slopes, n=40)
        return cuts[0], cuts[-1]

    @property
    def rmse(self) -> float:
        return math.sqrt(statistics.fmean((p - v) ** 2 for v, p in zip(self.values, self.payoffs)))

    def row(self) -> str:
        low, high = self.slope_interval()
        return (f"{self.evaluation:<10} {len(self.values):>9} {self.slope:>6.3f} {f'{low:.2f} .. {high:.2f}':>14} "
                f"{self.intercept:>9.2f} "
                f"{self.rmse:>7.2f} {statistics.correlation(self.values, self.payoffs):>6.3f}")


def play_and_report(solver: Solver, start: Position, rng: random.Random, evaluation: str,
                    time_ms: int) -> tuple[list[float], float]:
    """Play a deal with the solver on both sides: the values it reported at its decisions, and
    the deal's payoff to NS."""
    position, reported = start, []
    while not position.is_over:
        moves = list(legal_moves(position))
        move = moves[0]
        if len(moves) > 1:
            solution = solver.solve(position, time_ms=time_ms, evaluation=evaluation)
            assert solution.best is not None
            move = solution.best
            reported.append(solution.value_ns)
        if move.is_draw:
            move = Move.draw(random_draw(position, rng) or None)
        position = apply_move(position, move)
    return reported, float(score(position).payoff_ns)


def calibrate(evaluation: str, deals: int, time_ms: int, seed: int) -> Calibration:
    """The evaluation's reported values and the payoffs over ``deals`` seeded deals."""
    rng = random.Random(seed)
    solver = Solver(tt_mb=64)
    values: list[float] = []
    payoffs: list[float] = []
    deal_of: list[int] = []
    for index in range(deals):
        dealer = SOUTH if (index // DEALS) % 2 == 0 else WEST
        start = deal_position(index % DEALS + 1, dealer, rng.randrange(2**32))
        reported, payoff = play_and_report(solver, start, random.Random(rng.randrange(2**32)), evaluation, time_ms)
        values += reported
        payoffs += [payoff] * len(reported)
        deal_of += [index] * len(reported)
    return Calibration(evaluation, values, payoffs, deal_of)


def plot(results: list[Calibration], path: Path, time_ms: int) -> None:
    """Mean realised payoff against reported value, in bins of equal count, per evaluation."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 6))
    low = min(min(r.values) for r in results)
    high = max(max(r.values) for r in results)
    axes.plot([low, high], [low, high], color="grey", linestyle="--", label="perfect calibration")
    for result in results:
        pairs = sorted(zip(result.values, result.payoffs))
        size = math.ceil(len(pairs) / PLOT_BINS)
        bins = [pairs[i:i + size] for i in range(0, len(pairs), size)]
        xs = [statistics.fmean(v for v, _ in b) for b in bins]
        ys = [statistics.fmean(p for _, p in b) for b in bins]
        axes.plot(xs, ys, marker="o", label=f"{result.evaluation} (slope {result.slope:.2f}, RMSE {result.rmse:.1f})")
    axes.set_xlabel(f"value reported at {time_ms} ms (to NS)")
    axes.set_ylabel("realised payoff of the deal (to NS), bin mean")
    axes.set_title("Calibration on held-out self-play deals")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the calibration table, and draw the plot when asked; 0 on success."""
    parser = argparse.ArgumentParser(prog="python -m eights.bench.calibration", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60, help="held-out deals per evaluation")
    parser.add_argument("--time-ms", type=int, default=100, help="search time per decision")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals and draws")
    parser.add_argument("--evaluations", type=evaluations, default=list(EVALUATIONS),
                        help="comma-separated evaluations (default material,trained)")
    parser.add_argument("--plot", type=Path, help="write the calibration plot (PNG) here")
    args = parser.parse_args(argv)
    if args.plot is not None:
        require("python -m eights.bench.calibration --plot", "bench", "matplotlib")
    results = [calibrate(name, args.deals, args.time_ms, args.seed) for name in args.evaluations]
    print(f"{'evaluation':<10} {'decisions':>9} {'slope':>6} {'slope 95% CI':>14} {'intercept':>9} "
          f"{'RMSE':>7} {'corr':>6}   "
          f"(payoff = intercept + slope * value; {args.deals} deals, {args.time_ms} ms, seed {args.seed})")
    for result in results:
        print(result.row())
    if args.plot:
        plot(results, args.plot, args.time_ms)
        print(f"wrote {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
