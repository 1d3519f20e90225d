"""The searches that run in a cluster's worker processes, each with the process's warm solver.

A worker keeps one Solver per table size for its whole life, so that its table stays
warm from one piece to the next, as a service process's lanes do.
"""

from __future__ import annotations

import functools

from eights.engine.notation import parse_position
from eights.solver import Solution, Solver


@functools.cache
def warm_solver(tt_mb: int) -> Solver:
    """This process's solver with a table of ``tt_mb`` MB, made at its first use."""
    return Solver(tt_mb=tt_mb)


def solve(position: str, depth: int | None, time_ms: int, mode: str, evaluation: str, tt_mb: int) -> Solution:
    """The solution of ``position`` (compact form), searched as the service searches."""
    return warm_solver(tt_mb).solve(parse_position(position), depth=depth, time_ms=time_ms, mode=mode,
                                    evaluation=evaluation)
