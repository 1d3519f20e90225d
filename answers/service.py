"""Searching for the service: the process's lanes of solvers, the cache in front of them,
each request's budget, and the request limits.

Every endpoint that searches (solve, hint, batch, analyse) goes through ``SolveService``:
it looks each distinct position up in the cache, checks what the rest may cost against
the request budget (422 over it), takes a solver from the lane that cost belongs to
(waiting its turn; 503 when the lane's queue cannot give it one in time: ``eights.answers.lanes``),
and searches them one by one within the budget's deadline, stopping when the client goes away.
A hint at EIGHTS_HINT_TIME_MS counts its time from the request's arrival: the wait for a solver
comes off its search (down to ``MIN_FROM_ARRIVAL_MS``), so that under load a hint button
answers in about the time the setting says, searching less deep, and the shortened search is
not cached (its key is the full time's).

Every game is searched alike, through its ``eights.games.Game``: the position as its search sees
it (``search_notation``), the evaluation and objective it takes by default (``solve_options``),
its solver backend (``solve``) and the answer's common fields (``search_common``); nothing here
asks which game it holds (tests/test_one_game_interface.py).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any

from eights.answers.budget import Budget, cost_ms, left_after_wait
from eights.answers.cache import open_cache
from eights.answers.errors import DeadlineExceeded, LimitExceeded
from eights.answers.lanes import Lanes
from eights.answers.request_clock import request_environ
from eights.answers.settings import Settings
from eights.answers.shared import RedisLink
from eights.cluster.pieces import search
from eights.games import Game, game_for, game_of
from eights.solver.errors import FirstDepthOutlasted
from eights.solver.utility import Utility

EXTENSION = "eights"


@dataclass(frozen=True)
class SearchOptions:
    """How to search: the request's mode (how draws are treated) and evaluation, its depth
    (None: deepen), and the time budget every search gets (the request's, a default, or the
    limit); for a game with objectives (the family's), the objective (``maxn`` or ``paranoid``)
    and the player whose payoff the answer gives (None: the hand to act). An evaluation or
    objective left None is the searched game's own (``resolved``). ``from_arrival``: its time counts
    from the request's arrival, the wait for a solver coming off it (a hint at EIGHTS_HINT_TIME_MS).
    ``shared``: its time is a share of the request's, the client having asked for none (an analysis)."""

    mode: str
    evaluation: str | None
    depth: int | None
    time_ms: int
    objective: str | None = None
    player: int | None = None
    from_arrival: bool = False
    shared: bool = False
    utility: Utility | None = None  # sce2 played for the game around the deal (eights.answers.common.play_for)

    @property
    def by_depth(self) -> bool:
        """True when the request gave a depth and no time: its time is only a cap."""
        return self.depth is not None and self.time_ms == 0

    @property
    def stops_at_deadline(self) -> bool:
        """True when the searches stop at the request's deadline rather than being refused for
        their cost: asked by depth alone, or given a ``shared`` part of the request's time that
        the client did not ask for (an analysis's)."""
        return self.by_depth or self.shared

    def time_cap(self, max_time_ms: int) -> int:
        """The time_ms a search gets: the request's, or ``max_time_ms`` when asked by depth alone."""
        return self.time_ms or max_time_ms

    def cache_key(self, position: str) -> str:
        """The cache's key of a search of the canonical ``position`` with these options.

        >>> SearchOptions("expectimax", "material", 6, 0).cache_key("N:5... E:Q... S:... W:9... up:5H turn:W")
        'expectimax/material/6/0 N:5... E:Q... S:... W:9... up:5H turn:W'
        >>> SearchOptions("expectimax", "material", 2, 0, "paranoid", 1).cache_key("rules:classic/2 0:5... ...")
        'expectimax/material/2/0/paranoid/1 rules:classic/2 0:5... ...'

        A family position's canonical form starts with its ruleset (``rules:classic/2``), so the
        caches key on the game as well.
        """
        objective = "" if self.objective is None else f"/{self.objective}/{'-' if self.player is None else self.player}"
        play_for = "" if self.utility is None else f"/{self.utility.label}"
        return f"{self.mode}/{self.evaluation}/{self.depth or '-'}/{self.time_ms}{objective}{play_for} {position}"

    def resolved(self, game: Game[Any, Any, Any]) -> SearchOptions:
        """These options as ``game`` searches with them: its own evaluation and objective where
        none was asked (``Game.solve_options``); SolverError naming ``objective`` or ``player``
        for one a two-sided game (sce2) cannot take."""
        evaluation, objective, player = game.solve_options(self.evaluation, self.objective, self.player, self.depth)
        return replace(self, evaluation=evaluation, objective=objective, player=player)


SearchKey = tuple[str, SearchOptions]  # the canonical position the search sees, and the options resolved


def search_key(position: Any, options: SearchOptions) -> SearchKey:
    """What makes two searches the same search: equal keys are searched once. The position as
    the search sees it (``Game.search_notation``: no stock order in expectimax), and the options
    with the game's own defaults filled in (``SearchOptions.resolved``)."""
    game = game_for(position)
    return game.search_notation(position, options.mode), options.resolved(game)


def distinct_keys(searches: Sequence[tuple[Any, SearchOptions]]) -> dict[SearchKey, Any]:
    """Each distinct search of ``searches`` once, in order, with the first position that asked for it."""
    keys: dict[SearchKey, Any] = {}
    for position, options in searches:
        keys.setdefault(search_key(position, options), position)
    return keys


def longest_search(keys: Iterable[SearchKey], max_time_ms: int) -> tuple[int, bool]:
    """The longest time_ms of the searches, and whether all of them stop at the deadline
    (``SearchOptions.stops_at_deadline``) rather than being refused for their cost."""
    options = [options for _, options in keys]
    return max(option.time_cap(max_time_ms) for option in options), all(option.stops_at_deadline for option in options)


@dataclass(frozen=True)
class SolveResult:
    """A solution (``Game.solve``'s, of the position's game), the canonical position it is for,
    whether the cache gave it, the options it was searched with (resolved), and, when the cache
    gave it, the time this request took to find it there (``time_ms``, None: the search's own)."""

    position: str
    solution: Any
    cached: bool
    options: SearchOptions
    time_ms: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The solution's JSON in the one shape of every game's search answer (docs/service.md):
        ``position``, ``cached``, the common fields (``Game.search_common``), ``mode`` (how draws
        were treated) and, for a game with objectives, the ``objective`` searched; ``time_ms`` is
        this request's (a cached answer's: the cache's lookup, not the first search's time)."""
        data = {"position": self.position, **self.solution.to_json(), "cached": self.cached, "mode": self.options.mode}
        data.update(game_of(self.position, None).search_common(data))
        if self.options.objective is not None:
            data["objective"] = self.options.objective
        if self.time_ms is not None:
            data["time_ms"] = self.time_ms
        return data


class SolveService:
    """The process's lanes of solvers, its link to Redis (if any), the cache and counters."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.lanes = Lanes(settings)
        self.link = RedisLink.of(settings)
        self.cache = open_cache(settings, self.link)
        self._lock = threading.Lock()
        self.solves = 0
        self.table = self.lanes.short.solvers[0].stats()

    def limit(self, field: str, value: int | None, setting: str) -> None:
        """Raise LimitExceeded when ``value`` is over the setting ``setting``."""
        maximum: int = getattr(self.settings, setting)
        if value is not None and value > maximum:
            raise LimitExceeded(field, setting, maximum)

    def hint_options(self, args: Mapping[str, Any]) -> SearchOptions:
        """The search options of a hint (``options`` with EIGHTS_HINT_TIME_MS by default): a
        hint given that default counts it from the request's arrival (``from_arrival``), so a
        hint button answers in about that time under load."""
        return self.options(args, self.settings.hint_time_ms, default_from_arrival=True)

    def options(self, args: Mapping[str, Any], default_time_ms: int,
                default_from_arrival: bool = False) -> SearchOptions:
        """The search options of a request, within the limits. With neither depth nor
        time_ms the search gets ``default_time_ms`` (counted from the request's arrival when
        ``default_from_arrival``); depth alone is capped by max_time_ms. The evaluation, the
        objective and the player as asked: what is not asked is the searched game's own
        (``SearchOptions.resolved``), and a two-sided game refuses an objective or a player when
        its search is asked for."""
        depth, time_ms = args.get("depth"), args.get("time_ms")
        self.limit("depth", depth, "max_depth")
        self.limit("time_ms", time_ms, "max_time_ms")
        from_arrival = default_from_arrival and time_ms is None and depth is None
        if time_ms is None:
            time_ms = default_time_ms if depth is None else 0
        return SearchOptions(args["mode"], args.get("evaluation"), depth, time_ms, args.get("objective"),
                             args.get("player"), from_arrival)

    def solve(self, position: Any, options: SearchOptions) -> SolveResult:
        """One position's solution, from the cache or a new search."""
        return self.solve_each([(position, options)], "time_ms")[0]

    def solve_all(self, positions: Sequence[Any], options: SearchOptions, field: str,
                  partial: bool = False) -> list[SolveResult]:
        """Solutions in the order given, all searched with ``options`` (see solve_each)."""
        return self.solve_each([(position, options) for position in positions], field, partial)

    def solve_each(self, searches: Sequence[tuple[Any, SearchOptions]], field: str,
                   partial: bool = False) -> list[SolveResult]:
        """Solutions in the order given, each position in its own game; equal searches (position
        as the search sees it, and options) are done once. ``field`` is the request field named
        when the searches would cost more than the request budget allows. ``partial``: at the
        deadline, the solutions found so far (in order, up to the first not searched) instead of
        DeadlineExceeded. A solution the cache gives reports the lookup's time as its ``time_ms``."""
        arrived = time.monotonic()
        found: dict[SearchKey, tuple[Any, bool, float | None]] = {}
        missing: dict[SearchKey, Any] = {}
        for key, position in distinct_keys(searches).items():
            looked_up = time.perf_counter()
            solution = self.cached(key)
            if solution is None:
                missing[key] = position
            else:
                found[key] = (solution, True, elapsed_ms(looked_up))
        if missing:
            self._search(missing, field, found, partial, arrived)
        keys = [search_key(*search) for search in searches]
        done = next((index for index, key in enumerate(keys) if key not in found), len(keys))
        return [SolveResult(key[0], found[key][0], found[key][1], key[1], found[key][2]) for key in keys[:done]]

    def cached(self, key: SearchKey) -> Any | None:
        """The cache's solution of the search ``key``, if it has one."""
        return self.cache.get(key[1].cache_key(key[0]))

    def remember(self, key: SearchKey, solution: Any) -> None:
        """Put the solution of the search ``key`` in the cache."""
        self.cache.put(key[1].cache_key(key[0]), solution)

    def stats(self) -> dict[str, Any]:
        """Counters for /v1/stats: solves, the lanes', the cache's and the last table's."""
        with self._lock:
            table: dict[str, float] = dict(self.table)
            solves = self.solves
        if table.get("entries"):
            table["fill_percent"] = round(100 * table.get("used", 0) / table["entries"], 2)
        lanes = self.lanes.stats()
        return {"solves": solves, "rejected": sum(lane["rejected"] for lane in lanes.values()), "lanes": lanes,
                "cache": self.cache.stats(), "table": table}

    def _search(self, missing: Mapping[SearchKey, Any], field: str,
                found: dict[SearchKey, tuple[Any, bool, float | None]], partial: bool, arrived: float) -> None:
        """Search the positions the cache did not have, in one lane, within one budget (up to
        its deadline when ``partial``). The wait for a solver is not taken from the budget, but
        a search timed ``from_arrival`` loses what passed since ``arrived`` (monotonic s); a
        search given less than it asked is not cached (unless it reached its depth)."""
        time_ms, by_depth = longest_search(missing, self.settings.max_time_ms)
        budget = Budget.for_searches(len(missing), time_ms, by_depth, self.settings.max_request_ms, field,
                                     request_environ())
        asked_at = time.monotonic()
        with self.lanes.solver(min(cost_ms(len(missing), time_ms), self.settings.max_request_ms)) as solver:
            waited_ms = (time.monotonic() - arrived) * 1000
            budget = budget.restarted(asked_at)
            for key, position in missing.items():
                asked = key[1].time_cap(self.settings.max_time_ms)
                try:
                    given = budget.time_for(left_after_wait(asked, waited_ms) if key[1].from_arrival else asked)
                except DeadlineExceeded:
                    if partial:
                        return
                    raise
                options = key[1]
                try:
                    solution = search(solver, position, options.depth, given, options.mode, options.evaluation,
                                      options.objective, options.player, options.utility)
                except FirstDepthOutlasted as error:  # no answer in the time: the request was not wrong
                    raise DeadlineExceeded("position", error.problem) from None
                found[key] = (solution, False, None)
                if given == asked or solution.depth == key[1].depth:
                    self.remember(key, solution)
                table = solver.stats()
                with self._lock:
                    self.solves += 1
                    self.table = table


def elapsed_ms(since: float) -> float:
    """The milliseconds since ``since`` (``time.perf_counter()``), to the microsecond."""
    return round((time.perf_counter() - since) * 1000, 3)


SERVING: ContextVar[SolveService | None] = ContextVar("eights_service", default=None)


def serve_with(service: SolveService | None) -> None:
    """As each request begins, the SolveService of the app serving it (``eights.api.app``);
    None as it ends."""
    SERVING.set(service)


def current_service() -> SolveService:
    """The SolveService of the app handling the request (``serve_with``); RuntimeError outside one."""
    service = SERVING.get()
    if service is None:
        raise RuntimeError("no request is being served: the app's SolveService is app.extensions[EXTENSION]")
    return service
