"""POST /v1/analyse."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from flask import Response, jsonify

from eights.answers.analyse.family import any_plan
from eights.answers.analyse.schemas import (
    FAMILY_EXAMPLES,
    REQUEST_EXAMPLE,
    AnalyseRequestSchema,
    AnalyseResponseSchema,
    FamilyAnalyseResponseSchema,
)
from eights.api.common.docs import problem_responses
from eights.answers.service import current_service

blp = Blueprint("analyse", __name__, url_prefix="/v1", description="Analyse a played deal.")


@blp.route("/analyse")
class Analyse(MethodView):
    """A played deal, step by step."""

    @blp.arguments(AnalyseRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                    **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, AnalyseResponseSchema)
    @blp.doc(responses={"200": {"description": "The analysis: of a deal of sce2, or of a game of the family (per "
                                               "player, and each seat's value after each step).",
                                "content": {"application/json": {"schema": {
                                    "oneOf": [AnalyseResponseSchema, FamilyAnalyseResponseSchema]}}}}})
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any] | Response:
        """Analyse a played deal of any game: each move against the best one, the largest mistakes, and each side's (each player's) skill and luck.

        With neither time_ms nor depth, the request's budget (EIGHTS_MAX_REQUEST_MS) is shared
        over the positions, up to the default search time each; a job searches each for the
        default time. When the request's time runs out, the analysis of the moves searched so far
        (``complete`` false, the rest in ``not_done``). A game of the family's deal (``rules``, or its record's) is analysed in
        max-n: each move against the best one for its mover."""
        service = current_service()
        answer: dict[str, Any] = any_plan(service, args, service.settings.max_request_ms).run_here(service, partial=True)
        return jsonify(FamilyAnalyseResponseSchema().dump(answer)) if "rules" in answer else answer
