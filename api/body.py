"""The gate every POST passes before its schema: the body must be one JSON object.

Checked here, once, so that a wrong content type, bytes that are not JSON (or nest too
deep to read, or hold a number with more digits than Python reads) and JSON that is a
list or a number all get 400 naming the problem,
before flask-smorest's schemas look at the fields. A body sent without a length
(``Transfer-Encoding: chunked``) is read here up to the limit, so that one too long gets
413 like any other instead of being cut short.
"""

from __future__ import annotations

import io
import json
import sys

from flask import current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from eights.answers.errors import BadContentType, MalformedBody

JSON_TYPES = {dict: "an object", list: "a list", str: "a string", int: "a number", float: "a number",
              bool: "a boolean", type(None): "null"}


def require_json_object() -> None:
    """Before each POST: raise BadContentType or MalformedBody unless the body is a JSON object."""
    if request.method != "POST" or request.routing_exception is not None:
        return  # not a body to read, or a 404/405 that routing reports
    if not request.is_json:
        raise BadContentType("Content-Type", f"expected application/json, got {request.mimetype or 'none'}")
    if "CONTENT_LENGTH" not in request.environ:
        _read_unsized_body()
    try:
        data = json.loads(request.get_data(cache=True), parse_int=_whole_number)
    except (ValueError, RecursionError) as error:
        raise MalformedBody("body", f"not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise MalformedBody("body", f"expected a JSON object, got {JSON_TYPES[type(data)]}")


def _whole_number(digits: str) -> int:
    """A JSON integer; MalformedBody naming the problem when it is longer than Python reads
    (``sys.get_int_max_str_digits``), rather than Python's own advice to raise that limit."""
    try:
        return int(digits)
    except ValueError:
        raise MalformedBody("body", f"a number too long: {len(digits.lstrip('-'))} digits, more than the "
                                    f"{sys.get_int_max_str_digits()} a number may have") from None


def _read_unsized_body() -> None:
    """Read a body that came without a length, up to the limit (413 beyond), and hand it
    on with its length, as if it had been sent with one."""
    limit: int = current_app.config["MAX_CONTENT_LENGTH"]
    data = request.environ["wsgi.input"].read(limit + 1)
    if len(data) > limit:
        raise RequestEntityTooLarge()
    request.environ["wsgi.input"] = io.BytesIO(data)
    request.environ["CONTENT_LENGTH"] = str(len(data))
