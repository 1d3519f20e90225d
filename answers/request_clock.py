"""A request's one deadline: everything it does draws from it (#37).

The clock starts as the request reaches the app (``start_clock``, before any other hook)
and ends EIGHTS_MAX_REQUEST_MS later. A request with several searching parts (/v1/bot-move's
bot, hint and fair hint; /v1/apply's hint and fair hint) names them in order with what each
needs (``plan_parts``): a part asked by time needs its searches' cost, one asked by depth alone
as long as it may (None). As a part begins (``begin_part``) it gets its deadline: a part asked
by time its need, within what the later timed parts leave it; a part asked by depth an equal
share, with the later parts asked by depth, of what the later timed parts leave. A part that
finishes sooner leaves its time to the next, and a part the request does not need (a hint
when another side is to act) is skipped. Every budget of the part (``eights.answers.budget``)
ends by its deadline, so the parts together end by the request's. A request that names no
parts is one part, with the whole time. Outside a request (a job, the command line) there is
no clock and no deadline.

The door serving the request (``eights.api.app``) starts its clock and stops it as the request
ends; the clock keeps the request's WSGI environ, where its client's connection is
(``eights.answers.client``). Nothing here knows of Flask: the clock is a context variable.

The wait for a solver comes off the deadline too (``eights.answers.lanes`` waits at most what is
left): the limit is the request's, from its arrival to its answer.

>>> clock = RequestClock(deadline=time.monotonic() + 60)
>>> clock.plan({"bot": None, "hint": 150.0, "fair_hint": None})
>>> clock.begin("bot"); round(clock.part_left_s())   # half of what the hint's 150 ms leaves
30
>>> clock.begin("fair_hint"); round(clock.part_left_s())   # the hint was not needed: all that is left
60
"""

from __future__ import annotations

import time
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

BOT_PART = "bot"  # /v1/bot-move's bot's search, the part before its hints

Needs = dict[str, float | None]  # each part still to begin, in order: its need in ms, None as long as it may


@dataclass
class RequestClock:
    """The request's deadline (monotonic seconds), its parts still to begin, the deadline of
    the one under way (None: the request's) and the request's WSGI environ."""

    deadline: float
    parts: Needs = field(default_factory=dict)
    part_deadline: float | None = None
    environ: dict[str, Any] = field(default_factory=dict)

    def left_s(self) -> float:
        """The seconds left before the request's deadline; 0 once it has passed."""
        return max(0.0, self.deadline - time.monotonic())

    def part_left_s(self) -> float:
        """The seconds left to the part under way (to the request, when it names no parts)."""
        return max(0.0, self.budget_deadline() - time.monotonic())

    def budget_deadline(self) -> float:
        """The deadline a budget of the part under way ends by."""
        return self.deadline if self.part_deadline is None else self.part_deadline

    def plan(self, parts: Needs) -> None:
        """Name the request's searching parts, in order, and what each needs."""
        self.parts = dict(parts)

    def begin(self, name: str) -> None:
        """Begin part ``name`` (the parts named before it and not begun are skipped): its deadline."""
        names = list(self.parts)
        if name not in self.parts:
            return
        need = self.parts[name]
        for skipped in names[:names.index(name) + 1]:
            del self.parts[skipped]
        left_ms = self.left_s() * 1000
        room_ms = left_ms - sum(later for later in self.parts.values() if later is not None)
        if room_ms <= 0:  # the later timed parts do not fit: an equal share for each
            room_ms = left_ms / (1 + len(self.parts))
        sharing = 1 + sum(later is None for later in self.parts.values())
        part_ms = room_ms / sharing if need is None else min(need, room_ms)
        self.part_deadline = min(self.deadline, time.monotonic() + part_ms / 1000)


CLOCK: ContextVar[RequestClock | None] = ContextVar("eights_clock", default=None)


def start_clock(max_request_ms: int, environ: dict[str, Any]) -> None:
    """Before each request: its clock, ``max_request_ms`` (EIGHTS_MAX_REQUEST_MS) from now, with
    the request's WSGI ``environ``."""
    CLOCK.set(RequestClock(time.monotonic() + max_request_ms / 1000, environ=environ))


def stop_clock() -> None:
    """As each request ends: no clock, so that what runs next on the thread has no deadline."""
    CLOCK.set(None)


def current_clock() -> RequestClock | None:
    """The clock of the request being served; None outside one (a job, the command line)."""
    return CLOCK.get()


def request_environ() -> dict[str, Any]:
    """The WSGI environ of the request being served (its client: ``eights.answers.client``);
    empty outside one."""
    clock = current_clock()
    return {} if clock is None else clock.environ


def plan_parts(parts: Needs) -> None:
    """Name the request's searching parts in order, each with its need (see ``RequestClock.plan``)."""
    clock = current_clock()
    if clock is not None:
        clock.plan(parts)


def begin_part(name: str) -> None:
    """Begin the request's searching part ``name`` (see ``RequestClock.begin``)."""
    clock = current_clock()
    if clock is not None:
        clock.begin(name)


def request_left_s() -> float | None:
    """The seconds left to the request; None outside one."""
    clock = current_clock()
    return None if clock is None else clock.left_s()
