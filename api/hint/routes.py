"""POST /v1/hint."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.common.reading import read_live_position
from eights.api.hint.schemas import REQUEST_EXAMPLE, HintRequestSchema, HintResponseSchema
from eights.api.service import current_service

blp = Blueprint("hint", __name__, url_prefix="/v1", description="The best move for a hint button.")


@blp.route("/hint")
class Hint(MethodView):
    """A quick hint."""

    @blp.arguments(HintRequestSchema, example=REQUEST_EXAMPLE)
    @blp.response(200, HintResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Hint: the best move and every move's value, within a short time"""
        service = current_service()
        options = service.options(args, service.settings.hint_time_ms)
        return service.solve(read_live_position(args["position"]), options).to_json()
