"""CORS as a page on another origin meets it (issue #26, finding 8): over HTTP on a real
gunicorn with EIGHTS_CORS_ORIGINS set, the headers a page must read (a job's Location, a
503's Retry-After) are exposed, and every answer says it varies by Origin whenever the
allowed origins are a list, not ``*`` (a cache must not give one origin's answer to another)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from eights.bench.load import free_port
from tests.api_examples import ENDGAME
from tests.processes import LOOPBACK, call, gunicorn

PAGE = "https://board.example"
OTHER_PAGE = "https://other.example"
JOB = {"kind": "batch", "positions": [ENDGAME], "depth": 1}


def exposed(headers: dict[str, str]) -> set[str]:
    """The header names an answer lets a page on another origin read."""
    return {name.strip().lower() for name in headers.get("Access-Control-Expose-Headers", "").split(",")}


def varies_by_origin(headers: dict[str, str]) -> bool:
    return "origin" in {name.strip().lower() for name in headers.get("Vary", "").split(",")}


@pytest.fixture
def one_origin() -> Iterator[str]:
    """The service allowing one origin; its jobs stay running a while and one at most runs
    (their scheduler's port answers nothing), so that a second job gets 503 at once."""
    with gunicorn(workers=1, cors_origins=PAGE, max_jobs=1,
                  dask_scheduler=f"tcp://{LOOPBACK}:{free_port()}") as url:
        yield url


def test_a_page_can_read_the_location_of_a_job_it_started(one_origin: str) -> None:
    status, _, headers = call("POST", f"{one_origin}/v1/jobs", JOB, {"Origin": PAGE})
    assert status == 202 and headers["Location"].startswith("/v1/jobs/")
    assert headers["Access-Control-Allow-Origin"] == PAGE and "location" in exposed(headers)


def test_a_page_can_read_the_retry_after_of_a_503(one_origin: str) -> None:
    assert call("POST", f"{one_origin}/v1/jobs", JOB)[0] == 202
    status, body, headers = call("POST", f"{one_origin}/v1/jobs", JOB, {"Origin": PAGE})
    assert status == 503 and body["code"] == "overloaded" and "Retry-After" in headers
    assert headers["Access-Control-Allow-Origin"] == PAGE and "retry-after" in exposed(headers)


@pytest.mark.parametrize("origin", [PAGE, OTHER_PAGE, None])
def test_with_one_origin_every_answer_varies_by_origin(one_origin: str, origin: str | None) -> None:
    status, _, headers = call("GET", f"{one_origin}/health", headers={"Origin": origin} if origin else {})
    assert status == 200 and varies_by_origin(headers)


def test_with_two_origins_each_is_answered_as_itself_and_can_read_the_headers() -> None:
    with gunicorn(workers=1, cors_origins=f"{PAGE}, {OTHER_PAGE}") as url:
        for origin in (PAGE, OTHER_PAGE):
            status, _, headers = call("GET", f"{url}/health", headers={"Origin": origin})
            assert status == 200 and headers["Access-Control-Allow-Origin"] == origin
            assert varies_by_origin(headers) and {"location", "retry-after"} <= exposed(headers)
