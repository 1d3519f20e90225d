"""A family position as a front end shows it and plays on (``Game.state`` of a family game):
both forms, the players, the seat to act, the legal moves (each in both forms), whether the
deal is over and then each seat's payoff. (sce2's: ``eights.games.sce2_state``.)"""

from __future__ import annotations

from typing import Any

from eights.engine.family.notation import compact_family, family_to_json
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import legal_moves
from eights.engine.family.scoring import payoffs


def family_state(position: FamilyPosition) -> dict[str, Any]:
    """A family position's state: both forms, the players, the seat to act, the legal moves
    (each in both forms), whether the deal is over and then each seat's payoff (exact
    fractions written as text, ``"-1/2"``)."""
    over = position.is_over
    return {
        "position": compact_family(position),
        "json": family_to_json(position),
        "players": position.players,
        "turn": str(position.turn),
        "moves": [] if over else [{"move": move.notation(), "move_json": move.to_json()}
                                  for move in legal_moves(position)],
        "over": over,
        "payoffs": [str(payoff) for payoff in payoffs(position)] if over else None,
    }
