"""pytest fixtures for the HTTP service (tests/test_api_*.py): an app, its client, and
an app factory for tests that need other settings. API fixtures only."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from eights.api import create_app
from eights.solver import Solver

TEST_SETTINGS = {"TESTING": True, "EIGHTS_TT_MB": 1}
# No test keeps jobs in the user's data directory: an app's are in its memory, gunicorn's in a temporary
# directory (tests/processes.py).
os.environ["EIGHTS_DATA_DIR"] = "-"


@pytest.fixture
def make_app() -> Callable[..., Flask]:
    """``make_app(EIGHTS_MAX_BATCH=2)``: a fresh app with those settings over the test ones."""
    def make(**settings: Any) -> Flask:
        return create_app({**TEST_SETTINGS, **settings})
    return make


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    """A fresh app (its own solver and empty cache) with the default limits."""
    return make_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of ``app``."""
    return app.test_client()


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Callable[[Flask], list[dict[str, Any]]]:
    """``searches(app)``: a list that then receives the keyword arguments of each search
    ``app``'s solver runs."""
    def watch(app: Flask) -> list[dict[str, Any]]:
        calls: list[dict[str, Any]] = []
        solve = Solver.solve

        def spy(self: Solver, position: Any, **kwargs: Any) -> Any:
            calls.append(kwargs)
            return solve(self, position, **kwargs)
        monkeypatch.setattr(Solver, "solve", spy)
        return calls
    return watch
