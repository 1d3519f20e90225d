"""POST /v1/solve."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.common.play_for import played_for, read_for_play
from eights.api.common.schemas import FamilySolutionSchema
from eights.api.service import current_service
from eights.api.solve.schemas import FAMILY_EXAMPLES, REQUEST_EXAMPLE, SolveRequestSchema, SolveResponseSchema

blp = Blueprint("solve", __name__, url_prefix="/v1", description="Solve a position.")


@blp.route("/solve")
class Solve(MethodView):
    """A position's solution."""

    @blp.arguments(SolveRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                  **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, SolveResponseSchema)
    @blp.doc(responses={"200": {"description": "The solution: of sce2, or of a game of the family (values per player).",
                                "content": {"application/json": {"schema": {
                                    "oneOf": [SolveResponseSchema, FamilySolutionSchema]}}}}})
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any] | Response:
        """Solve a position of any game: its value, the best move and every move's value"""
        service = current_service()
        game, position, context = read_for_play(args)
        options = service.options(args, service.settings.solve_time_ms, bool(game.objectives))
        result = service.solve(position, played_for(options, args, position, context))
        return jsonify(FamilySolutionSchema().dump(result.to_json())) if result.family else result.to_json()
