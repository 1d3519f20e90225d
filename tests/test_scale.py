"""Issue #11, beyond one process, with real processes on loopback: redis-server, a Dask
scheduler with two workers, and gunicorn instances sharing them.

A result solved by one gunicorn worker is answered from the shared cache by the other, and
the cache keeps its size, each result for its TTL; a job accepted by one instance is read
and cancelled through another, survives the restart of the worker that accepted it, and
loses nothing when a Dask worker is killed mid-job; the pieces run on one Dask worker share
its warm solver; a rollout job cancelled frees its Dask worker at once, and one out of time
answers with the rounds played; a Redis slow or stopped mid-run leaves the service
answering; the command line and the strength benchmark run on the cluster. Needs
redis-server (README, Set up).
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from distributed import Client

from eights.api import create_app
from eights.answers.shared_cache import ENTRY
from eights.bench import strength
from eights.bench.load import free_port
from eights.cli.main import main
from eights.cluster import pieces
from eights.engine import compact, deal_position
from eights.engine.cards import S
from eights.engine.rules import legal_moves
from tests.processes import START_S, DaskCluster, call, dask_cluster, gunicorn, redis_server, stop, wait_for

JOB_S = 60  # the longest a job of these tests may take
FREED_S = 15  # the longest a small job may wait for the only Dask worker after the job that held it is cancelled


ROLLED_OUT = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"


def positions(count: int, first_seed: int) -> list[str]:
    """``count`` distinct deals of 8 cards a hand: each search takes its whole time."""
    return [compact(deal_position(1, S, seed)) for seed in range(first_seed, first_seed + count)]


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    with redis_server() as (url, _):
        yield url


@pytest.fixture(scope="module")
def cluster() -> Iterator[DaskCluster]:
    with dask_cluster(workers=2) as running:
        yield running


@pytest.fixture(scope="module")
def instances(redis_url: str, cluster: DaskCluster) -> Iterator[tuple[str, str]]:
    """Two gunicorn instances of two workers each, sharing the Redis and the Dask cluster."""
    shared: dict[str, str | int] = {"workers": 2, "redis_url": redis_url, "dask_scheduler": cluster.address}
    with gunicorn(**shared) as first, gunicorn(**shared) as second:
        yield first, second


def submit(url: str, body: dict[str, Any]) -> str:
    """POST the job; its URL."""
    status, answer, headers = call("POST", f"{url}/v1/jobs", body)
    assert status == 202 and answer["state"] in ("queued", "running"), answer
    return str(headers["Location"])


def job_until(url: str, done: int = 0, states: tuple[str, ...] = ("done", "failed", "cancelled")) -> dict[str, Any]:
    """The job at ``url`` once it is in one of ``states`` or has ``done`` searches done."""
    found: dict[str, Any] = {}

    def reached() -> bool:
        nonlocal found
        status, found, _ = call("GET", url)
        assert status == 200, found
        return found["state"] in states or bool(done and found["progress"]["done"] >= done)
    wait_for(reached, f"the job did not reach {states} or {done} done", JOB_S)
    return found


def test_a_position_solved_by_one_worker_is_answered_cached_by_the_other(redis_url: str) -> None:
    request = {"position": positions(1, 900)[0], "depth": 3}
    with gunicorn(workers=2, redis_url=redis_url) as url:
        status, first, _ = call("POST", f"{url}/v1/solve", request)
        assert status == 200 and not first["cached"]
        seen: dict[int, dict[str, Any]] = {}
        deadline = time.monotonic() + 30
        # Until both workers have reported: the one that answered from the cache may be the only
        # one whose stats came back so far.
        while len(seen) < 2 or not any(stats["solves"] == 0 and stats["cache"]["hits"] for stats in seen.values()):
            assert time.monotonic() < deadline, f"one worker answered every request: {seen}"
            status, again, _ = call("POST", f"{url}/v1/solve", request)
            assert status == 200 and again["cached"] and again["value"] == first["value"]
            _, stats, _ = call("GET", f"{url}/v1/stats")
            seen[stats["worker"]] = stats
    assert len(seen) == 2 and seen[stats["worker"]]["cache"]["backend"] == "redis"


def test_the_shared_cache_keeps_its_size_dropping_the_oldest(redis_url: str) -> None:
    app = create_app({"TESTING": True, "EIGHTS_TT_MB": 1, "EIGHTS_CACHE_SIZE": 2,
                      "EIGHTS_REDIS_URL": redis_url.replace("/0", "/1")})  # a database of its own
    client = app.test_client()
    asked = [{"position": position, "depth": 1} for position in positions(3, 950)]
    for request in asked:
        client.post("/v1/solve", json=request)
    cache = client.get("/v1/stats").get_json()["cache"]
    assert (cache["backend"], cache["entries"], cache["shared"]["misses"]) == ("redis", 2, 3)
    assert [client.post("/v1/solve", json=request).get_json()["cached"] for request in asked[::-1]] == [
        True, True, False]


def test_a_result_in_the_shared_cache_has_the_cache_ttl(redis_url: str) -> None:
    database = redis_url.replace("/0", "/2")  # a database of its own
    app = create_app({"TESTING": True, "EIGHTS_TT_MB": 1, "EIGHTS_CACHE_TTL_S": 600, "EIGHTS_REDIS_URL": database})
    assert app.test_client().post("/v1/solve", json={"position": positions(1, 980)[0], "depth": 1}).status_code == 200
    with redis.Redis.from_url(database) as store:
        keys = store.keys(ENTRY + "*")
        assert len(keys) == 1 and 0 < store.ttl(keys[0]) <= 600


def test_a_job_accepted_by_one_instance_is_read_and_cancelled_through_another(
        instances: tuple[str, str], cluster: DaskCluster) -> None:
    first, second = instances
    job = submit(first, {"kind": "batch", "positions": positions(40, 100), "time_ms": 200})
    running = job_until(second + job, done=1)
    assert running["state"] == "running" and running["progress"]["total"] == 40
    status, cancelled, _ = call("DELETE", second + job)
    assert status == 200 and cancelled["state"] == "cancelled"
    # A liveness bound, not a timing: a piece under way finishes its search (200 ms alone, several
    # times that on a loaded machine) before the scheduler lets it go; 10 s once failed in a full run.
    wait_for(lambda: cluster.task_count() == 0, "the cancelled job's tasks did not leave the cluster", START_S)
    status, read, _ = call("GET", first + job)
    assert status == 200 and read["state"] == "cancelled" and read["progress"]["done"] < 40


def test_killing_a_dask_worker_mid_job_loses_no_result(instances: tuple[str, str], cluster: DaskCluster) -> None:
    first, _ = instances
    asked = positions(16, 200)
    job = submit(first, {"kind": "batch", "positions": asked, "time_ms": 200})
    job_until(first + job, done=2)
    victim = next(worker for worker in cluster.workers if worker.poll() is None)
    try:
        stop(victim, signal.SIGKILL)
        wait_for(lambda: cluster.worker_count() == 1, "the scheduler did not lose the worker", 10)
        finished = job_until(first + job)
    finally:
        cluster.add_worker()
    assert finished["state"] == "done" and finished["progress"] == {"done": 16, "total": 16}
    assert [result["position"] for result in finished["result"]["results"]] == asked


def test_two_pieces_on_one_dask_worker_share_its_warm_solver() -> None:
    asked = (positions(1, 990)[0], 4, 10_000, "expectimax", "trained", 1)  # depth 4: thousands of nodes cold
    with dask_cluster(workers=1) as one, Client(one.address, timeout=START_S, set_as_default=False) as client:
        cold, warm = (client.submit(pieces.solve, *asked, pure=False).result() for _ in range(2))
    assert warm.value == cold.value and warm.nodes < cold.nodes  # the second is answered from the table


def test_a_rollout_job_on_the_cluster_gives_the_synchronous_rollout(instances: tuple[str, str]) -> None:
    first, second = instances
    request = {"position": ROLLED_OUT, "games": 12, "bot": "heuristic", "seed": 4}
    status, answer, _ = call("POST", f"{first}/v1/rollout", request)
    assert status == 200 and answer["complete"], answer
    finished = job_until(second + submit(first, {"kind": "rollout", **request}))
    assert finished["state"] == "done" and finished["progress"] == {"done": 12, "total": 12}
    assert {**finished["result"], "time_ms": 0} == {**answer, "time_ms": 0}


def assert_out_of_time_with_rounds_played(url: str) -> None:
    """A rollout job of 100,000 games posted to ``url`` stops at its 3 s and answers with the
    rounds played (a round takes 20 ms alone), the pieces under way giving back theirs."""
    request = {"kind": "rollout", "position": ROLLED_OUT, "games": 100_000, "bot": "heuristic", "time_ms": 3000}
    finished = job_until(url + submit(url, request))
    result = finished["result"]
    assert finished["state"] == "done" and not result["complete"] and 0 < result["played"] < 100_000
    assert finished["progress"]["done"] >= result["played"]


def test_a_rollout_job_out_of_time_answers_with_the_rounds_played(instances: tuple[str, str]) -> None:
    assert_out_of_time_with_rounds_played(instances[0])


@pytest.fixture(params=["redis-and-a-scheduler", "process-and-a-local-cluster"])
def one_dask_worker(request: pytest.FixtureRequest, redis_url: str) -> Iterator[str]:
    """A gunicorn worker whose jobs run on one Dask worker: a scheduler's, the jobs in Redis;
    or its own LocalCluster's, the jobs in the process. Its URL."""
    if request.param == "process-and-a-local-cluster":
        with gunicorn(workers=1, dask_workers=1) as url:
            yield url
    else:
        with dask_cluster(workers=1) as one, gunicorn(workers=1, redis_url=redis_url, dask_scheduler=one.address) as url:
            yield url


