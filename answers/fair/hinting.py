"""A fair hint for the service: the deals a view cannot tell apart are sampled, searched
(``eights.play.fair``) and compared. /v1/fair-hint, ``eights hint`` on a view and a fair
bot's /v1/bot-move all answer with it, in every game (``hint_from_view``: the game samples the
view, ranks a sample's moves and writes the answer).

By time (the default: the whole hint's time, EIGHTS_HINT_TIME_MS unless given) the samples
are searched ``deepen``'s way, depth 1 on every sample, then 2, ..., in one solver of the
service's lanes; by depth alone (or ``split``, the first fair hint's way: each sample its share of the
time) each sample is one search through the SolveService (its cache and request budget).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from eights.answers.budget import Budget
from eights.answers.errors import DeadlineExceeded
from eights.answers.request_clock import request_environ
from eights.answers.service import SearchOptions, SolveService
from eights.engine.errors import NotationError
from eights.games import Game, game_for
from eights.play.fair import DEEPEN, SPLIT, deepen
from eights.solver import Solver
from eights.solver.api import CALL_ALLOWANCE
from eights.solver.modes import EXPECTIMAX
from eights.solver.utility import Utility


@dataclass(frozen=True)
class FairSearch:
    """How a fair hint searches its ``samples``: with ``evaluation`` (None: the game's own for
    the search's limits, ``Game.default_evaluation``), ``depth`` deep (None: deepen), within
    ``time_ms`` for the whole hint (None: by depth alone), on ``schedule`` (DEEPEN or SPLIT)."""

    evaluation: str | None
    depth: int | None
    time_ms: float | None
    samples: int
    schedule: str = DEEPEN

    @property
    def each(self) -> SearchOptions:
        """One sample's search through the service: ``depth`` deep, within its share of
        ``time_ms`` (at least 1 ms; none: by depth alone, capped as the service caps any search)."""
        share = 0 if self.time_ms is None else max(1, math.floor(self.time_ms / self.samples))
        return SearchOptions(EXPECTIMAX, self.evaluation, self.depth, share)


def fair_options(service: SolveService, args: dict[str, Any]) -> FairSearch:
    """The hint's search: ``depth`` deep, or deepened within ``time_ms``, the hint's whole
    search time (default EIGHTS_HINT_TIME_MS), with the request's evaluation or the game's own
    (None, ``hint_from_view`` reads it); NotationError for fewer than one sample (the command
    line's --samples), LimitExceeded over the service's limits."""
    if args["samples"] < 1:
        raise NotationError("samples", f"must be at least 1, got {args['samples']}")
    service.limit("samples", args["samples"], "max_samples")
    service.limit("depth", args.get("depth"), "max_depth")
    service.limit("time_ms", args.get("time_ms"), "max_time_ms")
    total = args.get("time_ms", service.settings.hint_time_ms if args.get("depth") is None else None)
    return sample_options(args.get("evaluation"), args.get("depth"), total, args["samples"])


def sample_options(evaluation: str | None, depth: int | None, total_ms: float | None, samples: int,
                   schedule: str = DEEPEN) -> FairSearch:
    """The search of ``samples`` samples: ``depth`` deep, within ``total_ms`` for them all, on ``schedule``."""
    return FairSearch(evaluation, depth, total_ms, samples, schedule)


def hint_fairly(service: SolveService, view: Any, samples: int, search: FairSearch, seed: int,
                objective: str | None = None, utility: Utility | None = None) -> Any:
    """The fair hint of ``view`` (one ``Game.hint_view`` gives) in its own game: ``hint_from_view``."""
    return hint_from_view(service, game_for(view), view, samples, search, seed, objective, utility)


def hint_from_view(service: SolveService, game: Game[Any, Any, Any], view: Any, samples: int, search: FairSearch,
                   seed: int, objective: str | None = None, utility: Utility | None = None) -> Any:
    """The fair hint of ``view`` in any game: ``samples`` deals sampled from ``seed`` (``game.samples``),
    searched as ``search`` says (each alone, each its share of the time, where the game's
    evaluation spends time on playouts, not depth: ``Game.searches_samples_alone``;
    with ``objective``, by default the game's; for what ``utility``
    makes the deal worth, None: its points, ``eights.answers.fair.view_context``), and compared
    (``game.fair_answer``; with a utility, sce2's answer says what it ``play_for``). Deepened
    within a time: the samples of the last depth completed on all (``eights.play.fair.deepen``), LimitExceeded (field ``time_ms``) over EIGHTS_MAX_REQUEST_MS.
    Each alone: TooCostly (field ``samples``) when they may take longer than a request may; the
    samples solved by the budget's deadline (its searches' cost and slack: what a sample's
    search overruns is taken from the last ones); DeadlineExceeded with none."""
    started = time.perf_counter()
    deals = game.samples(view, samples, seed)
    objective = objective or game.fair_objective
    search = replace(search, evaluation=search.evaluation or game.default_evaluation(search.depth))
    assert search.evaluation is not None
    if search.schedule == SPLIT or search.time_ms is None or game.searches_samples_alone(search.evaluation, search.depth):
        values, depths = each_alone(service, deals, replace(search.each, objective=objective, utility=utility))
    else:
        values, depths = deepened(service, deals, search, lambda solver: game.fair_ranker(solver, objective), utility)
    answer = game.fair_answer(view, values, seed, samples, depths, round((time.perf_counter() - started) * 1000, 3),
                              objective)
    return answer if utility is None else replace(answer, play_for=utility.play_for)


def each_alone(service: SolveService, deals: list[Any],
                options: SearchOptions) -> tuple[list[list[Any]], tuple[int, int]]:
    """Each deal solved with ``options`` through the service, up to its deadline: the move
    values of those solved and the least and most depth they completed."""
    results = service.solve_all(deals, options, "samples", partial=True)
    if not results:
        raise DeadlineExceeded("samples", "not one sample was solved within the request's time; ask for less "
                                          "depth or more time_ms")
    depths = [result.solution.depth for result in results]
    return [result.solution.moves for result in results], (min(depths), max(depths))


def deepened(service: SolveService, deals: Sequence[Any], search: FairSearch,
             ranker: Callable[[Solver], Any] = lambda solver: solver,
             utility: Utility | None = None) -> tuple[list[list[Any]], tuple[int, int]]:
    """The deals deepened together within ``search.time_ms`` in one solver of the lane that
    time belongs to (the wait for it apart), ranked by ``ranker(solver)`` (the solver itself for
    sce2's deals; a game of the family's: ``eights.games.family_fair.FamilyRanker``) for what
    ``utility`` makes them worth (None: their points): the move values and their depth, twice."""
    assert search.time_ms is not None
    time_ms = math.ceil(search.time_ms)
    budget = Budget.for_time(time_ms, service.settings.max_request_ms, "time_ms", request_environ())
    with service.lanes.solver(time_ms) as solver:
        budget.check_client()
        left_ms = budget.left_ms()
        done = deepen(ranker(solver), deals, search.evaluation, search.depth,
                      min(search.time_ms, max(1.0, left_ms / CALL_ALLOWANCE)), left_ms, utility)
    return [list(values) for values in done.values], (done.depth, done.depth)
