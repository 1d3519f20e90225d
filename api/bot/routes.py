"""POST /v1/bot-move."""

from __future__ import annotations

import math
from typing import Any

from flask import Response, jsonify
from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.apply.routes import applied, hint_needs, own_view, with_hints
from eights.api.bot.family import family_bot_move
from eights.api.bot.schemas import (
    FAMILY_EXAMPLES,
    REQUEST_EXAMPLE,
    BotMoveRequestSchema,
    BotMoveResponseSchema,
    FamilyBotMoveResponseSchema,
)
from eights.api.common.bots import read_bot
from eights.api.common.docs import problem_responses
from eights.answers.common.game_reading import read_playable_in_game
from eights.answers.common.reading import side_name
from eights.games.sce2_fair import ns_value
from eights.answers.fair.hinting import hint_fairly, sample_options
from eights.answers.request_clock import BOT_PART, begin_part, plan_parts
from eights.answers.service import SearchOptions, current_service
from eights.engine.family.position import FamilyPosition
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import legal_moves
from eights.engine.steps import new_seed
from eights.play.bots import FairBot, SolverBot
from eights.play.versus import DEFAULT_PERSON_BOT
from eights.solver.api import rounded
from eights.solver.modes import EXPECTIMAX

blp = Blueprint("bot", __name__, url_prefix="/v1", description="The computer's move.")


@blp.route("/bot-move")
class BotMove(MethodView):
    """A bot's move."""

    @blp.arguments(BotMoveRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                    **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, BotMoveResponseSchema)
    @blp.doc(responses={"200": {"description": "The bot's move: in sce2, or in a game of the family (values per seat).",
                                "content": {"application/json": {"schema": {
                                    "oneOf": [BotMoveResponseSchema, FamilyBotMoveResponseSchema]}}}}})
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any] | Response:
        """The move a bot makes for the side or seat to act, in any game (the one named; against a person, the fair one by default), its value, and (play) the move played"""
        game, position = read_playable_in_game(args["position"], args.get("rules"))
        seed = args["seed"] if "seed" in args else new_seed()
        spec = args.get("bot", DEFAULT_PERSON_BOT)
        if args["play"]:
            plan_parts({BOT_PART: None, **hint_needs(args)})  # the bot's own budget bounds a bot asked by time
        if isinstance(position, FamilyPosition):
            answer = family_bot_move(position, spec, seed, args)
            answer.update(game.valued_fields(position, answer["values"]))
            return jsonify(FamilyBotMoveResponseSchema().dump(answer))
        bot = read_bot(current_service(), spec)
        value: float | None = None
        depth: int | None = None
        if isinstance(bot, SolverBot):
            move, value, depth = solver_move(bot, position)
        elif isinstance(bot, FairBot):
            move, value, depth = fair_move(bot, position, seed)
        else:
            bot.new_game(seed)
            move = bot.choose(position, list(legal_moves(position)))
        side = position.side_to_act
        value_ns = None if value is None else ns_value(value, side)
        return {"bot": bot.spec, "move": move.notation(), "move_json": move.to_json(), "seed": seed,
                "side": side_name(side), "value": None if value is None else rounded(value), "value_ns": value_ns,
                "depth": depth, **game.valued_fields(position, None if value_ns is None else [value_ns, 0.0 - value_ns]),
                "played": with_hints(applied(position, (move,), seed), args) if args["play"] else None}


def solver_move(bot: SolverBot, position: Position) -> tuple[Move, float, int]:
    """The solver bot's move, its value for the side to act and the depth searched, searched by
    the service (its lanes, cache and limits)."""
    time_ms = 0 if bot.time_ms is None else math.ceil(bot.time_ms)
    options = SearchOptions(EXPECTIMAX, bot.evaluation, bot.depth, time_ms)
    begin_part(BOT_PART)
    solution = current_service().solve(position, options).solution
    move = bot.pick(solution.moves)
    return move, solution.value_of(move), solution.depth


def fair_move(bot: FairBot, position: Position, seed: int) -> tuple[Move, float, int]:
    """The fair bot's move, its mean value over the samples and the least depth they were
    searched to, from its own view, its samples
    drawn from ``seed`` and searched by the service (its lanes, cache and request budget), as
    /v1/fair-hint would."""
    service = current_service()
    options = sample_options(bot.evaluation, bot.depth, bot.time_ms, bot.samples, bot.schedule)
    begin_part(BOT_PART)
    answer = hint_fairly(service, own_view(position), bot.samples, options, seed)
    best = answer.hint.moves[0]
    return best.move, best.mean, answer.depths[0]
