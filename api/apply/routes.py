"""POST /v1/apply: moves played on a position of any game (``eights.games``), one call per
action, the state reached (``Game.state``) and the hints asked for the player to act there."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.apply.schemas import FAMILY_EXAMPLES, REQUEST_EXAMPLE, ApplyRequestSchema, ApplyResponseSchema
from eights.answers.budget import need_ms
from eights.api.common.docs import problem_responses
from eights.answers.common.game_reading import read_playable_in_game
from eights.answers.errors import DealOver
from eights.answers.fair.hinting import fair_options, hint_fairly
from eights.answers.request_clock import Needs, begin_part, plan_parts
from eights.answers.service import current_service
from eights.engine.errors import NotationError
from eights.engine.steps import check_seed, new_seed
from eights.games import Game, PlayedStep

blp = Blueprint("apply", __name__, url_prefix="/v1", description="Play moves: the game, one call per action.")

HINTS = ("hint", "fair_hint")


@blp.route("/apply")
class Apply(MethodView):
    """Moves played on a position."""

    @blp.arguments(ApplyRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                  **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, ApplyResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Play moves in turn, in any game; a draw naming no cards takes them at random from the seed, and its step names them; with hint (or fair_hint), the next turn's hint too"""
        seed = args["seed"] if "seed" in args else new_seed()
        game, position = read_playable_in_game(args["position"], args.get("rules"))
        plan_parts(hint_needs(args))
        return applied(game, position, args["moves"], seed, args)


def hint_needs(args: dict[str, Any]) -> Needs:
    """The hints the request ``args`` asks (``hint``, ``fair_hint``), searching parts that share its
    time (``eights.answers.request_clock``), each with what it needs (None: asked by depth alone)."""
    default_ms = current_service().settings.hint_time_ms
    return {field: need_ms(args[field].get("time_ms"), args[field].get("depth"), default_ms)
            for field in HINTS if field in args}


def applied(game: Game[Any, Any, Any], position: Any, moves: Sequence[Any], seed: int,
            asked: dict[str, Any]) -> dict[str, Any]:
    """/v1/apply's answer: ``moves`` (notation or JSON) played from ``position`` (draws naming no
    cards from ``seed``), every step, the state reached, and each hint ``asked`` (``hint``,
    ``fair_hint``) for the position reached when one of its players is to act there (else, or
    not asked, null). A hint's players are checked before any move is played."""
    players = {field: hinted_players(game, asked[field], field) for field in HINTS if field in asked}
    steps = played(game, position, moves, seed)
    befores = [position, *(step.after for step in steps[:-1])]
    reached = steps[-1].after
    return {**game.answer_fields(position), "seed": seed,
            "steps": [game.step_json(before, step) for before, step in zip(befores, steps)], **game.state(reached),
            **{field: hinted(game, reached, asked[field], field)
               if game.to_act(reached) in players.get(field, ()) else None for field in HINTS}}


def played(game: Game[Any, Any, Any], position: Any, moves: Sequence[Any], seed: int) -> list[PlayedStep[Any]]:
    """``moves`` played in turn from ``position`` (``Game.play``), draws naming no cards drawn from
    ``seed``: every move is read before any is played, so that a move the notation cannot read
    is named first (``moves[3]``); an illegal one is named with its field (``moves[1]``, a
    draw's card ``moves[1].cards[0]``), a move after the deal's end is DealOver."""
    for index, value in enumerate(moves):
        game.read_move(value, f"moves[{index}]")
    rng = random.Random(check_seed(seed))
    steps: list[PlayedStep[Any]] = []
    for index, value in enumerate(moves):
        if game.is_over(position):
            raise DealOver(f"moves[{index}]", f"the deal ended with moves[{index - 1}]: no move may follow")
        steps.append(game.play(position, value, rng, f"moves[{index}]"))
        position = steps[-1].after
    return steps


def hinted_players(game: Game[Any, Any, Any], asked: dict[str, Any], field: str) -> set[int]:
    """The players whose turn a hint asked with the moves is for: its ``players`` (indices of
    ``player_names``) and its ``sides`` (their names: sce2's NS and EW), every player when
    neither is given; NotationError naming the field for a player the game lacks."""
    if "players" not in asked and "sides" not in asked:
        return set(range(game.players))
    names = ", ".join(game.player_names)
    chosen = set()
    for index, player in enumerate(asked.get("players", [])):
        if player >= game.players:
            raise NotationError(f"{field}.players[{index}]", f"a player 0 to {game.players - 1} of {game.name} "
                                                             f"({names}), not {player}")
        chosen.add(player)
    for index, name in enumerate(asked.get("sides", [])):
        if name not in game.player_names:
            raise NotationError(f"{field}.sides[{index}]", f"{name!r} is not a player of {game.name} ({names}): "
                                                           "name its players by number in players")
        chosen.add(game.player_names.index(name))
    return chosen


def hinted(game: Game[Any, Any, Any], position: Any, asked: dict[str, Any], field: str) -> dict[str, Any]:
    """The hint ``asked`` of ``position`` (a hand to act), as /v1/hint answers it (``fair_hint``:
    as /v1/fair-hint, from the view of the hand to act, ``Game.own_view``)."""
    service = current_service()
    begin_part(field)
    if field == "fair_hint":
        search = fair_options(service, asked)
        fair: dict[str, Any] = hint_fairly(service, game.own_view(position), asked["samples"], search,
                                           asked["seed"]).to_json()
        return fair
    hint: dict[str, Any] = service.solve(position, service.hint_options(asked)).to_json()
    return hint
