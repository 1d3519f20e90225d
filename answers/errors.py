"""The service's own errors (the engine and the solver have theirs): each knows its status and code.

They carry what a problem+json answer needs; ``eights.api.problems`` turns them into one.
"""

from __future__ import annotations

from eights.answers.settings import env_name


class ProblemError(Exception):
    """A request the service refuses: an HTTP ``status``, a stable ``code``, the ``field``
    at fault and the ``problem`` with it, and any ``headers`` the answer must carry."""

    status = 400
    code = "bad-request"

    def __init__(self, field: str, problem: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem
        self.headers = headers or {}


class BadContentType(ProblemError):
    """A request body that is not sent as JSON."""

    code = "bad-content-type"


class MalformedBody(ProblemError):
    """A request body that is not valid JSON, or is JSON but not an object."""

    code = "malformed-body"


class LimitExceeded(ProblemError):
    """A request over one of the configurable limits; names the limit's variable."""

    status = 422
    code = "limit-exceeded"

    def __init__(self, field: str, setting: str, maximum: int) -> None:
        super().__init__(field, f"at most {maximum} allowed (limit {env_name(setting)})")
        self.limit = env_name(setting)
        self.maximum = maximum


class DealOver(ProblemError):
    """A move asked of a finished deal (to list, play, hint or choose): nobody is to act.

    422, as the engine's refusals of a request's position or moves: the position is in the
    request, not a resource of the service whose state might change (409 would say that)."""

    status = 422
    code = "deal-over"


class Overloaded(ProblemError):
    """No place for another search (or job) in time; the client should retry after a while."""

    status = 503
    code = "overloaded"

    def __init__(self, retry_after_s: int, field: str = "solver", problem: str = "too many searches under way") -> None:
        super().__init__(field, f"{problem}, retry after {retry_after_s} s", {"Retry-After": str(retry_after_s)})


def jobs_full(max_jobs: int, retry_after_s: int) -> Overloaded:
    """The 503 of a job beyond the ``max_jobs`` queued or running at once, naming the setting."""
    return Overloaded(retry_after_s, "jobs", f"{max_jobs} jobs queued or running already, the most at once "
                                             f"(limit {env_name('max_jobs')})")


class TooCostly(LimitExceeded):
    """A request (or job) whose searches may take longer in all than its setting allows."""

    def __init__(self, field: str, searches: int, time_ms: int, needed_ms: float, maximum_ms: int,
                 setting: str = "max_request_ms", remedy: str = "ask for fewer positions or less time_ms") -> None:
        super().__init__(field, setting, maximum_ms)
        self.problem = (f"{searches} search(es) of up to {time_ms} ms may take {needed_ms:.0f} ms with "
                        f"their proofs, more than the {maximum_ms} ms a {_asker(setting)} may take "
                        f"(limit {self.limit}); {remedy}")
        self.args = (f"{field}: {self.problem}",)


class DeadlineExceeded(ProblemError):
    """A request whose work ran out of its time before it had anything to answer: searches
    asked by depth, or a rollout that did not finish one game of each move."""

    status = 503
    code = "deadline-exceeded"

    def __init__(self, field: str = "depth", problem: str | None = None, setting: str = "max_request_ms") -> None:
        super().__init__(field, problem or (f"the searches did not finish within the {_asker(setting)}'s time "
                                            f"(limit {env_name(setting)}); ask for fewer positions or less depth"))


def _asker(setting: str) -> str:
    """Who a time limit is for: ``max_job_ms`` limits a job, the others a request."""
    return "job" if setting == "max_job_ms" else "request"


class ClientGone(ProblemError):
    """The client closed its connection: the work stops, and nobody reads the answer."""

    status = 499
    code = "client-closed-request"


class StoreUnavailable(ProblemError):
    """The shared store is down or too slow: Redis (EIGHTS_REDIS_URL; the cache answers a miss),
    or the jobs' database (EIGHTS_DATA_DIR: its disk full, or locked too long). What needs it waits."""

    status = 503
    code = "store-unavailable"

    def __init__(self, retry_after_s: int, field: str = "redis") -> None:
        super().__init__(field, f"the shared store does not answer, retry after {retry_after_s} s",
                         {"Retry-After": str(retry_after_s)})


class JobNotFound(ProblemError):
    """No job of that id: the service never had one (a job it no longer keeps is JobExpired)."""

    status = 404
    code = "job-not-found"

    def __init__(self, job_id: str) -> None:
        super().__init__("id", f"no job {job_id!r}: the service never had a job of that id")


class JobExpired(ProblemError):
    """A job the service no longer keeps: finished longer ago than EIGHTS_JOB_KEEP_S (or made
    longer ago than any job is kept, as its id says), or ``dropped`` for newer finished jobs."""

    status = 410
    code = "job-expired"

    def __init__(self, job_id: str, dropped: bool = False) -> None:
        super().__init__("id", f"job {job_id!r} was dropped for newer finished jobs (at most "
                               f"{env_name('max_finished_jobs')} finished jobs, and "
                               f"{env_name('max_finished_jobs_mb')} of their results, are kept)" if dropped else
                               f"job {job_id!r} is no longer kept: a finished job is kept "
                               f"{env_name('job_keep_s')} seconds at most")
