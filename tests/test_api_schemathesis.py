"""schemathesis against the app's own OpenAPI document: no 500, every answer as documented.

Bounded (a few dozen examples per operation, searches of a few ms) to stay well under
two minutes in CI.
"""

from __future__ import annotations

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
