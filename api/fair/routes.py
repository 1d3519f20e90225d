"""POST /v1/fair-hint."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.common.games import check_choosing, read_family_position
from eights.api.common.reading import read_view
from eights.api.fair.family import family_hint_fairly
from eights.api.fair.hinting import fair_options, hint_fairly
from eights.api.fair.schemas import (
    FAMILY_EXAMPLES,
    REQUEST_EXAMPLE,
    FairHintRequestSchema,
    FairHintResponseSchema,
    FamilyFairHintResponseSchema,
)
from eights.api.service import current_service

blp = Blueprint("fair", __name__, url_prefix="/v1",
                description="Hints that do not peek: from one seat's view, the hidden cards sampled.")


@blp.route("/fair-hint")
class FairHint(MethodView):
    """A fair (single-dummy) hint."""

    @blp.arguments(FairHintRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                     **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, FairHintResponseSchema)
    @blp.doc(responses={"200": {"description": "The fair hint: of sce2, or of a game of the family (the player to "
                                               "act's values, and every seat's means).",
                                "content": {"application/json": {"schema": {
                                    "oneOf": [FairHintResponseSchema, FamilyFairHintResponseSchema]}}}}})
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any] | Response:
        """Fair hint, in any game: each move's mean value over deals sampled from the view of the hand to act, and how often it was best"""
        service = current_service()
        position = read_family_position(args["position"], args.get("rules"), live=True)
        if position is not None:
            check_choosing(position)
            search = fair_options(service, args, family=True)
            answer = family_hint_fairly(service, position, args["samples"], search, args["seed"])
            return jsonify(FamilyFairHintResponseSchema().dump(answer.to_json()))
        return hint_fairly(service, read_view(args["position"]), args["samples"], fair_options(service, args),
                           args["seed"]).to_json()
