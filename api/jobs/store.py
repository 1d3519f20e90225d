"""Where jobs live: the JobStore protocol, how finished jobs are kept (Retention), and the
process's own store (without Redis).

A store keeps each job, the results of its pieces (searches, rounds of games) as they
finish, as JSON-ready data (so that a job taken over by another process goes on from there), and the lease that says which
process runs it. A finished job keeps its outcome, not its request, for ``keep_s`` seconds
at most: when more than ``jobs`` finished ones, or more than ``bytes`` of their outcomes'
JSON, are kept, the oldest finished go first, so that what finished jobs hold is bounded
whatever the rate of jobs. Every method of the Redis store may raise StoreUnavailable; the
process store never does.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any, Protocol

from eights.api.errors import jobs_full
from eights.api.jobs.model import ACTIVE, RUNNING, Job
from eights.api.settings import Settings

Piece = dict[str, Any]  # a piece's result as JSON-ready data, as the job's work writes and reads it
MEGABYTE = 1 << 20


@dataclass(frozen=True)
class Retention:
    """How finished jobs are kept: each ``keep_s`` seconds at most, and no more than ``jobs``
    of them and ``bytes`` of their outcomes' JSON (result and error) in all, the oldest
    finished dropped first; the newest is kept whatever its size. ``lifetime_s``: the longest
    a job may be kept from when it is made (its longest run, then ``keep_s``)."""

    keep_s: int
    jobs: int
    bytes: int
    lifetime_s: float

    @classmethod
    def of(cls, settings: Settings) -> Retention:
        """The retention the settings say: EIGHTS_JOB_KEEP_S, EIGHTS_MAX_FINISHED_JOBS,
        EIGHTS_MAX_FINISHED_JOBS_MB, and EIGHTS_MAX_JOB_MS for the lifetime."""
        return cls(settings.job_keep_s, settings.max_finished_jobs, settings.max_finished_jobs_mb * MEGABYTE,
                   settings.max_job_ms / 1000 + settings.job_keep_s)

    def over(self, jobs: int, size: int) -> bool:
        """True when ``jobs`` finished jobs of ``size`` bytes in all are more than may be kept
        and the oldest must go (never the last one).

        >>> kept = Retention(keep_s=60, jobs=2, bytes=100, lifetime_s=120)
        >>> kept.over(3, 10), kept.over(2, 101), kept.over(1, 101), kept.over(2, 100)
        (True, True, False, False)
        """
        return jobs > 1 and (jobs > self.jobs or size > self.bytes)


class JobStore(Protocol):
    """What the job API and the runner need of a store."""

    def add(self, job: Job, max_jobs: int, retry_after_s: int) -> None:
        """Keep a new job; Overloaded when ``max_jobs`` are already queued or running."""

    def get(self, job_id: str) -> Job | None:
        """The job (``lost`` when Redis lost its state), or None (never made, or no longer kept)."""

    def begin(self, job_id: str, total: int, done: int) -> bool:
        """Mark an active job running with its progress; False if it is no longer active."""

    def record(self, job_id: str, index: int, piece: Piece) -> None:
        """Keep the result of piece ``index`` and count it done."""

    def pieces(self, job_id: str) -> dict[int, Piece]:
        """The results kept so far, by piece index."""

    def end(self, job_id: str, state: str, result: object = None, error: dict[str, object] | None = None) -> bool:
        """Finish an active job in ``state`` (kept as the store's Retention says); False if it was not active."""

    def take(self, job_id: str, owner: str, lease_s: int) -> bool:
        """Become the job's runner for ``lease_s`` seconds; False if another process runs it."""

    def renew(self, job_id: str, owner: str, lease_s: int) -> bool:
        """Extend ``owner``'s lease; False if it has lost it."""

    def release(self, job_id: str, owner: str) -> None:
        """Give up ``owner``'s lease."""

    def orphans(self) -> list[str]:
        """Active jobs nobody runs (their process died): for another to take over."""


class ProcessJobStore:
    """Jobs in this process's memory: seen only by this process, lost with it. A finished job
    is kept as its outcome's JSON text, so that what Retention counts is what it holds."""

    def __init__(self, retention: Retention) -> None:
        self.retention = retention
        self._jobs: dict[str, Job] = {}  # queued or running
        self._pieces: dict[str, dict[int, Piece]] = {}
        self._finished: OrderedDict[str, _Finished] = OrderedDict()  # the oldest finished first
        self._finished_bytes = 0
        self._owners: dict[str, str] = {}
        self._lock = threading.Lock()

    def add(self, job: Job, max_jobs: int, retry_after_s: int) -> None:
        """Keep a new job; Overloaded when ``max_jobs`` are already queued or running."""
        with self._lock:
            if len(self._jobs) >= max_jobs:
                raise jobs_full(max_jobs, retry_after_s)
            self._jobs[job.id] = replace(job)
            self._pieces[job.id] = {}

    def get(self, job_id: str) -> Job | None:
        """A copy of the job, or None."""
        with self._lock:
            self._forget_expired()
            job = self._jobs.get(job_id)
            if job is not None:
                return replace(job)
            finished = self._finished.get(job_id)
        return None if finished is None else finished.job()

    def begin(self, job_id: str, total: int, done: int) -> bool:
        """Mark an active job running with its progress; False if it is no longer active."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None:
                return False
            job.state, job.total, job.done = RUNNING, total, done
            return True

    def record(self, job_id: str, index: int, piece: Piece) -> None:
        """Keep the result of piece ``index`` and count it done."""
        with self._lock:
            pieces = self._pieces.get(job_id)
            if pieces is not None:
                pieces[index] = piece
                self._jobs[job_id].done = len(pieces)

    def pieces(self, job_id: str) -> dict[int, Piece]:
        """The results kept so far, by piece index."""
        with self._lock:
            return dict(self._pieces.get(job_id, {}))

    def end(self, job_id: str, state: str, result: object = None, error: dict[str, object] | None = None) -> bool:
        """Finish an active job in ``state``, dropping the oldest finished ones beyond the
        Retention; False if it was not active."""
        outcome = json.dumps(result), json.dumps(error)
        with self._lock:
            job = self._jobs.pop(job_id, None)
            if job is None:
                return False
            self._pieces.pop(job_id, None)
            now = time.time()
            job.state, job.finished, job.expires, job.args = state, now, now + self.retention.keep_s, {}
            finished = self._finished[job_id] = _Finished(job, *outcome)
            self._finished_bytes += finished.size
            self._forget_expired()
            while self.retention.over(len(self._finished), self._finished_bytes):
                self._forget_oldest()
            return True

    def take(self, job_id: str, owner: str, lease_s: int) -> bool:
        """Become (or stay) the job's runner (in this process, leases never run out)."""
        with self._lock:
            return self._owners.setdefault(job_id, owner) == owner

    def renew(self, job_id: str, owner: str, lease_s: int) -> bool:
        """True while ``owner`` runs the job."""
        with self._lock:
            return self._owners.get(job_id) == owner

    def release(self, job_id: str, owner: str) -> None:
        """Give up ``owner``'s lease."""
        with self._lock:
            if self._owners.get(job_id) == owner:
                del self._owners[job_id]

    def orphans(self) -> list[str]:
        """None: a job here dies with its process."""
        return []

    def _forget_expired(self) -> None:
        """Drop the finished jobs past their time (those finished first expire first)."""
        now = time.time()
        while self._finished and next(iter(self._finished.values())).expired(now):
            self._forget_oldest()

    def _forget_oldest(self) -> None:
        """Drop the job finished first."""
        _, finished = self._finished.popitem(last=False)
        self._finished_bytes -= finished.size


@dataclass(frozen=True)
class _Finished:
    """A finished job as the process keeps it: the job without its outcome, and the outcome's JSON."""

    without_outcome: Job
    result: str
    error: str

    @property
    def size(self) -> int:
        """The bytes the Retention counts: the outcome's JSON."""
        return len(self.result) + len(self.error)

    def expired(self, now: float) -> bool:
        """True when the job is past its time at ``now``."""
        expires = self.without_outcome.expires
        return expires is not None and expires < now

    def job(self) -> Job:
        """A copy of the job, its outcome read back."""
        return replace(self.without_outcome, result=json.loads(self.result), error=json.loads(self.error))
