"""Reading request values with the engine, errors located in the request (``positions[3].hands.N``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from eights.answers.errors import DealOver
from eights.engine.errors import EightsError
from eights.engine.moves import Move
from eights.engine.notation import parse_position
from eights.engine.position import Position
from eights.engine.steps import Step, apply_moves
from eights.engine.view import View, parse_view
from eights.play.fair import check_view

SIDES = ("NS", "EW")
Read = TypeVar("Read")


def read_position(value: Any, field: str = "position") -> Position:
    """The position given in ``field`` of the request, in either form."""
    return _located(parse_position, value, field)


def read_live_position(value: Any, field: str = "position") -> Position:
    """The position given in ``field``, in either form, of a deal that goes on: DealOver
    (``deal-over``) for a finished one, in which there is no move to list, play or choose."""
    position = read_position(value, field)
    if position.is_over:
        raise DealOver(field, "the deal is over: no hand is to act, there is no move")
    return position


def played_moves(position: Position, moves: tuple[Move, ...], seed: int) -> list[Step]:
    """``moves`` played from ``position`` (eights.engine.steps.apply_moves, its errors naming
    the step: ``moves[2]``), DealOver naming the first move that would follow the deal's end."""
    try:
        return apply_moves(position, moves, seed)
    except EightsError as error:
        step = re.fullmatch(r"moves\[(\d+)\]", error.field)
        index = int(step.group(1)) if step else 0
        if index and apply_moves(position, moves[:index], seed)[-1].after.is_over:
            raise DealOver(error.field, f"the deal ended with moves[{index - 1}]: no move may follow") from None
        raise


def read_view(value: Any, field: str = "position") -> View:
    """The view (a position with ``view:``) given in ``field`` of the request, in either form,
    that a fair hint can answer: the side to act's (``eights.play.fair.check_view``), the deal
    going on (DealOver, ``deal-over``, for a finished one)."""
    view = _located(parse_view, value, field)
    if view.template.is_over:
        raise DealOver(field, "the deal is over: no hand is to act, there is no move")
    _located(check_view, view, field)
    return view


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


def read_moves(values: list[Any], field: str = "moves") -> tuple[Move, ...]:
    """The moves given in ``field``, each as a string or an object."""
    return tuple(Move.from_json(value, f"{field}[{step}]") for step, value in enumerate(values))


def side_name(side: int) -> str:
    """A side as answers write it: 0 is ``NS``, 1 is ``EW``."""
    return SIDES[side]
