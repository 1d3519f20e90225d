"""/v1/deal: deal number, dealer and seed in; the starting position, its state and legal moves out."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from eights.api.moves.schemas import AnyLegalMoveSchema, MovesResponseSchema
from eights.engine.deal import DEALS
from eights.engine.errors import NotationError
from eights.engine.family.ruleset import SCE2, parse_rules
from eights.engine.steps import MAX_SEED

REQUEST_EXAMPLE = {"deal": 8, "dealer": "S", "seed": 1}
FAMILY_EXAMPLE = {"rules": "classic/4", "seed": 3}


class DealRequestSchema(Schema):
    """Which game, which deal, who deals, and the shuffle's seed."""

    rules = fields.String(load_default=SCE2.name, validate=validate.Length(min=1, max=200), metadata={
        "description": "The game (docs/family.md): sce2 (the default), or a ruleset of the family with its "
                       "options, such as classic/4,draw=one or layout/6.", "example": SCE2.name})
    deal = fields.Integer(strict=True, validate=validate.Range(min=1, max=DEALS), metadata={
        "description": "Deal number 1..15 of a match, hands of 8,7,...,1,...,8 cards: required for sce2; "
                       "for sce, its ruleset's deal option (sce/4 with deal 8 is sce/4,deal=8); the other "
                       "games' hands do not change, and take none.", "example": 8})
    dealer = fields.String(validate=validate.Length(min=1, max=2), metadata={
        "description": "sce2 (required): S or W. The family: the dealer's seat number, 0 when omitted.",
        "example": "S"})
    seed = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEED), metadata={
        "description": "The shuffle's seed, at most 2^53 - 1 (exact in JavaScript); a random one when "
                       "omitted (the answer gives it).", "example": 1})

    @validates_schema
    def check_game(self, data: dict[str, Any], **kwargs: Any) -> None:
        """sce2 needs its deal and a dealer S or W. (A ruleset
        that does not read is the route's to refuse: the engine's error names its option.)"""
        try:
            sce2 = parse_rules(data["rules"]) == SCE2
        except NotationError:
            return
        if sce2:
            missing = {name: ["Missing data for required field."] for name in ("deal", "dealer") if name not in data}
            if missing:
                raise ValidationError(missing)
            if data["dealer"] not in ("S", "W"):
                raise ValidationError({"dealer": ["Must be one of: S, W."]})


class DealResponseSchema(MovesResponseSchema):
    """A deal of any game, in one shape: the starting position's state (as /v1/moves gives it,
    its legal moves included) and the game, dealer and seed that made it (sce2's deal number too)."""

    rules = fields.String(required=True, metadata={"description": "The game's canonical short name (sce's names "
                                                                  "its deal).", "example": "sce2"})
    deal = fields.Integer(metadata={"description": "sce2's: the deal number of the match.", "example": 8})
    dealer = fields.String(required=True, metadata={"description": "The dealer: sce2's S or W, the family's seat "
                                                                   "number.", "example": "S"})
    seed = fields.Integer(required=True, metadata={"example": 1})
    position = fields.String(required=True, metadata={"example": "N:T... E:..Q. S:.T.. W:...J up:3S turn:N dir:cw draw:0"})
    json = fields.Dict(required=True, metadata={"description": "The JSON form.", "example": {
        "hands": {"N": "T...", "E": "..Q.", "S": ".T..", "W": "...J"}, "upcard": "3S", "called": None, "turn": "N",
        "direction": "cw", "pending_draw": 0, "stock": "AKQJ9876542.AKQJ98765432.AKJT98765432.AKQT98765432",
        "discard": "...", "stock_order": None, "extended_play": False, "penalised": []}})
    turn = fields.String(required=True, metadata={"description": "The hand to act as the notation writes it.",
                                                  "example": "N"})
    side = fields.String(metadata={"description": "sce2's: the side to act, NS or EW.", "example": "NS"})
    stock = fields.Integer(metadata={"description": "sce2's: cards in the stock.", "example": 47})
    moves = fields.List(fields.Nested(AnyLegalMoveSchema), required=True, metadata={
        "description": "The legal moves, each in both forms (sce2's with what it does).", "example": [
            {"move": "play TS", "move_json": {"action": "play", "card": "TS"}, "effects": {
                "draws": 0, "passes": False, "pending_draw": 0, "skips": None, "reverses": False, "names_suit": None,
                "goes_out": True, "ends_deal": True, "extended_play": None, "next_turn": None}},
            {"move": "draw", "move_json": {"action": "draw"}, "effects": {
                "draws": 1, "passes": False, "pending_draw": 0, "skips": None, "reverses": False, "names_suit": None,
                "goes_out": False, "ends_deal": False, "extended_play": None, "next_turn": "E"}}]})
