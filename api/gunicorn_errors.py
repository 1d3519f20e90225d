"""The errors gunicorn answers itself, before the app sees the request (a request line over
4094 bytes, a malformed header, too many headers): problem+json like every other answer of
the service, instead of gunicorn's HTML page. gunicorn has no hook for these answers, so
``install`` replaces the one function that writes them (``gunicorn.util.write_error``)."""

from __future__ import annotations

import json
import socket

from gunicorn import util

from eights.api.problems import PROBLEM_MIMETYPE, http_code, problem_body

UNREAD = ""  # the problem's instance: the request line was not read, so there is no path to name


def write_problem(sock: socket.socket, status: int, reason: str, message: str) -> None:
    """Answer ``status`` as problem+json on ``sock`` and close (gunicorn's write_error, in JSON)."""
    body = json.dumps(problem_body(status, http_code(status, reason), None, message or reason, UNREAD)).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: {PROBLEM_MIMETYPE}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin-1") + body)


def install() -> None:
    """Make gunicorn answer its own errors with ``write_problem`` (in this process and its workers)."""
    util.write_error = write_problem
