"""POST /v1/batch."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.answers.batch.plan import plan
from eights.answers.batch.schemas import FAMILY_EXAMPLES, REQUEST_EXAMPLE, BatchRequestSchema, BatchResponseSchema
from eights.api.common.docs import problem_responses
from eights.answers.service import current_service

blp = Blueprint("batch", __name__, url_prefix="/v1", description="Solve many positions at once.")


@blp.route("/batch")
class Batch(MethodView):
    """Many positions."""

    @blp.arguments(BatchRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                  **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, BatchResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Solve many positions in one call, each distinct position once"""
        service = current_service()
        answer: dict[str, Any] = plan(service, args).run_here(service, partial=True)
        return answer
