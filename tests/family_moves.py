"""What the family's rule tests share: a position's legal moves written out, moves played, and
a deal walked at random."""

from __future__ import annotations

import random

from eights.engine.family.deal import deal
from eights.engine.family.moves import FamilyMove
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import apply_chance, apply_move, legal_moves
from eights.engine.family.ruleset import parse_rules


def moves(position: FamilyPosition) -> list[str]:
    """The legal moves of ``position``, in the engine's order, as written."""
    return [move.notation() for move in legal_moves(position)]


def play(position: FamilyPosition, *texts: str) -> FamilyPosition:
    """``position`` after the moves ``texts`` (each checked by the rules)."""
    for text in texts:
        position = apply_move(position, FamilyMove.from_notation(text))
    return position


def walk(name: str, seed: int, steps: int) -> list[FamilyPosition]:
    """A deal of the ruleset ``name`` from ``seed``, then every position of up to ``steps``
    random moves and chance cards (fewer when the deal ends)."""
    rng = random.Random(seed)
    position = deal(parse_rules(name), seed)
    seen = [position]
    for _ in range(steps):
        if position.is_over:
            break
        if position.owed:
            position = apply_chance(position, rng.choice(position.stock))
        else:
            position = apply_move(position, rng.choice(list(legal_moves(position))))
        seen.append(position)
    return seen
