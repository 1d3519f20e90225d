"""/v1/hint: like /v1/solve with a short default time, and a smaller answer."""

from __future__ import annotations

from eights.api.common.fields import EXAMPLE_POSITION, PositionField
from eights.api.common.schemas import SearchOptionsSchema, SearchResultSchema

REQUEST_EXAMPLE = {"position": EXAMPLE_POSITION}


class HintRequestSchema(SearchOptionsSchema):
    """A position; without depth or time_ms the search gets EIGHTS_HINT_TIME_MS (default 100)."""

    position = PositionField(required=True)


class HintResponseSchema(SearchResultSchema):
    """The best move and every move's value, best first."""
