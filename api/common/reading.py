"""Reading request values with the engine, errors located in the request (``positions[3].hands.N``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from eights.engine.errors import EightsError
from eights.engine.moves import Move
from eights.engine.notation import parse_position
from eights.engine.position import Position
from eights.engine.view import View, parse_view
from eights.play.fair import check_view

SIDES = ("NS", "EW")
Read = TypeVar("Read")


def read_position(value: Any, field: str = "position") -> Position:
    """The position given in ``field`` of the request, in either form."""
    return _located(parse_position, value, field)


def read_view(value: Any, field: str = "position") -> View:
    """The view (a position with ``view:``) given in ``field`` of the request, in either form,
    that a fair hint can answer: the side to act's, the deal going on (``eights.play.fair.check_view``)."""
    return _located(_hintable_view, value, field)


def _hintable_view(value: Any) -> View:
    view = parse_view(value)
    check_view(view)
    return view


def _located(parse: Callable[[Any], Read], value: Any, field: str) -> Read:
    """``parse(value)``, an error's field put under ``field`` (``position.hands.N``)."""
    try:
        return parse(value)
    except EightsError as error:
        where = field if error.field == "position" else f"{field}.{error.field}"
        raise type(error)(where, error.problem) from None


def read_moves(values: list[Any], field: str = "moves") -> tuple[Move, ...]:
    """The moves given in ``field``, each as a string or an object."""
    return tuple(Move.from_json(value, f"{field}[{step}]") for step, value in enumerate(values))


def side_name(side: int) -> str:
    """A side as answers write it: 0 is ``NS``, 1 is ``EW``."""
    return SIDES[side]
