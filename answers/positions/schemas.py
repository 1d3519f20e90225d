"""/v1/positions/normalise: a position in either form in; its canonical forms and state out."""

from __future__ import annotations

from marshmallow import Schema, fields

from eights.answers.common.fields import EXAMPLE_POSITION, PositionField

REQUEST_EXAMPLE = {"position": {"hands": {"N": ["KS", "4S", "3S", "5H", "KD", "8D", "2D"], "E": "6.KT74.J.76",
                                          "S": "J92.9.54.A2", "W": "T.AJ.AQ97.J"},
                                "upcard": "8S", "called": "C", "turn": "W"}}

JSON_EXAMPLE = {"hands": {"N": "K43.5.K82.", "E": "6.KT74.J.76", "S": "J92.9.54.A2", "W": "T.AJ.AQ97.J"},
                "upcard": "8S", "called": "C", "turn": "W", "direction": "cw", "pending_draw": 0,
                "stock": "AQ75.Q8632.T63.KQT98543", "discard": "...", "stock_order": None,
                "extended_play": False, "penalised": []}


class NormaliseRequestSchema(Schema):
    """A position."""

    position = PositionField(required=True)


class ScoreSchema(Schema):
    """A finished deal's score (RULES "Scoring a deal")."""

    against_ns = fields.Integer(required=True, metadata={"example": 0})
    against_ew = fields.Integer(required=True, metadata={"example": 9})
    payoff_ns = fields.Integer(required=True, metadata={"example": 9})
    option = fields.String(required=True, allow_none=True, metadata={
        "description": "What the opponent chose after a concealed hand went out: all, or the seat it counted.",
        "example": "W"})


class NormaliseResponseSchema(Schema):
    """The canonical forms, who is to act, the piles, and the score once the deal is over."""

    position = fields.String(required=True, metadata={"description": "Canonical compact form.",
                                                      "example": EXAMPLE_POSITION + " dir:cw draw:0"})
    json = fields.Dict(required=True, metadata={"description": "Canonical JSON form, every key given.",
                                                "example": JSON_EXAMPLE})
    turn = fields.String(required=True, metadata={"description": "The hand to act.", "example": "W"})
    side = fields.String(required=True, metadata={"description": "The side to act: NS or EW.", "example": "EW"})
    stock = fields.Integer(required=True, metadata={"description": "Cards in the stock.", "example": 23})
    discard = fields.Integer(required=True, metadata={"description": "Cards under the upcard.", "example": 0})
    over = fields.Boolean(required=True, metadata={"description": "The deal has ended.", "example": False})
    score = fields.Nested(ScoreSchema, required=True, allow_none=True, metadata={
        "description": "The deal's score; null until it is over."})
