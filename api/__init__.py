"""The HTTP service (flask-smorest under gunicorn, ``eights.api.worker``), its jobs and the analysis
board's static files; what it answers, without Flask, is ``eights.answers``, which the command line
(``eights.cli``) runs too.

``create_app()`` builds the WSGI app: one package per resource (``routes.py`` and
``schemas.py``), errors as problem+json (``eights.api.problems``), settings from ``EIGHTS_*``.
It is loaded on first use (PEP 562), so that the command line starts without the service.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from eights.api.app import create_app

        return create_app
    raise AttributeError(f"module 'api' has no attribute {name!r}")
