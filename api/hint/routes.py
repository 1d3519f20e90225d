"""POST /v1/hint."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.answers.hint.schemas import FAMILY_EXAMPLES, REQUEST_EXAMPLE, HintRequestSchema, HintResponseSchema
from eights.answers.service import current_service
from eights.answers.common.play_for import played_for, read_for_play

blp = Blueprint("hint", __name__, url_prefix="/v1", description="The best move for a hint button.")


@blp.route("/hint")
class Hint(MethodView):
    """A quick hint."""

    @blp.arguments(HintRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                 **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, HintResponseSchema, description="The hint, in the one shape of every game's (each game's "
                                                       "own fields beside the common ones).")
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Hint, in any game: the best move and every move's value, within a short time"""
        service = current_service()
        _, position, context = read_for_play(args, live=True)
        return service.solve(position, played_for(service.hint_options(args), args, position, context)).to_json()
