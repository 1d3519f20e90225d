"""Search modes: how the solver treats the order of the stock (RULES "The solver's objective").

``expectimax`` ignores any known order (every draw is uniform over the stock's
composition); ``fixed-order`` follows the position's ``order`` until a reshuffle.
"""

from __future__ import annotations

from dataclasses import replace

from eights.engine.position import Position
from eights.solver.errors import SolverError

EXPECTIMAX, FIXED_ORDER = "expectimax", "fixed-order"
MODES = (EXPECTIMAX, FIXED_ORDER)


def searched_position(position: Position, mode: str) -> Position:
    """The position the search sees in ``mode``: without its order in ``expectimax``.

    ``fixed-order`` needs the order of a non-empty stock (an empty stock has none to give).
    """
    if mode == EXPECTIMAX:
        return replace(position, order=None)
    if mode != FIXED_ORDER:
        raise SolverError("mode", f"unknown mode {mode!r} (expected {' or '.join(MODES)})")
    if position.order is None and position.stock:
        raise SolverError("mode", "fixed-order needs a position with the stock's order (order:)")
    return position
