"""What a deal's payoff is worth when the deal is played for more than its points: a
**utility**, handed to the native core (``solver/native/utility.h``), which then maximises the
side's expected worth instead of its expected payoff.

A Utility gives NS's worth of each whole payoff -580 ... 580 of the deal (NS's payoff, the
engine's ``payoff_ns``) twice: for a finished deal, and for a horizon leaf, whose value is only
an estimate of the payoff (``eights.play.series.play_for`` builds both from the game's tables,
and says why they differ). Worths are zero-sum around ``total``: EW's worth is ``total``
minus NS's (1 for a chance of winning, 0 for points of a series). The core works in the
payoff's units, so the worths go to it as ``core = (worth - total / 2) * scale``, inside
[-580, 580], and come back as ``equity``.

>>> utility = Utility.of("game", [0.0] * 580 + [0.5] + [1.0] * 580, [0.0] * 580 + [0.5] + [1.0] * 580, total=1.0)
>>> utility.core_tables[0][580], utility.equity(utility.core_tables[0][-1]), utility.equity(-utility.core_tables[0][-1])
(0.0, 1.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

DECK_POINTS = 580  # the payoffs run from -580 to 580 (the core's DECK_POINTS)
PAYOFFS = 2 * DECK_POINTS + 1
CORE_REACH = 500.0  # the worths' reach in the core's units: within its window of -580 ... 580


@dataclass(frozen=True)
class Utility:
    """NS's worth of each payoff -580 ... 580 (``finished[payoff + 580]``, ``leaf[...]``),
    ``total`` NS's worth plus EW's, the name of what the deal is played for, and a ``label``
    saying what the tables were made of (a cache keys on it)."""

    play_for: str
    finished: tuple[float, ...]
    leaf: tuple[float, ...]
    total: float
    label: str = ""

    @classmethod
    def of(cls, play_for: str, finished: Sequence[float], leaf: Sequence[float], total: float,
           label: str = "") -> Utility:
        """A checked utility: both tables of PAYOFFS worths, nondecreasing (a better payoff is never
        worth less: the core's bounds need it)."""
        for name, table in (("finished", finished), ("leaf", leaf)):
            if len(table) != PAYOFFS:
                raise ValueError(f"utility {name}: expected {PAYOFFS} worths, got {len(table)}")
            if any(later < earlier for earlier, later in zip(table, table[1:])):
                raise ValueError(f"utility {name}: the worths must be nondecreasing in the payoff")
        return cls(play_for, tuple(map(float, finished)), tuple(map(float, leaf)), float(total), label or play_for)

    @property
    def center(self) -> float:
        """The worth the core calls 0: half the total."""
        return self.total / 2

    @cached_property
    def scale(self) -> float:
        """Core units per unit of worth: the widest worth from the center lands on CORE_REACH."""
        reach = max(abs(worth - self.center) for worth in (*self.finished, *self.leaf))
        return CORE_REACH / reach if reach > 0 else 1.0

    @cached_property
    def core_tables(self) -> tuple[list[float], list[float]]:
        """The (finished, leaf) tables in the core's units."""
        scale, center = self.scale, self.center
        return ([(worth - center) * scale for worth in self.finished],
                [(worth - center) * scale for worth in self.leaf])

    def equity(self, core_value: float) -> float:
        """A value of the core, turned to a side's view (negated for EW), as that side's worth."""
        return self.center + core_value / self.scale + 0.0


def read(table: Sequence[float], payoff: float) -> float:
    """``table``'s worth of ``payoff`` (a table of PAYOFFS worths, from payoff -580): linear
    between whole payoffs, clamped at the ends, as the core reads it (``utility_read``)."""
    at = payoff + DECK_POINTS
    if at <= 0:
        return table[0]
    if at >= PAYOFFS - 1:
        return table[-1]
    low = int(at)
    share = at - low
    return table[low] if share == 0 else table[low] + share * (table[low + 1] - table[low])
