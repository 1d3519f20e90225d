"""schemathesis against the app's own OpenAPI document: no 500, every answer as documented.

Bounded (a few dozen examples per operation, searches of a few ms) to stay well under
two minutes in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from eights.api import create_app
from eights.bench.load import free_port

# Jobs the document describes are accepted (202) but never run: their scheduler's port answers
# nothing, so that no cluster starts, and no job limit is met (a 503).
FAST = {"TESTING": True, "EIGHTS_TT_MB": 1, "EIGHTS_SOLVE_TIME_MS": 5, "EIGHTS_HINT_TIME_MS": 5,
        "EIGHTS_MAX_TIME_MS": 20, "EIGHTS_QUEUE_WAIT_MS": 1000, "EIGHTS_MAX_JOBS": 100_000,
        "EIGHTS_DASK_SCHEDULER": f"tcp://127.0.0.1:{free_port()}"}
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          response_headers_conformance]

schema = schemathesis.openapi.from_wsgi("/openapi.json", create_app(FAST))


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_answers_match_the_document(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=CHECKS)


def documented_examples() -> list[tuple[str, str, Any]]:
    """Every request body the document gives as an example, as (path, example name, body):
    sce2's and the family's (classic/4, layout/6) of every endpoint that has them."""
    found = []
    for path, operations in schema.raw_schema["paths"].items():
        content = operations.get("post", {}).get("requestBody", {}).get("content", {}).get("application/json", {})
        examples = {name: example["value"] for name, example in content.get("examples", {}).items()}
        if "example" in content:
            examples["example"] = content["example"]
        found += [(path, name, body) for name, body in examples.items()]
    return found


@pytest.mark.parametrize(("path", "name", "body"), documented_examples(), ids=lambda value: str(value)[:20])
def test_every_documented_example_is_answered_as_documented(path: str, name: str, body: Any) -> None:
    case = schema[path]["POST"].Case(body=body, media_type="application/json")
    case.call_and_validate(checks=CHECKS)


def test_every_endpoint_taking_a_position_documents_family_examples() -> None:
    named = {(path, name) for path, name, _ in documented_examples()}
    for path in ("/v1/hint", "/v1/solve", "/v1/batch", "/v1/fair-hint", "/v1/bot-move", "/v1/analyse", "/v1/apply",
                 "/v1/rollout", "/v1/moves"):
        assert {(path, "classic/4"), (path, "layout/6")} <= named, path
    assert {("/v1/jobs", f"{kind} {game}") for kind in ("batch", "analyse", "rollout")
            for game in ("classic/4", "layout/6")} <= named
