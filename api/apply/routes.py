"""POST /v1/apply."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.apply.schemas import REQUEST_EXAMPLE, ApplyRequestSchema, ApplyResponseSchema
from eights.api.common.docs import problem_responses
from eights.api.common.reading import read_moves, read_position
from eights.engine.cards import SEATS
from eights.engine.effects import effects
from eights.engine.notation import compact, to_json
from eights.engine.scoring import score
from eights.engine.steps import apply_moves, new_seed

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
        steps = apply_moves(read_position(args["position"]), read_moves(args["moves"]), seed)
        last = steps[-1].after
        return {
            "seed": seed,
            "steps": [{"move": step.move.notation(), "json": step.move.to_json(),
                       "effects": effects(step.before, step.move).to_json(), "position": compact(step.after)}
                      for step in steps],
            "position": compact(last), "json": to_json(last), "turn": SEATS[last.turn],
            "over": last.is_over, "score": score(last).to_json() if last.is_over else None,
        }
