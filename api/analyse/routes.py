"""POST /v1/analyse."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from api.analyse.analysis import analyse
from api.analyse.schemas import (
    REQUEST_EXAMPLE,
    AnalyseRequestSchema,
    AnalyseResponseSchema,
)
from api.common.docs import problem_responses
from api.common.reading import read_moves, read_position
from api.service import current_service
from engine.errors import NotationError
from engine.record import DealRecord

blp = Blueprint("analyse", __name__, url_prefix="/v1", description="Analyse a played deal.")


@blp.route("/analyse")
class Analyse(MethodView):
    """A played deal, step by step."""

    @blp.arguments(AnalyseRequestSchema, example=REQUEST_EXAMPLE)
    @blp.response(200, AnalyseResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Analyse a played deal: each move against the best one, and the largest mistakes"""
        service = current_service()
        record = DealRecord(read_position(args["position"]), read_moves(args["moves"]))
        if "result" in args and args["result"] != record.result():
            raise NotationError("result", f"the moves give {record.result()}, not {args['result']}")
        return analyse(service, record, service.options(args, service.settings.solve_time_ms))
