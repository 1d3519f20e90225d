"""Does more time change the solver's mind? The best move at a short budget against the best
at a long one, in mid-deal positions, per evaluation.

    python -m eights.bench.stability [--positions 40] [--short-ms 100] [--long-ms 3000]
                              [--evaluations material,trained] [--seed 1]

A position is a seeded deal of the 8...1...8 schedule played a few actions in (4 to 16, by
the heuristic bot on both sides, draws seeded) to a decision with two legal moves or more.
Each search starts from an empty table. Prints, per evaluation, how often the two budgets
choose the same move (all positions, and those with 7-8 cards in the hand to act), how far
the root value moves, and what the short budget's move loses by the long search's values,
with the depths reached: the target of issue #12 is the same move in 90% of positions. Then,
per evaluation, the same share by how many actions deeper the long search got (its depth
gap), which says how far more speed at the short budget would carry the agreement. A
short budget's move that the long search values equal to its best (within the solver's
SAME_VALUE, as everywhere else: an 8 named with another suit, say) counts as the same move.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from eights.bench.eights import evaluations
from eights.engine.cards import count
from eights.engine.deal import DEALS, deal_position
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import apply_move, legal_moves, random_draw
from eights.play.bots import make_bot
from eights.solver import Solution, Solver
from eights.solver.api import SAME_VALUE

SOUTH, WEST = 2, 3
FIRST_ACTION, LAST_ACTION = 4, 16


def mid_deal_positions(count_wanted: int, seed: int) -> Iterator[Position]:
    """``count_wanted`` seeded mid-deal decisions with a choice (see the module docstring)."""
    rng = random.Random(seed)
    bot = make_bot("heuristic")
    found = index = 0
    while found < count_wanted:
        dealer = SOUTH if (index // DEALS) % 2 == 0 else WEST
        position = deal_position(index % DEALS + 1, dealer, rng.randrange(2**32))
        index += 1
        bot.new_game(rng.randrange(2**32))
        for _ in range(rng.randint(FIRST_ACTION, LAST_ACTION)):
            if position.is_over:
                break
            move = bot.choose(position, list(legal_moves(position)))
            if move.is_draw:
                move = Move.draw(random_draw(position, rng) or None)
            position = apply_move(position, move)
        if not position.is_over and len(list(legal_moves(position))) > 1:
            found += 1
            yield position


@dataclass(frozen=True)
class Comparison:
    """One position searched at both budgets."""

    cards: int
    same: bool
    value_moved: float
    loss: float
    short_depth: int
    long_depth: int


def compare(position: Position, evaluation: str, short_ms: int, long_ms: int) -> Comparison:
    """The best move and value at ``short_ms`` and at ``long_ms``, each from an empty table."""
    short = Solver().solve(position, time_ms=short_ms, evaluation=evaluation)
    long = Solver().solve(position, time_ms=long_ms, evaluation=evaluation)
    assert short.best is not None
    lost = loss(long, short.best)
    return Comparison(count(position.hands[position.turn]), lost <= SAME_VALUE,
                      abs(short.value - long.value), lost, short.depth, long.depth)


def loss(solution: Solution, move: Move) -> float:
    """How far below ``solution``'s best value it values ``move`` (0 for a move tied with the best)."""
    return solution.value - solution.value_of(move)


def summary(evaluation: str, rows: Sequence[Comparison]) -> str:
    """One line of the table."""
    big = [row for row in rows if row.cards >= 7]
    same_big = f"{sum(row.same for row in big) / len(big):>8.1%}" if big else f"{'-':>8}"
    return (f"{evaluation:<10} {len(rows):>9} {sum(row.same for row in rows) / len(rows):>8.1%} "
            f"{len(big):>7} {same_big} {statistics.fmean(row.value_moved for row in rows):>12.2f} "
            f"{statistics.fmean(row.loss for row in rows):>5.2f} "
            f"{statistics.median(row.short_depth for row in rows):>11} "
            f"{statistics.median(row.long_depth for row in rows):>10}")


def by_depth_gap(evaluation: str, rows: Sequence[Comparison]) -> str:
    """How often the two budgets agree, per depth gap: ``trained: gap 1: 38/43 (88.4%), ...``."""
    gaps = sorted({row.long_depth - row.short_depth for row in rows})
    parts = []
    for gap in gaps:
        alike = [row.same for row in rows if row.long_depth - row.short_depth == gap]
        parts.append(f"gap {gap}: {sum(alike)}/{len(alike)} ({sum(alike) / len(alike):.1%})")
    return f"{evaluation}: " + ", ".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(prog="python -m eights.bench.stability", description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40, help="mid-deal positions (default 40)")
    parser.add_argument("--short-ms", type=int, default=100, help="the short budget (default 100)")
    parser.add_argument("--long-ms", type=int, default=3000, help="the long budget (default 3000)")
    parser.add_argument("--evaluations", type=evaluations, default=["material", "trained"],
                        help="comma-separated evaluations (default material,trained)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    args = parser.parse_args(argv)
    positions = list(mid_deal_positions(args.positions, args.seed))
    print(f"best move at {args.short_ms} ms against {args.long_ms} ms; {len(positions)} mid-deal positions, "
          f"seed {args.seed}")
    print(f"{'evaluation':<10} {'positions':>9} {'same':>8} {'7-8 cds':>7} {'same':>8} {'value moved':>12} "
          f"{'loss':>5} {'depth short':>11} {'depth long':>10}")
    gap_lines = []
    for evaluation in args.evaluations:
        rows = [compare(position, evaluation, args.short_ms, args.long_ms) for position in positions]
        print(summary(evaluation, rows), flush=True)
        gap_lines.append(by_depth_gap(evaluation, rows))
    print("the same move, by how many actions deeper the long search got:")
    print("\n".join(gap_lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
