"""Analysing a whole match record of any game: every deal analysed as POST /v1/analyse analyses
a deal (``eights.api.analyse.analysis``), and per player of the match, as gnubg's match
analysis has it, the decisions made, the mistakes among them, the loss and the luck
(``eights.play.analysis.match_analysis``). The game reads its match record
(``Game.read_match_record``): which deals it holds (the deal under way when the match stopped
too) and who held each player's place in each (sce2's players change sides every two deals,
the family's keep their seats).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eights.api.analyse.analysis import deal_plan, record_game
from eights.api.plan import Plan
from eights.api.service import SearchOptions, SolveService
from eights.engine.errors import EightsError
from eights.games import Game
from eights.play.analysis import match_analysis


def match_plans(service: SolveService, game: Game[Any, Any, Any], data: Any, options: SearchOptions,
                shared_ms: int | None = None) -> tuple[list[Plan], Callable[[list[Any]], dict[str, Any]]]:
    """One plan a deal of the match record ``data`` of ``game``, each answering as POST
    /v1/analyse does (with ``shared_ms``, each deal sharing that budget over its positions), each
    within the moves limit; and the match's answer from theirs. Errors in a deal name it
    (``deals[2].moves[3]``)."""
    match = game.read_match_record(data)
    plans = []
    for deal, where in zip(match.deals, match.where):
        service.limit(f"{where}.moves", len(deal.get("moves") or []), "max_analyse_moves")
        try:
            plans.append(deal_plan(record_game(deal, None), deal, options, shared_ms))
        except EightsError as error:
            raise type(error)(f"{where}.{error.field}", error.problem) from None
    return plans, lambda analyses: match_analysis(game, match, analyses)
