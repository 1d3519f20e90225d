"""POST /v1/fair-hint."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.answers.common.game_reading import read_hint_view
from eights.answers.fair.hinting import fair_options, hint_from_view
from eights.answers.fair.view_context import fair_utility, view_in_game
from eights.answers.fair.schemas import FAMILY_EXAMPLES, REQUEST_EXAMPLE, FairHintRequestSchema, FairHintResponseSchema
from eights.answers.service import current_service

blp = Blueprint("fair", __name__, url_prefix="/v1",
                description="Hints that do not peek: from one seat's view, the hidden cards sampled.")


@blp.route("/fair-hint")
class FairHint(MethodView):
    """A fair (single-dummy) hint."""

    @blp.arguments(FairHintRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                     **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, FairHintResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Fair hint, in any game: each move's mean value over deals sampled from the view of the hand to act, and how often it was best"""
        service = current_service()
        position, context = view_in_game(args["position"])
        game, view = read_hint_view(position, args.get("rules"))
        answer = hint_from_view(service, game, view, args["samples"], fair_options(service, args),
                                args["seed"], utility=fair_utility(game, view, context, args.get("play_for")))
        fair: dict[str, Any] = answer.to_json()
        return fair
