"""A pure-Python reference search: memoised depth-limited expectiminimax over the engine.

No pruning and no cleverness, so that it can be trusted; the native core is tested
against it. Values are from NS's view: NS maximises, EW minimises, a draw averages
over its outcomes. Depth counts actions (a play or a whole draw), not chance outcomes.

>>> from eights.engine.notation import parse_position
>>> r = search(parse_position("N:K... E:5... S:.5.. W:9... up:5C turn:S stock:...2"), 1)
>>> [(m.notation(), v) for m, v in r.moves], r.value_ns
([('play 5H', 4.0), ('draw', -21.0)], 4.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import children
from eights.engine.scoring import score
from eights.solver.evaluation import Evaluation, material
from eights.solver.modes import EXPECTIMAX, searched_position
from eights.solver.utility import Utility, read


@dataclass(frozen=True)
class ReferenceResult:
    """The root's value, every root move's value (engine order), both for NS, and the
    number of positions visited (memo hits included)."""

    value_ns: float
    moves: list[tuple[Move, float]]
    nodes: int


class TooManyNodes(Exception):
    """The search would visit more positions than its ``max_nodes``."""


def search(position: Position, depth: int, mode: str = EXPECTIMAX, evaluate: Evaluation = material,
           max_nodes: int | None = None, utility: Utility | None = None) -> ReferenceResult:
    """Search ``depth`` actions deep; unfinished positions at the horizon score ``evaluate``.
    With ``utility``, a finished deal's payoff and a horizon's estimate count by what they are
    worth, in the core's units (``Utility.core_tables``). Raises TooManyNodes past
    ``max_nodes`` positions (tests and benchmarks cap their cost)."""
    finished, leaf = (None, None) if utility is None else utility.core_tables
    memo: dict[tuple[Position, int], float] = {}
    nodes = 0

    def value(p: Position, d: int) -> float:
        nonlocal nodes
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise TooManyNodes
        key = (p, d)
        if key not in memo:
            if p.is_over:
                payoff = float(score(p).payoff_ns)
                memo[key] = payoff if finished is None else read(finished, payoff)
            elif d == 0:
                estimate = float(evaluate(p))
                memo[key] = estimate if leaf is None else read(leaf, estimate)
            else:
                values = [expected(outcomes, d - 1) for _, outcomes in children(p)]
                memo[key] = max(values) if p.side_to_act == 0 else min(values)
        return memo[key]

    def expected(outcomes: list[tuple[Fraction, Position]], d: int) -> float:
        return sum(float(probability) * value(child, d) for probability, child in outcomes)

    root = searched_position(position, mode)
    if root.is_over or depth == 0:
        return ReferenceResult(value(root, depth), [], nodes)
    moves = [(move, expected(outcomes, depth - 1)) for move, outcomes in children(root)]
    nodes += 1
    best = max if root.side_to_act == 0 else min
    return ReferenceResult(best(v for _, v in moves), moves, nodes)
