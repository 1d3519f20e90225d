"""GET /v1/stats."""

from __future__ import annotations

import os
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.answers.service import current_service
from eights.api.stats.schemas import StatsResponseSchema
from eights.api.version import VERSION

blp = Blueprint("stats", __name__, url_prefix="/v1", description="Counters of this process.")


@blp.route("/stats")
class Stats(MethodView):
    """The process's counters."""

    @blp.response(200, StatsResponseSchema)
    def get(self) -> dict[str, Any]:
        """Give the version, the process that answered, its lanes, cache and searches, and the table's fill"""
        return {"version": VERSION, "worker": os.getpid(), **current_service().stats()}
