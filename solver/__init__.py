"""The double-dummy solver: a native expectiminimax search (``eights.solver._core``) behind a
small Python API (``eights.solver.api``), the pure-Python reference search, the evaluations and
their training (``eights.solver.training``), and the benchmark ``eights bench`` runs.

>>> from eights.engine.notation import parse_position
>>> from eights.solver.reference import search
>>> search(parse_position("N:5... E:Q... S:... W:9... up:5H turn:W"), 2).value_ns
9.0
"""

from eights.solver.api import DEFAULT_TIME_MS, MAX_DEPTH, MoveValue, Solution, Solver
from eights.solver.errors import SolverError

__all__ = ["DEFAULT_TIME_MS", "MAX_DEPTH", "MoveValue", "Solution", "Solver", "SolverError"]
