"""Issue #28, item 1, through HTTP on a real gunicorn at its default two workers, without Redis:
the jobs are in the SQLite database of EIGHTS_DATA_DIR, which every worker shares. Any worker
answers any job; a job survives the death of the worker running it; an id never made is 404
and one no longer kept 410; an embedded Dask cluster left idle stops, and a job with nothing
to search starts none; a data directory the service cannot write to stops its start, naming
the variable. Then the store itself, shared by two connections as by two workers.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from eights.answers.errors import Overloaded
from eights.api.jobs.ids import new_id
from eights.api.jobs.model import CANCELLED, DONE, Job
from eights.api.jobs.sqlite_store import FILE_NAME, SqliteJobStore
from eights.api.jobs.store import DROPPED, Retention
from eights.api.server import gunicorn_command
from eights.answers.settings import USER_DATA_DIR, Settings
from tests.api_examples import ENDGAME
from tests.processes import ROOT, STOP_S, call, gunicorn, wait_for
from tests.test_scale import positions, submit

SMALL = {"kind": "batch", "positions": [ENDGAME], "depth": 1}
POLLS = 40
JOB_S = 60  # the longest a job of these tests may take
SHARED = {"dask_workers": 1, "job_lease_s": 2}  # two gunicorn workers (the default), each cluster of one


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("data")


@pytest.fixture(scope="module")
def service(data_dir: Path) -> Iterator[str]:
    """The service at its default two workers, its jobs in ``data_dir``: its URL."""
    with gunicorn(data_dir=str(data_dir), **SHARED) as url:
        yield url


def job_at(url: str, answered: list[int | None] | None = None) -> dict[str, Any]:
    """The job at ``url`` once it has ended, each poll's status added to ``answered``."""
    found: dict[str, Any] = {}

    def ended() -> bool:
        nonlocal found
        status, found, _ = call("GET", url)
        if answered is not None:
            answered.append(status)
        return status == 200 and found["state"] not in ("queued", "running")
    wait_for(ended, "the job did not end", JOB_S)
    return found


def workers(service: str, count: int = 2) -> set[int]:
    """The pids of the ``count`` gunicorn workers, as /v1/stats gives them (asked until each answered)."""
    seen: set[int] = set()

    def each() -> bool:
        status, stats, _ = call("GET", f"{service}/v1/stats")
        if status == 200:
            seen.add(stats["worker"])
        return len(seen) == count
    wait_for(each, "a worker never answered", 30)
    return seen


def polled(service: str, method: str, url: str) -> list[tuple[int | None, Any]]:
    """At least POLLS answers of ``method`` ``url``, each followed by a GET /v1/stats, asked until
    both workers answered some of those stats (else a test would prove nothing): which worker
    accepts a connection is the kernel's choice, and under load one may take many in a row."""
    answers: list[tuple[int | None, Any]] = []
    seen: set[int] = set()

    def both_seen() -> bool:
        answers.append(call(method, url)[:2])
        seen.add(call("GET", f"{service}/v1/stats")[1]["worker"])
        return len(answers) >= POLLS and len(seen) == 2
    wait_for(both_seen, "one worker answered every request", JOB_S)
    return answers


def test_every_poll_of_a_job_is_answered_whichever_worker_answers(service: str) -> None:
    url = service + submit(service, {"kind": "analyse", "position": ENDGAME, "moves": ["play 5S"], "depth": 2})
    answers = polled(service, "GET", url)
    assert [status for status, _ in answers] == [200] * len(answers), [answer for answer in answers if answer[0] != 200]
    assert job_at(url)["state"] == "done"


def test_a_job_is_cancelled_through_any_worker(service: str) -> None:
    url = service + submit(service, {"kind": "batch", "positions": positions(40, 3000), "time_ms": 200})
    answers = polled(service, "DELETE", url)
    assert [(status, answer["state"]) for status, answer in answers] == [(200, "cancelled")] * len(answers)

