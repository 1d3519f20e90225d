"""Issue #28, item 3: /v1/analyse takes any deal at the defaults. With neither time_ms nor depth
a request shares its budget over the positions (up to the default search time each, no less
than a floor, and up to the request's deadline: #37); a job searches each position for the default
time; apply, analyse and analyse jobs take deals of 1,000 actions and more."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from eights.answers.analyse.analysis import SHARED_FLOOR_MS, SHARED_PART, plan
from eights.answers.service import EXTENSION, search_key
from eights.answers.settings import Settings
from eights.solver import Solver
from eights.solver.evaluation import DEFAULT_EVALUATION
from eights.solver.modes import EXPECTIMAX
from eights.engine.notation import compact
from tests.api_examples import ENDGAME, ENDGAME_MOVES
from eights.bench.long_deals import long_deal
from tests.test_api_jobs import finished

URL = "/v1/analyse"
SEARCHES = len(ENDGAME_MOVES) + 1  # each position a move was played in, and the last (the deal goes on)


def test_the_default_limit_on_moves_takes_the_longest_deals() -> None:
    assert Settings().max_analyse_moves >= 1000


def test_an_analysis_without_time_or_depth_shares_the_request_budget(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_MAX_REQUEST_MS=3000).test_client()
    answer = client.post(URL, json={"position": ENDGAME, "moves": ENDGAME_MOVES}).get_json()
    assert answer["summary"]["searched"] == {"time_ms": int(3000 * SHARED_PART / 1.5 / SEARCHES), "depth": None}


def test_a_short_deal_gets_the_default_search_time_each(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_SOLVE_TIME_MS=150).test_client()
    answer = client.post(URL, json={"position": ENDGAME, "moves": ENDGAME_MOVES}).get_json()
    assert answer["summary"]["searched"] == {"time_ms": 150, "depth": None}


def test_an_analysis_asked_with_a_time_is_searched_at_it(client: FlaskClient) -> None:
    answer = client.post(URL, json={"position": ENDGAME, "moves": ENDGAME_MOVES, "time_ms": 200}).get_json()
    assert answer["summary"]["searched"] == {"time_ms": 200, "depth": None}


def test_a_share_under_the_floor_is_searched_at_the_floor_up_to_the_deadline(make_app: Callable[..., Flask]) -> None:
    budget_ms = int(SHARED_FLOOR_MS * 1.5 * SEARCHES / SHARED_PART) - 1  # #37: what the cap admits is analysed
    response = make_app(EIGHTS_MAX_REQUEST_MS=budget_ms).test_client().post(
        URL, json={"position": ENDGAME, "moves": ENDGAME_MOVES})
    answer = response.get_json()
    assert response.status_code == 200 and answer["summary"]["searched"] == {"time_ms": SHARED_FLOOR_MS, "depth": None}
    assert [step["step"] for step in answer["steps"]] + answer["not_done"] == list(range(len(ENDGAME_MOVES)))
    assert answer["complete"] == (not answer["not_done"])


def test_an_analyse_job_searches_each_position_for_the_default_time(make_app: Callable[..., Flask]) -> None:
    app = make_app(EIGHTS_MAX_REQUEST_MS=2000, EIGHTS_SOLVE_TIME_MS=400)
    client = app.test_client()
    request = {"position": ENDGAME, "moves": ENDGAME_MOVES}
    shared = client.post(URL, json=request).get_json()
    with app.app_context():  # the job's searches put in the cache first, so that it needs no cluster
        service, solver = app.extensions[EXTENSION], Solver()
        for position, options in plan(service, {**request, "mode": EXPECTIMAX, "evaluation": DEFAULT_EVALUATION}).searches:
            service.remember(search_key(position, options), solver.solve(position, time_ms=options.time_ms))
    job = finished(client, client.post("/v1/jobs", json={"kind": "analyse", **request}).headers["Location"])
    assert shared["summary"]["searched"]["time_ms"] == int(2000 * SHARED_PART / 1.5 / SEARCHES) < 400
    assert job["state"] == "done" and job["result"]["summary"]["searched"] == {"time_ms": 400, "depth": None}
    assert [step["cached"] for step in job["result"]["steps"]] == [True] * len(ENDGAME_MOVES)


@pytest.fixture(scope="module")
def thousand() -> dict[str, Any]:
    """A deal record of 1,200 actions, as a request's fields."""
    record = long_deal(1200)
    assert len(record.moves) == 1200
    return {"position": compact(record.start), "moves": [move.notation() for move in record.moves]}


def test_apply_takes_a_deal_of_1200_actions(client: FlaskClient, thousand: dict[str, Any]) -> None:
    response = client.post("/v1/apply", json=thousand)
    assert response.status_code == 200 and len(response.get_json()["steps"]) == 1200


def test_analyse_takes_a_deal_of_1200_actions(client: FlaskClient, thousand: dict[str, Any]) -> None:
    response = client.post(URL, json={**thousand, "depth": 1})
    answer = response.get_json()
    assert response.status_code == 200 and len(answer["steps"]) == 1200, answer


def test_a_deal_of_1200_actions_at_the_defaults_shares_the_budget(thousand: dict[str, Any]) -> None:
    settings = Settings()
    share = int(settings.max_request_ms * SHARED_PART / 1.5 / 1201)
    assert SHARED_FLOOR_MS <= share < settings.solve_time_ms  # analysed at the defaults, not refused
