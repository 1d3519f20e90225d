"""The Swagger UI files, at ``/docs/swagger-ui/``: the URL flask-smorest's ``/docs`` page loads
them from (``OPENAPI_SWAGGER_UI_URL``), and ``/docs/`` sent on to that page. Not API
operations, so not in the OpenAPI document."""

from __future__ import annotations

from flask import Blueprint, redirect
from werkzeug.wrappers import Response

DOCS_URL = "/docs"  # flask-smorest's page (OPENAPI_SWAGGER_UI_PATH)
ASSETS_URL = f"{DOCS_URL}/swagger-ui/"
# The page makes no request beyond the service: no online validator badge.
UI_CONFIG = {"validatorUrl": None}

blp = Blueprint("docs_ui", __name__, static_folder="swagger-ui", static_url_path=ASSETS_URL.rstrip("/"))


@blp.get(f"{DOCS_URL}/")
def docs_with_a_slash() -> Response:
    """``/docs/`` is the docs too: a permanent redirect to the page, as ``/board`` has to ``/board/``."""
    return redirect(DOCS_URL, 308)
