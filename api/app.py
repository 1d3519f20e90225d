"""The application factory: settings, the process's SolveService, the Api and its blueprints,
and the pages served beside it (the analysis board at /board, the Swagger UI files of /docs)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import partial
from typing import Any

from flask import Flask, request

from eights.api.analyse.routes import blp as analyse_blp
from eights.api.apply.routes import blp as apply_blp
from eights.api.batch.routes import blp as batch_blp
from eights.api.body import require_json_object
from eights.api.board.routes import blp as board_blp
from eights.api.board.routes import entrance
from eights.api.bot.routes import blp as bot_blp
from eights.api.cors import allow_origins
from eights.api.cube.routes import blp as cube_blp
from eights.api.deal.routes import blp as deal_blp
from eights.api.fair.routes import blp as fair_blp
from eights.api.docs_ui.routes import ASSETS_URL, DOCS_URL, UI_CONFIG
from eights.api.docs_ui.routes import blp as docs_ui_blp
from eights.api.health.routes import blp as health_blp
from eights.api.hint.routes import blp as hint_blp
from eights.api.jobs.jobs import EXTENSION as JOBS_EXTENSION
from eights.api.jobs.jobs import Jobs
from eights.api.jobs.routes import blp as jobs_blp
from eights.api.moves.routes import blp as moves_blp
from eights.api.openapi import ProblemApi, register_components, spec_options
from eights.api.positions.routes import blp as positions_blp
from eights.api.problems import register_problems
from eights.answers.request_clock import start_clock, stop_clock
from eights.api.rollout.routes import blp as rollout_blp
from eights.answers.service import EXTENSION, SolveService, serve_with
from eights.answers.settings import NONE, PREFIX, Settings
from eights.api.solve.routes import blp as solve_blp
from eights.api.stats.routes import blp as stats_blp
from eights.api.version import VERSION

BLUEPRINTS = (solve_blp, hint_blp, fair_blp, moves_blp, apply_blp, bot_blp, rollout_blp, positions_blp, analyse_blp,
              batch_blp, jobs_blp, deal_blp, cube_blp, health_blp, stats_blp)
PAGES = (board_blp, entrance, docs_ui_blp)  # static pages and their files: not API operations, not documented
DESCRIPTION = (
    "Double-dummy solver for Super Crazy Eights For Two. Positions are accepted in either form of "
    "NOTATION.md (the compact string or the JSON object). Errors are RFC 9457 application/problem+json "
    "with a stable `code` and a `detail` naming the field. Limits are set by EIGHTS_* variables "
    "(README, \"Service settings\"); a request over one is told which."
)


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """A new app. ``config`` overrides the environment: ``EIGHTS_*`` keys are settings
    (``{"EIGHTS_MAX_BATCH": 8}``), any other key goes to Flask's config (``TESTING``)."""
    config = dict(config or {})
    settings = Settings.load({**os.environ, **config})
    app = Flask("eights")
    app.config.update(
        API_TITLE="eights",
        API_VERSION=VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH=DOCS_URL.lstrip("/"),
        OPENAPI_SWAGGER_UI_URL=ASSETS_URL,
        OPENAPI_SWAGGER_UI_CONFIG=UI_CONFIG,
        API_SPEC_OPTIONS={"info": {"description": DESCRIPTION}},
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
    )
    app.config.update({key: value for key, value in config.items() if not key.startswith(PREFIX)})
    service = SolveService(settings)
    app.extensions[EXTENSION] = service
    app.extensions[JOBS_EXTENSION] = Jobs(service)
    if settings.cors_origins != NONE:
        allow_origins(app, settings.cors_origins)
    api = ProblemApi(app, spec_kwargs=spec_options())
    register_components(api)
    register_problems(app)
    app.before_request(partial(begin_request, service, settings.max_request_ms))
    app.teardown_request(end_request)
    app.before_request(require_json_object)
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    for page in PAGES:
        app.register_blueprint(page)
    return app


def begin_request(service: SolveService, max_request_ms: int) -> None:
    """Before each request (before any other hook), what the answering layer reads of it
    (``eights.answers``, which knows nothing of Flask): the app's service, and the request's
    clock with its WSGI environ (``eights.answers.request_clock``)."""
    serve_with(service)
    start_clock(max_request_ms, request.environ)


def end_request(error: BaseException | None) -> None:
    """As each request ends: no service and no clock, so that what runs next on the thread (a
    command in the same process, a test) is outside a request."""
    serve_with(None)
    stop_clock()
