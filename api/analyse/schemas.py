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
    EIGHTS_MAX_ANALYSE_MOVES (default 2000), and how to search each step: with neither time_ms nor
    depth, a request shares its budget (EIGHTS_MAX_REQUEST_MS) over the positions, up to the default
    search time each, and a job searches each for the default time."""

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
    after_ns = fields.Float(required=True, metadata={
        "description": "The value for side NS after the move: the next position's value, or the score once the "
                       "deal is over.", "example": -1.0})
    best = fields.String(required=True, metadata={"example": "play 5S"})
    best_value = fields.Float(required=True, metadata={"example": 0.5})
    loss = fields.Float(required=True, metadata=LOSS)
    mistake = fields.Boolean(required=True, metadata={
        "description": "True when the loss is larger than what the search tells apart (margin): a mistake the "
                       "analysis is sure of.", "example": True})
    margin = fields.Float(required=True, allow_none=True, metadata={
        "description": "The least loss the search tells apart from none: 0 when the value is exact, else how far "
                       "the best and the played move's values moved between the last two depths; null when only "
                       "depth 1 was reached (no loss is told apart).", "example": 0.25})
    stable = fields.Boolean(required=True, metadata={
        "description": "True when the best move was also the best one depth shallower (or the value is exact).",
        "example": True})
    choices = fields.Integer(required=True, metadata={
        "description": "How many legal moves there were: a step with more than one is a decision.", "example": 2})
    luck = fields.Float(required=True, allow_none=True, metadata={
        "description": "A draw's luck for the side that drew: the value after it minus the draw's expectation "
                       "over the stock (null for a play, and for a pass: a draw with nothing to draw).",
        "example": None})
    luck_ns = fields.Float(required=True, allow_none=True, metadata={
        "description": "The draw's luck for side NS (null for a play).", "example": None})
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


class SideAccountSchema(Schema):
    """One side's account: its decisions, mistakes and loss, and what its draws brought it."""

    decisions = fields.Integer(required=True, metadata={"description": "Steps with more than one legal move.",
                                                        "example": 14})
    mistakes = fields.Integer(required=True, metadata={"description": "Steps whose mistake is true.", "example": 1})
    loss = fields.Float(required=True, metadata={"description": "The side's losses in all.", "example": 1.5})
    error_rate = fields.Float(required=True, metadata={"description": "Loss per decision (0 without decisions).",
                                                       "example": 0.107143})
    luck = fields.Float(required=True, metadata={
        "description": "What the side's draws brought it in all, in its own points (their luck).", "example": -3.2})
    draws = fields.Integer(required=True, metadata={"example": 3})


class SideAccountsSchema(Schema):
    """Each side's account."""

    NS = fields.Nested(SideAccountSchema, required=True)
    EW = fields.Nested(SideAccountSchema, required=True)


class SearchedSchema(Schema):
    """How each position was searched: its time (the request's, or its budget's share) or its depth."""

    time_ms = fields.Integer(required=True, allow_none=True, metadata={"example": 133})
    depth = fields.Integer(required=True, allow_none=True, metadata={"example": None})


class AnalyseSummarySchema(Schema):
    """Loss per side, the largest mistakes, each side's skill and luck, and how the deal stands
    at the end. For NS: result_ns = start_ns + skill_ns + luck_ns + drift_ns."""

    loss = fields.Nested(SideLossSchema, required=True)
    mistakes = fields.List(fields.Nested(AnalyseStepSchema), required=True, metadata={
        "description": "The mistakes (steps whose mistake is true) with the largest losses (at most 5), largest "
                       "first."})
    sides = fields.Nested(SideAccountsSchema, required=True)
    start_ns = fields.Float(required=True, metadata={"description": "The value for NS of the first position.",
                                                     "example": 2.5})
    skill_ns = fields.Float(required=True, metadata={"description": "EW's loss minus NS's.", "example": -1.5})
    luck_ns = fields.Float(required=True, metadata={"description": "NS's luck minus EW's.", "example": -3.2})
    drift_ns = fields.Float(required=True, metadata={
        "description": "What the searches disagree on: after each play, the next position's value minus the "
                       "played move's (0 when they agree, as exact values do).", "example": 0.2})
    result_ns = fields.Float(required=True, metadata={
        "description": "The deal's score for NS, or the value of its last position while it is under way.",
        "example": -2.0})
    searched = fields.Nested(SearchedSchema, required=True)
    final = fields.String(required=True, metadata={"description": "The position after the last move.",
                                                   "example": "N:K... E:Q... S:5... W:..5. up:9S turn:N dir:cw draw:0 discard:.95.."})
    over = fields.Boolean(required=True, metadata={"example": True})
    score = fields.Nested(ScoreSchema, required=True, allow_none=True)


class AnalyseResponseSchema(Schema):
    """Every step and the summary."""

    position = fields.String(required=True, metadata={"example": START + " dir:cw draw:0"})
    steps = fields.List(fields.Nested(AnalyseStepSchema), required=True)
    summary = fields.Nested(AnalyseSummarySchema, required=True)
