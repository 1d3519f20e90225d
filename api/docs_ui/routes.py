"""The Swagger UI files, at ``/docs/swagger-ui/``: the URL flask-smorest's ``/docs`` page loads
them from (``OPENAPI_SWAGGER_UI_URL``). Not an API operation, so not in the OpenAPI document."""

from __future__ import annotations

from flask import Blueprint

ASSETS_URL = "/docs/swagger-ui/"
# The page makes no request beyond the service: no online validator badge.
UI_CONFIG = {"validatorUrl": None}

blp = Blueprint("docs_ui", __name__, static_folder="swagger-ui", static_url_path=ASSETS_URL.rstrip("/"))