def test_a_rollout_job_out_of_time_on_one_dask_worker_answers_with_the_rounds_played(one_dask_worker: str) -> None:
    assert_out_of_time_with_rounds_played(one_dask_worker)  # on a LocalCluster, the first job starts it


def test_a_cancelled_rollout_job_frees_its_dask_worker_at_once(one_dask_worker: str) -> None:
    url = one_dask_worker
    slow = {"kind": "rollout", "position": ROLLED_OUT, "games": 100_000, "bot": "solver:depth=5,tt=1"}
    job = submit(url, slow)  # a round takes about half a second: 100,000 of them, days
    job_until(url + job, done=1)
    status, cancelled, _ = call("DELETE", url + job)
    assert status == 200 and cancelled["state"] == "cancelled"
    started = time.monotonic()
    small = job_until(url + submit(url, {"kind": "rollout", "position": ROLLED_OUT, "games": 2, "bot": "heuristic"}))
    assert small["state"] == "done" and small["result"]["complete"]
    assert time.monotonic() - started < FREED_S, "the cancelled job's piece kept the only Dask worker"


def test_a_job_survives_the_restart_of_the_worker_that_accepted_it(redis_url: str, cluster: DaskCluster) -> None:
    with gunicorn(workers=1, redis_url=redis_url, dask_scheduler=cluster.address, job_lease_s=2) as url:
        job = submit(url, {"kind": "batch", "positions": positions(12, 300), "time_ms": 200})
        job_until(url + job, done=1)
        _, stats, _ = call("GET", f"{url}/v1/stats")
        os.kill(stats["worker"], signal.SIGKILL)  # gunicorn starts another worker
        finished = job_until(url + job)
        _, after, _ = call("GET", f"{url}/v1/stats")
    assert after["worker"] != stats["worker"]
    assert finished["state"] == "done" and len(finished["result"]["results"]) == 12


