"""A job as the store keeps it and the API shows it: its request, state, progress and outcome."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from eights.api.jobs.ids import new_id

QUEUED, RUNNING, DONE, FAILED, CANCELLED, LOST = "queued", "running", "done", "failed", "cancelled", "lost"
STATES = (QUEUED, RUNNING, DONE, FAILED, CANCELLED, LOST)
ACTIVE = (QUEUED, RUNNING)


@dataclass
class Job:
    """``kind`` and ``args`` (the validated request, dropped when the job ends) say what to do;
    ``done`` of ``total`` distinct searches are finished; a finished job has ``result`` (done)
    or ``error`` (failed or lost, a problem's JSON) and is kept until ``expires`` (seconds since
    the epoch) at most. A job lost with Redis's state is known by its id alone: no ``kind``."""

    id: str
    kind: str | None
    args: dict[str, Any]
    state: str = QUEUED
    done: int = 0
    total: int = 0
    created: float = field(default_factory=time.time)
    finished: float | None = None
    expires: float | None = None
    result: Any = None
    error: dict[str, Any] | None = None

    @classmethod
    def new(cls, kind: str, args: dict[str, Any]) -> Job:
        """A queued job with a new id."""
        created = time.time()
        return cls(new_id(created), kind, args, created=created)

    @property
    def active(self) -> bool:
        """True while queued or running."""
        return self.state in ACTIVE

    def to_json(self) -> dict[str, Any]:
        """The job as GET /v1/jobs/<id> answers it (times in ISO 8601, UTC)."""
        return {"id": self.id, "kind": self.kind, "state": self.state,
                "progress": {"done": self.done, "total": self.total},
                "created": _iso(self.created), "finished": _iso(self.finished), "expires": _iso(self.expires),
                "result": self.result, "error": self.error}


def job_path(job_id: str) -> str:
    """The job's URL path: the ``instance`` of the problem a job failed with."""
    return f"/v1/jobs/{job_id}"


def _iso(moment: float | None) -> str | None:
    """``1700000000.5`` as ``2023-11-14T22:13:20.500+00:00``."""
    return None if moment is None else datetime.fromtimestamp(moment, UTC).isoformat(timespec="milliseconds")
