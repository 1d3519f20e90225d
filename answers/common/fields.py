"""The request fields every resource shares: a position and a move, each in either NOTATION form.

They check the JSON type only and pass the value on as it is: the engine reads it
(``eights.answers.common.reading``), so that its errors keep their own code and field names.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from eights.engine.cards import CONCEALED, SEATS, Seat
from eights.engine.view import hidden_from

EXAMPLE_POSITION = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"
EXAMPLE_MOVE = "play 8D/S"
EXAMPLE_VIEW = "N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W view:W"

HAND: dict[str, Any] = {"oneOf": [{"type": "string", "example": "K43.5.K82."},
                  {"type": "array", "items": {"type": "string"}, "example": ["KS", "4S", "3S"]}]}
POSITION_OBJECT: dict[str, Any] = {
    "type": "object",
    "description": "The JSON form of NOTATION.md; omitted keys take their defaults.",
    "required": ["hands", "upcard", "turn"],
    "properties": {
        "hands": {"type": "object", "properties": {seat: HAND for seat in "NESW"}},
        "upcard": {"type": "string", "example": "8S"},
        "called": {"type": "string", "nullable": True, "example": "C"},
        "turn": {"type": "string", "example": "W"},
        "direction": {"type": "string", "nullable": True, "example": "cw"},
        "pending_draw": {"type": "integer", "nullable": True, "example": 0},
        "stock": {**HAND, "nullable": True},
        "discard": {**HAND, "nullable": True},
        "stock_order": {"type": "array", "items": {"type": "string"}, "nullable": True},
        "extended_play": {"type": "boolean"},
        "penalised": {"type": "array", "items": {"type": "string"}, "nullable": True},
    },
    "example": {"hands": {"N": "K43.5.K82.", "E": "6.KT74.J.76", "S": "J92.9.54.A2", "W": "T.AJ.AQ97.J"},
                "upcard": "8S", "called": "C", "turn": "W"},
}
HIDDEN_COUNT = {"type": "integer", "minimum": 0, "maximum": 52, "example": 8}


def view_object(viewer: Seat) -> dict[str, Any]:
    """The JSON form of a position as concealed hand ``viewer`` sees it: only the concealed
    hand it cannot see may be given as a count (eights.engine.view)."""
    seat, hidden_seat = SEATS[viewer], SEATS[hidden_from(viewer)]
    example_hands = {**POSITION_OBJECT["example"]["hands"], hidden_seat: HIDDEN_COUNT["example"]}
    return {
        **POSITION_OBJECT,
        "description": f"The JSON form of a position seen from concealed hand {seat} (view {seat}): the other "
                       f"concealed hand, {hidden_seat}, is given as its cards or as its number of cards (then "
                       "without stock and stock_order); the other hands as their cards.",
        "required": ["hands", "upcard", "turn", "view"],
        "properties": {
            **POSITION_OBJECT["properties"],
            "hands": {"type": "object", "properties": {
                name: {"oneOf": [*HAND["oneOf"], HIDDEN_COUNT]} if name == hidden_seat else HAND for name in SEATS}},
            "view": {"type": "string", "enum": [seat], "example": seat},
        },
        "example": {"hands": example_hands, "upcard": "8S", "called": "C", "turn": seat, "view": seat},
    }


VIEW_OBJECTS = [view_object(viewer) for viewer in CONCEALED]
MOVE_OBJECT = {
    "type": "object",
    "required": ["action"],
    "properties": {
        "action": {"type": "string", "enum": ["play", "draw"]},
        "card": {"type": "string", "example": "8D"},
        "suit": {"type": "string", "nullable": True, "example": "S"},
        "cards": {"type": "array", "items": {"type": "string"}, "example": ["KS", "2C"]},
    },
    "example": {"action": "play", "card": "8D", "suit": "S"},
}


class _StringOrObject(fields.Field[Any]):
    """A JSON string or object, passed on unchanged."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, (str, dict)):
            raise ValidationError("expected a string or an object")
        return value


class PositionField(_StringOrObject):
    """A position: the compact string or the JSON object of NOTATION.md."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": "A position: the compact string or the JSON object of NOTATION.md.",
                    "oneOf": [{"type": "string", "example": EXAMPLE_POSITION}, POSITION_OBJECT],
                    "example": EXAMPLE_POSITION, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)


class ViewField(_StringOrObject):
    """A position seen from one concealed hand (``view:S``), the other's hand as its cards or a count (``W:?7``)."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": "A position seen from one concealed hand: the compact form with view:S or view:W "
                                   "(the other concealed hand as its cards or as ?N, its number of cards), or the "
                                   "JSON object with \"view\".",
                    "oneOf": [{"type": "string", "example": EXAMPLE_VIEW}, *VIEW_OBJECTS],
                    "example": EXAMPLE_VIEW, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)


class MoveField(_StringOrObject):
    """A move: ``play 9H``, ``play 8D/S``, ``draw`` (``draw KS,2C`` naming the cards), or its object."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": "A move: 'play 9H', 'play 8D/S', 'draw' or 'draw KS,2C', or its JSON object.",
                    "oneOf": [{"type": "string", "example": EXAMPLE_MOVE}, MOVE_OBJECT],
                    "example": EXAMPLE_MOVE}
        super().__init__(metadata=metadata, **kwargs)
