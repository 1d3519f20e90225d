"""POST /v1/moves."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.common.games import read_any_position
from eights.api.deal.family import family_state
from eights.api.moves.schemas import (
    FAMILY_EXAMPLE,
    LAYOUT_EXAMPLE,
    REQUEST_EXAMPLE,
    FamilyPositionStateSchema,
    MovesRequestSchema,
    MovesResponseSchema,
)
from eights.api.moves.state import position_state
from eights.engine.family.position import FamilyPosition

blp = Blueprint("moves", __name__, url_prefix="/v1", description="Legal moves and what they do.")


@blp.route("/moves")
class Moves(MethodView):
    """The legal moves of a position."""

    @blp.arguments(MovesRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                  "classic/4": {"value": FAMILY_EXAMPLE},
                                                  "layout/6": {"value": LAYOUT_EXAMPLE}})
    @blp.response(200, MovesResponseSchema)
    @blp.doc(responses={"200": {"description": "The state: of sce2, or of a game of the family.",
                                "content": {"application/json": {"schema": {
                                    "oneOf": [MovesResponseSchema, FamilyPositionStateSchema]}}}}})
    @problem_responses(blp, 400, 413)
    def post(self, args: dict[str, Any]) -> dict[str, Any] | Response:
        """List the legal moves of a position of any game, and its state (deal-over for a finished deal)"""
        position = read_any_position(args["position"], args.get("rules"), live=True)
        if isinstance(position, FamilyPosition):
            return jsonify(FamilyPositionStateSchema().dump(family_state(position)))
        return position_state(position)
