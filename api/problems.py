"""The one place where errors become answers: RFC 9457 ``application/problem+json``.

Every answer names a stable ``code`` and, in ``detail``, the field and the problem
(``position.hands.N: card KS appears twice``). Engine and solver errors, the service's
own, marshmallow's 422 through flask-smorest, werkzeug's HTTP errors and, as a last
resort, any bug (500, logged, no traceback in the answer) all pass through here.
"""

from __future__ import annotations

from collections.abc import Iterator
from http import HTTPStatus
from itertools import islice
from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException

from eights.answers.errors import ClientGone, LimitExceeded, ProblemError
from eights.answers.service import EXTENSION, SolveService
from eights.answers.settings import Settings, env_name
from eights.engine.errors import EightsError, IllegalMoveError, NotationError
from eights.solver import SolverError

PROBLEM_MIMETYPE = "application/problem+json"
ERRORS_LISTED = 20  # a validation answer lists this many fields' problems at most
FIELD_SHOWN = 80  # characters of a field name an answer echoes
DETAIL_SHOWN = 400  # characters of a detail
ENGINE_CODES: tuple[tuple[type[EightsError], str], ...] = (
    (IllegalMoveError, "illegal-move"),
    (NotationError, "invalid-notation"),
    (SolverError, "invalid-search"),
    (EightsError, "invalid-input"),
)
HTTP_CODES = {400: "bad-request", 413: "body-too-large", 422: "validation-error"}


def http_code(status: int, reason: str) -> str:
    """The stable code of an HTTP error: ``HTTP_CODES``'s, else its reason phrase (``uri-too-long``)."""
    return HTTP_CODES.get(status, reason.lower().replace(" ", "-"))


def problem(status: int, code: str, field: str | None, detail: str,
            headers: dict[str, str] | None = None, **members: Any) -> Response:
    """The problem+json answer; ``members`` are extension members (RFC 9457 §3.2). A 503 always
    says when to retry: its own Retry-After, else EIGHTS_RETRY_AFTER_S."""
    response = current_app.json.response(problem_body(status, code, field, detail, request.path, **members))
    response.status_code = status
    response.mimetype = PROBLEM_MIMETYPE
    if status == HTTPStatus.SERVICE_UNAVAILABLE:
        response.headers["Retry-After"] = str(retry_after_s())
    response.headers.update(headers or {})
    return response


def retry_after_s() -> int:
    """The app's EIGHTS_RETRY_AFTER_S (the default before its service is made)."""
    service: SolveService | None = current_app.extensions.get(EXTENSION)
    return (Settings() if service is None else service.settings).retry_after_s


def problem_body(status: int, code: str, field: str | None, detail: str, instance: str,
                 **members: Any) -> dict[str, Any]:
    """The problem's JSON, about ``instance`` (the path it concerns)."""
    return {
        "type": f"urn:eights:problem:{code}",
        "title": HTTPStatus(status).phrase,
        "status": status,
        "code": code,
        "detail": shortened(detail, DETAIL_SHOWN),
        "field": None if field is None else shortened(field, FIELD_SHOWN),
        "instance": instance,
        **members,
    }


def error_body(error: Exception, instance: str) -> dict[str, Any]:
    """The problem's JSON of an error met outside a request (a job's): the engine's and the
    service's as their answers say them, anything else an internal error."""
    if isinstance(error, EightsError):
        return problem_body(422, engine_code(error), error.field, str(error), instance)
    if isinstance(error, ProblemError):
        return problem_body(error.status, error.code, error.field, str(error), instance)
    return problem_body(500, "internal-error", None, f"the job failed: {type(error).__name__}", instance)


def from_engine(error: EightsError) -> Response:
    """422: a position, move or search the rules or the solver reject."""
    return problem(422, engine_code(error), error.field, str(error))


def engine_code(error: EightsError) -> str:
    """The stable code of an engine or solver error."""
    return next(code for kind, code in ENGINE_CODES if isinstance(error, kind))


def shortened(text: str, length: int) -> str:
    """``text`` cut to ``length`` characters, so that an answer never echoes a huge input.

    >>> shortened("positions[0].hands.N", 12)
    'positions[0…'
    """
    return text if len(text) <= length else text[:length - 1] + "…"


def from_service(error: ProblemError) -> Response:
    """The service's own refusals: body, limits, overload; a client gone gets no body."""
    if isinstance(error, ClientGone):
        return Response(status=error.status)
    members = {"limit": error.limit, "maximum": error.maximum} if isinstance(error, LimitExceeded) else {}
    return problem(error.status, error.code, error.field, str(error), error.headers, **members)


def from_http(error: HTTPException) -> Response:
    """werkzeug's errors, and flask-smorest's 422 with marshmallow's messages."""
    status = error.code or 500
    code = http_code(status, error.name)
    messages = getattr(error, "data", {}).get("messages")
    if messages:
        errors = [{"field": shortened(field, FIELD_SHOWN), "problem": shortened(text, DETAIL_SHOWN)}
                  for field, text in islice(flatten(messages.get("json", messages)), ERRORS_LISTED + 1)]
        first = errors[0]
        more = " (and more)" if len(errors) > 1 else ""
        return problem(status, code, first["field"], f"{first['field']}: {first['problem']}{more}",
                       errors=errors[:ERRORS_LISTED])
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
