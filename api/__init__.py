"""The HTTP service (flask-smorest) and the ``eights`` command line.

``create_app()`` builds the WSGI app: one package per resource (``routes.py`` and
``schemas.py``), errors as problem+json (``api.problems``), settings from ``EIGHTS_*``.
"""

from api.app import create_app

__all__ = ["create_app"]
