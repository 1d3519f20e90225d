"""An sce2 position as a front end shows it and plays on: its two forms, who acts, the piles,
whether the deal is over and its score, and its legal moves with what each does
(``Game.state`` of sce2; a family game's: ``eights.games.family_state``).

/v1/moves answers it for the position asked, /v1/deal and /v1/apply for the position they
reach, and /v1/bot-move (``play``) for the position after the bot's move: so a front end needs
no other call to show a position and offer its moves (issue #28).
"""

from __future__ import annotations

from typing import Any

from eights.engine.cards import SEATS, count
from eights.engine.effects import effects
from eights.engine.moves import Move
from eights.engine.notation import compact, to_json
from eights.engine.position import Position
from eights.engine.rules import legal_moves
from eights.engine.scoring import score
from eights.solver.api import SIDES


def position_state(position: Position) -> dict[str, Any]:
    """``position``'s state (PositionStateSchema): no moves, and its score, once the deal is over."""
    return {**position_facts(position), "moves": [legal_move(position, move) for move in legal_moves(position)]}


def position_facts(position: Position) -> dict[str, Any]:
    """``position``'s state without its moves (NormaliseResponseSchema, /v1/positions/normalise)."""
    return {
        "position": compact(position),
        "json": to_json(position),
        "turn": SEATS[position.turn],
        "side": SIDES[position.side_to_act],
        "stock": count(position.stock),
        "discard": count(position.discard),
        "over": position.is_over,
        "score": score(position).to_json() if position.is_over else None,
    }


def legal_move(position: Position, move: Move) -> dict[str, Any]:
    """A move of ``position`` in both forms (``move``, ``move_json``) and its effects."""
    return {"move": move.notation(), "move_json": move.to_json(), "effects": effects(position, move).to_json()}
