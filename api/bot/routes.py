"""POST /v1/bot-move."""

from __future__ import annotations

import math
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.bot.schemas import REQUEST_EXAMPLE, BotMoveRequestSchema, BotMoveResponseSchema
from eights.api.common.bots import read_bot
from eights.api.common.docs import problem_responses
from eights.api.common.reading import read_position
from eights.api.fair.hinting import hint_fairly, sample_options
from eights.api.service import SearchOptions, current_service
from eights.engine.cards import S, W
from eights.engine.errors import NotationError
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import legal_moves
from eights.engine.steps import new_seed
from eights.engine.view import View
from eights.play.bots import FairBot, SolverBot
from eights.solver.modes import EXPECTIMAX

blp = Blueprint("bot", __name__, url_prefix="/v1", description="The computer's move.")


@blp.route("/bot-move")
class BotMove(MethodView):
    """A bot's move."""

    @blp.arguments(BotMoveRequestSchema, example=REQUEST_EXAMPLE)
    @blp.response(200, BotMoveResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """The move a named bot makes for the side to act"""
        position = read_position(args["position"])
        moves = list(legal_moves(position))
        if not moves:
            raise NotationError("position", "the deal is over: there is no move to make")
        seed = args["seed"] if "seed" in args else new_seed()
        bot = read_bot(current_service(), args["bot"])
        if isinstance(bot, SolverBot):
            move = solver_move(bot, position)
        elif isinstance(bot, FairBot):
            move = fair_move(bot, position, seed)
        else:
            bot.new_game(seed)
            move = bot.choose(position, moves)
        return {"bot": bot.spec, "move": move.notation(), "json": move.to_json(), "seed": seed}


def solver_move(bot: SolverBot, position: Position) -> Move:
    """The solver bot's move, searched by the service (its lanes, cache and limits)."""
    time_ms = 0 if bot.time_ms is None else math.ceil(bot.time_ms)
    options = SearchOptions(EXPECTIMAX, bot.evaluation, bot.depth, time_ms)
    return bot.pick(current_service().solve(position, options).solution.moves)


def fair_move(bot: FairBot, position: Position, seed: int) -> Move:
    """The fair bot's move from its own view, its samples drawn from ``seed`` and searched by
    the service (its lanes, cache and request budget), as /v1/fair-hint would."""
    service = current_service()
    view = View.of(position, (S, W)[position.side_to_act])
    options = sample_options(bot.evaluation, bot.depth, bot.time_ms, bot.samples)
    return hint_fairly(service, view, bot.samples, options, seed).hint.moves[0].move
