"""Schemas the resources share: the search options of a request, and a search's result."""

from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import Schema, fields, pre_load, validate

from eights.api.service import current_service
from eights.solver.evaluation import DEFAULT_EVALUATION, EVALUATIONS
from eights.solver.modes import EXPECTIMAX, MODES


class SearchOptionsSchema(Schema):
    """How to search. With neither depth nor time_ms the endpoint's default time applies;
    depth alone searches that deep, within the largest time_ms (EIGHTS_MAX_TIME_MS)."""

    mode = fields.String(load_default=EXPECTIMAX, validate=validate.OneOf(MODES), metadata={
        "description": "expectimax: draws are random over the stock; fixed-order: follow the position's order:",
        "example": EXPECTIMAX})
    evaluation = fields.String(load_default=DEFAULT_EVALUATION, validate=validate.OneOf(list(EVALUATIONS)), metadata={
        "description": "How unfinished positions at the horizon are scored: material (points held) or "
                       "trained (a model of the deal's expected payoff, fitted to self-play).",
        "example": DEFAULT_EVALUATION})
    depth = fields.Integer(strict=True, validate=validate.Range(min=1), metadata={
        "description": "Actions to search ahead; at most EIGHTS_MAX_DEPTH (default 64).", "example": 6})
    time_ms = fields.Integer(strict=True, validate=validate.Range(min=1), metadata={
        "description": "Search time in milliseconds; at most EIGHTS_MAX_TIME_MS (default 10000).",
        "example": 200})


class LimitedListsSchema(Schema):
    """A request whose lists have configurable limits (``LIMITS``: field -> setting), checked
    before their items are read, so that a huge list is refused at once and in one line."""

    LIMITS: ClassVar[dict[str, str]] = {}

    @pre_load
    def check_list_lengths(self, data: Any, **kwargs: Any) -> Any:
        """LimitExceeded for a list over its limit."""
        if isinstance(data, dict):
            for field, setting in self.LIMITS.items():
                if isinstance(data.get(field), list):
                    current_service().limit(field, len(data[field]), setting)
        return data


class MoveValueSchema(Schema):
    """A move and its value for the side to act."""

    move = fields.String(required=True, metadata={"example": "play JC"})
    value = fields.Float(required=True, metadata={"example": 28.0})


class SearchResultSchema(Schema):
    """The answer a hint button needs: the best move and every move's value, best first."""

    position = fields.String(required=True, metadata={
        "description": "The position searched, in canonical compact form.",
        "example": "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0"})
    side = fields.String(required=True, metadata={
        "description": "The side to act (NS or EW), whose view value, moves and bounds take.", "example": "EW"})
    value = fields.Float(required=True, metadata={
        "description": "The position's value for the side to act (points; every value in an answer has "
                       "6 decimals at most).", "example": 28.0})
    value_ns = fields.Float(required=True, metadata={"description": "The value for side NS.", "example": -28.0})
    pv = fields.List(fields.String(), required=True, metadata={
        "description": "The principal variation, up to the first draw left to chance.",
        "example": ["play JC", "play KC"]})
    best = fields.String(required=True, allow_none=True, metadata={
        "description": "The best move; null when the deal is over.", "example": "play JC"})
    moves = fields.List(fields.Nested(MoveValueSchema), required=True, metadata={
        "description": "Every legal move with its value, best first.",
        "example": [{"move": "play JC", "value": 28.0}, {"move": "draw", "value": 6.4}]})
    depth = fields.Integer(required=True, metadata={"description": "Depth completed.", "example": 6})
    exact = fields.Boolean(required=True, metadata={
        "description": "True when no horizon leaf influenced the value (the bounds meet).", "example": False})
    stable = fields.Boolean(required=True, metadata={
        "description": "True when the best move was also the best one depth shallower (or the value is exact): "
                       "a best move that still changes with depth is less sure.", "example": True})
    bounds = fields.List(fields.Float(), required=True, metadata={
        "description": "Proven lower and upper bounds of the value for the side to act, whatever lies "
                       "beyond the horizon (every horizon leaf at the worst and at the best outcome).",
        "example": [-14.5, 60.0]})
    time_ms = fields.Float(required=True, metadata={"description": "Time the search took.", "example": 41.2})
    cached = fields.Boolean(required=True, metadata={
        "description": "True when the answer came from the cache.", "example": False})


