"""Documenting the problem+json answers a view can give, by status."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from typing import TypeVar

from flask_smorest import Blueprint

View = TypeVar("View", bound=Callable[..., object])
OVERLOADED = "OVERLOADED"


def problem_responses(blp: Blueprint, *statuses: int) -> Callable[[View], View]:
    """Document each status's problem response (503: with its Retry-After header)."""
    def document(view: View) -> View:
        for status in statuses:
            name = OVERLOADED if status == 503 else HTTPStatus(status).name
            view = blp.alt_response(status, response=name)(view)
        return view
    return document
