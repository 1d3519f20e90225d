"""GET /health."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.health.schemas import HealthResponseSchema
from eights.api.version import VERSION

blp = Blueprint("health", __name__, description="Liveness.")


@blp.route("/health")
class Health(MethodView):
    """Liveness."""

    @blp.response(200, HealthResponseSchema)
    def get(self) -> dict[str, str]:
        """Say the service is up, and its version"""
        return {"status": "ok", "version": VERSION}
