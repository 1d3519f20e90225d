"""Rollouts (``eights.play.rollout``): how fast, and whether their intervals hold the truth.

    python -m eights.bench.rollout [--games 1000] [--bot solver:depth=3] [--seed 1] [--part speed|coverage|both]

Speed: 8-card deals in mid play (the README's example and two dealt ones), every move
rolled out ``--games`` times on one core (this process), with the time it took.

Coverage: tiny positions whose moves' values Solver.solve proves exactly (every child of
a move searched to the end, a draw's children weighed by their probabilities), each move
rolled out ``--games`` times; a 95% interval should hold the exact value of about 95% of
the moves whose games vary, and a move whose games do not vary should give it exactly.
The exact value assumes perfect play from both sides, so a bot that errs in these
endings shows as a bias: the table says which bot played.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from eights.engine.moves import Move
from eights.engine.notation import parse_position
from eights.engine.position import Position
from eights.engine.rules import children
from eights.engine.scoring import score
from eights.play.compare import MoveComparison
from eights.games.sce2 import ROLLOUT_BOT
from eights.play.rollout import DEFAULT_SEED, rollout
from eights.solver import MAX_DEPTH, Solver

# 8-card deals in mid play: the README's example (2 moves), and deals 1 dealt by seeds 3
# and 7 (eights.engine.deal) after a few random actions (3 and 5 moves).
SPEED_POSITIONS = (
    "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W",
    "N:Q6.Q.J4.9 E:J3.5.A63.5 S:842.9.87.K73 W:T7.76.2.T6 up:4C turn:W dir:ccw draw:0 discard:.AKT8..",
    "N:.Q9652.K. E:Q54..T4.AQ65 S:A82.T4.65. W:KJ9.7.J3.T up:KC turn:S dir:cw draw:0 discard:..8.J742",
)
# Endings whose every move Solver.solve values exactly (found among tests.positions'
# random positions); a draw brings one of the few stock cards or of the reshuffled pile.
COVERAGE_POSITIONS = (
    "N:..8. E:..K. S:..T. W:.K.. up:4D turn:N discard:AKQJ9865432.AQJT98765432.AQJ976532.AKQJT9876542",
    "N:..Q. E:Q... S:...K W:.K.. up:8C turn:N discard:AKJT98765432.AQJT9876543.AKJT98765432.AQJT9765432",
    "N:...Q E:...7 S:...K W:.3.. up:TC turn:N discard:AKQJT98765432.AKQJT9876542.AKQJT9876543.J9865432",
    "N:J4... E:9... S:..T. W:..6. up:8H turn:E discard:AKQT876532.AKQJT97542.AKQJ9875432.KQJT965432",
    "N:3.A.. E:...K S:..8. W:..6. up:KD turn:E discard:AKQJT9876542.KQT98765432.AQJT97532.AQJT98765432",
    "N:..8. E:Q... S:...8 W:.J..T up:9S turn:N discard:AKJT876432.AKQT9876542.AKQJT976532.AKQJ976543",
    "N:...Q E:Q... S:4... W:..A. up:8S turn:W discard:AKJT976532.AKQJT98765432.KQJT9876532.AKT9876532",
    "N:.6.. E:..5. S:8... W:.5..2 up:8H turn:N discard:AKQJT9765432.AKQT97432.AKQJ9876432.KQT87543",
    "N:...J E:.7.. S:..8. W:...8 up:9C turn:N discard:AQJT98765432.AKQJT9865432.AKQJT9765432.AKQT765432",
    "N:...A E:...6 S:..7. W:...4 up:JC turn:W discard:KQJT8765432.KQJT765432.AKQJT9865432.KQT987532",
)
PROOF_TIME_MS = 2000  # the most one search of a proof may take


def exact_move_values(solver: Solver, position: Position) -> dict[Move, float] | None:
    """Each legal move's exact value for the side to act: the value of the position it
    leads to (a draw: the mean over the cards it can bring), each proved by Solver.solve;
    None when a search does not prove its value (see exact_value)."""
    side, values = position.side_to_act, {}
    for move, outcomes in children(position):
        total = 0.0
        for probability, child in outcomes:
            value = exact_value(solver, child)
            if value is None:
                return None
            total += float(probability) * (value if child.side_to_act == side else -value)
        values[move] = total
    return values


def exact_value(solver: Solver, position: Position) -> float | None:
    """The value of ``position`` for its side to act, searched one action deeper at a time
    until Solver.solve proves it exact; None when a depth does not complete within
    PROOF_TIME_MS or MAX_DEPTH is reached unproved."""
    if position.is_over:
        return float(score(position).payoff(position.side_to_act))
    for depth in range(1, MAX_DEPTH + 1):
        solution = solver.solve(position, depth=depth, time_ms=PROOF_TIME_MS)
        if solution.exact:
            return solution.value
        if solution.depth < depth:
            return None
    return None


def speed(games: int, bot: str, seed: int) -> list[str]:
    """One line per position: moves, games, seconds (wall clock, and this process's CPU: on
    a shared machine the wall clock counts the other processes' turns), CPU ms a game, and
    what pairing the games gained: for each move but the best, the variance of the
    difference of two independent means over that of the paired difference (1: none; the
    games of the two moves would have to be that many times more without pairing)."""
    width = max(map(len, SPEED_POSITIONS)) + 2
    lines = [f"{'position (8-card deals in mid play)':<{width}}{'moves':>6}{'games':>7}{'wall s':>8}{'CPU s':>7}"
             f"{'CPU ms/game':>12}  pairing gain by move"]
    for text in SPEED_POSITIONS:
        started = time.process_time()
        result = rollout(parse_position(text), games=games, bot=bot, seed=seed)
        cpu_s = time.process_time() - started
        rows = result.comparisons
        played = result.played * len(rows)
        gains = ", ".join(f"{row.move.notation()} {pairing_gain(rows[0], row)}" for row in rows[1:])
        lines.append(f"{text:<{width}}{len(rows):>6}{played:>7}{result.time_ms / 1000:>8.1f}{cpu_s:>7.1f}"
                     f"{cpu_s * 1000 / played:>12.2f}  {gains}")
    return lines


def pairing_gain(best: MoveComparison, other: MoveComparison) -> str:
    """(best's variance + other's) / the paired difference's: how many times the games the
    pairing saves; ``all`` when the paired difference does not vary (the moves' games end alike)."""
    assert other.difference is not None
    unpaired = best.interval.half_width ** 2 + other.interval.half_width ** 2
    return "all" if other.difference.half_width == 0 else f"{unpaired / other.difference.half_width ** 2:.2f}"


def coverage(games: int, bot: str, seed: int) -> list[str]:
    """One line per move: its exact value, the rollout's mean and interval, whether the
    interval holds the exact value; then the share of varying moves held."""
    solver = Solver(tt_mb=64)
    width = max(map(len, COVERAGE_POSITIONS)) + 2
    lines = [f"{'position':<{width}}{'move':<10}{'exact':>8}{'mean':>9}{'95% CI':>20}  held"]
    held = varying = 0
    for text in COVERAGE_POSITIONS:
        position = parse_position(text)
        truth = exact_move_values(solver, position)
        if truth is None:
            lines.append(f"{text:<{width}}(not proved within {PROOF_TIME_MS} ms)")
            continue
        for row in rollout(position, games=games, bot=bot, seed=seed).comparisons:
            exact = truth[row.move]
            fixed = row.interval.half_width == 0
            covers = abs(row.mean - exact) < 1e-9 if fixed else row.interval.low <= exact <= row.interval.high
            held += covers and not fixed
            varying += not fixed
            lines.append(f"{text:<{width}}{row.move.notation():<10}{exact:>+8.2f}{row.mean:>+9.2f}"
                         f"{row.interval.low:>+10.2f} ..{row.interval.high:>+8.2f}  "
                         f"{'yes' if covers else 'NO'}{' (no variance)' if fixed else ''}")
    lines.append(f"intervals that hold the exact value, of the moves whose games vary: {held} of {varying}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the parts asked for and print their tables."""
    parser = argparse.ArgumentParser(prog="python -m eights.bench.rollout", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per move (default 1000)")
    parser.add_argument("--bot", default=ROLLOUT_BOT, help=f"the rollout's bot (default {ROLLOUT_BOT})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"the rollouts' seed (default {DEFAULT_SEED})")
    parser.add_argument("--part", choices=("speed", "coverage", "both"), default="both")
    args = parser.parse_args(argv)
    print(f"bot {args.bot}, {args.games} games a move, seed {args.seed}")
    if args.part in ("speed", "both"):
        print("\n".join(speed(args.games, args.bot, args.seed)))
    if args.part in ("coverage", "both"):
        print("\n".join(coverage(args.games, args.bot, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
