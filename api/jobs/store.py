"""Where jobs live: the JobStore protocol, and the process's own store (without Redis).

A store keeps each job, the results of its pieces (searches, rounds of games) as they
finish, as JSON-ready data (so that a job taken over by another process goes on from there), and the lease that says which
process runs it. A finished job is kept for ``keep_s`` seconds. Every method of the
Redis store may raise StoreUnavailable; the process store never does.
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from typing import Any, Protocol

from api.errors import jobs_full
from api.jobs.model import ACTIVE, RUNNING, Job

Piece = dict[str, Any]  # a piece's result as JSON-ready data, as the job's work writes and reads it


class JobStore(Protocol):
    """What the job API and the runner need of a store."""

    def add(self, job: Job, max_jobs: int, retry_after_s: int) -> None:
        """Keep a new job; Overloaded when ``max_jobs`` are already queued or running."""

    def get(self, job_id: str) -> Job | None:
        """The job, or None (never made, or no longer kept)."""

    def begin(self, job_id: str, total: int, done: int) -> bool:
        """Mark an active job running with its progress; False if it is no longer active."""

    def record(self, job_id: str, index: int, piece: Piece) -> None:
        """Keep the result of piece ``index`` and count it done."""

    def pieces(self, job_id: str) -> dict[int, Piece]:
        """The results kept so far, by piece index."""

    def end(self, job_id: str, state: str, keep_s: int, result: object = None,
            error: dict[str, object] | None = None) -> bool:
        """Finish an active job in ``state`` (kept ``keep_s`` more seconds); False if it was not active."""

    def take(self, job_id: str, owner: str, lease_s: int) -> bool:
        """Become the job's runner for ``lease_s`` seconds; False if another process runs it."""

    def renew(self, job_id: str, owner: str, lease_s: int) -> bool:
        """Extend ``owner``'s lease; False if it has lost it."""

    def release(self, job_id: str, owner: str) -> None:
        """Give up ``owner``'s lease."""

    def orphans(self) -> list[str]:
        """Active jobs nobody runs (their process died): for another to take over."""


class ProcessJobStore:
    """Jobs in this process's memory: seen only by this process, lost with it."""

    def __init__(self) -> None:
        self._jobs: dict[str, Job] = {}
        self._pieces: dict[str, dict[int, Piece]] = {}
        self._owners: dict[str, str] = {}
        self._lock = threading.Lock()

    def add(self, job: Job, max_jobs: int, retry_after_s: int) -> None:
        """Keep a new job; Overloaded when ``max_jobs`` are already queued or running."""
        with self._lock:
            self._forget_expired()
            if sum(kept.active for kept in self._jobs.values()) >= max_jobs:
                raise jobs_full(max_jobs, retry_after_s)
            self._jobs[job.id] = replace(job)
            self._pieces[job.id] = {}

    def get(self, job_id: str) -> Job | None:
        """A copy of the job, or None."""
        with self._lock:
            self._forget_expired()
            job = self._jobs.get(job_id)
            return None if job is None else replace(job)

    def begin(self, job_id: str, total: int, done: int) -> bool:
        """Mark an active job running with its progress; False if it is no longer active."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None or job.state not in ACTIVE:
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

    def end(self, job_id: str, state: str, keep_s: int, result: object = None,
            error: dict[str, object] | None = None) -> bool:
        """Finish an active job in ``state``; False if it was not active."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None or job.state not in ACTIVE:
                return False
            now = time.time()
            job.state, job.finished, job.expires, job.result, job.error = state, now, now + keep_s, result, error
            self._pieces.pop(job_id, None)
            return True

    def take(self, job_id: str, owner: str, lease_s: int) -> bool:
        """Become the job's runner (in this process, leases never run out)."""
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
        now = time.time()
        for job_id in [job_id for job_id, job in self._jobs.items() if job.expires is not None and job.expires < now]:
            del self._jobs[job_id]
