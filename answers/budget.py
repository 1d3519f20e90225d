"""A request's budget: the most its searches may take in all, its deadline, and its client.

A request asks for searches of ``time_ms`` each (a search takes up to CALL_ALLOWANCE times
that, with its exactness proof). One that asks for more than ``max_request_ms`` in all is
refused up front (422); one asked by depth alone is not refused but stops at the deadline.
Work that stops by itself at its deadline (a rollout) asks for its time, within ``max_request_ms``.
Within a request, a budget's deadline is also at most its part's of the request's one deadline
(``eights.answers.request_clock``).
Between searches the budget checks that its client is still there (``eights.answers.client``), so that
the work of a client that went away stops after the search under way.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from eights.answers.client import Client
from eights.answers.errors import ClientGone, DeadlineExceeded, LimitExceeded, TooCostly
from eights.answers.request_clock import current_clock
from eights.solver.api import CALL_ALLOWANCE

SLACK_MS = 50  # what reading the cache and the clock may take before the searches
OVERRUN = 1.25  # the time a request's searches get, of what they asked (within the request limit): a busy machine's delays
SEARCH_SLACK_MS = 3  # what one search takes beyond its time: the wrapper's Python, the proofs' whole milliseconds
MIN_FROM_ARRIVAL_MS = 10  # the least a search timed from the request's arrival gets, however long it waited: depth 1 and usually 2
WAIT_TOLERANCE_MS = 5  # a wait for a solver shorter than this takes nothing of a hint's time (taking a lane's lock on a busy machine)


@dataclass
class Budget:
    """The time a request's searches may still take, until ``deadline`` (monotonic seconds)."""

    deadline: float
    client: Client | None = None

    @classmethod
    def for_searches(cls, searches: int, time_ms: int, by_depth: bool, maximum_ms: int, field: str,
                     environ: dict[str, Any]) -> Budget:
        """The budget of ``searches`` searches of ``time_ms``, from now: TooCostly over
        ``maximum_ms``, unless the request asked by depth (then its searches share ``maximum_ms``).
        Its deadline allows OVERRUN of their cost (within ``maximum_ms``), so that a search
        delayed on a busy machine leaves the next ones less time rather than failing the request."""
        needed = checked_cost_ms(searches, time_ms, by_depth, maximum_ms, field)
        slack = SLACK_MS + searches * SEARCH_SLACK_MS
        allowed = min(needed * OVERRUN, max(needed, maximum_ms))
        return cls.within_request(time.monotonic() + (min(allowed, maximum_ms) + slack) / 1000, environ)

    @classmethod
    def for_time(cls, time_ms: int, maximum_ms: int, field: str, environ: dict[str, Any]) -> Budget:
        """The budget of work that stops by itself at its deadline (a rollout), ``time_ms``
        from now: LimitExceeded naming ``field`` over ``maximum_ms``."""
        if time_ms > maximum_ms:
            raise LimitExceeded(field, "max_request_ms", maximum_ms)
        return cls.within_request(time.monotonic() + time_ms / 1000, environ)

    @classmethod
    def within_request(cls, deadline: float, environ: dict[str, Any]) -> Budget:
        """The budget until ``deadline``, or the deadline of its part of the request, if sooner."""
        clock = current_clock()
        return cls(deadline if clock is None else min(deadline, clock.budget_deadline()), Client.of(environ))

    def restarted(self, started: float) -> Budget:
        """The same budget counted from now instead of from ``started`` (the wait for a solver
        does not eat into the searches' time), but never past the request's deadline."""
        clock = current_clock()
        deadline = self.deadline + time.monotonic() - started
        return Budget(deadline if clock is None else min(deadline, clock.deadline), self.client)

    def time_for(self, time_ms: int) -> int:
        """The time_ms the next search may have: ``time_ms``, or what the deadline leaves of it.
        Raises ClientGone when the client has closed its connection, DeadlineExceeded when no
        time is left."""
        self.check_client()
        left_ms = (self.deadline - time.monotonic()) * 1000 / CALL_ALLOWANCE
        if left_ms < 1:
            raise DeadlineExceeded()
        return min(time_ms, math.floor(left_ms))

    def left_ms(self) -> float:
        """The milliseconds left before the deadline; 0 once it has passed."""
        return max(0.0, (self.deadline - time.monotonic()) * 1000)

    def exhausted(self) -> bool:
        """True once the deadline has passed; ClientGone when the client has closed its connection."""
        self.check_client()
        return time.monotonic() >= self.deadline

    def check_client(self) -> None:
        """Raise ClientGone when the client has closed its connection."""
        if self.client_gone():
            raise ClientGone("client", "closed the connection")

    def client_gone(self) -> bool:
        """True when the client has gone (a half-closed one has not: ``eights.answers.client``)."""
        return self.client is not None and self.client.gone()


def left_after_wait(time_ms: int, waited_ms: float) -> int:
    """The time_ms of a search whose time counts from the request's arrival (a hint at
    EIGHTS_HINT_TIME_MS) once it has waited ``waited_ms`` for a solver: what the wait left of
    ``time_ms`` in whole milliseconds, and at least MIN_FROM_ARRIVAL_MS (or ``time_ms``, if less)
    however long it waited. A wait under WAIT_TOLERANCE_MS takes nothing: taking a free lane's
    solver on a busy machine can take a few milliseconds, and a hint shortened by them would
    not be cached (a shortened hint is not).

    >>> left_after_wait(100, 0.4), left_after_wait(100, 2.0), left_after_wait(100, 60.2), left_after_wait(100, 250)
    (100, 100, 40, 10)
    >>> left_after_wait(5, 250)
    5
    """
    if waited_ms < WAIT_TOLERANCE_MS:
        return time_ms
    return max(min(time_ms, MIN_FROM_ARRIVAL_MS), math.ceil(time_ms - waited_ms))


def checked_cost_ms(searches: int, time_ms: int, by_depth: bool, maximum_ms: int, field: str,
                    setting: str = "max_request_ms") -> float:
    """What ``searches`` searches of ``time_ms`` may take; TooCostly (naming ``field`` and the
    setting) over ``maximum_ms``, unless they were asked by depth (they then stop at it)."""
    needed = cost_ms(searches, time_ms)
    if needed > maximum_ms and not by_depth:
        raise TooCostly(field, searches, time_ms, needed, maximum_ms, setting)
    return needed


def need_ms(time_ms: float | None, depth: int | None, default_ms: int) -> float | None:
    """What a searching part of a request asked ``time_ms`` or ``depth`` (neither: ``default_ms``)
    needs of the request's time (``eights.answers.request_clock``): its search's cost and the slack a
    budget allows it, None when asked by depth alone (as long as it may).

    >>> need_ms(None, 64, 100), need_ms(None, None, 100), need_ms(200, 64, 100)
    (None, 203.0, 353.0)
    """
    if time_ms is None and depth is not None:
        return None
    return cost_ms(1, math.ceil(time_ms if time_ms is not None else default_ms)) + SLACK_MS + SEARCH_SLACK_MS


def cost_ms(searches: int, time_ms: int) -> float:
    """The longest ``searches`` searches of ``time_ms`` may take, proofs included."""
    return searches * time_ms * CALL_ALLOWANCE
