"""POST /v1/bot-move: the move a bot makes for the hand to act, in any game (``eights.games``).

The solver bot's search is the service's (its lanes, cache and limits; a family game's in the
bot's ``mode=``); the fair bot's is /v1/fair-hint's from the view of the hand to act
(``Game.own_view``), or from the view the request gives, the hidden cards sampled from the seed
and searched on the bot's schedule; the family's rollout bot plays out every move
(``FamilyRolloutBot.valued_choice``), its value the mean payoff of the move's playouts. A move
that is the only legal one is played unsearched, and where even one action deep a search
outlasts its time (a family game's draw of many cards) the heuristic's move is played; the
value is then null. A view (the position seen by the hand to act) is played by the bots that do
not peek: the fair bot (and the rollout bot with ``samples=``) decides from it alone, the
random, heuristic and rollout (without ``samples=``) bots from a deal the view cannot tell
apart; the solver bot needs every hand.

A position with its game context (sce2's ``deal:13 lead:40 cube:2/NS``, classic/2's
``totals:40,75``: ``eights.answers.common.play_for``, as /v1/hint reads it) is played by a
solver or fair bot for the game unless ``play_for`` (or the spec's ``play_for=``) says otherwise, as
the command line's whole games tell their bots (``eights.play.series.whole.told_the_game``);
the other bots play every deal for its points, and are refused ``play_for`` game or series.
"""

from __future__ import annotations

import math
import random
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.apply.routes import applied, hint_needs
from eights.api.bot.schemas import FAMILY_EXAMPLES, REQUEST_EXAMPLE, BotMoveRequestSchema, BotMoveResponseSchema
from eights.api.common.bots import FAIR, ROLLOUT, SOLVER, bot_kind, read_game_bot
from eights.api.common.docs import problem_responses
from eights.answers.common.game_reading import read_hint_view, read_in_game, read_playable_in_game
from eights.answers.common.play_for import without_context
from eights.answers.errors import DeadlineExceeded
from eights.answers.fair.hinting import hint_fairly, sample_options
from eights.answers.request_clock import BOT_PART, begin_part, plan_parts
from eights.answers.service import SearchOptions, current_service
from eights.engine.errors import NotationError
from eights.engine.steps import new_seed
from eights.games import Game
from eights.play.series.play_for import POINTS
from eights.play.versus import DEFAULT_PERSON_BOT
from eights.solver.errors import SolverError
from eights.solver.limits import rounded
from eights.solver.modes import EXPECTIMAX
from eights.solver.utility import Utility

blp = Blueprint("bot", __name__, url_prefix="/v1", description="The computer's move.")

Valued = tuple[Any, float | None, list[float] | None, int | None]  # a move, its value for the mover, every player's, the depth


@blp.route("/bot-move")
class BotMove(MethodView):
    """A bot's move."""

    @blp.arguments(BotMoveRequestSchema, examples={"sce2": {"value": REQUEST_EXAMPLE},
                                                    **{name: {"value": body} for name, body in FAMILY_EXAMPLES.items()}})
    @blp.response(200, BotMoveResponseSchema)
    @problem_responses(blp, 400, 413, 503)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """The move a bot makes for the hand to act, in any game (the one named; against a person, the fair one by default), from every hand or from the hand to act's view, its value, and (play) the move played"""
        position, context = without_context(args)
        game, item = read_in_game(position, args.get("rules"))
        viewed = game.is_view(item)
        item = (read_hint_view if viewed else read_playable_in_game)(position, args.get("rules"))[1]
        bot = read_game_bot(current_service(), game, args.get("bot", DEFAULT_PERSON_BOT))
        if viewed:
            check_viewed(bot, args)
        utility = bot_utility(game, bot, item, context, args.get("play_for"))
        seed = args["seed"] if "seed" in args else new_seed()
        if args["play"]:
            plan_parts({BOT_PART: None, **hint_needs(args)})  # the bot's own budget bounds a bot asked by time
        move, value, values, depth = chosen(game, bot, item, seed, utility)
        return {"bot": bot.spec, "move": move.notation(), "move_json": move.to_json(), "seed": seed, "value": value,
                "depth": depth, **game.valued_fields(item, values), **game.own_valued_fields(item, values),
                **({} if utility is None else {"play_for": utility.play_for}),
                "played": applied(game, item, [move.to_json()], seed, args) if args["play"] else None}


def check_viewed(bot: Any, args: dict[str, Any]) -> None:
    """NotationError for what a view cannot give: the solver bot's search, which sees every hand
    (naming ``position``), and playing the move (naming ``play``: the hidden cards are unknown)."""
    if bot_kind(bot) == SOLVER:
        raise NotationError("position", f"{bot.spec} searches every hand (double dummy): give the position with "
                                        "every hand, or ask a fair bot (fair:...), which decides from this view")
    if args["play"]:
        raise NotationError("play", "a move chosen from a view cannot be played here, the hidden cards being "
                                    "unknown: play it with /v1/apply on the whole position")


