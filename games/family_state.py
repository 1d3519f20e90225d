"""A family position as a front end shows it and plays on (``Game.state`` of a family game):
both forms, the number of players, the seat to act, the legal moves (each in both forms);
``Game.common_state`` adds whether the deal is over and the payoffs. (sce2's: ``eights.games.sce2_state``.)"""

from __future__ import annotations

from typing import Any

from eights.engine.family.notation import compact_family, family_to_json
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import legal_moves


def family_state(position: FamilyPosition) -> dict[str, Any]:
    """A family position's own state: both forms, the number of players, the seat to act (as
    text) and the legal moves (each in both forms; none once the deal is over)."""
    return {
        "position": compact_family(position),
        "json": family_to_json(position),
        "players": position.players,
        "turn": str(position.turn),
        "moves": [] if position.is_over else [{"move": move.notation(), "move_json": move.to_json()}
                                  for move in legal_moves(position)],
    }
