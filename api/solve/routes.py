"""POST /v1/solve."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.common.reading import read_position
from eights.api.service import current_service
from eights.api.solve.schemas import REQUEST_EXAMPLE, SolveRequestSchema, SolveResponseSchema

blp = Blueprint("solve", __name__, url_prefix="/v1", description="Solve a position.")


@blp.route("/solve")
class Solve(MethodView):
    """A position's solution."""

    @blp.arguments(SolveRequestSchema, example=REQUEST_EXAMPLE)
    @blp.response(200, SolveResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Solve a position: its value, the best move and every move's value"""
        service = current_service()
        options = service.options(args, service.settings.solve_time_ms)
        return service.solve(read_position(args["position"]), options).to_json()
