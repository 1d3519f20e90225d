"""A plan's searches on the cluster: the cache first, then each missing search a piece of its own.

The same code serves a job (its progress in the store, stoppable, resumable from the
pieces kept) and ``eights batch --cluster``. Solutions found go into the cache, as the
synchronous endpoints' do, and the answer is the plan's, as theirs is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from api.budget import checked_cost_ms
from api.jobs.store import Piece
from api.plan import Plan
from api.service import SolveResult, SolveService, distinct_keys, longest_search, search_key
from cluster import Cluster, run_pieces
from cluster import pieces as cluster_pieces

JOB_LIMIT = "max_job_ms"
Found = Callable[[int, Piece], None]


def _ignore(index: int, piece: Piece) -> None:
    """A Found that keeps nothing more."""


def check_cost(service: SolveService, plan: Plan) -> None:
    """TooCostly (naming the plan's field and EIGHTS_MAX_JOB_MS) when the plan's distinct
    searches may take longer than a job may, unless they were asked by depth alone."""
    keys = distinct_keys(plan.searches)
    time_ms, by_depth = longest_search(keys, service.settings.max_time_ms)
    checked_cost_ms(len(keys), time_ms, by_depth, service.settings.max_job_ms, plan.field, JOB_LIMIT)


class PlanSearch:
    """The distinct searches of ``plan``, numbered in order; ``known`` pieces by number."""

    def __init__(self, service: SolveService, plan: Plan) -> None:
        self.service, self.plan = service, plan
        self.keys = list(distinct_keys(plan.searches))

    @property
    def total(self) -> int:
        """How many distinct searches there are."""
        return len(self.keys)

    def from_cache(self, known: dict[int, Piece], found: Found = _ignore) -> None:
        """Add to ``known`` the solutions the cache has, telling ``found`` of each."""
        for index, key in enumerate(self.keys):
            if index not in known:
                solution = self.service.cached(key)
                if solution is not None:
                    known[index] = (solution, True)
                    found(index, known[index])

    def on_cluster(self, cluster: Cluster, name: str, known: dict[int, Piece], found: Found = _ignore,
                   should_stop: Callable[[], bool] = lambda: False) -> None:
        """Search what ``known`` lacks on ``cluster`` (tasks named ``name``-i), adding each
        solution to ``known`` and the cache, and telling ``found``, as it comes; stops when
        ``should_stop()``."""
        missing = [index for index in range(self.total) if index not in known]
        settings = self.service.settings
        pieces = [(position, options.depth, options.time_cap(settings.max_time_ms), options.mode, options.evaluation,
                   settings.tt_mb) for position, options in (self.keys[index] for index in missing)]
        for number, solution in run_pieces(cluster, cluster_pieces.solve, pieces, name, should_stop):
            index = missing[number]
            known[index] = (solution, False)
            self.service.remember(self.keys[index], solution)
            found(index, known[index])

    def answer(self, known: dict[int, Piece]) -> Any:
        """The plan's answer, every search being ``known``."""
        number = {key: index for index, key in enumerate(self.keys)}
        return self.plan.answer([SolveResult(key[0], *known[number[key]])
                                 for key in (search_key(*search) for search in self.plan.searches)])


def run_on_cluster(service: SolveService, plan: Plan, cluster: Cluster, name: str) -> Any:
    """The plan's answer, its searches on ``cluster`` (what the cache lacks): for the command line."""
    check_cost(service, plan)
    search = PlanSearch(service, plan)
    known: dict[int, Piece] = {}
    search.from_cache(known)
    search.on_cluster(cluster, name, known)
    return search.answer(known)
