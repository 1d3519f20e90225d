"""POST /v1/positions/normalise."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.answers.common.reading import read_position
from eights.games.sce2_state import position_facts
from eights.answers.positions.schemas import (
    REQUEST_EXAMPLE,
    NormaliseRequestSchema,
    NormaliseResponseSchema,
)

blp = Blueprint("positions", __name__, url_prefix="/v1/positions", description="Check and normalise positions.")


@blp.route("/normalise")
class Normalise(MethodView):
    """A position's canonical forms."""

    @blp.arguments(NormaliseRequestSchema, example=REQUEST_EXAMPLE)
    @blp.response(200, NormaliseResponseSchema)
    @problem_responses(blp, 400, 413)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Check a position; give its canonical forms, the hand to act, the piles and any score"""
        position = read_position(args["position"])
        return position_facts(position)
