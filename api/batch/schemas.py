"""/v1/batch: positions and one set of search options in; a solution per position out."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from eights.api.common.fields import EXAMPLE_POSITION, PositionField
from eights.api.common.schemas import GameOptionsSchema, LimitedListsSchema, SearchOptionsSchema, completion_fields
from eights.api.hint.schemas import FAMILY_EXAMPLES as HINT_FAMILY_EXAMPLES
from eights.api.solve.schemas import SolveResponseSchema

REQUEST_EXAMPLE = {"positions": [EXAMPLE_POSITION, "N:K... E:Q... S:5... W:9... up:5H turn:S"], "depth": 4}
FAMILY_EXAMPLES = {name: {"positions": [body["position"]], "depth": 2} for name, body in HINT_FAMILY_EXAMPLES.items()}


class BatchRequestSchema(GameOptionsSchema, SearchOptionsSchema, LimitedListsSchema):
    """Positions to solve, all of one game (``rules``) and with the same options; at most
    EIGHTS_MAX_BATCH (default 64)."""

    LIMITS = {"positions": "max_batch"}

    positions = fields.List(PositionField(), required=True, validate=validate.Length(min=1))


class BatchResponseSchema(Schema):
    """The solutions in the order of the positions; equal positions were solved once."""

    results = fields.List(fields.Nested(SolveResponseSchema), required=True, metadata={
        "description": "Each position's solution, as /v1/solve gives it (one shape for every game)."})
    unique = fields.Integer(required=True, metadata={"description": "Distinct positions solved or found.",
                                                     "example": 2})
    complete, not_done = completion_fields(
        "every position was solved", "`results` are then the positions solved, the first ones in order",
        "The indexes (in `positions`) of the positions")
