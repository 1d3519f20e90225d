"""The searches that run in a cluster's worker processes, each with the process's warm solver.

A worker keeps one Solver per table size for its whole life, so that its table stays
warm from one piece to the next, as a service process's lanes do.
"""

from __future__ import annotations

import functools

from eights.engine.family.notation import read_game
from eights.engine.family.position import FamilyPosition
from eights.engine.notation import parse_position
from eights.engine.position import Position
from eights.solver import Solution, Solver
from eights.solver.family import FamilySolution


@functools.cache
def warm_solver(tt_mb: int) -> Solver:
    """This process's solver with a table of ``tt_mb`` MB, made at its first use."""
    return Solver(tt_mb=tt_mb)


def solve(position: str, depth: int | None, time_ms: int, mode: str, evaluation: str, tt_mb: int,
          objective: str | None = None, player: int | None = None) -> Solution | FamilySolution:
    """The solution of ``position`` (compact form: sce2's, or a family game's, which names its
    rules), searched as the service searches."""
    parsed = read_game(position, None) or parse_position(position)
    return search(warm_solver(tt_mb), parsed, depth, time_ms, mode, evaluation, objective, player)


def search(solver: Solver, position: Position | FamilyPosition, depth: int | None, time_ms: float, mode: str,
           evaluation: str, objective: str | None = None, player: int | None = None) -> Solution | FamilySolution:
    """``solver``'s search of ``position``: sce2's, or a family game's, where ``mode`` (how
    draws are treated) is the stock's treatment beside the ``objective`` (max-n or paranoid)
    for ``player``."""
    if isinstance(position, FamilyPosition):
        return solver.solve(position, depth=depth, time_ms=time_ms, mode=objective, evaluation=evaluation,
                            player=player, stock=mode)
    return solver.solve(position, depth=depth, time_ms=time_ms, mode=mode, evaluation=evaluation)
