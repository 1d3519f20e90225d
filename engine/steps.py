"""Playing moves one after another, as a game is played: a draw left to chance takes its
cards from a seeded shuffle, and the move as played names them, so that the moves replay
exactly (NOTATION "Moves": in a record a draw names the cards it took).

>>> from eights.engine.notation import compact, parse_position
>>> steps = apply_moves(parse_position("N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S"),
...                     [Move.from_notation("play 9H"), Move.draw()], seed=7)
>>> [step.move.notation() for step in steps]
['play 9H', 'draw AD']
>>> compact(steps[-1].after).split()[:4]
['N:K...', 'E:Q...', 'S:5...', 'W:9..A5.']
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from eights.engine.errors import EightsError, NotationError
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import apply_move

MAX_SEED = 2**53 - 1  # seeds stay exact in JavaScript's numbers


@dataclass(frozen=True, slots=True)
class Step:
    """One move played: the position before, the move as played (a draw naming its cards,
    a pass naming none) and the position after."""

    before: Position
    move: Move
    after: Position


def new_seed() -> int:
    """A random seed from 0 to MAX_SEED."""
    return secrets.randbelow(MAX_SEED + 1)


def check_seed(seed: object, field: str = "seed") -> int:
    """``seed`` if it is a whole number from 0 to MAX_SEED, else NotationError naming ``field``."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise NotationError(field, f"must be a whole number from 0 to {MAX_SEED}, got {seed!r}")
    return seed


def apply_moves(position: Position, moves: Sequence[Move], seed: int) -> list[Step]:
    """Play ``moves`` from ``position``; draws that name no cards take them from
    ``random.Random(seed)``. Raises IllegalMoveError naming the step (``moves[2]``)."""
    rng = random.Random(check_seed(seed))
    steps: list[Step] = []
    for index, move in enumerate(moves):
        try:
            after = apply_move(position, move, rng)
        except EightsError as error:
            raise type(error)(f"moves[{index}]", error.problem) from None
        if move.is_draw:
            drawn = after.hands[position.turn] & ~position.hands[position.turn]
            move = Move.draw(drawn or None)
        steps.append(Step(position, move, after))
        position = after
    return steps
