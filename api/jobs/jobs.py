"""The jobs of a service: accepting one (checked as its synchronous endpoint checks it),
reading and cancelling one, wherever it runs."""

from __future__ import annotations

from typing import Any

from flask import current_app

from eights.api.errors import JobNotFound
from eights.api.jobs.ids import is_job_id
from eights.api.jobs.kinds import KINDS
from eights.api.jobs.model import CANCELLED, Job
from eights.api.jobs.redis_store import RedisJobStore
from eights.api.jobs.runner import JobRunner
from eights.api.jobs.store import JobStore, ProcessJobStore, Retention
from eights.api.service import SolveService
from eights.api.settings import NONE
from eights.cluster import Cluster

EXTENSION = "eights-jobs"


class Jobs:
    """The store (Redis's when there is a link, else the process's), the cluster and the runner."""

    def __init__(self, service: SolveService) -> None:
        self.service = service
        settings = service.settings
        retention = Retention.of(settings)
        self.store: JobStore = (ProcessJobStore(retention) if service.link is None
                                else RedisJobStore(service.link, retention))
        address = None if settings.dask_scheduler == NONE else settings.dask_scheduler
        self.runner = JobRunner(service, self.store, Cluster(address, settings.dask_workers))
        if service.link is not None:
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
        """The job; JobNotFound when there is none, or when ``job_id`` is not of the service's
        form (then the store is not asked)."""
        job = self.store.get(job_id) if is_job_id(job_id) else None
        if job is None:
            raise JobNotFound(job_id)
        return job

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
