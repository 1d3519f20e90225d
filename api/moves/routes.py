"""POST /v1/moves."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.answers.common.game_reading import read_position_in_game
from eights.api.moves.schemas import (
    FAMILY_EXAMPLE,
    LAYOUT_EXAMPLE,
    REQUEST_EXAMPLE,
    MovesRequestSchema,
    MovesResponseSchema,
)

blp = Blueprint("moves", __name__, url_prefix="/v1", description="Legal moves and what they do.")


@blp.route("/moves")
class Moves(MethodView):
    """The legal moves of a position."""

    @blp.arguments(MovesRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                  "classic/4": {"value": FAMILY_EXAMPLE},
                                                  "layout/6": {"value": LAYOUT_EXAMPLE}})
    @blp.response(200, MovesResponseSchema)
    @problem_responses(blp, 400, 413)
    def post(self, args: dict[str, Any]) -> Response:
        """List the legal moves of a position of any game, and its state (deal-over for a finished deal)"""
        game, position = read_position_in_game(args["position"], args.get("rules"), live=True)
        return jsonify(game.state(position))
