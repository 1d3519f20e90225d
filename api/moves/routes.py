"""POST /v1/moves."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.common.reading import read_position
from eights.api.moves.schemas import REQUEST_EXAMPLE, MovesRequestSchema, MovesResponseSchema
from eights.engine.cards import SEATS
from eights.engine.effects import effects
from eights.engine.notation import compact
from eights.engine.rules import legal_moves

blp = Blueprint("moves", __name__, url_prefix="/v1", description="Legal moves and what they do.")


@blp.route("/moves")
class Moves(MethodView):
    """The legal moves of a position."""

    @blp.arguments(MovesRequestSchema, example=REQUEST_EXAMPLE)
    @blp.response(200, MovesResponseSchema)
    @problem_responses(blp, 400, 413)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """List the legal moves, each with what it does"""
        position = read_position(args["position"])
        return {
            "position": compact(position),
            "turn": SEATS[position.turn],
            "moves": [{"move": move.notation(), "json": move.to_json(), "effects": effects(position, move).to_json()}
                      for move in legal_moves(position)],
        }
