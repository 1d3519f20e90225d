"""Reading a request's position of any game of the family beside its ``rules`` field: sce2's
by sce2's reader (``eights.api.common.reading``), the others' by the family's
(``eights.engine.family.notation.read_game``), errors located in the request as sce2's are."""

from __future__ import annotations

from typing import Any

from eights.api.common.reading import located_error, read_live_position, read_position
from eights.api.errors import DealOver
from eights.engine.errors import EightsError, NotationError
from eights.engine.family.notation import RulesMismatch, read_game, sce2_text
from eights.engine.family.position import FamilyPosition
from eights.engine.family.ruleset import parse_rules
from eights.engine.position import Position

AnyPosition = Position | FamilyPosition


def read_any_position(value: Any, rules: str | None, field: str = "position", live: bool = False) -> AnyPosition:
    """The position ``value`` (the request's ``field``), of the game the request's ``rules``
    field names (sce2 when None) or its own ``rules:`` word or key says. ``live``: a finished
    deal is DealOver (``deal-over``), as there is no move to list, play or choose."""
    position = read_family_position(value, rules, field, live)
    if position is not None:
        return position
    sce2 = sce2_text(value) if isinstance(value, str) else value
    return read_live_position(sce2, field) if live else read_position(sce2, field)


def read_family_position(value: Any, rules: str | None, field: str = "position",
                         live: bool = False) -> FamilyPosition | None:
    """The position ``value`` when it is of a game of the family (by the request's ``rules``
    or its own ``rules:``), else None (sce2's, left to sce2's readers: a position or a view);
    ``live`` as ``read_any_position``."""
    ruleset = None if rules is None else parse_rules(rules)
    try:
        position = read_game(value, ruleset)
    except RulesMismatch:
        raise  # about the request's rules field, not inside the position
    except EightsError as error:
        raise located_error(error, field) from None
    if position is not None and live and position.is_over:
        raise DealOver(field, "the deal is over: no hand is to act, there is no move")
    return position


def read_playable_position(value: Any, rules: str | None, field: str = "position") -> AnyPosition:
    """``read_any_position``'s live position in which a hand chooses its move (``check_choosing``)."""
    position = read_any_position(value, rules, field, live=True)
    if isinstance(position, FamilyPosition):
        check_choosing(position, field)
    return position


def check_choosing(position: FamilyPosition, field: str = "position") -> None:
    """NotationError naming ``field`` for a family position with a draw under way (``owed:``),
    whose cards come before any hand's choice: there is no move to play, choose or hint."""
    if position.owed:
        raise NotationError(field, f"a draw is under way (owed:{position.owed}): its cards come before any "
                                   "hand's choice; give the position before the draw or after it")


def is_family(position: AnyPosition) -> bool:
    """True for a position of a game of the family (its answer has values per player), not of sce2."""
    return isinstance(position, FamilyPosition)
