"""What every search of eights shares, sce2's and the family's: its limits and defaults, and how
values are compared and written (``eights.solver.api`` for sce2, ``eights.solver.family`` and
``eights.solver.family_native`` for the family's games, read them from here).
"""

from __future__ import annotations

DEFAULT_TIME_MS = 1000
MAX_DEPTH = 64
MAX_TIME_MS = 24 * 60 * 60 * 1000  # a day: a longer budget is a mistake (2**63 would not fit the core)
MAX_NODE_LIMIT = 2**63 - 1  # the core's signed 64-bit count
SAME_VALUE = 1e-9  # values this close are equal (summation order may differ between searches)
JSON_DIGITS = 6  # decimals of a value in JSON: a millionth of a point, well above SAME_VALUE


def rounded(value: float, digits: int | None = JSON_DIGITS) -> float:
    """A value as JSON carries it: ``digits`` decimals (None: all of them), never -0.0.

    >>> rounded(-54.684210526315795), rounded(-1e-12), rounded(-54.684210526315795, None)
    (-54.684211, 0.0, -54.684210526315795)
    """
    return (value if digits is None else round(value, digits)) + 0.0
