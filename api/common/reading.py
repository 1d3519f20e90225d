"""Reading request values with the engine, errors located in the request (``positions[3].hands.N``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from eights.engine.errors import EightsError
from eights.engine.notation import parse_position
from eights.engine.position import Position

SIDES = ("NS", "EW")
Read = TypeVar("Read")


def read_position(value: Any, field: str = "position") -> Position:
    """The position given in ``field`` of the request, in either form."""
    return _located(parse_position, value, field)


def _located(parse: Callable[[Any], Read], value: Any, field: str) -> Read:
    """``parse(value)``, an error's field put under ``field`` (``position.hands.N``)."""
    try:
        return parse(value)
    except EightsError as error:
        raise located_error(error, field) from None


def located_error(error: EightsError, field: str) -> EightsError:
    """The engine's ``error`` about a value, its field put under the request's ``field``."""
    where = field if error.field == "position" else f"{field}.{error.field}"
    return type(error)(where, error.problem)


def side_name(side: int) -> str:
    """A side as answers write it: 0 is ``NS``, 1 is ``EW``."""
    return SIDES[side]
