"""A request's one deadline: everything it does draws from it (#37).

The clock starts as the request reaches the app (``start_clock``, before any other hook)
and ends EIGHTS_MAX_REQUEST_MS later. A request's searching parts (a bot's search, its hint,
its fair hint; an analysis's or a batch's searches, which are one part) each take, as they
start, at most an equal share of what is left for the parts still to come (``part_deadline``):
so a part asked by depth alone cannot leave the next ones nothing, a part that finishes early
leaves its time to the next, and the parts together end by the request's deadline. A route
with several parts says how many (``expect_parts``); one that does not has one. Outside a
request (a job, the command line) there is no clock and no deadline.

The wait for a solver comes off the deadline too (``eights.api.lanes`` waits at most what is
left): the limit is the request's, from its arrival to its answer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from flask import g, has_app_context

CLOCK = "eights_clock"


@dataclass
class RequestClock:
    """The request's deadline (monotonic seconds) and the searching parts still to start."""

    deadline: float
    parts: int = 1

    def left_s(self) -> float:
        """The seconds left before the deadline; 0 once it has passed."""
        return max(0.0, self.deadline - time.monotonic())

    def next_part(self) -> float:
        """The deadline of the part starting now: its share of what is left (all of it for the last)."""
        share = self.left_s() / max(1, self.parts)
        self.parts = max(1, self.parts - 1)
        return time.monotonic() + share


def start_clock(max_request_ms: int) -> None:
    """Before each request: its clock, ``max_request_ms`` (EIGHTS_MAX_REQUEST_MS) from now."""
    setattr(g, CLOCK, RequestClock(time.monotonic() + max_request_ms / 1000))


def current_clock() -> RequestClock | None:
    """The clock of the request being served; None outside one (a job, the command line)."""
    return getattr(g, CLOCK, None) if has_app_context() else None


def expect_parts(parts: int) -> None:
    """Say that the request has ``parts`` searching parts to share its time between (at least one)."""
    clock = current_clock()
    if clock is not None:
        clock.parts = max(1, parts)


def part_deadline() -> float | None:
    """The deadline of the searching part starting now (see ``RequestClock.next_part``); None outside a request."""
    clock = current_clock()
    return None if clock is None else clock.next_part()


def request_left_s() -> float | None:
    """The seconds left to the request; None outside one."""
    clock = current_clock()
    return None if clock is None else clock.left_s()
