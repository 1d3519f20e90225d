"""A plan's searches on the cluster: the cache first, then each missing search a piece of its own.

The same code serves a job (its progress in the store, stoppable, resumable from the
pieces kept) and ``eights batch --cluster``. Solutions found go into the cache, as the
synchronous endpoints' do, and the answer is the plan's, as theirs is. A piece's result
is kept as ``{"solution": the solution's JSON with every digit, "cached": ...}`` (one the
cache gave, with ``time_ms``: the lookup's, which the answer reports as a synchronous one does).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from eights.api.budget import checked_cost_ms
from eights.api.jobs.store import Piece
from eights.api.jobs.work import Found, ignore
from eights.api.plan import Plan
from eights.api.service import (SearchKey, SolveResult, SolveService, distinct_keys, elapsed_ms, longest_search,
                                 search_key)
from eights.api.shared_cache import solution_from_json
from eights.cluster import Cluster, run_pieces
from eights.cluster import pieces as cluster_pieces

JOB_LIMIT = "max_job_ms"


class PlanSearch:
    """The distinct searches of ``plan``, numbered in order; ``known`` pieces by number."""

    def __init__(self, service: SolveService, plan: Plan) -> None:
        self.service, self.plan = service, plan
        self.keys = list(distinct_keys(plan.searches))
        self.longest_ms, self.by_depth = longest_search(self.keys, service.settings.max_time_ms)

    @property
    def total(self) -> int:
        """How many distinct searches there are."""
        return len(self.keys)

    @property
    def time_limit_ms(self) -> int | None:
        """Searches asked by depth alone stop at EIGHTS_MAX_JOB_MS; others were costed up front."""
        return self.service.settings.max_job_ms if self.by_depth else None

    @property
    def answers_when_out_of_time(self) -> bool:
        """False: a plan's answer needs every search."""
        return False

    def check(self) -> None:
        """TooCostly (naming the plan's field and EIGHTS_MAX_JOB_MS) when the distinct searches
        may take longer than a job may, unless they were asked by depth alone."""
        checked_cost_ms(self.total, self.longest_ms, self.by_depth, self.service.settings.max_job_ms,
                        self.plan.field, JOB_LIMIT)

    def from_cache(self, known: dict[int, Piece], found: Found = ignore) -> None:
        """Add to ``known`` the solutions the cache has, telling ``found`` of each."""
        for index, key in enumerate(self.keys):
            if index not in known:
                looked_up = time.perf_counter()
                solution = self.service.cached(key)
                if solution is not None:
                    known[index] = {**_piece(solution, True), "time_ms": elapsed_ms(looked_up)}
                    found(index, known[index])

    def on_cluster(self, cluster: Cluster, name: str, known: dict[int, Piece], found: Found = ignore,
                   should_stop: Callable[[], bool] = lambda: False) -> None:
        """Search what ``known`` lacks on ``cluster`` (tasks named ``name``-i), adding each
        solution to ``known`` and the cache, and telling ``found``, as it comes; stops when
        ``should_stop()``."""
        missing = [index for index in range(self.total) if index not in known]
        settings = self.service.settings
        pieces = [(position, options.depth, options.time_cap(settings.max_time_ms), options.mode, options.evaluation,
                   settings.tt_mb, options.objective, options.player)
                  for position, options in (self.keys[index] for index in missing)]
        for number, solution in run_pieces(cluster, cluster_pieces.solve, pieces, name, should_stop):
            index = missing[number]
            known[index] = _piece(solution, False)
            self.service.remember(self.keys[index], solution)
            found(index, known[index])

    def answer(self, known: dict[int, Piece]) -> Any:
        """The plan's answer, every search being ``known``."""
        number = {key: index for index, key in enumerate(self.keys)}
        return self.plan.answer([_result(key, known[number[key]])
                                 for key in (search_key(*search) for search in self.plan.searches)])


def _piece(solution: Any, cached: bool) -> Piece:
    """A search's solution as the store keeps it."""
    return {"solution": solution.to_json(digits=None), "cached": cached}


def _result(key: SearchKey, piece: Piece) -> SolveResult:
    """The SolveResult of the search ``key`` (its canonical position and options) from its kept piece."""
    return SolveResult(key[0], solution_from_json(piece["solution"]), piece["cached"], key[1], piece.get("time_ms"))


def run_on_cluster(service: SolveService, plan: Plan, cluster: Cluster, name: str) -> Any:
    """The plan's answer, its searches on ``cluster`` (what the cache lacks): for the command line."""
    search = PlanSearch(service, plan)
    search.check()
    known: dict[int, Piece] = {}
    search.from_cache(known)
    search.on_cluster(cluster, name, known)
    return search.answer(known)
