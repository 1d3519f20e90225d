"""``python -m eights.bench.family_core``: the family's search in the native core, and sce2 beside it.

For each ruleset: nodes/s and the depth reached in ``QUICK_MS`` (100 ms) on the largest deals
(``largest_deal``: seeded, the first deal of each ruleset, a full hand each), table cleared
before each, in ``maxn`` and ``paranoid`` (for the hand to act); with ``--depth D``, nodes/s of
the same searches to depth D instead (the same nodes on every machine and core whose values
agree: the rate alone measures the core's speed), ``--rules`` and ``--evaluation`` choosing
the rulesets and the horizon's evaluation. Then sce2's nodes/s on the
committed suite (``solver/suite.txt``) searched to ``--sce2-depth`` by the same raw call the
Solver makes, and, with ``--baseline REV``, the same for the core of git revision ``REV`` (built
into a temporary folder with the installed core's compiler flags; or ``--baseline-core FILE``, a
core another checkout built and installed, as pip built this one), the two alternating round
after round in one process, so that sce2's speed is compared old against new in one run.
``python -m eights.bench.solver --rules PRESET`` runs the same family rows beside sce2's deals
at the same time, and OpenSpiel's searches on the same deals.

    python -m eights.bench.family_core [--seeds 5] [--sce2-depth 6] [--rounds 3] [--baseline b9f6ff0 | --baseline-core FILE]
    python -m eights.bench.family_core --depth 5 --rules classic/2,classic/4,sce/4,openspiel/4 [--evaluation material]
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from eights.games import Game, find_game
from eights.solver import Solver, _core
from eights.solver.benchmark import load_suite
from eights.solver.convert import to_state

QUICK_MS = 100
RULESETS = ["sce/3", "sce/4", "sce/6", "classic/2", "classic/4", "classic/7", "openspiel/2", "openspiel/5",
            "openspiel/8", "layout/4", "layout/8"]
MODES = ("maxn", "paranoid")
ROOT = Path(__file__).resolve().parent.parent
CFLAGS = ["-DNDEBUG", "-g", "-fwrapv", "-O3", "-Wall", "-fPIC", "-O3", "-flto", "-std=c11", "-Wextra"]


@dataclass(frozen=True)
class Run:
    """One timed search of one position: the depth completed, its nodes and its seconds."""

    depth: int
    nodes: int
    seconds: float


def summary(runs: Sequence[Run]) -> dict[str, Any]:
    """Deals searched, nodes, seconds, nodes/s over them all, least and median depth."""
    nodes, seconds = sum(run.nodes for run in runs), sum(run.seconds for run in runs)
    depths = [run.depth for run in runs]
    return {"deals": len(runs), "nodes": nodes, "seconds": seconds,
            "nodes_per_second": nodes / seconds if seconds else 0.0,
            "least_depth": min(depths), "median_depth": statistics.median(depths)}


def largest_deal(game: Game[Any, Any, Any], seed: int) -> Any:
    """The deal ``seed`` of ``game`` (a ruleset of the family) just dealt (every hand full), the
    dealer turning with the seed: the positions every family benchmark of this module (and the
    outside baseline) searches."""
    return game.deal(seed, dealer=seed % game.players)


def core_run(game: Game[Any, Any, Any], position: Any, mode: str, solver: Solver, time_ms: float | None,
             depth: int | None = None, evaluation: str | None = None) -> Run:
    """The game's native core (``Game.solve``, objective ``mode``) deepening on ``position`` for
    ``time_ms`` (or searching to ``depth``) from an empty table (nodes as the core counts them,
    seconds round the whole call: the clock's, or to a depth this thread's CPU time, which a
    loaded machine's other work does not count; the core searches in the calling thread)."""
    solver.clear()
    clock = time.thread_time if depth else time.perf_counter
    start = clock()
    solution = game.solve(position, depth=depth, time_ms=None if depth else time_ms, objective=mode,
                          evaluation=evaluation or game.evaluation, solver=solver)
    return Run(solution.depth, solution.nodes, clock() - start)


def family_rows(rulesets: Sequence[str], seeds: int, time_ms: float = QUICK_MS, modes: Sequence[str] = MODES,
                depth: int | None = None, evaluation: str | None = None) -> list[dict[str, Any]]:
    """Per ruleset and mode, the ``summary`` of its first ``seeds`` largest deals, ``time_ms``
    each (or each to ``depth``), under ``evaluation`` (None: the game's at a depth, the tree search's)."""
    solver = Solver(tt_mb=64)
    rows = []
    for name in rulesets:
        game = find_game(name)
        game.solve(largest_deal(game, 0), depth=1, solver=solver)  # the family table made before any clock runs
        for mode in modes:
            runs = [core_run(game, largest_deal(game, seed), mode, solver, time_ms, depth, evaluation)
                    for seed in range(seeds)]
            rows.append({"rules": name, "mode": mode, **summary(runs)})
    return rows


def build_core(revision: str, folder: Path) -> Path:
    """The native core of git revision ``revision``, built in ``folder`` with the installed
    core's optimisation flags; its path."""
    source = folder / "src"
    source.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "solver/native"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    native = source / "solver" / "native"
    out = folder / f"_core{sysconfig.get_config_var('EXT_SUFFIX')}"
    include = sysconfig.get_paths()["include"]
    subprocess.run(["gcc", "-shared", *CFLAGS, f"-I{include}", f"-I{native}", *map(str, sorted(native.glob("*.c"))),
                    "-lm", "-o", str(out)], check=True, capture_output=True)
    return out


def load_core(path: Path, package: str) -> ModuleType:
    """A second copy of ``_core`` from ``path``, imported as ``package._core``."""
    loader = importlib.machinery.ExtensionFileLoader(f"{package}._core", str(path))
    spec = importlib.util.spec_from_file_location(f"{package}._core", str(path), loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def sce2_rate(core: Any, states: list[Any], depth: int) -> tuple[int, float]:
    """Nodes and seconds of the suite searched to ``depth`` (material leaf, empty table each)."""
    table = core.Table(64)
    nodes, seconds = 0, 0.0
    for state in states:
        table.clear()
        start = time.perf_counter()
        found = core.search(table, state, depth, 0, 0, 0)
        seconds += time.perf_counter() - start
        nodes += found["nodes"]
    return nodes, seconds


def sce2_rows(depth: int, rounds: int, baseline: ModuleType | None) -> dict[str, Any]:
    """sce2's nodes/s, this core (and the baseline's), round after round alternating, the order
    swapped every round (so that neither core always runs first, on a cache the other warmed)."""
    states = [to_state(position) for _, position in load_suite()]
    cores = {"this core": _core} | ({"baseline": baseline} if baseline is not None else {})
    totals = {name: [0, 0.0] for name in cores}
    per_round: dict[str, list[float]] = {name: [] for name in cores}
    for number in range(rounds):
        for name in list(cores)[::-1] if number % 2 else list(cores):
            nodes, seconds = sce2_rate(cores[name], states, depth)
            totals[name][0] += nodes
            totals[name][1] += seconds
            per_round[name].append(nodes / seconds)
    return {name: {"nodes": int(nodes), "seconds": seconds, "nodes_per_second": nodes / seconds,
                   "best_round": max(per_round[name])} for name, (nodes, seconds) in totals.items()}


def family_table(rows: list[dict[str, Any]], counts: bool = False) -> list[str]:
    """``family_rows`` as a Markdown table (M nodes/s, least and median depth; with ``counts``,
    the nodes and seconds too)."""
    counted = " nodes | seconds |" if counts else ""
    lines = [f"| rules | mode | deals |{counted} M nodes/s | least depth | median depth |",
             "|---|---|---:|" + "---:|" * (5 if counts else 3)]
    lines += [f"| {row['rules']} | {row['mode']} | {row['deals']} | "
              + (f"{row['nodes']} | {row['seconds']:.2f} | " if counts else "")
              + f"{row['nodes_per_second'] / 1e6:.2f} | {row['least_depth']} | {row['median_depth']:g} |" for row in rows]
    return lines


def report(rows: list[dict[str, Any]], sce2: dict[str, Any], depth: int) -> str:
    """The family's table, then sce2's suite rate (and the baseline core's, and their ratio)."""
    lines = [f"family, {QUICK_MS} ms a deal, the largest deals (table cleared before each)", *family_table(rows),
             f"\nsce2, solver/suite.txt to depth {depth} (material, table cleared before each position)"]
    for name, rate in sce2.items():
        lines.append(f"{name:<12} {rate['nodes']:>11} nodes {rate['seconds']:>7.2f} s "
                     f"{rate['nodes_per_second'] / 1e6:>7.2f} M nodes/s (best round {rate['best_round'] / 1e6:.2f})")
    if "baseline" in sce2:
        ratio = sce2["this core"]["nodes_per_second"] / sce2["baseline"]["nodes_per_second"]
        lines.append(f"this core / baseline: {ratio:.3f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eights.bench.family_core", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=5, help="deals per ruleset")
    parser.add_argument("--sce2-depth", type=int, default=6, help="depth of sce2's suite searches")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of sce2's suite (alternating with the baseline)")
    parser.add_argument("--baseline", help="a git revision whose core sce2 is compared with (built in a temporary folder)")
    parser.add_argument("--baseline-core", type=Path, metavar="FILE",
                        help="instead of --baseline, a core already built (another checkout's installed _core*.so)")
    parser.add_argument("--depth", type=int, help="search the family's deals to this depth (not 100 ms) and stop there")
    parser.add_argument("--rules", default=",".join(RULESETS), help="the family's rulesets, comma-separated")
    parser.add_argument("--evaluation", choices=("trained", "material"), help="the horizon's evaluation (default: the default)")
    args = parser.parse_args(argv)
    rulesets = args.rules.split(",")
    if args.depth:
        rows = family_rows(rulesets, args.seeds, depth=args.depth, evaluation=args.evaluation)
        print(f"family, each deal to depth {args.depth}, the largest deals (table cleared before each; CPU seconds)")
        print("\n".join(family_table(rows, counts=True)))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        baseline = None
        if args.baseline_core:
            baseline = load_core(args.baseline_core, "eights_baseline")
        elif args.baseline:
            baseline = load_core(build_core(args.baseline, Path(folder)), "eights_baseline")
        rows = family_rows(rulesets, args.seeds, evaluation=args.evaluation)
        sce2 = sce2_rows(args.sce2_depth, args.rounds, baseline)
    print(report(rows, sce2, args.sce2_depth))
    return 0


if __name__ == "__main__":
    sys.exit(main())
