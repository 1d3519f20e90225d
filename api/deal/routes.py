"""POST /v1/deal."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.deal.family import family_deal
from eights.api.deal.schemas import (
    FAMILY_EXAMPLE,
    REQUEST_EXAMPLE,
    DealRequestSchema,
    DealResponseSchema,
)
from eights.games import find_game
from eights.engine.cards import parse_seat
from eights.engine.deal import deal_position
from eights.engine.family.ruleset import SCE2, parse_rules
from eights.engine.steps import new_seed

blp = Blueprint("deal", __name__, url_prefix="/v1", description="Deal starting positions.")


@blp.route("/deal")
class Deal(MethodView):
    """A seeded deal."""

    @blp.arguments(DealRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                 "classic/4": {"value": FAMILY_EXAMPLE}})
    @blp.response(200, DealResponseSchema)
    @problem_responses(blp, 400, 413)
    def post(self, args: dict[str, Any]) -> dict[str, Any] | Response:
        """Deal the starting position of deal k for a dealer, from a seed, in sce2 or a game of the family; its state and legal moves"""
        seed = args["seed"] if "seed" in args else new_seed()
        rules = parse_rules(args["rules"])
        if rules != SCE2:
            answer = family_deal(find_game(args["rules"]), args.get("deal"), args.get("dealer"), seed)
            return jsonify(DealResponseSchema().dump(answer))
        position = deal_position(args["deal"], parse_seat(args["dealer"], "dealer"), seed)
        return {"rules": SCE2.name, "deal": args["deal"], "dealer": args["dealer"], "seed": seed,
                **find_game(SCE2.name).state(position)}
