"""The searches that run in a cluster's worker processes, each with the process's warm solver.

A worker keeps one Solver per table size for its whole life, so that its table stays
warm from one piece to the next, as a service process's lanes do.
"""

from __future__ import annotations

import functools

from typing import Any

from eights.games import game_for, game_of
from eights.solver import Solver
from eights.solver.utility import Utility


@functools.cache
def warm_solver(tt_mb: int) -> Solver:
    """This process's solver with a table of ``tt_mb`` MB, made at its first use."""
    return Solver(tt_mb=tt_mb)


def solve(position: str, depth: int | None, time_ms: int, mode: str, evaluation: str, tt_mb: int,
          objective: str | None = None, player: int | None = None) -> Any:
    """The solution of ``position`` (compact form: sce2's, or a family game's, which names its
    rules), searched as the service searches."""
    parsed = game_of(position, None).read_position(position)
    return search(warm_solver(tt_mb), parsed, depth, time_ms, mode, evaluation, objective, player)


def search(solver: Solver, position: Any, depth: int | None, time_ms: float, mode: str,
           evaluation: str, objective: str | None = None, player: int | None = None,
           utility: Utility | None = None) -> Any:
    """``solver``'s search of ``position`` in its game (``Game.solve``): ``mode`` is how draws
    are treated, beside a family game's ``objective`` (max-n or paranoid) for ``player``; an sce2
    deal played for the game around it by ``utility``."""
    played_for = {} if utility is None else {"utility": utility}
    return game_for(position).solve(position, depth=depth, time_ms=time_ms, stock=mode, evaluation=evaluation,
                                    objective=objective, player=player, solver=solver, **played_for)
