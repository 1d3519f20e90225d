"""What the family's rule tests share: a position's legal moves written out, moves played,
random steps of a playout, and a deal walked at random."""

from __future__ import annotations

import random

from eights.engine.family.deal import deal
from eights.engine.family.moves import FamilyMove
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import apply_chance, apply_move, chance_outcomes, legal_moves
from eights.engine.family.ruleset import parse_rules


def moves(position: FamilyPosition) -> list[str]:
    """The legal moves of ``position``, in the engine's order, as written."""
    return [move.notation() for move in legal_moves(position)]


def play(position: FamilyPosition, *texts: str) -> FamilyPosition:
    """``position`` after the moves ``texts`` (each checked by the rules)."""
    for text in texts:
        position = apply_move(position, FamilyMove.from_notation(text))
    return position


def random_step(position: FamilyPosition, rng: random.Random) -> FamilyPosition:
    """One random event: a card drawn by its probability, or a legal move chosen uniformly."""
    if position.owed:
        cards, weights = zip(*chance_outcomes(position))
        return apply_chance(position, rng.choices(cards, [float(w) for w in weights])[0])
    return apply_move(position, rng.choice(list(legal_moves(position))))


def walk(name: str, seed: int, steps: int, dealer: int = 0) -> list[FamilyPosition]:
    """A deal of the ruleset ``name`` from ``seed`` (dealt by ``dealer``), then every position
    of up to ``steps`` random moves and chance cards (fewer when the deal ends)."""
    rng = random.Random(seed)
    position = deal(parse_rules(name), seed, dealer)
    seen = [position]
    for _ in range(steps):
        if position.is_over:
            break
        position = random_step(position, rng)
        seen.append(position)
    return seen