def bot_utility(game: Game[Any, Any, Any], bot: Any, position: Any, context: Any,
                play_for: str | None) -> Utility | None:
    """The utility ``bot`` plays ``position``'s deal with (None: for its points), as its ``choose``
    would once told the game (``play_in``; the service searches for it): a bot that can be told
    (the solver and fair bots) plays for ``play_for``, else its spec's ``play_for=``, else
    for the game with a ``context`` (``Game.play_for_utility``; a single deal for its points
    whatever the spec says, as the command line's bots); NotationError naming ``play_for`` for
    a game or series asked of a bot that plays for the points alone (the random and
    heuristic bots), SolverError naming it for a game the position has none of."""
    if not hasattr(bot, "play_in"):
        if play_for not in (None, POINTS):
            raise NotationError("play_for", f"{bot.spec} plays a deal for its points alone: only a solver or fair bot "
                                            f"plays for the {play_for} (or leave play_for out)")
        return None
    if play_for is None and context is None:
        return None
    return game.play_for_utility(position, context, play_for or bot.play_for, bot.horizon)


def chosen(game: Game[Any, Any, Any], bot: Any, item: Any, seed: int, utility: Utility | None = None) -> Valued:
    """The move ``bot`` makes in ``item`` (a position, or the view of the hand to act), its value
    for the player to act and every player's (a rollout bot's: mean payoffs), and the depth
    searched (None, None, None for a move not searched; a rollout's depth None); ``seed``: the
    random bot's choice, the fair and rollout bots' samples and playouts; ``utility``:
    what a solver bot plays the deal for (None: its points). A searching bot searches ``item``
    under the rules it assumes (``Game.bot_searches``), as its ``choose`` does."""
    item = game.bot_searches(bot, item)
    moves = game.legal_moves(item)
    if len(moves) == 1:
        return moves[0], None, None, None
    position = game.sample(item, random.Random(seed)) if game.is_view(item) else item
    try:
        if bot_kind(bot) == SOLVER:
            return solver_move(game, bot, position, utility)
        if bot_kind(bot) == FAIR:
            return fair_move(game, bot, item if game.is_view(item) else game.own_view(item), seed, utility)
    except (SolverError, DeadlineExceeded) as error:  # one action deep outlasts the time (a family game's draw of many cards)
        if isinstance(error, SolverError) and error.field == "play_for":
            raise  # the deal cannot be played for what was asked (the family's paranoid mode): the request's error
        return game.heuristic_bot().choose(position, moves), None, None, None
    bot.new_game(seed)
    if bot_kind(bot) == ROLLOUT:
        return rollout_move(bot, position, moves)
    return bot.choose(position, moves), None, None, None


def rollout_move(bot: Any, position: Any, moves: Any) -> Valued:
    """The rollout bot's move (``valued_choice``), its mean payoff for the player to act and
    every player's over its playouts (from a view, over its samples too), 6 decimals; no depth."""
    move, value, values = bot.valued_choice(position, moves)
    return move, rounded(value), [rounded(mean) for mean in values], None


def solver_move(game: Game[Any, Any, Any], bot: Any, position: Any, utility: Utility | None) -> Valued:
    """The solver bot's move (``Game.bot_choice``), its values and the depth searched, searched by
    the service (its lanes, cache and limits) with the bot's evaluation and objective, for what
    ``utility`` makes the deal worth (None: its points)."""
    time_ms = 0 if bot.time_ms is None else math.ceil(bot.time_ms)
    options = SearchOptions(EXPECTIMAX, bot.evaluation, bot.depth, time_ms, game.bot_objective(bot), utility=utility)
    begin_part(BOT_PART)
    solution = current_service().solve(position, options).solution
    return (*game.bot_choice(bot, solution), solution.depth)


def fair_move(game: Game[Any, Any, Any], bot: Any, view: Any, seed: int, utility: Utility | None = None) -> Valued:
    """The fair bot's move: /v1/fair-hint's best from ``view``, its samples drawn from ``seed`` and
    searched by the service on the bot's schedule (with its objective, for what ``utility`` makes
    the deal worth); its mean values and the least depth the samples reached."""
    search = sample_options(bot.evaluation, bot.depth, bot.time_ms, bot.samples, bot.schedule)
    begin_part(BOT_PART)
    answer = hint_fairly(current_service(), view, bot.samples, search, seed, game.bot_objective(bot), utility)
    fair = answer.to_json()
    return answer.moves[0].move, fair["value"], fair["values"], fair["depth"]
