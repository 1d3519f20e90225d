"""gunicorn's settings, from the EIGHTS_* variables (see eights.answers.settings and the README).

Threaded workers (gthread, reading each request whole before a thread serves it: ``eights.api.worker``):
a search releases the GIL, and each worker process keeps
its own lanes of solvers (tables warm across requests) and cache. A request's searches
end by EIGHTS_MAX_REQUEST_MS, so the worker timeout is that plus a margin. A bad setting
stops the start with one line naming it; once listening, one line says where the board and the
API's documents are. gunicorn's control socket is off: its default
path is shared by every instance on a machine. The errors gunicorn answers itself (a request
line too long, a malformed header) are problem+json too (``eights.api.gunicorn_errors``).
"""

from __future__ import annotations

import math
import os
import sys

from eights.api import gunicorn_errors
from eights.api.jobs import sqlite_store as jobs_database
from eights.answers.settings import Settings

TIMEOUT_MARGIN_S = 30

try:
    _settings = Settings.load(os.environ)
    jobs_database.prepare(_settings)  # a data directory it cannot write to stops the start too
except ValueError as error:
    print(f"eights: {error}", file=sys.stderr)
    sys.exit(2)

bind = f"{_settings.host}:{_settings.port}"
workers = _settings.workers
threads = _settings.threads
worker_class = "eights.api.worker.RequestReadingWorker"
timeout = math.ceil(_settings.max_request_ms / 1000) + TIMEOUT_MARGIN_S
graceful_timeout = timeout
control_socket_disable = True
gunicorn_errors.install()
accesslog = "-"
WILDCARDS = {"0.0.0.0", "::", ""}  # listening everywhere: this machine's own address reaches it


def when_ready(server: object) -> None:
    """Once listening (``eights serve`` or the Procfile): where a person finds the board, the
    API's documents and the API."""
    host = "127.0.0.1" if _settings.host in WILDCARDS else _settings.host
    base = f"http://{f'[{host}]' if ':' in host else host}:{_settings.port}"
    print(f"eights: the board at {base}/board/, the API's docs at {base}/docs, "
          f"its OpenAPI document at {base}/openapi.json", file=sys.stderr, flush=True)
