"""Running jobs: each in a thread of the process that holds its lease, its searches on the cluster.

The runner takes the job's lease, reads the job's request into its work again (as it was
checked when accepted), takes what earlier runs kept and what the cache has, and runs the rest as
pieces on the cluster, keeping each solution in the store as it comes. Every CHECK_S or
so it renews the lease and reads the job's state: a job cancelled (by any process), or lost
with Redis's state, stops at once, its queued pieces cancelled (a rollout's pieces under way
stop too). When the store fails mid-run, the job's pieces stop too, and the runner waits for
the store: once it answers, the job goes on from the pieces kept, here or in the process that
took it over meanwhile. With a store other processes share (Redis, or the data directory's
database), a keeper thread looks every half lease for jobs whose process died (lease run
out) and takes them over. An embedded cluster stops once idle (``eights.api.jobs.idle``).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from functools import partial

from eights.answers.errors import DeadlineExceeded, ProblemError, StoreUnavailable
from eights.answers.jobs.execution import JOB_LIMIT
from eights.api.jobs.idle import idle_stop
from eights.api.jobs.kinds import KINDS
from eights.api.jobs.model import DONE, FAILED, job_path
from eights.api.jobs.store import JobStore
from eights.answers.jobs.work import Found, JobWork, Piece
from eights.api.problems import error_body
from eights.answers.service import SolveService
from eights.cluster import Cluster
from eights.engine.errors import EightsError

log = logging.getLogger(__name__)
CHECK_S = 0.5  # how often a running job reads its state and renews its lease


class JobRunner:
    """Runs this process's jobs: those it accepts, and orphans it takes over."""

    def __init__(self, service: SolveService, store: JobStore, cluster: Cluster) -> None:
        self.service, self.store = service, store
        self.cluster = idle_stop(cluster, service.settings.dask_idle_s)
        self.process = f"{socket.gethostname()}/{os.getpid()}"

    def start(self, job_id: str) -> None:
        """Run the job in a thread of its own, if no other process runs it."""
        threading.Thread(target=self.run, args=(job_id,), name=f"job-{job_id}", daemon=True).start()

    def keep(self) -> None:
        """Start the thread that takes over orphaned jobs (with a store other processes share)."""
        threading.Thread(target=self._keep, name="job-keeper", daemon=True).start()

    def run(self, job_id: str) -> None:
        """Run the job to its end here, unless another process holds its lease. When the store
        fails, wait until it answers and go on (unless the job ended, was lost or taken over
        meanwhile); any other error fails the job."""
        lease = f"{self.process}/{uuid.uuid4().hex[:8]}"  # this run's: a later run here is another
        try:
            while not self._ran(job_id, lease):
                log.warning("job %s: the store failed; the job goes on once it answers", job_id)
                self._wait_for_store(job_id)
        finally:
            try:
                self.store.release(job_id, lease)
            except StoreUnavailable:
                pass

    def _ran(self, job_id: str, lease: str) -> bool:
        """Run the job while ``lease`` holds it: True once that is over (the job ended or
        failed, or another process runs it), False when the store failed first."""
        try:
            if self.store.take(job_id, lease, self.service.settings.job_lease_s):
                self._run(job_id, lease)
        except StoreUnavailable:
            return False
        except (EightsError, ProblemError) as error:
            self._fail(job_id, error)
        except Exception as error:  # a bug, or a piece the cluster gave up on: the job fails, logged
            log.exception("job %s failed", job_id)
            self._fail(job_id, error)
        return True

    def _wait_for_store(self, job_id: str) -> None:
        """Return once the store answers a read of the job."""
        while True:
            time.sleep(CHECK_S)
            try:
                self.store.get(job_id)
                return
            except StoreUnavailable:
                continue

    def _run(self, job_id: str, lease: str) -> None:
        job = self.store.get(job_id)
        if job is None or not job.active:
            return
        kind = KINDS[job.kind]
        work = kind.work(self.service, job.args)
        known = self.store.pieces(job_id)
        record = partial(self.store.record, job_id)
        work.from_cache(known, record)
        if not self.store.begin(job_id, work.total, len(known)):
            return
        out_of_time = self._on_cluster(job_id, lease, work, known, record)
        if out_of_time and not work.answers_when_out_of_time:
            raise DeadlineExceeded(setting=JOB_LIMIT)
        if len(known) == work.total or out_of_time:
            self.store.end(job_id, DONE, result=kind.response().dump(work.answer(known)))

    def _on_cluster(self, job_id: str, lease: str, work: JobWork, known: dict[int, Piece], record: Found) -> bool:
        """Run the pieces ``known`` lacks on the cluster, until done or told to stop; True when
        the work ran out of its time. No cluster is reached (or started) when none is lacking."""
        if len(known) == work.total:
            return False
        with self.cluster.use() as cluster:
            cluster.client()  # reached first (an embedded one starts at the first job): not the job's time
            watch = _Watch(self, job_id, lease, work.time_limit_ms)
            work.on_cluster(cluster, f"eights-job-{job_id}-{lease}", known, record, watch.should_stop)
        return watch.out_of_time

    def _fail(self, job_id: str, error: Exception) -> None:
        try:
            self.store.end(job_id, FAILED, error=error_body(error, job_path(job_id)))
        except StoreUnavailable:
            log.warning("job %s: could not record its failure; the store failed", job_id)

    def _keep(self) -> None:
        """Forever: every half lease, take over the jobs whose process is gone."""
        while True:
            time.sleep(self.service.settings.job_lease_s / 2)
            try:
                orphans = self.store.orphans()
            except StoreUnavailable:
                continue
            except Exception:  # a bug: logged, and the keeper goes on
                log.exception("the look for orphaned jobs failed")
                continue
            for job_id in orphans:
                log.info("job %s: taking it over from a process that is gone", job_id)
                self.start(job_id)


class _Watch:
    """When a running job must stop: cancelled, its lease lost, or out of its work's time."""

    def __init__(self, runner: JobRunner, job_id: str, lease: str, time_limit_ms: int | None) -> None:
        self.runner, self.job_id, self.lease = runner, job_id, lease
        self.deadline = None if time_limit_ms is None else time.monotonic() + time_limit_ms / 1000
        self.checked = time.monotonic()
        self.out_of_time = False

    def should_stop(self) -> bool:
        """True when the job is no longer active, another process has its lease, or it is out of time."""
        now = time.monotonic()
        if self.deadline is not None and now > self.deadline:
            self.out_of_time = True
            return True
        if now - self.checked < CHECK_S:
            return False
        self.checked = now
        store, settings = self.runner.store, self.runner.service.settings
        job = store.get(self.job_id)
        return job is None or not job.active or not store.renew(self.job_id, self.lease, settings.job_lease_s)
