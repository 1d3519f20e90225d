"""/v1/hint: like /v1/solve with a short default time, and a smaller answer."""

from __future__ import annotations

from eights.answers.common.fields import EXAMPLE_POSITION, PositionField
from eights.answers.common.play_for import PlayedForSchema, PlayForSchema
from eights.answers.common.schemas import GameOptionsSchema, SearchOptionsSchema, SearchResultSchema
from eights.answers.solve.schemas import FAMILY_POSITION

REQUEST_EXAMPLE = {"position": EXAMPLE_POSITION}
FAMILY_EXAMPLES = {
    "classic/4": {"position": FAMILY_POSITION},
    "layout/6": {"position": "rules:layout/6 0:T3.T.Q.J 1:Q6.7.KT. 2:.J3.4.K5 3:.9..A982 4:K.K8.7.Q 5:J4..A98. "
                             "piles:6H/2H/5H/6C/AS/2D/4C/2S turn:1 out:9875.AQ4.J653.T73"},
}


class HintRequestSchema(GameOptionsSchema, SearchOptionsSchema, PlayForSchema):
    """A position; without depth or time_ms the search gets EIGHTS_HINT_TIME_MS (default 100)."""

    position = PositionField(required=True)


class HintResponseSchema(SearchResultSchema, PlayedForSchema):
    """The best move and every move's value, best first."""
