"""POST /v1/jobs, GET and DELETE /v1/jobs/<id>, within one process (no Redis; no cluster but for
one rollout: the other jobs here find every search in the cache, and reach no cluster).
tests/test_scale.py runs jobs on a real cluster."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from eights.api.errors import Overloaded
from eights.api.jobs.model import Job
from eights.api.jobs.sqlite_store import IN_MEMORY, SqliteJobStore
from eights.api.jobs.store import EXPIRED, Retention
from tests.api_examples import ENDGAME, ENDGAME_MOVES, MIDGAME

URL = "/v1/jobs"
CLUSTER_START_S = 60  # a job with games to play starts the process's LocalCluster
KEPT = Retention(keep_s=3600, jobs=10, bytes=1 << 20, lifetime_s=7200)
BATCH: dict[str, Any] = {"kind": "batch", "positions": [MIDGAME, ENDGAME], "depth": 2}


def finished(client: FlaskClient, url: str, within_s: float = 10) -> dict[str, Any]:
    """The job at ``url`` once it has ended (within ``within_s``)."""
    deadline = time.monotonic() + within_s
    while True:
        job: dict[str, Any] = client.get(url).get_json()
        if job["state"] not in ("queued", "running"):
            return job
        assert time.monotonic() < deadline, job
        time.sleep(0.05)


def test_a_job_is_accepted_with_its_url(client: FlaskClient) -> None:
    client.post("/v1/batch", json={"positions": BATCH["positions"], "depth": 2})
    response = client.post(URL, json=BATCH)
    assert response.status_code == 202 and response.headers["Location"] == f"{URL}/{response.get_json()['id']}"


def test_a_done_job_gives_the_synchronous_endpoints_answer(client: FlaskClient) -> None:
    answer = client.post("/v1/batch", json={"positions": BATCH["positions"], "depth": 2}).get_json()
    job = finished(client, client.post(URL, json=BATCH).headers["Location"])
    assert job["state"] == "done" and job["progress"] == {"done": 2, "total": 2}
    searched = [{key: value for key, value in result.items() if key != "time_ms"} for result in answer["results"]]
    assert [{key: value for key, value in result.items() if key != "time_ms"} for result in job["result"]["results"]] \
        == [{**result, "cached": True} for result in searched]  # a cached answer's time_ms is its lookup's


def test_an_analyse_job_gives_the_analysis(client: FlaskClient) -> None:
    request = {"position": ENDGAME, "moves": ENDGAME_MOVES, "depth": 2}
    answer = client.post("/v1/analyse", json=request).get_json()
    job = finished(client, client.post(URL, json={"kind": "analyse", **request}).headers["Location"])
    assert job["kind"] == "analyse" and job["result"]["summary"] == answer["summary"] | {
        "mistakes": [{**step, "cached": True} for step in answer["summary"]["mistakes"]]}


@pytest.mark.parametrize("body", [{"kind": "solve"}, {"positions": [MIDGAME]}])
def test_a_job_names_its_kind(client: FlaskClient, body: dict[str, Any]) -> None:
    problem = client.post(URL, json=body).get_json()
    assert (problem["status"], problem["code"], problem["field"]) == (422, "validation-error", "kind")


@pytest.mark.parametrize("body", [
    {"kind": "batch"},
    {"kind": "batch", "positions": [MIDGAME], "depth": "6"},
    {"kind": "batch", "positions": [MIDGAME], "colour": "red"},
    {"kind": "batch", "positions": [MIDGAME, "N:K..."]},
    {"kind": "batch", "positions": [MIDGAME], "depth": 65},
    {"kind": "analyse", "position": ENDGAME, "moves": ["play KS"]},
    {"kind": "analyse", "position": ENDGAME, "moves": ["play 5S"], "result": {"NS": 1}},
    {"kind": "rollout", "position": ENDGAME, "moves": ["play KS"]},
    {"kind": "rollout", "position": ENDGAME, "bot": "solver:depth=99"},
])
def test_a_job_request_is_checked_as_its_endpoint_checks_it(client: FlaskClient, body: dict[str, Any]) -> None:
    request = {name: value for name, value in body.items() if name != "kind"}
    expected = client.post(f"/v1/{body['kind']}", json=request).get_json()
    problem = client.post(URL, json=body).get_json()
    assert problem["status"] == 422 and problem | {"instance": None} == expected | {"instance": None}


def test_a_batch_job_may_hold_more_positions_than_a_batch_request(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_MAX_BATCH=1).test_client()
    for position in BATCH["positions"]:
        client.post("/v1/batch", json={"positions": [position], "depth": 2})
    assert client.post("/v1/batch", json={"positions": BATCH["positions"], "depth": 2}).status_code == 422
    assert finished(client, client.post(URL, json=BATCH).headers["Location"])["state"] == "done"


def test_a_batch_job_over_its_own_limit_names_it(make_app: Callable[..., Flask]) -> None:
    problem = make_app(EIGHTS_MAX_JOB_BATCH=1).test_client().post(URL, json=BATCH).get_json()
    assert (problem["code"], problem["field"], problem["limit"]) == ("limit-exceeded", "positions",
                                                                     "EIGHTS_MAX_JOB_BATCH")


def test_a_job_that_may_search_too_long_is_refused(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_MAX_JOB_MS=1000).test_client()
    problem = client.post(URL, json={"kind": "batch", "positions": [MIDGAME, ENDGAME], "time_ms": 400}).get_json()
    assert (problem["code"], problem["field"], problem["limit"]) == ("limit-exceeded", "positions", "EIGHTS_MAX_JOB_MS")


def test_a_rollout_job_may_play_more_games_than_a_rollout_request(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_MAX_ROLLOUT_GAMES=1, EIGHTS_MAX_JOB_GAMES=3).test_client()
    request = {"position": ENDGAME, "games": 2, "bot": "random"}
    assert client.post("/v1/rollout", json=request).get_json()["field"] == "games"
    accepted = client.post(URL, json={"kind": "rollout", **request})
    assert accepted.status_code == 202
    assert finished(client, accepted.headers["Location"], CLUSTER_START_S)["state"] == "done"  # none left running
    problem = client.post(URL, json={"kind": "rollout", **request, "games": 4}).get_json()
    assert (problem["status"], problem["field"]) == (422, "games") and "EIGHTS_MAX_JOB_GAMES" in problem["detail"]


@pytest.mark.parametrize("method", ["GET", "DELETE"])
def test_an_unknown_job_is_404(client: FlaskClient, method: str) -> None:
    problem = client.open(f"{URL}/nope", method=method).get_json()
    assert (problem["status"], problem["code"], problem["field"]) == (404, "job-not-found", "id")


def test_cancelling_a_finished_job_leaves_it_as_it_is(client: FlaskClient) -> None:
    client.post("/v1/batch", json={"positions": BATCH["positions"], "depth": 2})
    url = client.post(URL, json=BATCH).headers["Location"]
    finished(client, url)
    assert client.delete(url).get_json()["state"] == "done"


def test_a_store_refuses_a_job_beyond_max_jobs_naming_the_setting() -> None:
    store = SqliteJobStore(IN_MEMORY, KEPT, retry_after_s=1)
    store.add(Job.new("batch", {}), max_jobs=1, retry_after_s=1)
    with pytest.raises(Overloaded) as refused:
        store.add(Job.new("batch", {}), max_jobs=1, retry_after_s=1)
    assert refused.value.field == "jobs" and "EIGHTS_MAX_JOBS" in refused.value.problem


def test_a_rollout_job_with_a_table_larger_than_the_services_is_refused(client: FlaskClient) -> None:
    problem = client.post(URL, json={"kind": "rollout", "position": ENDGAME, "bot": "solver:depth=2,tt=4096"}).get_json()
    assert (problem["status"], problem["field"], problem["limit"]) == (422, "bot", "EIGHTS_TT_MB")


def test_a_finished_job_is_forgotten_after_its_keep_time() -> None:
    store = SqliteJobStore(IN_MEMORY, replace(KEPT, keep_s=0), retry_after_s=1)
    job = Job.new("batch", {})
    store.add(job, max_jobs=1, retry_after_s=1)
    store.end(job.id, "cancelled")
    time.sleep(0.01)
    assert store.get(job.id) is None and store.gone(job.id) == EXPIRED
