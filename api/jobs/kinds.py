"""The kinds of job: each is a synchronous endpoint's request, read into its work (a plan of
searches, or a rollout's rounds of games), with the job limits in place of the request
limits, and answered in the endpoint's form.

A new kind is one more entry: its request schema, its work and its response schema.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema

from eights.answers.analyse.analysis import plan as analyse_plan
from eights.answers.analyse.schemas import AnalyseRequestSchema, AnalyseResponseSchema
from eights.answers.batch import plan as batch
from eights.answers.batch.schemas import BatchRequestSchema, BatchResponseSchema
from eights.answers.jobs.execution import PlanSearch
from eights.api.jobs.rollouts import RolloutWork
from eights.answers.jobs.work import JobWork
from eights.answers.plan import Plan
from eights.api.rollout.schemas import RolloutRequestSchema, RolloutResponseSchema
from eights.answers.service import SolveService


class BatchJobRequestSchema(BatchRequestSchema):
    """A batch request as a job: at most EIGHTS_MAX_JOB_BATCH positions (default 10000)."""

    LIMITS = {"positions": "max_job_batch"}


@dataclass(frozen=True)
class JobKind:
    """How a kind's request is checked (``request``), made into work and answered (``response``)."""

    request: type[Schema]
    work: Callable[[SolveService, dict[str, Any]], JobWork]
    response: type[Schema]


def searches(plan: Callable[[SolveService, dict[str, Any]], Plan]) -> Callable[[SolveService, dict[str, Any]], JobWork]:
    """The work of a kind whose request ``plan`` reads into searches."""
    return lambda service, args: PlanSearch(service, plan(service, args))


KINDS = {
    "batch": JobKind(BatchJobRequestSchema, searches(batch.plan), BatchResponseSchema),
    "analyse": JobKind(AnalyseRequestSchema, searches(analyse_plan), AnalyseResponseSchema),
    "rollout": JobKind(RolloutRequestSchema, RolloutWork, RolloutResponseSchema),
}
