"""Where jobs live: the JobStore protocol, and how finished jobs are kept (Retention).

A store (Redis's, ``redis_store``; else SQLite's, ``sqlite_store``) keeps each job, the
results of its pieces (searches, rounds of games) as they finish, as JSON-ready data (so
that a job taken over by another process goes on from there), and the lease that says
which process runs it. A finished job keeps its outcome, not its request, for ``keep_s``
seconds at most: when more than ``jobs`` finished ones, or more than ``bytes`` of their
outcomes' JSON, are kept, the oldest finished go first, so that what finished jobs hold is
bounded whatever the rate of jobs. A store remembers why a job it held is gone (EXPIRED or
DROPPED) until the job's id is old enough to say so by itself (``Retention.lifetime_s``).
Every method may raise StoreUnavailable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from eights.answers.jobs.work import Piece
from eights.api.jobs.model import Job
from eights.answers.settings import Settings

MEGABYTE = 1 << 20
EXPIRED, DROPPED = "expired", "dropped"  # why a finished job is no longer kept


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

    def gone(self, job_id: str) -> str | None:
        """Why a job the store held is no longer kept (EXPIRED, DROPPED), or None when it knows
        of none: never made, or made before ``Retention.lifetime_s`` ago."""

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
