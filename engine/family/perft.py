"""perft for the family games: counting the sequences of moves and drawn cards.

>>> from eights.engine.family.notation import parse_family
>>> perft(parse_family("rules:classic/2 0:7.8.. 1:...K turn:0 up:7C stock:...2"), 2)
7
"""

from __future__ import annotations

from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import successors


def perft(position: FamilyPosition, depth: int) -> int:
    """The number of distinct sequences of ``depth`` events from ``position``: each legal
    move, and each distinct card a draw under way brings, counts as one event."""
    if depth == 0:
        return 1
    return sum(perft(child, depth - 1) for _, child in successors(position))
