"""POST /v1/apply."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.apply.family import HINTS, family_applied
from eights.api.apply.schemas import (
    FAMILY_EXAMPLES,
    REQUEST_EXAMPLE,
    ApplyRequestSchema,
    ApplyResponseSchema,
    FamilyApplyResponseSchema,
)
from eights.api.common.docs import problem_responses
from eights.answers.common.game_reading import read_playable_in_game
from eights.engine.errors import NotationError
from eights.engine.family.position import FamilyPosition
from eights.engine.family.steps import read_asked_moves
from eights.answers.fair.hinting import fair_options, hint_fairly
from eights.answers.common.reading import SIDES, played_moves, read_live_position, read_moves
from eights.games import game_for
from eights.answers.budget import need_ms
from eights.answers.request_clock import Needs, begin_part, plan_parts
from eights.answers.service import current_service
from eights.engine.cards import S, W
from eights.engine.effects import effects
from eights.engine.moves import Move
from eights.engine.notation import compact
from eights.engine.position import Position
from eights.engine.steps import new_seed
from eights.engine.view import View

blp = Blueprint("apply", __name__, url_prefix="/v1", description="Play moves: the game, one call per action.")


@blp.route("/apply")
class Apply(MethodView):
    """Moves played on a position."""

    @blp.arguments(ApplyRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                  **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, ApplyResponseSchema)
    @blp.doc(responses={"200": {"description": "The steps and the state reached: of sce2, or of a game of the family.",
                                "content": {"application/json": {"schema": {
                                    "oneOf": [ApplyResponseSchema, FamilyApplyResponseSchema]}}}}})
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any] | Response:
        """Play moves in turn, in any game; a draw naming no cards takes them at random from the seed, and its step names them; with hint (or fair_hint), the next turn's hint too"""
        seed = args["seed"] if "seed" in args else new_seed()
        _, position = read_playable_in_game(args["position"], args.get("rules"))
        plan_parts(hint_needs(args))
        if isinstance(position, FamilyPosition):
            answer = family_applied(position, read_asked_moves(args["moves"]), seed, args)
            return jsonify(FamilyApplyResponseSchema().dump(answer))
        return with_hints(applied(position, read_moves(args["moves"]), seed), args)


def hint_needs(args: dict[str, Any]) -> Needs:
    """The hints the request ``args`` asks (``hint``, ``fair_hint``), searching parts that share its
    time (``eights.answers.request_clock``), each with what it needs (None: asked by depth alone)."""
    default_ms = current_service().settings.hint_time_ms
    return {field: need_ms(args[field].get("time_ms"), args[field].get("depth"), default_ms)
            for field in HINTS if field in args}


def with_hints(answer: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
    """sce2's ``answer`` (the state reached) with the hints the request ``args`` asked (``hint``,
    ``fair_hint``: see ``hinted``)."""
    for field in ("hint", "fair_hint"):
        if field in args:
            answer[field] = hinted(answer, args[field], fair=field == "fair_hint")
    return answer


def hinted(answer: dict[str, Any], asked: dict[str, Any], fair: bool) -> dict[str, Any] | None:
    """The hint of the position ``answer`` reached, as /v1/hint answers it (``fair``: as
    /v1/fair-hint does, from the side to act's view), when one of the ``asked`` sides is to act
    there; None when the deal is over or another side acts."""
    if "players" in asked:
        raise NotationError(f"{'fair_hint' if fair else 'hint'}.players", "sce2 names its sides (NS, EW), not players")
    if answer["over"] or answer["side"] not in asked.get("sides", SIDES):
        return None
    service = current_service()
    position = read_live_position(answer["position"])
    begin_part("fair_hint" if fair else "hint")
    if fair:
        options = fair_options(service, asked)
        return hint_fairly(service, own_view(position), asked["samples"], options, asked["seed"]).to_json()
    hint: dict[str, Any] = service.solve(position, service.hint_options(asked)).to_json()
    return hint


def own_view(position: Position) -> View:
    """What the side to act sees of ``position``: its concealed hand's view (S's or W's)."""
    return View.of(position, (S, W)[position.side_to_act])


def applied(position: Position, moves: tuple[Move, ...], seed: int) -> dict[str, Any]:
    """/v1/apply's answer: ``moves`` played from ``position`` (draws naming no cards from
    ``seed``), every step, and the state of the position reached, its legal moves included."""
    steps = played_moves(position, moves, seed)
    return {
        "seed": seed,
        "steps": [{"move": step.move.notation(), "move_json": step.move.to_json(),
                   "effects": effects(step.before, step.move).to_json(), "position": compact(step.after)}
                  for step in steps],
        **game_for(position).state(steps[-1].after),
    }
