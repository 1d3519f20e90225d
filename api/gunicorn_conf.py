"""gunicorn's settings, from the EIGHTS_* variables (see api.settings and the README).

Threaded workers (gthread): a search releases the GIL, and each worker process keeps
its own solver (table warm across requests) and cache. The worker timeout is sized to
the largest search a request may ask for (a gthread worker's requests do not stop its
heartbeat, so a long batch or analysis is not cut short either).
"""

from __future__ import annotations

import math
import os

from api.settings import Settings

TIMEOUT_MARGIN_S = 30
SEARCH_ALLOWANCE = 3  # a solve may overrun time_ms while it proves its value exact (solver/api.py)

_settings = Settings.load(os.environ)

bind = f"{_settings.host}:{_settings.port}"
workers = _settings.workers
threads = _settings.threads
worker_class = "gthread"
timeout = math.ceil(SEARCH_ALLOWANCE * _settings.max_time_ms / 1000) + TIMEOUT_MARGIN_S
graceful_timeout = timeout
accesslog = "-"
