"""POST /v1/rollout."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from flask import has_request_context, request
from flask.views import MethodView
from flask_smorest import Blueprint

from eights.answers.budget import Budget
from eights.api.common.docs import problem_responses
from eights.api.rollout.request import RolloutRequest
from eights.api.rollout.schemas import FAMILY_EXAMPLES, REQUEST_EXAMPLE, RolloutRequestSchema, RolloutResponseSchema
from eights.answers.service import SolveService, current_service
from eights.play.rollout import rollout

blp = Blueprint("rollout", __name__, url_prefix="/v1", description="Roll moves out: the values players can trust.")


@blp.route("/rollout")
class Rollout(MethodView):
    """Every move played out many times."""

    @blp.arguments(RolloutRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                    **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, RolloutResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Roll out every move (or those given), in any game: each game i of every move from the same stock order, by a bot"""
        return run_rollout(current_service(), args)


def run_rollout(service: SolveService, args: dict[str, Any]) -> dict[str, Any]:
    """The rollout a request asks for, within the service's limits: refused up front over
    EIGHTS_MAX_ROLLOUT_GAMES or EIGHTS_MAX_REQUEST_MS, played in the lane its time belongs
    to (a searching bot searches with that lane's solver, each move within what is left of
    the deadline), stopped at its deadline (before the next action; the answer has the
    rounds of games finished, maybe none) and when its client goes (``Game.capped_bot``: a
    game whose bots keep their own table, as the family's, searches there, each move within
    the same time)."""
    asked = RolloutRequest.read(service, args, "max_rollout_games")
    time_ms = args.get("time_ms", service.settings.max_request_ms)
    budget = Budget.for_time(time_ms, service.settings.max_request_ms, "time_ms",
                             request.environ if has_request_context() else {})
    asked_at = time.monotonic()
    with service.lanes.solver(time_ms) as solver:
        budget = budget.restarted(asked_at)
        bot = asked.game.capped_bot(asked.bot, partial(move_time_left, budget, service.settings.max_time_ms), solver)
        result = rollout(asked.position, asked.moves, args["games"], bot, args["seed"], stop=budget.exhausted)
    return result.to_json()


def move_time_left(budget: Budget, max_time_ms: int) -> float:
    """The most a bot's next move may search: ``max_time_ms``, at most what ``budget`` has
    left (1 ms at least: the search's depth 1 always completes, and the rollout then stops)."""
    return max(1.0, min(float(max_time_ms), budget.left_ms()))
