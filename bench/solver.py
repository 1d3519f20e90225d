"""Benchmark the native solver, and the pure-Python reference where it can keep up, on the
committed suite ``bench/suite.txt``.

    python -m bench.solver [--depths 1-6] [--time MS] [--ref-depth 3] [--ref-nodes N] [--evaluation E]

Per depth: positions completed, native nodes and time (the value search plus the two
exactness searches of each solve, table cleared before each position), nodes/s, median
time per position; the reference's nodes/s on the positions it finishes within
``--ref-nodes``, and native/reference. Reference nodes include memo hits, so the ratio
compares two ways of counting and is a rough guide. Then the depth each 8-card-deal
position reaches within 100 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.notation import parse_position
from engine.position import Position
from solver import MAX_DEPTH, Solver
from solver.evaluation import EVALUATIONS
from solver.reference import TooManyNodes, search

SUITE = Path(__file__).with_name("suite.txt")
QUICK_MS = 100
BIG_DEAL = "8-"


@dataclass(frozen=True)
class Rate:
    """Work done on some positions: how many finished, nodes, seconds, time per position."""

    finished: int
    tried: int
    nodes: int
    seconds: float
    per_position: list[float]

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds else 0.0


def load_suite(path: Path = SUITE) -> list[tuple[str, Position]]:
    """The suite's (label, position) pairs; ``#`` lines are comments."""
    suite = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            label, text = line.split(maxsplit=1)
            suite.append((label, parse_position(text)))
    return suite


def native(solver: Solver, suite: list[tuple[str, Position]], depth: int, time_ms: float | None,
           evaluation: str) -> Rate:
    """Solve each position to ``depth`` (``time_ms`` caps each), from an empty table."""
    nodes, seconds, times = 0, 0.0, []
    for _, position in suite:
        solver.clear()
        solution = solver.solve(position, depth=depth, time_ms=time_ms, evaluation=evaluation)
        nodes += solution.nodes
        seconds += solution.time_ms / 1000
        if solution.depth == depth:
            times.append(solution.time_ms / 1000)
    return Rate(len(times), len(suite), nodes, seconds, times)


def reference(suite: list[tuple[str, Position]], depth: int, max_nodes: int, evaluation: str) -> Rate:
    """The reference to ``depth`` on each position it finishes within ``max_nodes``."""
    nodes, seconds, times = 0, 0.0, []
    for _, position in suite:
        start = time.perf_counter()
        try:
            result = search(position, depth, evaluate=EVALUATIONS[evaluation], max_nodes=max_nodes)
        except TooManyNodes:
            continue
        elapsed = time.perf_counter() - start
        nodes, seconds = nodes + result.nodes, seconds + elapsed
        times.append(elapsed)
    return Rate(len(times), len(suite), nodes, seconds, times)


def table(rows: list[tuple[int, Rate, Rate | None]]) -> str:
    """The per-depth table."""
    head = (f"{'depth':>5} {'positions':>9} {'nodes':>12} {'time s':>8} {'nodes/s':>11} {'median ms':>9} "
            f"{'ref pos':>7} {'ref nodes/s':>11} {'ratio':>7}")
    lines = [head]
    for depth, rate, ref in rows:
        median = statistics.median(rate.per_position) * 1000 if rate.per_position else float("nan")
        line = (f"{depth:>5} {rate.finished:>4}/{rate.tried:<4} {rate.nodes:>12} {rate.seconds:>8.2f} "
                f"{rate.nodes_per_second:>11.0f} {median:>9.1f}")
        if ref is not None and ref.finished:
            ratio = rate.nodes_per_second / ref.nodes_per_second
            line += f" {ref.finished:>3}/{ref.tried:<3} {ref.nodes_per_second:>11.0f} {ratio:>7.1f}"
        lines.append(line)
    return "\n".join(lines)


def depths(text: str) -> list[int]:
    """``1-6`` or ``1,2,4``, each from 1 to MAX_DEPTH."""
    try:
        if "-" in text:
            low, high = (int(part) for part in text.split("-"))
            chosen = list(range(low, high + 1))
        else:
            chosen = [int(part) for part in text.split(",")]
    except ValueError:
        chosen = []
    if not chosen or not all(1 <= depth <= MAX_DEPTH for depth in chosen):
        raise argparse.ArgumentTypeError(f"expected depths from 1 to {MAX_DEPTH} as 1-6 or 1,2,4, got {text!r}")
    return chosen


def suite_file(text: str) -> Path:
    """A readable suite file."""
    path = Path(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"no such suite file: {text}")
    return path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The benchmark's options, on its own parser or on ``eights bench``."""
    parser.add_argument("--depths", type=depths, default=depths("1-6"), help="depths to run: 1-6 or 1,2,4")
    parser.add_argument("--time", type=float, default=10_000, help="cap per position and depth, ms")
    parser.add_argument("--ref-depth", type=int, default=3, help="deepest depth for the reference")
    parser.add_argument("--ref-nodes", type=int, default=300_000, help="reference node cap per position")
    parser.add_argument("--suite", type=suite_file, default=SUITE, help="suite file")
    parser.add_argument("--tt-mb", type=int, default=64, help="transposition table size, MB")
    parser.add_argument("--evaluation", choices=list(EVALUATIONS), default="material", help="horizon evaluation")


def run(args: argparse.Namespace) -> None:
    """Print the per-depth table and the 8-card deals' depth within QUICK_MS."""
    suite = load_suite(args.suite)
    solver = Solver(tt_mb=args.tt_mb)
    rows = [(depth, native(solver, suite, depth, args.time, args.evaluation),
             reference(suite, depth, args.ref_nodes, args.evaluation) if depth <= args.ref_depth else None)
            for depth in args.depths]
    print(f"suite: {args.suite.name}, {len(suite)} positions, expectimax, {args.evaluation} evaluation")
    print(table(rows))
    print(f"\n8-card deals, depth reached in {QUICK_MS} ms:")
    for label, position in suite:
        if label.startswith(BIG_DEAL):
            solver.clear()
            solution = solver.solve(position, time_ms=QUICK_MS, evaluation=args.evaluation)
            print(f"  {label:<12} depth {solution.depth:>2}  {solution.time_ms:7.1f} ms  {solution.nodes:>9} nodes")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark with command-line ``argv``; 0 on success."""
    parser = argparse.ArgumentParser(prog="python -m bench.solver", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    run(parser.parse_args(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
