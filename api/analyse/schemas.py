"""/v1/analyse: a deal record and the search options in; every step and a summary out."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from eights.api.common.fields import MoveField, PositionField
from eights.api.common.schemas import LimitedListsSchema, SearchOptionsSchema
from eights.api.positions.schemas import ScoreSchema
from eights.engine.record import DEAL, FORMAT, OLD_VERSION, RECORD_VERSION

START = "N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S"
REQUEST_EXAMPLE = {"position": START, "moves": ["play 9H", "play 9S"], "depth": 4}
LOSS = {"description": "Best value minus played value, for the side that moved (0: the best move).",
        "example": 1.5}


class AnalyseRequestSchema(SearchOptionsSchema, LimitedListsSchema):
    """The start position and the moves played (draws naming their cards), at most
    EIGHTS_MAX_ANALYSE_MOVES (default 200), and how to search each step."""

    LIMITS = {"moves": "max_analyse_moves"}

    format = fields.String(validate=validate.Equal(FORMAT), metadata={
        "description": "A deal record (engine/record.schema.json: eights match, eights play and the board's "
                       "copy write them; a deal of a match record is one) is accepted as it is.",
        "example": FORMAT})
    version = fields.Integer(strict=True, validate=validate.OneOf([OLD_VERSION, RECORD_VERSION]), metadata={
        "description": f"A deal record's version: {RECORD_VERSION} (with format and kind), or {OLD_VERSION}.",
        "example": RECORD_VERSION})
    kind = fields.String(validate=validate.Equal(DEAL), metadata={
        "description": "A deal record's kind (may be left out: a job's body has a kind of its own).",
        "example": DEAL})
    result = fields.Raw(allow_none=True, metadata={
        "description": "A deal record's result: when given, it must be the score the moves give.",
        "example": None})
    dealt = fields.Dict(allow_none=True, metadata={
        "description": "A deal record's dealt: when given, its deal, dealer and seed must deal the position.",
        "example": None})
    players = fields.Dict(allow_none=True, metadata={
        "description": "A deal record's players: who played NS and EW.", "example": None})
    position = PositionField(required=True)
    moves = fields.List(MoveField(), required=True, metadata={"example": ["play 9H", "draw KS"]})


class AnalyseStepSchema(Schema):
    """One move played: its value, the best move's value and the loss, for the side that moved."""

    step = fields.Integer(required=True, metadata={"description": "Index in moves.", "example": 0})
    position = fields.String(required=True, metadata={"description": "The position the move was played in.",
                                                      "example": START + " dir:cw draw:0"})
    side = fields.String(required=True, metadata={"example": "NS"})
    value_ns = fields.Float(required=True, metadata={
        "description": "The value for side NS of the position the move was played in (its best move's value).",
        "example": 0.5})
    played = fields.String(required=True, metadata={"example": "play 9H"})
    played_value = fields.Float(required=True, metadata={
        "description": "The played move's value (a draw: its expectation).", "example": -1.0})
    played_value_ns = fields.Float(required=True, metadata={
        "description": "The played move's value for side NS: the value for NS after the move.", "example": -1.0})
    best = fields.String(required=True, metadata={"example": "play 5S"})
    best_value = fields.Float(required=True, metadata={"example": 0.5})
    loss = fields.Float(required=True, metadata=LOSS)
    mode = fields.String(required=True, metadata={
        "description": "How the step was searched: fixed-order turns to expectimax after a reshuffle, "
                       "whose stock has no known order.", "example": "expectimax"})
    depth = fields.Integer(required=True, metadata={"example": 6})
    exact = fields.Boolean(required=True, metadata={"example": True})
    cached = fields.Boolean(required=True, metadata={"example": False})


class SideLossSchema(Schema):
    """Total loss per side."""

    NS = fields.Float(required=True, metadata={"example": 1.5})
    EW = fields.Float(required=True, metadata={"example": 0.0})


class AnalyseSummarySchema(Schema):
    """Loss per side, the largest mistakes, and how the deal stands at the end."""

    loss = fields.Nested(SideLossSchema, required=True)
    mistakes = fields.List(fields.Nested(AnalyseStepSchema), required=True, metadata={
        "description": "The steps with the largest losses (at most 5), largest first."})
    final = fields.String(required=True, metadata={"description": "The position after the last move.",
                                                   "example": "N:K... E:Q... S:5... W:..5. up:9S turn:N dir:cw draw:0 discard:.95.."})
    over = fields.Boolean(required=True, metadata={"example": True})
    score = fields.Nested(ScoreSchema, required=True, allow_none=True)


class AnalyseResponseSchema(Schema):
    """Every step and the summary."""

    position = fields.String(required=True, metadata={"example": START + " dir:cw draw:0"})
    steps = fields.List(fields.Nested(AnalyseStepSchema), required=True)
    summary = fields.Nested(AnalyseSummarySchema, required=True)
