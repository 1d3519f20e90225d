"""POST /v1/analyse."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.analyse.analysis import plan
from eights.api.analyse.schemas import (
    REQUEST_EXAMPLE,
    AnalyseRequestSchema,
    AnalyseResponseSchema,
)
from eights.api.common.docs import problem_responses
from eights.api.service import current_service

blp = Blueprint("analyse", __name__, url_prefix="/v1", description="Analyse a played deal.")


@blp.route("/analyse")
class Analyse(MethodView):
    """A played deal, step by step."""

    @blp.arguments(AnalyseRequestSchema, example=REQUEST_EXAMPLE)
    @blp.response(200, AnalyseResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Analyse a played deal: each move against the best one, the largest mistakes, and each side's skill and luck.

        With neither time_ms nor depth, the request's budget (EIGHTS_MAX_REQUEST_MS) is shared
        over the positions, up to the default search time each; a job searches each for the
        default time."""
        service = current_service()
        answer: dict[str, Any] = plan(service, args, service.settings.max_request_ms).run_here(service)
        return answer