def test_redis_slow_or_stopped_mid_run_gives_answers_not_errors() -> None:
    with redis_server() as (redis_url, redis_process), gunicorn(workers=1, redis_url=redis_url) as url:
        before = {"position": positions(1, 400)[0], "depth": 2}
        assert call("POST", f"{url}/v1/solve", before)[0] == 200
        redis_process.send_signal(signal.SIGSTOP)  # Redis slow: connections open, no answer
        started = time.monotonic()
        status, answer, _ = call("POST", f"{url}/v1/solve", {"position": positions(1, 405)[0], "depth": 2})
        assert status == 200 and time.monotonic() - started < 5
        redis_process.send_signal(signal.SIGCONT)
        stop(redis_process)
        for body in (before, {"position": positions(1, 401)[0], "depth": 2}):
            status, answer, _ = call("POST", f"{url}/v1/solve", body)
            assert status == 200 and not answer["cached"]
        status, answer, _ = call("POST", f"{url}/v1/batch", {"positions": positions(2, 402), "depth": 2})
        assert status == 200 and len(answer["results"]) == 2
        status, stats, _ = call("GET", f"{url}/v1/stats")
        assert status == 200 and stats["cache"]["errors"] >= 1 and stats["cache"]["shared"] is None
        status, refused, headers = call("POST", f"{url}/v1/jobs", {"kind": "batch", "positions": positions(1, 404),
                                                                    "depth": 2})
        assert status == 503 and refused["code"] == "store-unavailable" and "Retry-After" in headers


