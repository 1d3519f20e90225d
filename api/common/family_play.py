"""Playing a request's moves on a family position (``eights.engine.family.steps``), errors
located in the request (``moves[3]``, ``moves[3].cards[0]``), and the seats a hint asked
with them is for: what /v1/apply and /v1/bot-move share for the family's games."""

from __future__ import annotations

import random
from typing import Any

from eights.api.errors import DealOver
from eights.engine.errors import NotationError
from eights.engine.family.notation import compact_family
from eights.engine.family.position import FamilyPosition
from eights.engine.family.steps import AskedMove, FamilyStep, play_step
from eights.engine.steps import check_seed


def played_family_moves(position: FamilyPosition, moves: tuple[AskedMove, ...], seed: int) -> list[FamilyStep]:
    """``moves`` played from ``position``, draws naming no cards drawn from ``seed``; DealOver
    naming the first move that would follow the deal's end."""
    rng = random.Random(check_seed(seed))
    steps: list[FamilyStep] = []
    for index, move in enumerate(moves):
        if position.is_over:
            raise DealOver(f"moves[{index}]", f"the deal ended with moves[{index - 1}]: no move may follow")
        steps.append(play_step(position, move, rng, f"moves[{index}]"))
        position = steps[-1].after
    return steps


def family_steps_json(steps: list[FamilyStep]) -> list[dict[str, Any]]:
    """Each step as an answer gives it: the move as played (a draw naming its cards) in both
    forms, and the position after it."""
    return [{"move": step.notation(), "move_json": step.to_json(), "position": compact_family(step.after)}
            for step in steps]


def hinted_seats(asked: dict[str, Any], position: FamilyPosition, field: str) -> tuple[int, ...]:
    """The seats a hint asked for a family game is for: its ``players`` (every seat when
    left out); NotationError naming the field for sce2's ``sides`` or a seat the game lacks."""
    if "sides" in asked:
        raise NotationError(f"{field}.sides", f"a game of the family names its seats in players (0 to "
                                              f"{position.players - 1}), not sides")
    players = asked.get("players", list(range(position.players)))
    for index, seat in enumerate(players):
        if seat >= position.players:
            raise NotationError(f"{field}.players[{index}]", f"a seat 0 to {position.players - 1} for "
                                                             f"{position.rules.name}, not {seat}")
    return tuple(players)
