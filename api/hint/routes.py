"""POST /v1/hint."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.common.play_for import played_for, read_for_play
from eights.api.common.schemas import FamilySearchResultSchema
from eights.api.hint.schemas import FAMILY_EXAMPLES, REQUEST_EXAMPLE, HintRequestSchema, HintResponseSchema
from eights.api.service import current_service

blp = Blueprint("hint", __name__, url_prefix="/v1", description="The best move for a hint button.")


@blp.route("/hint")
class Hint(MethodView):
    """A quick hint."""

    @blp.arguments(HintRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                 **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, HintResponseSchema)
    @blp.doc(responses={"200": {"description": "The hint: of sce2, or of a game of the family (values per player).",
                                "content": {"application/json": {"schema": {
                                    "oneOf": [HintResponseSchema, FamilySearchResultSchema]}}}}})
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any] | Response:
        """Hint, in any game: the best move and every move's value, within a short time"""
        service = current_service()
        game, position, context = read_for_play(args, live=True)
        options = played_for(service.hint_options(args, bool(game.objectives)), args, position, context)
        result = service.solve(position, options)
        return jsonify(FamilySearchResultSchema().dump(result.to_json())) if result.family else result.to_json()
