"""POST /v1/moves."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.common.reading import read_live_position
from eights.api.moves.schemas import REQUEST_EXAMPLE, MovesRequestSchema, MovesResponseSchema
from eights.api.moves.state import position_state

blp = Blueprint("moves", __name__, url_prefix="/v1", description="Legal moves and what they do.")


@blp.route("/moves")
class Moves(MethodView):
    """The legal moves of a position."""

    @blp.arguments(MovesRequestSchema, example=REQUEST_EXAMPLE)
    @blp.response(200, MovesResponseSchema)
    @problem_responses(blp, 400, 413)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """List the legal moves, each with what it does, and the position's state (deal-over for a finished deal)"""
        return position_state(read_live_position(args["position"]))
