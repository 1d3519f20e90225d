"""``/board/``: the board's page and its files. A plain Flask blueprint (not flask-smorest's),
so that it stays out of the OpenAPI document: it is a page, not an operation."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, url_for

# The browser itself refuses anything but the service's own files and endpoints.
CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'"

blp = Blueprint("board", __name__, url_prefix="/board", static_folder="static", static_url_path="")
entrance = Blueprint("entrance", __name__)  # the service's root: a person who opens it wants the board


@entrance.get("/")
def root() -> Response:
    """``/`` leads to the board (the API's documents are at /docs and /openapi.json)."""
    return redirect(url_for("board.page"))


@blp.get("/")
def page() -> Response:
    """The board's page; its modules and styles are found relative to it."""
    return blp.send_static_file("index.html")


@blp.after_request
def confine(response: Response) -> Response:
    """Every board file carries the policy that keeps the page on the service."""
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    return response
