"""The jobs of a service: accepting one (checked as its synchronous endpoint checks it),
reading and cancelling one, wherever it runs."""

from __future__ import annotations

import time
from typing import Any

from flask import current_app

from eights.answers.errors import JobExpired, JobNotFound, ProblemError
from eights.api.jobs.ids import is_job_id, made_at
from eights.api.jobs.kinds import KINDS
from eights.api.jobs.model import CANCELLED, Job
from eights.api.jobs.redis_store import RedisJobStore
from eights.api.jobs.runner import JobRunner
from eights.api.jobs.sqlite_store import IN_MEMORY, SqliteJobStore, database
from eights.api.jobs.store import DROPPED, JobStore, Retention
from eights.answers.service import SolveService
from eights.answers.settings import NONE
from eights.cluster import Cluster

EXTENSION = "eights-jobs"


class Jobs:
    """The store (Redis's when there is a link, else the SQLite database of EIGHTS_DATA_DIR),
    the cluster and the runner."""

    def __init__(self, service: SolveService) -> None:
        self.service = service
        settings = service.settings
        self.retention = Retention.of(settings)
        path = database(settings)
        self.store: JobStore = (SqliteJobStore(path, self.retention, settings.retry_after_s) if service.link is None
                                else RedisJobStore(service.link, self.retention))
        address = None if settings.dask_scheduler == NONE else settings.dask_scheduler
        self.runner = JobRunner(service, self.store, Cluster(address, settings.dask_workers))
        if service.link is not None or path != IN_MEMORY:  # other processes share the store, and may die
            self.runner.keep()

    def submit(self, kind: str, args: dict[str, Any]) -> Job:
        """Accept a job of ``kind`` with the validated request ``args`` and start it. Raises
        what the synchronous endpoint would (bad positions, moves, limits: 422), TooCostly
        over EIGHTS_MAX_JOB_MS, Overloaded beyond EIGHTS_MAX_JOBS, StoreUnavailable."""
        KINDS[kind].work(self.service, args).check()
        job = Job.new(kind, args)
        self.store.add(job, self.service.settings.max_jobs, self.service.settings.retry_after_s)
        self.runner.start(job.id)
        return job

    def get(self, job_id: str) -> Job:
        """The job; JobExpired when it is no longer kept, JobNotFound when there never was one
        (or ``job_id`` is not of the service's form: then the store is not asked)."""
        job = self.store.get(job_id) if is_job_id(job_id) else None
        if job is None:
            raise self._missing(job_id)
        return job

    def _missing(self, job_id: str) -> ProblemError:
        """Why there is no job ``job_id``: expired or dropped (as the store remembers, or as an
        id made longer ago than any job is kept says), else never made."""
        if not is_job_id(job_id):
            return JobNotFound(job_id)
        why = self.store.gone(job_id)
        if why is None and made_at(job_id) >= time.time() - self.retention.lifetime_s:
            return JobNotFound(job_id)
        return JobExpired(job_id, dropped=why == DROPPED)

    def cancel(self, job_id: str) -> Job:
        """Cancel a queued or running job (its searches not under way never start); a finished
        job stays as it is. The job as it now stands."""
        self.get(job_id)
        self.store.end(job_id, CANCELLED)
        return self.get(job_id)


def current_jobs() -> Jobs:
    """The Jobs of the app handling the request."""
    jobs: Jobs = current_app.extensions[EXTENSION]
    return jobs
