"""Issue #26, through HTTP on a real gunicorn (and a real redis-server run as the scale-out
recipe of docs/scaling.md runs it): a job id that is not the service's own never reaches
Redis, and a Redis error that is not an outage leaves the link up; finished jobs are bounded
in count and in bytes, the oldest dropped first (410 saying so); a Redis restart loses no job,
and a job whose state Redis lost is reported ``lost``, never 404. Needs redis-server (README,
Set up).

One Dask worker, one Redis and two gunicorn instances (jobs in Redis, jobs in SQLite) serve
the whole module; the tests that restart Redis come last.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
import redis

from eights.api.jobs.redis_store import PREFIX
from eights.bench.load import free_port
from tests.api_examples import ENDGAME
from tests.processes import ROOT, DaskCluster, call, dask_cluster, gunicorn, redis_server, stop, wait_for
from tests.test_scale import positions, submit

LIMITS = {"max_finished_jobs": 2, "max_finished_jobs_mb": 1, "job_lease_s": 2}
SMALL = {"kind": "batch", "positions": [ENDGAME], "depth": 1}
BIG = {"kind": "batch", "positions": [ENDGAME] * 1000, "depth": 1}  # one search, a result of 0.55 MB
PLACES = ("--port", "--bind", "--dir")  # recipe options a test sets its own way
WAIT_S = 30  # the longest a job of these tests may take, or a lost one take to be reported


def recipe_arguments() -> list[str]:
    """The arguments of the scale-out recipe's redis-server line (docs/scaling.md), but for
    where it listens and keeps its files."""
    line = next(line for line in (ROOT / "docs" / "scaling.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("    redis-server "))  # a line of a code block
    words = shlex.split(line.strip().removesuffix("&"))[1:]
    placed = {index + 1 for index, word in enumerate(words) if word in PLACES}
    return [word for index, word in enumerate(words) if word not in PLACES and index not in placed]


class RecipeRedis:
    """A redis-server run as the recipe runs it, its files in ``directory``, on one port
    whatever its restarts."""

    def __init__(self, directory: Path) -> None:
        self.directory, self.port = directory, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._running = ExitStack()
        self.process = self._start()

    def _start(self) -> subprocess.Popen[bytes]:
        _, process = self._running.enter_context(redis_server(self.port, [*recipe_arguments(),
                                                                         "--dir", str(self.directory)]))
        return process

    def restart(self, emptied: bool) -> None:
        """Stop it (as a service manager does: SIGTERM) and start it again, with its files
        or, ``emptied``, without (as a Redis that keeps nothing on disk restarts)."""
        stop(self.process)
        if emptied:
            shutil.rmtree(self.directory)
            self.directory.mkdir()
        self.process = self._start()

    def client(self) -> redis.Redis:
        """A client of it."""
        return redis.Redis.from_url(self.url, decode_responses=True)

    def close(self) -> None:
        """Stop it."""
        self._running.close()


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RecipeRedis]:
    running = RecipeRedis(tmp_path_factory.mktemp("redis"))
    try:
        yield running
    finally:
        running.close()


@pytest.fixture(scope="module")
def cluster() -> Iterator[DaskCluster]:
    with dask_cluster(workers=1) as running:
        yield running


@pytest.fixture(scope="module")
def in_redis(store: RecipeRedis, cluster: DaskCluster) -> Iterator[str]:
    """The service with its jobs in Redis: its URL."""
    with gunicorn(workers=1, redis_url=store.url, dask_scheduler=cluster.address, **LIMITS) as url:
        yield url


@pytest.fixture(scope="module")
def in_sqlite(cluster: DaskCluster) -> Iterator[str]:
    """The service with its jobs in its data directory's database: its URL."""
    with gunicorn(workers=1, dask_scheduler=cluster.address, **LIMITS) as url:
        yield url


def job_at(url: str, done: int = 0) -> dict[str, Any]:
    """The job at ``url`` once it has ended or has ``done`` pieces done; a 503 (Redis
    restarting) is asked again."""
    found: dict[str, Any] = {}

    def reached() -> bool:
        nonlocal found
        status, found, _ = call("GET", url)
        if status == 503:
            return False
        assert status == 200, found
        return found["state"] not in ("queued", "running") or bool(done and found["progress"]["done"] >= done)
    wait_for(reached, f"the job did not end or reach {done} done", WAIT_S)
    return found


def finished(service: str, body: dict[str, Any]) -> str:
    """The URL of a job of ``body`` posted to ``service`` and run to done."""
    url = service + submit(service, body)
    assert job_at(url)["state"] == "done"
    return url


def solved_from_cache(service: str) -> bool:
    """True when the service answers a solve from its cache (the position solved once before)."""
    request = {"position": ENDGAME, "depth": 2}
    call("POST", f"{service}/v1/solve", request)
    status, answer, _ = call("POST", f"{service}/v1/solve", request)
    assert status == 200, answer
    return bool(answer["cached"])


def redis_errors(service: str) -> int:
    """The service's count of Redis calls that failed or were skipped."""
    status, stats, _ = call("GET", f"{service}/v1/stats")
    assert status == 200, stats
    return int(stats["cache"]["errors"])


