"""What the family's rule tests share: a position's legal moves written out, and moves played."""

from __future__ import annotations

from eights.engine.family.moves import FamilyMove
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import apply_move, legal_moves


def moves(position: FamilyPosition) -> list[str]:
    """The legal moves of ``position``, in the engine's order, as written."""
    return [move.notation() for move in legal_moves(position)]


def play(position: FamilyPosition, *texts: str) -> FamilyPosition:
    """``position`` after the moves ``texts`` (each checked by the rules)."""
    for text in texts:
        position = apply_move(position, FamilyMove.from_notation(text))
    return position
