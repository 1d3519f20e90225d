"""The service's settings: every one has a default and can come from an ``EIGHTS_*`` variable.

The same names serve the environment, ``create_app(config)``, the gunicorn config and
the README's "Service settings" table (``python -m eights.answers.settings`` prints it), so that a
deployment, a test and the documentation say things the same way.

>>> Settings.load({"EIGHTS_MAX_BATCH": "8"}).max_batch
8
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from eights.cluster.connect import checked_address
from eights.solver import DEFAULT_TIME_MS, MAX_DEPTH
from eights.solver.api import MAX_TT_MB

PREFIX = "EIGHTS_"
NONE = "-"  # a text setting's "not set"
MAX_PORT = 65535
MAX_PROCESSES = 256
DAY_S = 86400
HOUR_MS = 3_600_000
DAY_MS = 86_400_000
GIGABYTE = 1 << 30
USER_DATA_DIR = "$XDG_DATA_HOME/eights"  # the per-user default of EIGHTS_DATA_DIR, resolved where it is used


def _setting(default: Any, doc: str, least: int = 0, most: int | None = None,
             check: Callable[[str], None] | None = None) -> Any:
    """A setting's field: its default, its line in the README, for a number its range and for
    a text ``check``, which raises ValueError (saying what was expected) on a value it refuses."""
    return field(default=default, metadata={"doc": doc, "range": (least, most), "check": check})


def _redis_url(text: str) -> None:
    """Refuse a URL redis-py cannot read, on which every worker would fail as it starts (no
    connection is made here)."""
    import redis  # only a service with Redis needs it

    try:
        redis.ConnectionPool.from_url(text)
    except ValueError as error:
        raise ValueError(f"expected a Redis URL, got {_shown(text)} ({error})") from None


@dataclass(frozen=True)
class Settings:
    """Server, limits, defaults and sizes; each field is set by ``EIGHTS_<FIELD IN CAPITALS>``."""

    host: str = _setting("127.0.0.1", "Address `eights serve` and the Procfile's gunicorn listen on.")
    port: int = _setting(8000, "Port they listen on.", 1, MAX_PORT)
    workers: int = _setting(2, "gunicorn worker processes (each has its own solvers, and its own cache unless "
                            "EIGHTS_REDIS_URL is set).", 1, MAX_PROCESSES)
    threads: int = _setting(32, "Threads per worker: more than the requests a worker runs and lets wait for a "
                            "solver (at the defaults about 14 hints and 2 longer requests), so that a request "
                            "beyond them is answered 503 at once instead of waiting for a thread.", 1, MAX_PROCESSES)
    tt_mb: int = _setting(64, "Transposition table of each solver, in MB (a process has one per search it may run at once).", 1, MAX_TT_MB)
    cache_size: int = _setting(4096, "Solved results kept in the cache: each process's, or the one shared in "
                               "Redis (the oldest go first); 0: no cache.", 0, 1_000_000)
    cache_ttl_s: int = _setting(3600, "Seconds a cached result is kept.", 1, DAY_S)
    redis_url: str = _setting(NONE, "Redis holding the shared result cache and the jobs (`redis://127.0.0.1:6379/0`); "
                              "`-` for none: each process has its own cache, and the jobs are in "
                              "EIGHTS_DATA_DIR.", check=_redis_url)
    redis_timeout_ms: int = _setting(250, "Socket timeout of a Redis call: a Redis down or slower than this is "
                                     "counted (`cache.errors` in /v1/stats) and left alone for a second; a "
                                     "request searches instead.", 1, 60_000)
    solve_time_ms: int = _setting(DEFAULT_TIME_MS, "Search time of /v1/solve, /v1/batch and analyse jobs when "
                                  "a request gives neither depth nor time_ms; /v1/analyse then shares "
                                  "EIGHTS_MAX_REQUEST_MS over its positions, up to this each.", 1, HOUR_MS)
    hint_time_ms: int = _setting(100, "Search time of /v1/hint when a request gives neither depth nor time_ms, counted from the request's arrival.", 1, HOUR_MS)
    max_depth: int = _setting(MAX_DEPTH, "Largest depth a request may ask for.", 1, MAX_DEPTH)
    max_time_ms: int = _setting(10000, "Largest time_ms a request may ask for; also caps a search asked "
                                "for by depth alone. Sizes the gunicorn timeout.", 1, HOUR_MS)
    max_batch: int = _setting(64, "Largest number of positions in one /v1/batch request.", 1, 100_000)
    max_analyse_moves: int = _setting(2000, "Largest number of moves in one /v1/analyse or /v1/apply request or "
                                      "analyse job (the longest deals of self-play run to about 650).", 1, 100_000)
    max_rollout_games: int = _setting(1000, "Largest number of games per move one /v1/rollout request may ask for.",
                                      1, 1_000_000)
    max_samples: int = _setting(256, "Largest number of deals one request may sample for a fair hint: /v1/fair-hint, "
                                "or a fair bot's move (its samples=).", 1, 100_000)
    max_body_bytes: int = _setting(262144, "Largest request body, in bytes (413 over it).", 1, GIGABYTE)
    read_timeout_s: int = _setting(10, "Seconds a client has to send a request whole, headers and body; a slower "
                                   "one gets 408 and is closed. Requests are read without a thread, so slow "
                                   "clients cannot hold the threads that serve others.", 1, 3600)
    max_request_ms: int = _setting(60000, "Largest search time one request may ask for in all (positions x "
                                   "time_ms x 1.5 for the exactness proof); more is refused with 422, and a "
                                   "request asked by depth stops at it.", 1, HOUR_MS)
    short_request_ms: int = _setting(500, "A request whose searches may take at most this long in all runs in the "
                                     "short lane (hints), apart from longer ones.", 1, HOUR_MS)
    short_searches: int = _setting(2, "Short-lane searches running at once in a process: two, so that a worker's "
                                   "hints share the cores when more come to it than to the others (whose solvers "
                                   "then idle) instead of queueing; under load a hint searches a little less deep "
                                   "but waits about half as long.", 1, MAX_PROCESSES)
    long_searches: int = _setting(1, "Long-lane requests running at once in a process.", 1, MAX_PROCESSES)
    queue_wait_ms: int = _setting(1000, "The most a request waits for a solver of its lane, first come first "
                                  "served: it waits when the requests ahead of it (their budgets) leave it a solver "
                                  "within this, or while fewer wait than the lane has solvers; otherwise it gets "
                                  "503 at once, with a Retry-After of when the queue should have room. Not taken "
                                  "from its searches' time: below capacity a request is answered within its budget "
                                  "plus this.", 0, HOUR_MS)
    cors_origins: str = _setting(NONE, "Origins a browser page may call the service from, comma-separated "
                                 "(`*` for any; a list is answered with `Vary: Origin`); `-` for none (CORS "
                                 "off). The page may read Location and Retry-After.")
    retry_after_s: int = _setting(1, "The Retry-After header of a 503, in seconds; a lane's 503 says longer when "
                                  "its queue should take longer to have room.", 0, DAY_S)
    max_jobs: int = _setting(16, "Jobs queued or running at once, in all the processes sharing the jobs' store; "
                             "one more gets 503.", 1, 100_000)
    max_job_batch: int = _setting(10_000, "Largest number of positions in one batch job.", 1, 1_000_000)
    max_job_ms: int = _setting(HOUR_MS, "Largest search time one job may ask for in all (distinct positions x "
                               "time_ms x 1.5), in place of EIGHTS_MAX_REQUEST_MS; more is refused with 422, "
                               "and a job asked by depth fails at it. Also the most a rollout job may take "
                               "(its time_ms).", 1, DAY_MS)
    max_job_games: int = _setting(100_000, "Largest number of games per move one rollout job may ask for.",
                                  1, 10_000_000)
    job_keep_s: int = _setting(3600, "Seconds a finished job (done, failed or cancelled) and its result are kept "
                               "at most (EIGHTS_MAX_FINISHED_JOBS and EIGHTS_MAX_FINISHED_JOBS_MB may drop it "
                               "sooner).", 1, 7 * DAY_S)
    max_finished_jobs: int = _setting(1000, "Finished jobs kept at most, in all the processes sharing the jobs' "
                                      "store; one more drops the oldest finished, whose URL then answers 410.",
                                      1, 1_000_000)
    max_finished_jobs_mb: int = _setting(64, "Megabytes of finished jobs' results (their JSON) kept at most, in all "
                                         "the processes sharing the jobs' store; beyond it the oldest finished are "
                                         "dropped, the newest being always kept.", 1, 65_536)
    job_lease_s: int = _setting(10, "A job whose process has not renewed its lease for this long (the process died "
                                "or restarted) is taken over by another process sharing the jobs' store.", 1, 3600)
    data_dir: str = _setting(USER_DATA_DIR, "Directory of `jobs.sqlite3`, the jobs' store shared by every worker "
                             "of the instance when EIGHTS_REDIS_URL is `-` (any worker answers any job); created "
                             "at start-up, which stops naming this variable if it cannot write there. "
                             "`$XDG_DATA_HOME/eights` is `~/.local/share/eights` when XDG_DATA_HOME is unset. `-` "
                             "for none: each worker keeps its jobs in its memory, seen by it alone and lost with it "
                             "(for tests, or one worker).")
    dask_scheduler: str = _setting(NONE, "The Dask scheduler jobs run their searches on (`tcp://127.0.0.1:8786`); "
                                   "`-` for an embedded LocalCluster of EIGHTS_DASK_WORKERS processes in each "
                                   "worker process, started at its first job and stopped after EIGHTS_DASK_IDLE_S "
                                   "without one.", check=checked_address)
    dask_workers: int = _setting(2, "Worker processes of the embedded LocalCluster, each with one warm solver "
                                 "of EIGHTS_TT_MB.", 1, MAX_PROCESSES)
    dask_idle_s: int = _setting(300, "Seconds an embedded LocalCluster is kept once no job runs on it; then it "
                                "stops, freeing its processes' memory, and the next job starts it again (a few "
                                "seconds).", 1, DAY_S)

    @classmethod
    def load(cls, values: Mapping[str, Any]) -> Settings:
        """The settings named in ``values`` (``EIGHTS_MAX_BATCH`` and so on), the rest default.

        Raises ValueError naming the variable of a value of the wrong kind.
        """
        chosen: dict[str, Any] = {}
        for setting in fields(cls):
            name = env_name(setting.name)
            if name in values:
                chosen[setting.name] = _converted(name, values[name], str(setting.type),
                                                  setting.metadata["range"], setting.metadata["check"])
        return cls(**chosen)


def env_name(field_name: str) -> str:
    """The variable that sets a field: ``max_batch`` -> ``EIGHTS_MAX_BATCH``."""
    return PREFIX + field_name.upper()


def _converted(name: str, value: Any, kind: str, bounds: tuple[int, int | None],
               check: Callable[[str], None] | None) -> Any:
    text = str(value).strip()
    if kind == "str":
        if not text:
            raise ValueError(f"{name}: must not be empty")
        if check is not None and text != NONE:
            try:
                check(text)
            except ValueError as error:
                raise ValueError(f"{name}: {error}") from None
        return text
    least, most = bounds
    if not (text.isascii() and text.isdigit()) or not least <= int(text) <= (most or int(text)):
        raise ValueError(f"{name}: expected a whole number from {least} to {most}, got {_shown(value)}")
    return int(text)


def _shown(value: Any) -> str:
    """A bad value as an error quotes it, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def markdown_table() -> str:
    """The README's table of settings: variable, default, meaning."""
    lines = ["| variable | default | range | meaning |", "|---|---|---|---|"]
    for setting in fields(Settings):
        least, most = setting.metadata["range"]
        shown = f"{least}–{most}" if setting.type != "str" else "text"
        lines.append(f"| `{env_name(setting.name)}` | `{setting.default}` | {shown} | {setting.metadata['doc']} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown_table())
