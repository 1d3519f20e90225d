"""POST /v1/fair-hint."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.common.reading import read_view
from eights.api.fair.hinting import fair_options, hint_fairly
from eights.api.fair.schemas import REQUEST_EXAMPLE, FairHintRequestSchema, FairHintResponseSchema
from eights.api.service import current_service

blp = Blueprint("fair", __name__, url_prefix="/v1",
                description="Hints that do not peek: from one seat's view, the hidden cards sampled.")


@blp.route("/fair-hint")
class FairHint(MethodView):
    """A fair (single-dummy) hint."""

    @blp.arguments(FairHintRequestSchema, example=REQUEST_EXAMPLE)
    @blp.response(200, FairHintResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Fair hint: each move's mean value over deals sampled from the side to act's view, and how often it was best"""
        service = current_service()
        return hint_fairly(service, read_view(args["position"]), args["samples"], fair_options(service, args),
                           args["seed"]).to_json()