def test_eights_batch_runs_on_a_scheduler(cluster: DaskCluster, capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    path = tmp_path / "positions.txt"
    path.write_text("\n".join(positions(4, 500)), encoding="utf-8")
    answers = []
    for where in (["--scheduler", cluster.address], []):
        assert main(["batch", "--json", str(path), "--depth", "2", *where]) == 0
        answers.append([result["value"] for result in json.loads(capsys.readouterr().out)["results"]])
    assert answers[0] == answers[1] and len(answers[0]) == 4


def test_eights_batch_runs_on_an_embedded_local_cluster(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    monkeypatch.setenv("EIGHTS_DASK_WORKERS", "1")
    path = tmp_path / "positions.txt"
    path.write_text("\n".join(positions(2, 600)), encoding="utf-8")
    assert main(["batch", "--json", str(path), "--depth", "2", "--cluster"]) == 0
    assert [result["depth"] for result in json.loads(capsys.readouterr().out)["results"]] == [2, 2]


def test_eights_analyse_of_a_directory_runs_on_a_scheduler(cluster: DaskCluster, capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    for seed in (1, 2):
        start = deal_position(1, S, seed)
        play = next(move for move in legal_moves(start) if not move.is_draw)
        record = {"position": compact(start), "moves": [play.notation()]}
        (tmp_path / f"deal{seed}.json").write_text(json.dumps(record), encoding="utf-8")
    assert main(["analyse", "--json", str(tmp_path), "--depth", "2", "--scheduler", cluster.address]) == 0
    records = json.loads(capsys.readouterr().out)["records"]
    assert [record["file"] for record in records] == ["deal1.json", "deal2.json"]
    assert all(record["steps"] for record in records)


def test_eights_match_plays_its_matches_on_a_scheduler(cluster: DaskCluster, tmp_path: Path) -> None:
    asked = ["match", "--a", "heuristic", "--b", "random", "--matches", "2"]
    assert main([*asked, "--scheduler", cluster.address, "--json", str(tmp_path / "cluster.json")]) == 0
    assert main([*asked, "--workers", "1", "--json", str(tmp_path / "here.json")]) == 0
    assert (tmp_path / "cluster.json").read_text() == (tmp_path / "here.json").read_text()


def test_eights_rollout_plays_its_games_on_a_scheduler(cluster: DaskCluster, capsys: pytest.CaptureFixture[str]) -> None:
    asked = ["rollout", ROLLED_OUT, "--games", "6", "--bot", "heuristic", "--json"]
    assert main([*asked, "--scheduler", cluster.address]) == 0
    on_cluster = json.loads(capsys.readouterr().out)
    assert main([*asked, "--workers", "1"]) == 0
    assert {**json.loads(capsys.readouterr().out), "time_ms": 0} == {**on_cluster, "time_ms": 0}


def test_the_strength_benchmark_plays_its_pairs_on_a_scheduler(cluster: DaskCluster,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert strength.main(["--a", "heuristic", "--b", "random", "--pairs", "4", "--scheduler", cluster.address]) == 0
    on_cluster = capsys.readouterr().out
    assert strength.main(["--a", "heuristic", "--b", "random", "--pairs", "4", "--workers", "1"]) == 0
    assert capsys.readouterr().out == on_cluster


def test_an_unreachable_scheduler_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    port = free_port()  # nothing listens there
    status = main(["rollout", ROLLED_OUT, "--games", "2", "--scheduler", f"tcp://127.0.0.1:{port}"])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith(f"eights: Dask scheduler tcp://127.0.0.1:{port}: cannot connect")
    assert len(err.splitlines()) == 1
