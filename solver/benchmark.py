"""Benchmark the native solver, and the pure-Python reference where it can keep up, on the
committed suite ``solver/suite.txt``: what ``eights bench`` and ``python -m eights.bench.solver``
run, kept beside the solver so that the command line need not stand on the benchmarks.

    python -m eights.bench.solver [--depths 1-6] [--time MS] [--ref-depth 3] [--ref-nodes N] [--evaluation E]

Per depth: positions completed, native nodes and time (the value search plus the two
exactness searches of each solve, table cleared before each position), nodes/s, median
time per position; the reference's nodes/s on the positions it finishes within
``--ref-nodes``, and native/reference. Reference nodes include memo hits, so the ratio
compares two ways of counting and is a rough guide. Then the depth each 8-card-deal
position reaches within 100 ms. ``--json`` prints the same data as one JSON object.
(``python -m eights.bench.solver --rules PRESET`` runs the family's benchmark instead:
``eights.bench.family_core``.)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from eights.engine.notation import parse_position
from eights.engine.position import Position
from eights.solver import MAX_DEPTH, Solver
from eights.solver.evaluation import EVALUATIONS
from eights.solver.reference import TooManyNodes, search

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

    @property
    def median_ms(self) -> float | None:
        """The median time of the finished positions, ms; None when none finished."""
        return statistics.median(self.per_position) * 1000 if self.per_position else None

    def to_json(self) -> dict[str, Any]:
        """The counts and rates, as ``--json`` prints them."""
        return {"finished": self.finished, "tried": self.tried, "nodes": self.nodes, "seconds": self.seconds,
                "nodes_per_second": self.nodes_per_second, "median_ms": self.median_ms}


@dataclass(frozen=True)
class Row:
    """One depth of the table: the native rate, and the reference's where it was run."""

    depth: int
    native: Rate
    reference: Rate | None

    @property
    def ratio(self) -> float | None:
        """Native nodes/s over the reference's; None unless the reference finished a position."""
        if self.reference is None or not self.reference.finished:
            return None
        return self.native.nodes_per_second / self.reference.nodes_per_second

    def to_json(self) -> dict[str, Any]:
        """The row, as ``--json`` prints it (reference null where it was not run)."""
        return {"depth": self.depth, **self.native.to_json(),
                "reference": self.reference.to_json() if self.reference else None, "ratio": self.ratio}


@dataclass(frozen=True)
class Reach:
    """How deep one 8-card deal's search got within QUICK_MS."""

    label: str
    depth: int
    time_ms: float
    nodes: int


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


def table(rows: list[Row]) -> str:
    """The per-depth table."""
    head = (f"{'depth':>5} {'positions':>9} {'nodes':>12} {'time s':>8} {'nodes/s':>11} {'median ms':>9} "
            f"{'ref pos':>7} {'ref nodes/s':>11} {'ratio':>7}")
    lines = [head]
    for row in rows:
        rate, ref, ratio = row.native, row.reference, row.ratio
        median = float("nan") if rate.median_ms is None else rate.median_ms
        line = (f"{row.depth:>5} {rate.finished:>4}/{rate.tried:<4} {rate.nodes:>12} {rate.seconds:>8.2f} "
                f"{rate.nodes_per_second:>11.0f} {median:>9.1f}")
        if ref is not None and ratio is not None:
            line += f" {ref.finished:>3}/{ref.tried:<3} {ref.nodes_per_second:>11.0f} {ratio:>7.1f}"
        lines.append(line)
    return "\n".join(lines)


def report(suite: Path, positions: int, evaluation: str, rows: list[Row], reached: list[Reach]) -> str:
    """The heading, the per-depth table and the 8-card deals' depths."""
    lines = [f"suite: {suite.name}, {positions} positions, expectimax, {evaluation} evaluation", table(rows),
             f"\n8-card deals, depth reached in {QUICK_MS} ms:"]
    lines += [f"  {deal.label:<12} depth {deal.depth:>2}  {deal.time_ms:7.1f} ms  {deal.nodes:>9} nodes"
              for deal in reached]
    return "\n".join(lines)


def report_json(suite: Path, positions: int, evaluation: str, rows: list[Row], reached: list[Reach]) -> dict[str, Any]:
    """What ``report`` prints, as one JSON object."""
    return {"suite": suite.name, "positions": positions, "mode": "expectimax", "evaluation": evaluation,
            "depths": [row.to_json() for row in rows], "quick_ms": QUICK_MS,
            "eight_card_deals": [asdict(deal) for deal in reached]}


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
    parser.add_argument("--json", action="store_true",
                        help="print the same data as one JSON object: per depth the native rate, the "
                             "reference's (null beyond --ref-depth) and their ratio, then the 8-card deals")


def quick_deals(solver: Solver, suite: list[tuple[str, Position]], evaluation: str,
                time_ms: float = QUICK_MS) -> list[Reach]:
    """How deep each 8-card deal of ``suite`` (sce2's largest) gets in ``time_ms``, from an
    empty table: the depth the family's benchmark sets beside each preset's."""
    reached = []
    for label, position in suite:
        if label.startswith(BIG_DEAL):
            solver.clear()
            solution = solver.solve(position, time_ms=time_ms, evaluation=evaluation)
            reached.append(Reach(label, solution.depth, solution.time_ms, solution.nodes))
    return reached


def run(args: argparse.Namespace) -> None:
    """Print the per-depth table and the 8-card deals' depth within QUICK_MS (as JSON with ``--json``)."""
    suite = load_suite(args.suite)
    solver = Solver(tt_mb=args.tt_mb)
    rows = [Row(depth, native(solver, suite, depth, args.time, args.evaluation),
                reference(suite, depth, args.ref_nodes, args.evaluation) if depth <= args.ref_depth else None)
            for depth in args.depths]
    parts = (args.suite, len(suite), args.evaluation, rows, quick_deals(solver, suite, args.evaluation))
    print(json.dumps(report_json(*parts)) if args.json else report(*parts))
