"""POST /v1/solve."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.answers.service import current_service
from eights.answers.solve.schemas import FAMILY_EXAMPLES, REQUEST_EXAMPLE, SolveRequestSchema, SolveResponseSchema
from eights.answers.common.play_for import played_for, read_for_play

blp = Blueprint("solve", __name__, url_prefix="/v1", description="Solve a position.")


@blp.route("/solve")
class Solve(MethodView):
    """A position's solution."""

    @blp.arguments(SolveRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                  **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, SolveResponseSchema, description="The solution, in the one shape of every game's (each "
                                                         "game's own fields beside the common ones).")
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Solve a position of any game: its value, the best move and every move's value"""
        service = current_service()
        _, position, context = read_for_play(args)
        options = service.options(args, service.settings.solve_time_ms)
        return service.solve(position, played_for(options, args, position, context)).to_json()
