"""The kinds of job: each is a synchronous endpoint's request, read into the same plan, with
the job limits in place of the request limits, and answered in the endpoint's form.

A new kind (a rollout, say) is one more entry: its request schema, its plan and its
response schema.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema

from api.analyse import analysis
from api.analyse.schemas import AnalyseRequestSchema, AnalyseResponseSchema
from api.batch import plan as batch
from api.batch.schemas import BatchRequestSchema, BatchResponseSchema
from api.plan import Plan
from api.service import SolveService


class BatchJobRequestSchema(BatchRequestSchema):
    """A batch request as a job: at most EIGHTS_MAX_JOB_BATCH positions (default 10000)."""

    LIMITS = {"positions": "max_job_batch"}


@dataclass(frozen=True)
class JobKind:
    """How a kind's request is checked (``request``), planned and answered (``response``)."""

    request: type[Schema]
    plan: Callable[[SolveService, dict[str, Any]], Plan]
    response: type[Schema]


KINDS = {
    "batch": JobKind(BatchJobRequestSchema, batch.plan, BatchResponseSchema),
    "analyse": JobKind(AnalyseRequestSchema, analysis.plan, AnalyseResponseSchema),
}
