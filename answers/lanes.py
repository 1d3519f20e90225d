"""Lanes: a process's solvers, split so that short searches (hints) never queue behind long ones.

Each lane is a pool of Solvers, one per search it may run at once, each with its own
table (one Solver runs one search at a time). A request asks for a solver saying what its
searches may cost (their budget), and waits for one in its lane's queue, first come first
served, when the lane can give it one within ``queue_wait_ms``: when the requests ahead of
it (those searching, for what is left of their budgets; those waiting, for the whole of
theirs) leave a solver free by then, or when fewer requests wait than the lane has solvers
(a budget may overstate its search: one asked by depth alone is budgeted at its cap).
Otherwise, or when no solver has come within ``queue_wait_ms``, it gets 503 (Overloaded)
with a Retry-After of when the queue should have room again. Below capacity a request is
thus answered within its own budget plus ``queue_wait_ms``; beyond it the excess is refused
at once rather than left to pile up.
"""

from __future__ import annotations

import heapq
import math
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from eights.answers.errors import Overloaded
from eights.answers.request_clock import request_left_s
from eights.answers.settings import Settings, env_name
from eights.solver import Solver

SHORT, LONG = "short", "long"


@dataclass(eq=False)
class Waiter:
    """A request waiting for a solver: how long it expects to hold one, and the solver once given
    (compared by identity: the queue removes this one, not an equal one)."""

    expected_s: float
    given: Solver | None = None
    ready: threading.Event = field(default_factory=threading.Event)


@dataclass
class Lane:
    """A pool of solvers, the requests waiting for one (in order) and its counters."""

    name: str
    solvers: list[Solver]
    free: list[Solver]
    expected_back: dict[int, float] = field(default_factory=dict)  # id(solver) in use -> monotonic s
    queue: deque[Waiter] = field(default_factory=deque)
    rejected: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def of(cls, name: str, size: int, tt_mb: int) -> Lane:
        """A lane of ``size`` solvers with ``tt_mb`` MB tables."""
        solvers = [Solver(tt_mb=tt_mb) for _ in range(size)]
        return cls(name, solvers, list(solvers))

    @property
    def size(self) -> int:
        """The searches the lane may run at once."""
        return len(self.solvers)

    def take(self, expected_s: float, wait_s: float, retry_after_s: int) -> Solver:
        """A solver for a request expected to hold it ``expected_s``: at once when one is free (a
        solver is free only while no request waits), else in turn within ``wait_s``. Overloaded,
        with a Retry-After of at least ``retry_after_s``, when the queue cannot give it one in time."""
        with self.lock:
            if self.free:
                return self._hand(self.free.pop(), expected_s)
            ahead_s = self.expected_wait_s()
            if ahead_s > wait_s and len(self.queue) >= self.size:
                self.rejected += 1
                raise self._overloaded(ahead_s, wait_s, retry_after_s, f"the {self.name} lane's queue would keep "
                                       f"this request waiting {ahead_s * 1000:.0f} ms, more than")
            waiter = Waiter(expected_s)
            self.queue.append(waiter)
        waiter.ready.wait(wait_s)
        with self.lock:
            if waiter.given is None:
                self.queue.remove(waiter)
                self.rejected += 1
                raise self._overloaded(self.expected_wait_s(), wait_s, retry_after_s,
                                       f"the {self.name} lane had no solver for this request within")
            return waiter.given

    def give_back(self, solver: Solver) -> None:
        """Hand ``solver`` to the first request waiting, or keep it free."""
        with self.lock:
            del self.expected_back[id(solver)]
            if self.queue:
                waiter = self.queue.popleft()
                waiter.given = self._hand(solver, waiter.expected_s)
                waiter.ready.set()
            else:
                self.free.append(solver)

    def expected_wait_s(self) -> float:
        """How long a request asking now would wait for a solver: each solver in use comes back
        at its expected time and goes, in turn, to the request waiting first, which holds it
        for its own expected time (an upper bound: a budget is what its searches may take)."""
        now = time.monotonic()
        back = [now] * len(self.free) + [max(now, at) for at in self.expected_back.values()]
        heapq.heapify(back)
        for waiter in self.queue:
            heapq.heapreplace(back, back[0] + waiter.expected_s)
        return back[0] - now

    def stats(self) -> dict[str, int]:
        """``size``, ``busy``, ``waiting`` and ``rejected`` (503s) of the lane."""
        with self.lock:
            return {"size": self.size, "busy": self.size - len(self.free), "waiting": len(self.queue),
                    "rejected": self.rejected}

    def _hand(self, solver: Solver, expected_s: float) -> Solver:
        """``solver``, now in use until ``expected_s`` from now (the lock held)."""
        self.expected_back[id(solver)] = time.monotonic() + expected_s
        return solver

    @staticmethod
    def _overloaded(ahead_s: float, wait_s: float, retry_after_s: int, problem: str) -> Overloaded:
        """The 503 of a request the queue ahead (``ahead_s``) cannot serve within ``wait_s``: retry
        once the queue has shrunk by the difference, and not before ``retry_after_s``. ``problem``
        is followed by the setting's name and value."""
        retry_s = max(retry_after_s, math.ceil(ahead_s - wait_s))
        return Overloaded(retry_s, problem=f"{problem} {env_name('queue_wait_ms')} ({wait_s * 1000:.0f} ms)")


class Lanes:
    """The short lane and the long lane of a process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.short = Lane.of(SHORT, settings.short_searches, settings.tt_mb)
        self.long = Lane.of(LONG, settings.long_searches, settings.tt_mb)

    def for_budget(self, budget_ms: float) -> Lane:
        """The lane of a request whose searches may take ``budget_ms`` in all."""
        return self.short if budget_ms <= self.settings.short_request_ms else self.long

    @contextmanager
    def solver(self, budget_ms: float) -> Iterator[Solver]:
        """A solver, for the block, of the lane of a request whose searches may take ``budget_ms``
        in all, waited for in turn at most ``queue_wait_ms``; Overloaded when the lane's queue
        cannot give it one within that (or within what is left of the request's time, if less)."""
        lane = self.for_budget(budget_ms)
        wait_s = self.settings.queue_wait_ms / 1000
        left_s = request_left_s()
        solver = lane.take(budget_ms / 1000, wait_s if left_s is None else min(wait_s, left_s),
                           self.settings.retry_after_s)
        try:
            yield solver
        finally:
            lane.give_back(solver)

    def stats(self) -> dict[str, dict[str, int]]:
        """Each lane's counters."""
        return {lane.name: lane.stats() for lane in (self.short, self.long)}
