"""Lanes: a process's solvers, split so that short searches (hints) never queue behind long ones.

Each lane is a pool of Solvers, one per search it may run at once, each with its own
table (one Solver runs one search at a time). A request takes a solver from its lane,
waiting at most ``queue_wait_ms``; a full lane answers 503 (Overloaded) rather than
letting requests pile up behind it.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from eights.api.errors import Overloaded
from eights.api.settings import Settings
from eights.solver import Solver

SHORT, LONG = "short", "long"


@dataclass
class Lane:
    """A pool of solvers and its counters."""

    name: str
    solvers: queue.Queue[Solver]
    size: int
    waiting: int = 0
    rejected: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def of(cls, name: str, size: int, tt_mb: int) -> Lane:
        """A lane of ``size`` solvers with ``tt_mb`` MB tables."""
        solvers: queue.Queue[Solver] = queue.Queue()
        for _ in range(size):
            solvers.put(Solver(tt_mb=tt_mb))
        return cls(name, solvers, size)

    def stats(self) -> dict[str, int]:
        """``size``, ``busy``, ``waiting`` and ``rejected`` (503s) of the lane."""
        with self.lock:
            return {"size": self.size, "busy": self.size - self.solvers.qsize(), "waiting": self.waiting,
                    "rejected": self.rejected}


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
    def solver(self, lane: Lane) -> Iterator[Solver]:
        """A solver of ``lane`` for the block, waited for ``queue_wait_ms``; else Overloaded.
        At most as many requests as the lane has solvers wait: one more is refused at once."""
        with lane.lock:
            if lane.waiting >= lane.size:
                lane.rejected += 1
                raise Overloaded(self.settings.retry_after_s)
            lane.waiting += 1
        try:
            solver = lane.solvers.get(timeout=self.settings.queue_wait_ms / 1000)
        except queue.Empty:
            with lane.lock:
                lane.rejected += 1
            raise Overloaded(self.settings.retry_after_s) from None
        finally:
            with lane.lock:
                lane.waiting -= 1
        try:
            yield solver
        finally:
            lane.solvers.put(solver)

    def stats(self) -> dict[str, dict[str, int]]:
        """Each lane's counters."""
        return {lane.name: lane.stats() for lane in (self.short, self.long)}
