"""CORS (EIGHTS_CORS_ORIGINS): the pages on other origins that may call the service, and what
they may read of its answers.

flask-cors answers the preflights and sets Access-Control-Allow-Origin. Beside that, a page
may read the headers it needs beyond the safelisted ones (a job's Location, a 503's
Retry-After), and when the origins are a list, not ``*``, every answer carries ``Vary: Origin``:
its Access-Control-Allow-Origin then depends on the request's Origin (this one, another one,
none), so that a cache must not give one origin's answer to another. flask-cors says so
only when more than one origin is allowed.
"""

from __future__ import annotations

from flask import Flask, Response
from flask_cors import CORS

ANY_ORIGIN = "*"
EXPOSED_HEADERS = ("Location", "Retry-After")


def allow_origins(app: Flask, origins_setting: str) -> None:
    """Let pages on the comma-separated origins of ``origins_setting`` (``*``: any) call ``app``."""
    origins = [origin.strip() for origin in origins_setting.split(",")]
    CORS(app, origins=origins, expose_headers=list(EXPOSED_HEADERS), vary_header=False)
    if ANY_ORIGIN not in origins:
        app.after_request(_vary_by_origin)


def _vary_by_origin(response: Response) -> Response:
    response.vary.add("Origin")
    return response
