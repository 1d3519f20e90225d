"""The OpenAPI document: flask-smorest's Api with problem+json error responses.

flask-smorest documents its error responses as components with ERROR_SCHEMA under
``application/json``; here they carry ``ProblemSchema`` under ``application/problem+json``,
and 503 gets its own component with the Retry-After header.
"""

from __future__ import annotations

from typing import Any

from apispec import BasePlugin
from flask_smorest import Api

from eights.api.common.docs import OVERLOADED
from eights.answers.common.schemas import ProblemSchema
from eights.api.problems import PROBLEM_MIMETYPE

JSON_MIMETYPE = "application/json"


class ProblemContentPlugin(BasePlugin):
    """apispec plugin: every response component (all of them are errors) as problem+json."""

    def response_helper(self, response: dict[str, Any], **kwargs: Any) -> dict[str, Any] | None:
        content = response.get("content", {})
        if JSON_MIMETYPE not in content:
            return None
        return {"content": {PROBLEM_MIMETYPE: content[JSON_MIMETYPE]}}


class ProblemApi(Api):
    """flask-smorest's Api documenting errors as problem+json."""

    ERROR_SCHEMA = ProblemSchema


def spec_options() -> dict[str, Any]:
    """The ``spec_kwargs`` of ProblemApi."""
    return {"extra_plugins": [ProblemContentPlugin()]}


def register_components(api: Api) -> None:
    """The 503 answer of every searching endpoint, with its Retry-After header."""
    api.spec.components.response(OVERLOADED, {
        "description": "Too many searches under way: retry after the Retry-After seconds.",
        "headers": {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}},
        "content": {PROBLEM_MIMETYPE: {"schema": ProblemSchema}},
    })
