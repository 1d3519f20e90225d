"""POST /v1/analyse."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.analyse.analysis import plan
from eights.api.analyse.schemas import FAMILY_EXAMPLES, REQUEST_EXAMPLE, AnalyseRequestSchema, AnalyseResponseSchema
from eights.api.common.docs import problem_responses
from eights.api.service import current_service

blp = Blueprint("analyse", __name__, url_prefix="/v1", description="Analyse a played deal.")


@blp.route("/analyse")
class Analyse(MethodView):
    """A played deal, step by step."""

    @blp.arguments(AnalyseRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                    **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, AnalyseResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Analyse a played deal of any game: each move against the best one for its player, the largest mistakes, and each player's skill and luck.

        The same fields for every game (``player_names``, each step's ``to_act``, ``values``,
        ``after``, ``luck``; ``graph``; ``summary.players``), the game's own beside them (sce2's
        values for NS, ``side``, ``sides`` and ``score``; a family game's ``rules``). A game of the
        family's deal is analysed in max-n: each move against the best one for its own mover.
        With neither time_ms nor depth, the request's budget (EIGHTS_MAX_REQUEST_MS) is shared
        over the positions, up to the default search time each; a job searches each for the
        default time. When the request's time runs out, the analysis of the moves searched so far
        (``complete`` false, the rest in ``not_done``)."""
        service = current_service()
        answer: dict[str, Any] = plan(service, args, service.settings.max_request_ms).run_here(service, partial=True)
        return answer
