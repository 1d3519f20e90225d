"""/v1/moves: a position in; its legal moves, each with its effects, out."""

from __future__ import annotations

from marshmallow import Schema, fields

from eights.api.common.fields import EXAMPLE_POSITION, PositionField

REQUEST_EXAMPLE = {"position": EXAMPLE_POSITION}
SEAT = {"example": "E"}


class MovesRequestSchema(Schema):
    """A position."""

    position = PositionField(required=True)


class EffectsSchema(Schema):
    """What a move does (eights.engine.effects)."""

    draws = fields.Integer(required=True, metadata={"description": "Cards the mover draws.", "example": 0})
    passes = fields.Boolean(required=True, metadata={
        "description": "A draw with nothing to draw: the turn just ends.", "example": False})
    pending_draw = fields.Integer(required=True, metadata={
        "description": "The count the next hand must cover or draw (after a 2).", "example": 0})
    skips = fields.String(required=True, allow_none=True, metadata={
        "description": "The hand a 3 skips.", **SEAT})
    reverses = fields.Boolean(required=True, metadata={"description": "An ace turns the direction.",
                                                        "example": False})
    names_suit = fields.String(required=True, allow_none=True, metadata={
        "description": "The suit an 8 names.", "example": None})
    goes_out = fields.Boolean(required=True, metadata={"description": "The mover plays its last card.",
                                                        "example": False})
    ends_deal = fields.Boolean(required=True, metadata={"example": False})
    extended_play = fields.String(required=True, allow_none=True, metadata={
        "description": "starts or continues extended play (a hand went out on a 2 or 3).", "example": None})
    next_turn = fields.String(required=True, allow_none=True, metadata={
        "description": "The hand to act next; null once the deal is over.", "example": "N"})


class LegalMoveSchema(Schema):
    """A legal move in both forms, and its effects."""

    move = fields.String(required=True, metadata={"example": "play JC"})
    json = fields.Dict(required=True, metadata={"example": {"action": "play", "card": "JC"}})
    effects = fields.Nested(EffectsSchema, required=True)


class MovesResponseSchema(Schema):
    """The hand to act and its legal moves (none once the deal is over)."""

    position = fields.String(required=True, metadata={"example": EXAMPLE_POSITION + " dir:cw draw:0"})
    turn = fields.String(required=True, metadata={"example": "W"})
    moves = fields.List(fields.Nested(LegalMoveSchema), required=True, metadata={"example": [
        {"move": "play JC", "json": {"action": "play", "card": "JC"}, "effects": {
            "draws": 0, "passes": False, "pending_draw": 0, "skips": None, "reverses": False, "names_suit": None,
            "goes_out": False, "ends_deal": False, "extended_play": None, "next_turn": "N"}}]})
