"""POST /v1/apply."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.apply.schemas import REQUEST_EXAMPLE, ApplyRequestSchema, ApplyResponseSchema
from eights.api.common.docs import problem_responses
from eights.api.common.reading import played_moves, read_live_position, read_moves
from eights.api.moves.state import position_state
from eights.engine.effects import effects
from eights.engine.moves import Move
from eights.engine.notation import compact
from eights.engine.position import Position
from eights.engine.steps import new_seed

blp = Blueprint("apply", __name__, url_prefix="/v1", description="Play moves: the game, one call per action.")


@blp.route("/apply")
class Apply(MethodView):
    """Moves played on a position."""

    @blp.arguments(ApplyRequestSchema, example=REQUEST_EXAMPLE)
    @blp.response(200, ApplyResponseSchema)
    @problem_responses(blp, 400, 413)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Play moves in turn; a draw naming no cards takes them at random from the seed, and its step names them"""
        seed = args["seed"] if "seed" in args else new_seed()
        return applied(read_live_position(args["position"]), read_moves(args["moves"]), seed)


def applied(position: Position, moves: tuple[Move, ...], seed: int) -> dict[str, Any]:
    """/v1/apply's answer: ``moves`` played from ``position`` (draws naming no cards from
    ``seed``), every step, and the state of the position reached, its legal moves included."""
    steps = played_moves(position, moves, seed)
    return {
        "seed": seed,
        "steps": [{"move": step.move.notation(), "move_json": step.move.to_json(),
                   "effects": effects(step.before, step.move).to_json(), "position": compact(step.after)}
                  for step in steps],
        **position_state(steps[-1].after),
    }
