"""Playing a request's moves on a family position (``eights.engine.family.steps``), errors
located in the request (``moves[3]``, ``moves[3].cards[0]``), and the seats a hint asked
with them is for: what /v1/apply, /v1/bot-move, /v1/rollout and /v1/analyse share for the
family's games, so that each reads and plays a move the same way."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from eights.answers.errors import DealOver
from eights.engine.errors import EightsError, NotationError
from eights.engine.family.notation import compact_family
from eights.engine.family.position import FamilyPosition
from eights.engine.family.steps import FamilyStep, LocatedMove, play_step
from eights.engine.steps import check_seed


def played_family_moves(position: FamilyPosition, moves: Iterable[LocatedMove], seed: int) -> list[FamilyStep]:
    """``moves`` played from ``position`` (``play_step``: what every endpoint that takes a
    family move plays it by), draws naming no cards drawn from ``seed``; IllegalMoveError
    naming the move's field (or its card's) for one the rules do not allow, DealOver naming
    the first move that would follow the deal's end."""
    rng = random.Random(check_seed(seed))
    steps: list[FamilyStep] = []
    previous = None
    for move in moves:
        if position.is_over:
            ended = "the deal is over" if previous is None else f"the deal ended with {previous.field}"
            raise DealOver(move.field, f"{ended}: no move may follow")
        try:
            steps.append(play_step(position, move.asked, rng, move.field, move.unfinished))
        except EightsError as error:
            raise move.located(error) from None
        position, previous = steps[-1].after, move
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
