"""What a long piece carries to stop mid-way and give back what it finished: a ``Halt``.

A piece of a stoppable run (``eights.cluster.runs.run_stoppable``) plays for about ``budget_s``
seconds of wall time, then returns; and it stops sooner, between its steps, when the
run's Dask Event ``event`` is set, which its caller does when the run must stop (a job
cancelled or out of time). The Event lives in the scheduler, so this works alike on an
embedded LocalCluster and on a scheduler of many machines; a piece asks the scheduler at
most every CHECK_S.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

CHECK_S = 0.2  # how often a piece under way asks whether its run was stopped


@dataclass(frozen=True)
class Halt:
    """A run's stop signal, sent to its pieces: the name of its Dask Event, and how long
    each piece may go on."""

    event: str
    budget_s: float

    def started(self) -> Halting:
        """The signal as a piece that starts now reads it (in a worker process)."""
        return Halting(self)


@dataclass
class Halting:
    """A piece's view of its ``halt``: ``stopped()`` between steps, ``spent()`` between units of work."""

    halt: Halt
    started: float = field(default_factory=time.monotonic)
    checked: float = float("-inf")
    was_stopped: bool = False

    def stopped(self) -> bool:
        """True once the run's Event is set (asked of the scheduler at most every CHECK_S)."""
        now = time.monotonic()
        if not self.was_stopped and now - self.checked >= CHECK_S:
            from distributed import Event  # only ever called in a worker, where distributed is loaded

            self.checked = now
            self.was_stopped = bool(Event(self.halt.event).is_set())
        return self.was_stopped

    def spent(self) -> bool:
        """True once the piece has gone on for its budget: time to give back what it has."""
        return time.monotonic() - self.started >= self.halt.budget_s
