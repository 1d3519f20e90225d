"""A request's searches and how its answer is made of their results.

An endpoint that searches many positions (batch, analyse) reads its request into a
Plan; the synchronous endpoint runs it here (``run_here``: the process's lanes, within
the request budget), a job runs the same plan's searches on the cluster. Either way the
answer is the same ``answer(results)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from eights.api.errors import DeadlineExceeded
from eights.api.service import SearchOptions, SolveResult, SolveService

Answer = Callable[[Sequence[SolveResult]], Any]


@dataclass(frozen=True)
class Plan:
    """``searches`` in order (each a position of any game, as ``Game.read_position`` gave it, and
    its options); ``field``: the request field a cost over a limit names;
    ``answer``: the endpoint's answer from the results, in the order of the searches."""

    searches: list[tuple[Any, SearchOptions]]
    field: str
    answer: Answer

    def run_here(self, service: SolveService, partial: bool = False) -> Any:
        """The answer, searched in this process as a synchronous request is. ``partial``: at the
        deadline, the answer of the searches done, the first ones in order (the answer says which
        are not), DeadlineExceeded when not one was; else DeadlineExceeded at the deadline."""
        results = service.solve_each(self.searches, self.field, partial)
        if self.searches and not results:
            raise DeadlineExceeded(self.field)
        return self.answer(results)


def combined(plans: Sequence[Plan], field: str) -> Plan:
    """One plan of all of ``plans``' searches, whose answer is the list of theirs."""
    bounds = [0]
    for plan in plans:
        bounds.append(bounds[-1] + len(plan.searches))

    def answer(results: Sequence[SolveResult]) -> list[Any]:
        return [plan.answer(results[start:end]) for plan, start, end in zip(plans, bounds, bounds[1:])]
    return Plan([search for plan in plans for search in plan.searches], field, answer)
