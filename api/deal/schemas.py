"""/v1/deal: deal number, dealer and seed in; the starting position, its state and legal moves out."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from eights.api.moves.schemas import LegalMoveSchema, PositionStateSchema
from eights.engine.deal import DEALS
from eights.engine.steps import MAX_SEED

REQUEST_EXAMPLE = {"deal": 8, "dealer": "S", "seed": 1}


class DealRequestSchema(Schema):
    """Which deal, who deals, and the shuffle's seed."""

    deal = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=DEALS), metadata={
        "description": "Deal number 1..15: hands of 8,7,...,1,...,8 cards.", "example": 8})
    dealer = fields.String(required=True, validate=validate.OneOf(["S", "W"]), metadata={"example": "S"})
    seed = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEED), metadata={
        "description": "The shuffle's seed, at most 2^53 - 1 (exact in JavaScript); a random one when "
                       "omitted (the answer gives it).", "example": 1})


class DealResponseSchema(PositionStateSchema):
    """The starting position's state (as /v1/moves gives it, its legal moves included), and the
    deal, dealer and seed that made it."""

    deal = fields.Integer(required=True, metadata={"example": 8})
    dealer = fields.String(required=True, metadata={"example": "S"})
    seed = fields.Integer(required=True, metadata={"example": 1})
    position = fields.String(required=True, metadata={"example": "N:T... E:..Q. S:.T.. W:...J up:3S turn:N dir:cw draw:0"})
    json = fields.Dict(required=True, metadata={"description": "The JSON form.", "example": {
        "hands": {"N": "T...", "E": "..Q.", "S": ".T..", "W": "...J"}, "upcard": "3S", "called": None, "turn": "N",
        "direction": "cw", "pending_draw": 0, "stock": "AKQJ9876542.AKQJ98765432.AKJT98765432.AKQT98765432",
        "discard": "...", "stock_order": None, "extended_play": False, "penalised": []}})
    turn = fields.String(required=True, metadata={"description": "The hand to act.", "example": "N"})
    side = fields.String(required=True, metadata={"description": "The side to act: NS or EW.", "example": "NS"})
    stock = fields.Integer(required=True, metadata={"description": "Cards in the stock.", "example": 47})
    moves = fields.List(fields.Nested(LegalMoveSchema), required=True, metadata={
        "description": "The legal moves, each with what it does.", "example": [
            {"move": "play TS", "move_json": {"action": "play", "card": "TS"}, "effects": {
                "draws": 0, "passes": False, "pending_draw": 0, "skips": None, "reverses": False, "names_suit": None,
                "goes_out": True, "ends_deal": True, "extended_play": None, "next_turn": None}},
            {"move": "draw", "move_json": {"action": "draw"}, "effects": {
                "draws": 1, "passes": False, "pending_draw": 0, "skips": None, "reverses": False, "names_suit": None,
                "goes_out": False, "ends_deal": False, "extended_play": None, "next_turn": "E"}}]})
