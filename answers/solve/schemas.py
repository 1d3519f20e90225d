"""/v1/solve: a position and the search options in; the solution out."""

from __future__ import annotations

from eights.answers.common.fields import EXAMPLE_POSITION, PositionField
from eights.answers.common.play_for import PlayedForSchema, PlayForSchema
from eights.answers.common.schemas import GameOptionsSchema, SearchOptionsSchema, SolutionSchema

REQUEST_EXAMPLE = {"position": EXAMPLE_POSITION, "depth": 6}
FAMILY_POSITION = "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 stock:..A."
FAMILY_EXAMPLES = {
    "classic/4": {"position": FAMILY_POSITION, "depth": 2},
    "layout/6": {"position": "rules:layout/6 0:T3.T.Q.J 1:Q6.7.KT. 2:.J3.4.K5 3:.9..A982 4:K.K8.7.Q 5:J4..A98. "
                             "piles:6H/2H/5H/6C/AS/2D/4C/2S turn:1 out:9875.AQ4.J653.T73", "time_ms": 100},
}


class SolveRequestSchema(GameOptionsSchema, SearchOptionsSchema, PlayForSchema):
    """A position to solve and how."""

    position = PositionField(required=True)


class SolveResponseSchema(SolutionSchema, PlayedForSchema):
    """The solution: value, best move, every move's value best first, principal variation."""