def runner_pid(data_dir: Path, job_id: str) -> int | None:
    """The pid of the worker holding the job's lease (``host/pid/run``), read from its database;
    None while nobody holds it (not yet taken, or already ended)."""
    with sqlite3.connect(data_dir / FILE_NAME) as database:
        (owner, finished) = database.execute("SELECT owner, finished FROM jobs WHERE id = ?", (job_id,)).fetchone()
    assert finished is None, "the job ended before its worker could be killed: make it longer"
    return None if owner is None else int(owner.split("/")[1])


def test_a_job_survives_the_death_of_the_worker_running_it(service: str, data_dir: Path) -> None:
    asked = positions(30, 3100)  # 6 s of searches at least: it cannot end before its runner is killed
    url = service + submit(service, {"kind": "batch", "positions": asked, "time_ms": 200})
    job_id = url.rsplit("/", 1)[1]
    wait_for(lambda: call("GET", url)[1]["progress"]["done"] >= 1 and runner_pid(data_dir, job_id) is not None,
             "the job did not start", JOB_S)
    victim = runner_pid(data_dir, job_id)
    assert victim is not None
    os.kill(victim, signal.SIGKILL)  # gunicorn starts another worker; the other takes the job over
    answered: list[int | None] = []
    finished = job_at(url, answered)
    assert finished["state"] == "done" and [result["position"] for result in finished["result"]["results"]] == asked
    assert set(answered) <= {200, None}, answered  # None: a request the dying worker had accepted
    assert victim not in workers(service)


def test_an_id_never_made_is_404(service: str) -> None:
    for method in ("GET", "DELETE"):
        status, problem, _ = call(method, f"{service}/v1/jobs/{new_id(time.time())}")
        assert (status, problem["code"], problem["field"]) == (404, "job-not-found", "id"), problem


def test_an_id_made_longer_ago_than_any_job_is_kept_is_410(service: str) -> None:
    settings = Settings()
    lifetime_s = settings.max_job_ms / 1000 + settings.job_keep_s
    for method in ("GET", "DELETE"):
        status, problem, _ = call(method, f"{service}/v1/jobs/{new_id(time.time() - lifetime_s - 60)}")
        assert (status, problem["code"], problem["field"]) == (410, "job-expired", "id"), problem
        assert "EIGHTS_JOB_KEEP_S" in problem["detail"]


def test_a_finished_job_past_its_keep_time_is_410(data_dir: Path) -> None:
    with gunicorn(job_keep_s=1, **SHARED) as short:
        url = short + submit(short, SMALL)
        assert job_at(url)["state"] == "done"
        time.sleep(1.5)
        for method in ("GET", "DELETE", "GET"):
            status, problem, _ = call(method, url)
            assert (status, problem["code"]) == (410, "job-expired"), problem
            assert "no longer kept" in problem["detail"] and "EIGHTS_JOB_KEEP_S" in problem["detail"]


def dask_processes(worker_pids: set[int]) -> list[psutil.Process]:
    """The Dask worker processes the gunicorn workers started (their clusters')."""
    found = []
    for pid in worker_pids:
        try:
            found += [child for child in psutil.Process(pid).children(recursive=True)
                      if "multiprocessing.spawn" in " ".join(child.cmdline())]
        except psutil.NoSuchProcess:
            continue
    return found


def test_an_idle_embedded_cluster_stops_and_the_next_job_starts_it_again() -> None:
    with gunicorn(dask_idle_s=2, **SHARED) as url:
        pids = workers(url)
        assert job_at(url + submit(url, SMALL))["state"] == "done"
        assert dask_processes(pids), "the job ran on no embedded cluster"
        wait_for(lambda: not dask_processes(pids), "the idle cluster did not stop", 30)
        assert job_at(url + submit(url, {**SMALL, "depth": 2}))["state"] == "done"


