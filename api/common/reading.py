"""Reading request values with the engine, errors located in the request (``positions[3].hands.N``)."""

from __future__ import annotations

from typing import Any

from engine.errors import EightsError
from engine.moves import Move
from engine.notation import parse_position
from engine.position import Position

SIDES = ("NS", "EW")


def read_position(value: Any, field: str = "position") -> Position:
    """The position given in ``field`` of the request, in either form."""
    try:
        return parse_position(value)
    except EightsError as error:
        where = field if error.field == "position" else f"{field}.{error.field}"
        raise type(error)(where, error.problem) from None


def read_moves(values: list[Any], field: str = "moves") -> tuple[Move, ...]:
    """The moves given in ``field``, each as a string or an object."""
    return tuple(Move.from_json(value, f"{field}[{step}]") for step, value in enumerate(values))


def side_name(side: int) -> str:
    """A side as answers write it: 0 is ``NS``, 1 is ``EW``."""
    return SIDES[side]
