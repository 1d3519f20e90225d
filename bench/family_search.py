"""The family's reference search at a fixed time per position, beside a plain Python max-n
over pyspiel's own state for the ``openspiel`` preset.

    python -m eights.bench.family_search [--deals 3] [--time-ms 100] [--seed 1]

For each preset, on its largest deals (the most cards in play: ``sce``'s first deal of 8
cards with 4 and 6 players, ``classic`` with 2 players' 7 cards and with 4 and 7, ``openspiel``
with 2, 5 and 8 players, ``layout`` with 4 and 8), ``eights.solver.family.solve`` deepens
for ``--time-ms`` (max-n, material): the table gives the depth completed (the median over the
deals) and the nodes a second (the search's ``nodes``, memo hits included, over its time).
For ``openspiel`` the same dealt states are searched by a plain depth-limited max-n over
pyspiel's state (``clone`` and ``apply_action``, chance outcomes averaged, no memo, every
horizon leaf 0, each player action one step, so an 8's suit is a step of its own): the
outside baseline, and the ratio of nodes a second. Needs ``open-spiel`` (the ``test`` extra).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eights.extras import require

require("python -m eights.bench.family_search", "test", "pyspiel")  # one line, not a traceback

import pyspiel

from eights.engine.family import deal, parse_rules
from eights.engine.family.position import FamilyPosition
from eights.engine.openspiel import position_from_state
from eights.solver.family import solve

CONFIGS = ("sce/4", "sce/6", "classic/2", "classic/4", "classic/7", "openspiel/2", "openspiel/5", "openspiel/8",
           "layout/4", "layout/8")
MAX_DEPTH = 64


class OutOfTime(Exception):
    """The baseline's time is up."""


@dataclass(frozen=True)
class Run:
    """One search of one position: the depth completed, its nodes and its seconds."""

    depth: int
    nodes: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.nodes / self.seconds if self.seconds else 0.0


def pyspiel_deal(players: int, rng: random.Random) -> Any:
    """A ``crazy_eights`` state just dealt, its chance events drawn by their probabilities."""
    state = pyspiel.load_game("crazy_eights", {"players": players}).new_initial_state()
    while state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, weights)[0])
    return state


class PyspielMaxN:
    """A plain depth-limited max-n over pyspiel's state, counting the states it visits."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.nodes = 0

    def value(self, state: Any, depth: int) -> list[float]:
        self.nodes += 1
        if self.nodes % 256 == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime
        if state.is_terminal():
            return list(state.returns())
        if state.is_chance_node():
            total = [0.0] * state.num_players()
            for action, probability in state.chance_outcomes():
                child = state.clone()
                child.apply_action(action)
                for seat, payoff in enumerate(self.value(child, depth)):
                    total[seat] += probability * payoff
            return total
        if depth == 0:
            return [0.0] * state.num_players()
        mover, best = state.current_player(), None
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            values = self.value(child, depth - 1)
            if best is None or values[mover] > best[mover]:
                best = values
        assert best is not None
        return best


def pyspiel_run(state: Any, time_ms: float) -> Run:
    """The baseline deepening on ``state`` for ``time_ms`` (depth 1 always completed)."""
    start = time.perf_counter()
    search = PyspielMaxN(float("inf"))
    search.value(state, 1)
    search.deadline = start + time_ms / 1000
    reached = 1
    for depth in range(2, MAX_DEPTH + 1):
        try:
            search.value(state, depth)
        except OutOfTime:
            break
        reached = depth
    return Run(reached, search.nodes, time.perf_counter() - start)


def eights_run(position: FamilyPosition, time_ms: float) -> Run:
    """The reference search deepening on ``position`` for ``time_ms``."""
    solution = solve(position, time_ms=time_ms)
    return Run(solution.depth, solution.nodes, solution.time_ms / 1000)


def row(name: str, deals: int, time_ms: float, seed: int) -> list[str]:
    """One line of the table: a preset's deals searched by eights (and by the baseline)."""
    rng = random.Random(f"{seed}/{name}")
    ours: list[Run] = []
    theirs: list[Run] = []
    for _ in range(deals):
        if name.startswith("openspiel"):
            state = pyspiel_deal(int(name.split("/")[1]), rng)
            ours.append(eights_run(position_from_state(state), time_ms))
            theirs.append(pyspiel_run(state, time_ms))
        else:
            ours.append(eights_run(deal(parse_rules(name), seed=rng.randrange(10**6)), time_ms))
    cells = [name, _depth(ours), f"{_rate(ours):,.0f}"]
    if theirs:
        return cells + [_depth(theirs), f"{_rate(theirs):,.0f}", f"{_rate(ours) / _rate(theirs):.2f}"]
    return cells + ["", "", ""]


def _depth(runs: Sequence[Run]) -> str:
    return f"{statistics.median(run.depth for run in runs):g}"


def _rate(runs: Sequence[Run]) -> float:
    return sum(run.nodes for run in runs) / sum(run.seconds for run in runs)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eights.bench.family_search", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=3, help="deals per preset (default 3)")
    parser.add_argument("--time-ms", type=float, default=100.0, help="time per position in ms (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    args = parser.parse_args(argv)
    head = ["ruleset", "eights depth", "eights nodes/s", "pyspiel max-n depth", "pyspiel nodes/s", "ratio"]
    print(f"{args.deals} deals a ruleset, {args.time_ms:g} ms a position, depth the median completed")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for name in CONFIGS:
        print("| " + " | ".join(row(name, args.deals, args.time_ms, args.seed)) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
