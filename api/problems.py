"""The one place where errors become answers: RFC 9457 ``application/problem+json``.

Every answer names a stable ``code`` and, in ``detail``, the field and the problem
(``position.hands.N: card KS appears twice``). Engine and solver errors, the service's
own, marshmallow's 422 through flask-smorest, werkzeug's HTTP errors and, as a last
resort, any bug (500, logged, no traceback in the answer) all pass through here.
"""

from __future__ import annotations

from collections.abc import Iterator
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException

from api.errors import LimitExceeded, ProblemError
from api.settings import env_name
from engine.errors import EightsError, IllegalMoveError, NotationError
from solver import SolverError

PROBLEM_MIMETYPE = "application/problem+json"
ENGINE_CODES: tuple[tuple[type[EightsError], str], ...] = (
    (IllegalMoveError, "illegal-move"),
    (NotationError, "invalid-notation"),
    (SolverError, "invalid-search"),
    (EightsError, "invalid-input"),
)
HTTP_CODES = {400: "bad-request", 413: "body-too-large", 422: "validation-error"}


def problem(status: int, code: str, field: str | None, detail: str,
            headers: dict[str, str] | None = None, **members: Any) -> Response:
    """The problem+json answer; ``members`` are extension members (RFC 9457 §3.2)."""
    body: dict[str, Any] = {
        "type": f"urn:eights:problem:{code}",
        "title": HTTPStatus(status).phrase,
        "status": status,
        "code": code,
        "detail": detail,
        "field": field,
        "instance": request.path,
        **members,
    }
    response = current_app.json.response(body)
    response.status_code = status
    response.mimetype = PROBLEM_MIMETYPE
    response.headers.update(headers or {})
    return response


def from_engine(error: EightsError) -> Response:
    """422: a position, move or search the rules or the solver reject."""
    code = next(code for kind, code in ENGINE_CODES if isinstance(error, kind))
    return problem(422, code, error.field, str(error))


def from_service(error: ProblemError) -> Response:
    """The service's own refusals: body, limits, overload."""
    members = {"limit": error.limit, "maximum": error.maximum} if isinstance(error, LimitExceeded) else {}
    return problem(error.status, error.code, error.field, str(error), error.headers, **members)


def from_http(error: HTTPException) -> Response:
    """werkzeug's errors, and flask-smorest's 422 with marshmallow's messages."""
    status = error.code or 500
    code = HTTP_CODES.get(status, error.name.lower().replace(" ", "-"))
    messages = getattr(error, "data", {}).get("messages")
    if messages:
        errors = [{"field": field, "problem": text} for field, text in flatten(messages.get("json", messages))]
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        return problem(status, code, first["field"], f"{first['field']}: {first['problem']}{more}",
                       errors=errors)
    if status == 413:
        limit = current_app.config["MAX_CONTENT_LENGTH"]
        return problem(413, code, "body", f"body: at most {limit} bytes allowed "
                       f"(limit {env_name('max_body_bytes')})", limit=env_name("max_body_bytes"), maximum=limit)
    allowed = getattr(error, "valid_methods", None)
    headers = {"Allow": ", ".join(allowed)} if allowed else None
    return problem(status, code, None, error.description or error.name, headers)


def from_bug(error: Exception) -> Response:
    """500 for what no other handler knows: logged in full, answered without a traceback."""
    current_app.logger.exception("unhandled error on %s %s", request.method, request.path)
    return problem(500, "internal-error", None, "the service failed on this request; it has been logged")


def flatten(messages: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """marshmallow's nested messages as ``(field, message)``: ``{"positions": {3: [...]}}``
    gives ``positions[3]``."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            if isinstance(key, int):
                step = f"{path}[{key}]"
            else:
                step = f"{path}.{key}" if path else str(key)
            yield from flatten(value, step)
    elif isinstance(messages, list) and all(isinstance(text, str) for text in messages):
        for text in messages:
            yield path or "body", text
    else:
        yield path or "body", str(messages)


def register_problems(app: Flask) -> None:
    """Route every error of ``app`` through this module (replacing flask-smorest's JSON errors)."""
    app.register_error_handler(EightsError, from_engine)
    app.register_error_handler(ProblemError, from_service)
    app.register_error_handler(HTTPException, from_http)
    app.register_error_handler(Exception, from_bug)