def job_reads(store: RecipeRedis) -> int:
    """HGETALLs Redis has run (or refused): each read of a job is one."""
    with store.client() as client:
        counts = client.info("commandstats").get("cmdstat_hgetall", {})
    return sum(int(counts.get(name, 0)) for name in ("calls", "failed_calls", "rejected_calls"))


ODD_IDS = {"its lease's key": lambda real: real + ":lease", "its pieces' key": lambda real: real + ":pieces",
           "one digit more": lambda real: real + "0", "in capitals": str.upper, "a word": lambda real: "nope"}


@pytest.mark.parametrize("method", ["GET", "DELETE"])
@pytest.mark.parametrize("odd", ODD_IDS)
def test_a_job_id_not_of_the_services_own_form_is_404_without_reading_redis(
        in_redis: str, store: RecipeRedis, method: str, odd: str) -> None:
    real = finished(in_redis, SMALL).rsplit("/", 1)[1]
    before = job_reads(store)
    status, problem, _ = call(method, f"{in_redis}/v1/jobs/{ODD_IDS[odd](real)}")
    assert (status, problem["code"], problem["field"]) == (404, "job-not-found", "id"), problem
    assert job_reads(store) == before


def test_odd_job_ids_leave_redis_to_the_cache_and_to_a_running_job(in_redis: str) -> None:
    url = in_redis + submit(in_redis, {"kind": "batch", "positions": positions(30, 2600), "time_ms": 100})
    try:
        job_at(url, done=1)
        assert solved_from_cache(in_redis)
        errors = redis_errors(in_redis)
        for tail in (":lease", ":pieces"):
            for method in ("GET", "DELETE"):
                assert call(method, url + tail)[0] == 404
        done = call("GET", url)[1]["progress"]["done"]
        assert solved_from_cache(in_redis) and redis_errors(in_redis) == errors
        job_at(url, done=done + 2)  # it goes on at its pace: 2 searches of 100 ms, and their proofs
    finally:
        call("DELETE", url)


def test_a_redis_error_that_is_not_an_outage_leaves_the_link_up(in_redis: str, store: RecipeRedis) -> None:
    planted = f"{int(time.time() * 1000):012x}{'0' * 20}"  # an id of the service's form
    with store.client() as client:
        client.set(PREFIX + planted, "a string where a job's hash should be")
    errors = redis_errors(in_redis)
    status, problem, _ = call("GET", f"{in_redis}/v1/jobs/{planted}")
    assert (status, problem["code"]) == (500, "internal-error"), problem
    assert solved_from_cache(in_redis) and redis_errors(in_redis) == errors


@pytest.fixture(params=["in_redis", "in_sqlite"])
def service(request: pytest.FixtureRequest) -> str:
    """Each of the two services: its URL."""
    url: str = request.getfixturevalue(request.param)
    return url


def test_finished_jobs_beyond_their_count_are_dropped_oldest_first(service: str) -> None:
    urls = [finished(service, SMALL) for _ in range(3)]
    status, problem, _ = call("GET", urls[0])
    assert (status, problem["code"]) == (410, "job-expired") and "dropped" in problem["detail"]
    assert "EIGHTS_MAX_FINISHED_JOBS" in problem["detail"]
    assert [call("GET", url)[1]["state"] for url in urls[1:]] == ["done", "done"]


def test_finished_jobs_beyond_their_megabytes_are_dropped_oldest_first(service: str) -> None:
    first, second = finished(service, BIG), finished(service, BIG)  # two are allowed, but not 1.1 MB
    status, problem, _ = call("GET", first)
    assert (status, problem["code"]) == (410, "job-expired") and "EIGHTS_MAX_FINISHED_JOBS_MB" in problem["detail"]
    status, kept, _ = call("GET", second)
    assert status == 200 and len(kept["result"]["results"]) == 1000


def test_a_job_survives_a_restart_of_redis_run_as_the_recipe_runs_it(in_redis: str, store: RecipeRedis) -> None:
    asked = positions(12, 2700)
    url = in_redis + submit(in_redis, {"kind": "batch", "positions": asked, "time_ms": 100})
    job_at(url, done=1)
    store.restart(emptied=False)
    ended = job_at(url)
    assert ended["state"] == "done" and [result["position"] for result in ended["result"]["results"]] == asked


def test_a_job_whose_state_redis_lost_is_reported_lost_not_404(in_redis: str, store: RecipeRedis,
                                                                cluster: DaskCluster) -> None:
    url = in_redis + submit(in_redis, {"kind": "batch", "positions": positions(30, 2800), "time_ms": 100})
    job_at(url, done=1)
    store.restart(emptied=True)  # as a Redis that keeps nothing on disk restarts
    answers: list[tuple[int | None, Any]] = []

    def reported() -> bool:
        status, answer, _ = call("GET", url)
        answers.append((status, answer))
        return status == 200 and answer["state"] == "lost"
    wait_for(reported, "the job was not reported lost", WAIT_S)
    assert all(status in (200, 503) for status, _ in answers), answers
    error = answers[-1][1]["error"]
    assert error["code"] == "job-lost" and "Redis" in error["detail"]
    wait_for(lambda: cluster.task_count() == 0, "the lost job's searches went on", 10)
    assert call("GET", url)[1]["state"] == "lost"
