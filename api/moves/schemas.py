"""/v1/moves: a position in; its legal moves, each with its effects, and its state out (the
state /v1/deal, /v1/apply and /v1/bot-move answer too)."""

from __future__ import annotations

from marshmallow import Schema, fields

from eights.answers.common.fields import EXAMPLE_POSITION, PositionField
from eights.answers.hint.schemas import FAMILY_EXAMPLES as HINT_FAMILY_EXAMPLES
from eights.answers.common.schemas import GameStateSchema, RulesSchema
from eights.answers.positions.schemas import NormaliseResponseSchema, ScoreSchema

REQUEST_EXAMPLE = {"position": EXAMPLE_POSITION}
FAMILY_EXAMPLE = {"position": "0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 stock:..A.", "rules": "classic/4"}
LAYOUT_EXAMPLE = {"position": HINT_FAMILY_EXAMPLES["layout/6"]["position"]}
SEAT = {"example": "E"}


class MovesRequestSchema(RulesSchema):
    """A position, of the game ``rules`` names (sce2 by default)."""

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
    move_json = fields.Dict(required=True, metadata={
        "description": "The move in the JSON form (NOTATION.md's Moves); in every answer `json` is a "
                       "position and `move_json` a move.", "example": {"action": "play", "card": "JC"}})
    effects = fields.Nested(EffectsSchema, required=True)


MOVES_EXAMPLE = [{"move": "play JC", "move_json": {"action": "play", "card": "JC"}, "effects": {
    "draws": 0, "passes": False, "pending_draw": 0, "skips": None, "reverses": False, "names_suit": None,
    "goes_out": False, "ends_deal": False, "extended_play": None, "next_turn": "N"}}]


class PositionStateSchema(NormaliseResponseSchema, GameStateSchema):
    """An sce2 position as a front end shows it and plays on (``Game.state``): the fields every
    game answers (GameStateSchema), and sce2's own: its forms, the hand and side to act, the
    piles, its score once the deal is over, and the legal moves with their effects."""

    moves = fields.List(fields.Nested(LegalMoveSchema), required=True, metadata={
        "description": "The legal moves, each with what it does; none once the deal is over.",
        "example": MOVES_EXAMPLE})


class AnyLegalMoveSchema(Schema):
    """A legal move of any game in both forms, and (sce2's) its effects."""

    move = fields.String(required=True, metadata={"example": "play JC"})
    move_json = fields.Dict(required=True, metadata={"description": "The move in the JSON form.",
                                                     "example": {"action": "play", "card": "JC"}})
    effects = fields.Nested(EffectsSchema, metadata={"description": "sce2's: what the move does."})


class MovesResponseSchema(GameStateSchema):
    """The legal moves of a deal that goes on and the position's state, in one shape for every
    game: the fields every game answers (GameStateSchema, with the position's forms, the hand to
    act and the moves), then each game's own (sce2's side, piles, score and moves' effects, the
    family's number of players)."""

    position = fields.String(required=True, metadata={
        "description": "The canonical compact form (a family position's names its ruleset first).",
        "example": EXAMPLE_POSITION + " dir:cw draw:0"})
    json = fields.Dict(required=True, metadata={"description": "The canonical JSON form (the game's: NOTATION.md, "
                                                               "docs/family.md)."})
    turn = fields.String(required=True, metadata={
        "description": "The hand to act as the notation writes it: sce2's N, E, S or W, the family's seat number.",
        "example": "W"})
    moves = fields.List(fields.Nested(AnyLegalMoveSchema), required=True, metadata={
        "description": "The legal moves, each in both forms (sce2's with what it does).", "example": MOVES_EXAMPLE})
    side = fields.String(metadata={"description": "sce2's: the side to act, NS or EW.", "example": "EW"})
    stock = fields.Integer(metadata={"description": "sce2's: cards in the stock.", "example": 23})
    discard = fields.Integer(metadata={"description": "sce2's: cards under the upcard.", "example": 0})
    score = fields.Nested(ScoreSchema, allow_none=True, metadata={
        "description": "sce2's: the deal's score; null until it is over."})
    players = fields.Integer(metadata={"description": "The family's: the number of players.", "example": 4})


class FamilyPositionStateSchema(GameStateSchema):
    """A family game's position and its state (``Game.state``): the fields every game answers
    (GameStateSchema), and the family's own: its forms in the family's notation, its number of
    players, the seat to act as text and the legal moves (each in both forms)."""

    position = fields.String(required=True, metadata={
        "example": "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 dir:cw draw:0 stock:..A."})
    json = fields.Dict(required=True, metadata={"description": "The JSON form (docs/family.md)."})
    players = fields.Integer(required=True, metadata={"example": 4})
    turn = fields.String(required=True, metadata={"description": "The seat to act.", "example": "0"})
    moves = fields.List(fields.Dict(), required=True, metadata={
        "description": "The legal moves, each as {move, move_json}.",
        "example": [{"move": "play 5H", "move_json": {"action": "play", "card": "5H"}},
                    {"move": "draw", "move_json": {"action": "draw"}}]})
