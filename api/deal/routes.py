"""POST /v1/deal."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.deal.schemas import REQUEST_EXAMPLE, DealRequestSchema, DealResponseSchema
from eights.api.moves.state import position_state
from eights.engine.cards import parse_seat
from eights.engine.deal import deal_position
from eights.engine.steps import new_seed

blp = Blueprint("deal", __name__, url_prefix="/v1", description="Deal starting positions.")


@blp.route("/deal")
class Deal(MethodView):
    """A seeded deal."""

    @blp.arguments(DealRequestSchema, example=REQUEST_EXAMPLE)
    @blp.response(200, DealResponseSchema)
    @problem_responses(blp, 400, 413)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Deal the starting position of deal k for a dealer, from a seed; its state and legal moves"""
        seed = args["seed"] if "seed" in args else new_seed()
        position = deal_position(args["deal"], parse_seat(args["dealer"], "dealer"), seed)
        return {"deal": args["deal"], "dealer": args["dealer"], "seed": seed, **position_state(position)}
