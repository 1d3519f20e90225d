"""Searching for the service: one Solver per process (its table warm across requests),
the cache in front of it, a bounded number of searches at once, and the request limits.

Every endpoint that searches (solve, hint, batch, analyse) goes through ``SolveService``.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from flask import current_app

from api.cache import SolutionCache
from api.errors import LimitExceeded, Overloaded
from api.settings import Settings
from engine.notation import compact
from engine.position import Position
from solver import Solution, Solver
from solver.modes import searched_position

EXTENSION = "eights"


@dataclass(frozen=True)
class SearchOptions:
    """How to search: the request's mode and evaluation, its depth (None: deepen), and the
    time budget every search gets (the request's, a default, or the limit)."""

    mode: str
    evaluation: str
    depth: int | None
    time_ms: int


@dataclass(frozen=True)
class SolveResult:
    """A solution, the canonical position it is for, and whether the cache gave it."""

    position: str
    solution: Solution
    cached: bool

    def to_json(self) -> dict[str, Any]:
        """The solution's JSON with ``position`` and ``cached``."""
        return {"position": self.position, **self.solution.to_json(), "cached": self.cached}


class SolveService:
    """The process's Solver, cache, search slots and counters."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.solver = Solver(tt_mb=settings.tt_mb)
        self.cache = SolutionCache(settings.cache_size, settings.cache_ttl_s)
        self._slots = threading.BoundedSemaphore(settings.max_solves)
        self._lock = threading.Lock()
        self.solves = self.rejected = 0
        self.table = self.solver.stats()

    def limit(self, field: str, value: int | None, setting: str) -> None:
        """Raise LimitExceeded when ``value`` is over the setting ``setting``."""
        maximum: int = getattr(self.settings, setting)
        if value is not None and value > maximum:
            raise LimitExceeded(field, setting, maximum)

    def options(self, args: Mapping[str, Any], default_time_ms: int) -> SearchOptions:
        """The search options of a request, within the limits. With neither depth nor
        time_ms the search gets ``default_time_ms``; depth alone is capped by max_time_ms."""
        depth, time_ms = args.get("depth"), args.get("time_ms")
        self.limit("depth", depth, "max_depth")
        self.limit("time_ms", time_ms, "max_time_ms")
        if time_ms is None:
            time_ms = default_time_ms if depth is None else self.settings.max_time_ms
        return SearchOptions(args["mode"], args["evaluation"], depth, time_ms)

    def solve(self, position: Position, options: SearchOptions) -> SolveResult:
        """One position's solution, from the cache or a new search."""
        return self.solve_all([position], options)[0]

    def solve_all(self, positions: Sequence[Position], options: SearchOptions) -> list[SolveResult]:
        """Solutions in the order given; equal positions (as the search sees them) are solved once."""
        done: dict[str, SolveResult] = {}
        results = []
        for position in positions:
            key = compact(searched_position(position, options.mode))
            if key not in done:
                done[key] = self._cached_or_new(key, position, options)
            results.append(done[key])
        return results

    def stats(self) -> dict[str, Any]:
        """Counters for /v1/stats: solves, rejected, the cache's and the table's."""
        with self._lock:
            table: dict[str, float] = dict(self.table)
            solves, rejected = self.solves, self.rejected
        if table.get("entries"):
            table["fill_percent"] = round(100 * table.get("used", 0) / table["entries"], 2)
        return {"solves": solves, "rejected": rejected, "cache": self.cache.stats(), "table": table}

    def _cached_or_new(self, key: str, position: Position, options: SearchOptions) -> SolveResult:
        cache_key = (key, options)
        solution = self.cache.get(cache_key)
        if solution is not None:
            return SolveResult(key, solution, True)
        with self._slot():
            solution = self.solver.solve(position, depth=options.depth, time_ms=options.time_ms,
                                         mode=options.mode, evaluation=options.evaluation)
        with self._lock:
            self.solves += 1
            self.table = solution.table
        self.cache.put(cache_key, solution)
        return SolveResult(key, solution, False)

    @contextmanager
    def _slot(self) -> Iterator[None]:
        """A place among ``max_solves`` searches, waited for ``queue_wait_ms``, else Overloaded."""
        if not self._slots.acquire(timeout=self.settings.queue_wait_ms / 1000):
            with self._lock:
                self.rejected += 1
            raise Overloaded(self.settings.retry_after_s)
        try:
            yield
        finally:
            self._slots.release()


def current_service() -> SolveService:
    """The SolveService of the app handling the request."""
    service: SolveService = current_app.extensions[EXTENSION]
    return service
