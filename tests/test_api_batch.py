"""POST /v1/batch."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api_examples import ENDGAME, MIDGAME, MIDGAME_JSON

URL = "/v1/batch"
Searches = Callable[[Flask], list[dict[str, Any]]]


def test_batch_answers_in_the_order_asked(client: FlaskClient) -> None:
    results = client.post(URL, json={"positions": [ENDGAME, MIDGAME], "depth": 1}).get_json()["results"]
    assert [result["position"].split()[0] for result in results] == ["N:K...", "N:K43.5.K82."]


def test_batch_results_are_full_solutions(client: FlaskClient) -> None:
    result = client.post(URL, json={"positions": [ENDGAME], "depth": 2}).get_json()["results"][0]
    assert result["best"] == "play 9H" and "pv" in result and "nodes" in result


def test_batch_solves_equal_positions_once(app: Flask, searches: Searches) -> None:
    calls = searches(app)
    answer = app.test_client().post(URL, json={"positions": [MIDGAME, MIDGAME_JSON, MIDGAME], "depth": 1}).get_json()
    assert len(calls) == 1 and answer["unique"] == 1 and len(answer["results"]) == 3


def test_batch_uses_the_cache(client: FlaskClient) -> None:
    client.post("/v1/solve", json={"position": MIDGAME, "depth": 1})
    results = client.post(URL, json={"positions": [MIDGAME, ENDGAME], "depth": 1}).get_json()["results"]
    assert [result["cached"] for result in results] == [True, False]


def test_batch_names_the_bad_position(client: FlaskClient) -> None:
    problem = client.post(URL, json={"positions": [MIDGAME, "N:K..."]}).get_json()
    assert problem["code"] == "invalid-notation" and problem["field"].startswith("positions[1]")


def test_batch_names_a_position_of_the_wrong_type(client: FlaskClient) -> None:
    problem = client.post(URL, json={"positions": [MIDGAME, 7]}).get_json()
    assert problem["code"] == "validation-error" and problem["field"] == "positions[1]"


def test_batch_needs_a_position(client: FlaskClient) -> None:
    assert client.post(URL, json={"positions": []}).get_json()["field"] == "positions"


def test_batch_too_large_names_the_limit(make_app: Callable[..., Flask]) -> None:
    problem = make_app(EIGHTS_MAX_BATCH=2).test_client().post(URL, json={"positions": [MIDGAME] * 3}).get_json()
    assert problem["detail"] == "positions: at most 2 allowed (limit EIGHTS_MAX_BATCH)"
