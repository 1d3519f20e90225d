"""/v1/solve: a position and the search options in; the solution out."""

from __future__ import annotations

from eights.api.common.fields import EXAMPLE_POSITION, PositionField
from eights.api.common.schemas import SearchOptionsSchema, SolutionSchema

REQUEST_EXAMPLE = {"position": EXAMPLE_POSITION, "depth": 6}


class SolveRequestSchema(SearchOptionsSchema):
    """A position to solve and how."""

    position = PositionField(required=True)


class SolveResponseSchema(SolutionSchema):
    """The solution: value, best move, every move's value best first, principal variation."""
