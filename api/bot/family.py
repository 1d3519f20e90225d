"""/v1/bot-move for the family's games (RULES-FAMILY.md): the move a family bot makes
(``eights.play.family``: random, heuristic, solver, fair) for the seat to act, its searches
through the service (its lanes, cache and limits), and, asked to play it, /v1/apply's answer.

The solver bot's search is the service's (max-n or its ``mode=``), the fair bot's is the
family's fair hint (``eights.answers.fair.family``: the hidden hands sampled from the view of the
seat to act, searched on the bot's schedule, deepened together by default). As the
family's bots do, a move that is the only legal one is played unsearched, and where even one
action deep a search outlasts its time many times over (a draw of many cards) the
heuristic's move is played; the value is then null.
"""

from __future__ import annotations

import math
from typing import Any

from eights.api.apply.family import family_applied
from eights.api.common.bots import read_family_bot
from eights.answers.errors import DeadlineExceeded
from eights.answers.request_clock import BOT_PART, begin_part
from eights.answers.fair.family import family_hint_fairly
from eights.answers.fair.hinting import sample_options
from eights.answers.service import SearchOptions, current_service
from eights.engine.family.moves import FamilyMove
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import legal_moves
from eights.engine.family.steps import AskedMove, LocatedMove
from eights.play.family import FamilyFairBot, FamilySolverBot
from eights.play.family.heuristic import heuristic_move
from eights.solver.api import rounded
from eights.solver.errors import SolverError
from eights.solver.family import FamilySolution
from eights.solver.modes import EXPECTIMAX

Valued = tuple[FamilyMove, float | None, list[float] | None, int | None]  # a move, its value for the mover, every seat's, the depth


def family_bot_move(position: FamilyPosition, spec: str, seed: int, args: dict[str, Any]) -> dict[str, Any]:
    """/v1/bot-move's answer for a family game: the move of the bot ``spec`` names for the seat
    to act (``seed``: the random bot's choice, the fair bot's samples, a played draw's cards),
    its value for that seat and every seat's (null for a bot that does not search), and with
    the request's ``play`` the move played as /v1/apply plays it, with the hints ``args`` asks."""
    bot = read_family_bot(current_service(), spec)
    moves = list(legal_moves(position))
    move, value, values, depth = moves[0], None, None, None
    if len(moves) > 1:
        try:
            if isinstance(bot, FamilySolverBot):
                move, value, values, depth = solver_move(bot, position)
            elif isinstance(bot, FamilyFairBot):
                move, value, values, depth = fair_move(bot, position, seed)
            else:
                bot.new_game(seed)
                move = bot.choose(position, moves)
        except (SolverError, DeadlineExceeded):  # one action deep outlasts the time (a draw of many cards)
            move, value, values, depth = heuristic_move(position, moves), None, None, None
    played = family_applied(position, (LocatedMove(AskedMove(move), "move"),), seed, args) if args["play"] else None
    return {"bot": bot.spec, "move": move.notation(), "move_json": move.to_json(), "seed": seed,
            "player": position.turn, "value": value, "values": values, "depth": depth, "played": played}


def solver_move(bot: FamilySolverBot, position: FamilyPosition) -> Valued:
    """The solver bot's best move, searched by the service in the bot's mode, with its values."""
    time_ms = 0 if bot.time_ms is None else math.ceil(bot.time_ms)
    options = SearchOptions(EXPECTIMAX, bot.evaluation, bot.depth, time_ms, bot.mode)
    begin_part(BOT_PART)
    solution = current_service().solve(position, options).solution
    assert isinstance(solution, FamilySolution) and solution.best is not None  # a family position with moves
    best = solution.value_of(solution.best)
    return (best.move, rounded(best.value), None if best.values is None else [rounded(value) for value in best.values],
            solution.depth)


def fair_move(bot: FamilyFairBot, position: FamilyPosition, seed: int) -> Valued:
    """The fair bot's move: the family's fair hint from the view of the seat to act, its
    samples drawn from ``seed`` and searched on the bot's schedule; its mean values."""
    search = sample_options(bot.evaluation, bot.depth, bot.time_ms, bot.samples, bot.schedule)
    begin_part(BOT_PART)
    answer = family_hint_fairly(current_service(), position, bot.samples, search, seed, bot.mode)
    best: FamilyMove = answer.best.move  # type: ignore[assignment]  # compared family moves
    return best, rounded(answer.best.mean), answer.values_of(best), answer.depths[0]
