"""POST /v1/solve."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.common.game_reading import read_position_in_game
from eights.api.service import current_service
from eights.api.solve.schemas import FAMILY_EXAMPLES, REQUEST_EXAMPLE, SolveRequestSchema, SolveResponseSchema

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
        _, position = read_position_in_game(args["position"], args.get("rules"))
        return service.solve(position, service.options(args, service.settings.solve_time_ms)).to_json()
