"""``eights serve``: run the service under gunicorn exactly as the Procfile does."""

from __future__ import annotations

import os
import sys
from typing import NoReturn

from eights.answers.settings import Settings

CONFIG = "python:eights.api.gunicorn_conf"
APP = "eights.api:create_app()"


def gunicorn_command() -> list[str]:
    """The Procfile's command, with this interpreter's gunicorn."""
    return [sys.executable, "-m", "gunicorn", "--config", CONFIG, APP]


def serve(host: str | None = None, port: int | None = None) -> NoReturn:
    """Replace this process by gunicorn; ``host`` and ``port`` override EIGHTS_HOST and EIGHTS_PORT.
    Raises ValueError naming a bad setting before anything starts."""
    environment = dict(os.environ)
    if host is not None:
        environment["EIGHTS_HOST"] = host
    if port is not None:
        environment["EIGHTS_PORT"] = str(port)
    Settings.load(environment)
    command = gunicorn_command()
    os.execve(command[0], command, environment)
