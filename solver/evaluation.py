"""Scores for unfinished positions at the search horizon, from NS's view: ``material``, and
``trained`` (the shipped model of the deal's expected payoff, ``eights.solver.trained``).

The reference search calls these directly; the native core has its own copy in C,
selected by name (``eights.solver.convert.LEAF_CODES``), which the differential tests check.

>>> from eights.engine.notation import parse_position
>>> material(parse_position("N:K... E:5... S:8... W:2... up:5H turn:S"))
-35
"""

from __future__ import annotations

from collections.abc import Callable

from eights.engine.cards import DECK_POINTS, points
from eights.engine.position import Position
from eights.solver.trained import trained

Evaluation = Callable[[Position], float]


def material(position: Position) -> float:
    """(E+W points) − (N+S points): the payoff to NS if the deal stopped here with every hand counting."""
    n, e, s, w = position.hands
    return points(e) + points(w) - points(n) - points(s)


def pessimistic(position: Position) -> float:
    """Every horizon leaf as NS's worst outcome (a bound used to prove a value exact)."""
    return -DECK_POINTS


def optimistic(position: Position) -> float:
    """Every horizon leaf as NS's best outcome (a bound used to prove a value exact)."""
    return DECK_POINTS


EVALUATIONS: dict[str, Evaluation] = {"material": material, "trained": trained}
DEFAULT_EVALUATION = "trained"  # what Solver.solve, the service, the command line and the bots use unless told