def test_a_job_whose_searches_are_all_cached_starts_no_cluster() -> None:
    with gunicorn(workers=1, **SHARED) as url:  # one worker: one cache
        assert call("POST", f"{url}/v1/batch", {"positions": SMALL["positions"], "depth": 1})[0] == 200
        assert job_at(url + submit(url, SMALL))["result"]["results"][0]["cached"]
        assert not dask_processes(workers(url, 1))


def test_the_default_data_directory_is_under_xdg_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # the gunicorn started inherits it
    with gunicorn(data_dir=USER_DATA_DIR, **SHARED) as url:  # the default, which the tests' environment overrides
        assert job_at(url + submit(url, SMALL))["state"] == "done"
    assert (tmp_path / "eights" / FILE_NAME).is_file()


def test_a_data_directory_the_service_cannot_write_to_stops_it_naming_the_variable(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a directory", encoding="utf-8")
    started = subprocess.run(gunicorn_command(), cwd=ROOT, capture_output=True, text=True, timeout=STOP_S,
                             env={**os.environ, "EIGHTS_DATA_DIR": str(tmp_path / "a-file" / "eights")})
    assert started.returncode == 2 and started.stderr.startswith("eights: EIGHTS_DATA_DIR: ")
    assert len(started.stderr.splitlines()) == 1, started.stderr


# The store itself: two stores on one file, as two workers have


KEPT = Retention(keep_s=3600, jobs=1, bytes=1 << 20, lifetime_s=7200)


@pytest.fixture
def two_workers(tmp_path: Path) -> tuple[SqliteJobStore, SqliteJobStore]:
    """Two stores of one database file, each with its own connection."""
    path = str(tmp_path / FILE_NAME)
    return SqliteJobStore(path, KEPT, retry_after_s=1), SqliteJobStore(path, KEPT, retry_after_s=1)


def test_a_lease_its_holder_stops_renewing_is_taken_over(two_workers: tuple[SqliteJobStore, SqliteJobStore]) -> None:
    first, second = two_workers
    job = Job.new("batch", {})
    first.add(job, max_jobs=2, retry_after_s=1)
    assert first.take(job.id, "first", lease_s=1) and not second.take(job.id, "second", lease_s=1)
    assert second.orphans() == []
    time.sleep(1.1)
    assert second.orphans() == [job.id] and second.take(job.id, "second", lease_s=10)
    assert not first.renew(job.id, "first", lease_s=1) and second.renew(job.id, "second", lease_s=10)


def test_max_jobs_counts_the_jobs_of_every_worker(two_workers: tuple[SqliteJobStore, SqliteJobStore]) -> None:
    first, second = two_workers
    first.add(Job.new("batch", {}), max_jobs=1, retry_after_s=1)
    with pytest.raises(Overloaded):
        second.add(Job.new("batch", {}), max_jobs=1, retry_after_s=1)


def test_a_job_ends_one_way_whichever_worker_ends_it(two_workers: tuple[SqliteJobStore, SqliteJobStore]) -> None:
    first, second = two_workers
    job = Job.new("batch", {})
    first.add(job, max_jobs=1, retry_after_s=1)
    second.record(job.id, 0, {"payoffs": [1]})
    assert first.end(job.id, CANCELLED) and not second.end(job.id, DONE, result={"results": []})
    second.record(job.id, 1, {"payoffs": [2]})
    ended = second.get(job.id)
    assert ended is not None and (ended.state, ended.done, ended.result) == (CANCELLED, 1, None)
    assert first.pieces(job.id) == {}


def test_a_job_dropped_for_a_newer_one_is_remembered_as_dropped(
        two_workers: tuple[SqliteJobStore, SqliteJobStore]) -> None:
    first, second = two_workers
    older, newer = Job.new("batch", {}), Job.new("batch", {})
    for store, job in ((first, older), (second, newer)):
        store.add(job, max_jobs=2, retry_after_s=1)
        store.end(job.id, DONE, result={"results": []})
    assert first.get(older.id) is None and first.gone(older.id) == DROPPED
    assert second.get(newer.id) is not None and second.gone(newer.id) is None