class SolutionSchema(SearchResultSchema):
    """Everything the solver found."""

    nodes = fields.Integer(required=True, metadata={"description": "Positions searched.", "example": 18211})
    mode = fields.String(required=True, metadata={"example": EXPECTIMAX})
    evaluation = fields.String(required=True, metadata={"example": DEFAULT_EVALUATION})
    table = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, metadata={
        "description": "The transposition table's statistics after the search.",
        "example": {"entries": 1048576, "used": 5012, "hits": 911}})


class IntervalSchema(Schema):
    """A paired difference: its mean and 95% interval."""

    mean = fields.Float(required=True, metadata={"example": 4.2})
    ci95 = fields.List(fields.Float(allow_none=True), required=True, metadata={"example": [1.1, 7.3]})


class ComparedMoveSchema(Schema):
    """A move compared with the others over the same samples (eights.play.compare): values for the
    side to act, 6 decimals at most; a bound that one sample cannot give is null."""

    move = fields.String(required=True, metadata={"example": "play JC"})
    mean = fields.Float(required=True, metadata={"description": "Mean payoff.", "example": -6.35})
    std_error = fields.Float(required=True, allow_none=True, metadata={
        "description": "Standard error of the mean.", "example": 2.1})
    ci95 = fields.List(fields.Float(allow_none=True), required=True, metadata={
        "description": "95% confidence interval of the mean.", "example": [-10.5, -2.2]})
    best_share = fields.Float(required=True, metadata={
        "description": "Share of the samples in which no move did better (moves that tie all count).",
        "example": 0.55})
    difference = fields.Nested(IntervalSchema, required=True, allow_none=True, metadata={
        "description": "The best move's payoff minus this one's, paired over the same samples; null for the best."})
    separated = fields.Boolean(required=True, metadata={
        "description": "True when the difference's interval lies above 0: worse than the best beyond chance.",
        "example": False})


class FieldProblemSchema(Schema):
    """One field's problem."""

    field = fields.String(required=True, metadata={"example": "depth"})
    problem = fields.String(required=True, metadata={"example": "Not a valid integer."})


class ProblemSchema(Schema):
    """An RFC 9457 problem (application/problem+json)."""

    type = fields.String(required=True, metadata={"example": "urn:eights:problem:invalid-notation"})
    title = fields.String(required=True, metadata={"example": "Unprocessable Entity"})
    status = fields.Integer(required=True, metadata={"example": 422})
    code = fields.String(required=True, metadata={
        "description": "Stable: bad-content-type, malformed-body, body-too-large, validation-error, "
                       "invalid-notation, illegal-move, deal-over, invalid-search, limit-exceeded, overloaded, ...",
        "example": "invalid-notation"})
    detail = fields.String(required=True, metadata={
        "description": "The field and the problem.", "example": "position.hands.N: card KS appears twice"})
    field = fields.String(required=True, allow_none=True, metadata={"example": "position.hands.N"})
    instance = fields.String(required=True, metadata={"example": "/v1/solve"})
    errors = fields.List(fields.Nested(FieldProblemSchema), metadata={
        "description": "validation-error: every field's problem.",
        "example": [{"field": "depth", "problem": "Not a valid integer."}]})
    limit = fields.String(metadata={"description": "limit-exceeded, body-too-large: the setting.",
                                    "example": "EIGHTS_MAX_DEPTH"})
    maximum = fields.Integer(metadata={"description": "limit-exceeded, body-too-large: its value.",
                                       "example": 64})
