"""perft: counting action sequences, to check a second move generator against this one.

>>> from eights.engine.notation import parse_position
>>> perft(parse_position("N:K... E:Q... S:5... W:9... up:5H turn:S stock:...2"), 1)
2
"""

from __future__ import annotations

from eights.engine.position import Position
from eights.engine.rules import children


def perft(position: Position, depth: int) -> int:
    """The number of distinct action sequences of ``depth`` actions from ``position``;
    a draw counts once per distinct set of cards it can bring."""
    if depth == 0:
        return 1
    return sum(perft(child, depth - 1) for _, outcomes in children(position) for _, child in outcomes)
