"""Reading a request's position of any game of the family beside its ``rules`` field: sce2's
by sce2's reader (``eights.api.common.reading``), the others' by the family's
(``eights.engine.family.notation.read_game``), errors located in the request as sce2's are."""

from __future__ import annotations

from typing import Any

from eights.api.common.reading import located_error, read_live_position, read_position
from eights.api.errors import DealOver
from eights.engine.errors import EightsError
from eights.engine.family.notation import RulesMismatch, read_game, sce2_text
from eights.engine.family.position import FamilyPosition
from eights.engine.family.ruleset import parse_rules
from eights.engine.position import Position

AnyPosition = Position | FamilyPosition


def read_any_position(value: Any, rules: str | None, field: str = "position", live: bool = False) -> AnyPosition:
    """The position ``value`` (the request's ``field``), of the game the request's ``rules``
    field names (sce2 when None) or its own ``rules:`` word or key says. ``live``: a finished
    deal is DealOver (``deal-over``), as there is no move to list, play or choose."""
    ruleset = None if rules is None else parse_rules(rules)
    try:
        position = read_game(value, ruleset)
    except RulesMismatch:
        raise  # about the request's rules field, not inside the position
    except EightsError as error:
        raise located_error(error, field) from None
    if position is None:
        sce2 = sce2_text(value) if isinstance(value, str) else value
        return read_live_position(sce2, field) if live else read_position(sce2, field)
    if live and position.is_over:
        raise DealOver(field, "the deal is over: no hand is to act, there is no move")
    return position


def is_family(position: AnyPosition) -> bool:
    """True for a position of a game of the family (its answer has values per player), not of sce2."""
    return isinstance(position, FamilyPosition)
