"""POST /v1/solve."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from eights.solver.evaluation import DEFAULT_EVALUATION
from tests.api_examples import ENDGAME, FINISHED, MIDGAME, MIDGAME_JSON

Searches = Callable[[Flask], list[dict[str, Any]]]


def test_solve_gives_every_move_best_first(client: FlaskClient) -> None:
    answer = client.post("/v1/solve", json={"position": MIDGAME, "depth": 2}).get_json()
    assert {move["move"] for move in answer["moves"]} == {"play JC", "draw"}
    assert [move["value"] for move in answer["moves"]] == sorted((m["value"] for m in answer["moves"]), reverse=True)


def test_solve_best_move_carries_the_value(client: FlaskClient) -> None:
    answer = client.post("/v1/solve", json={"position": ENDGAME, "depth": 2, "evaluation": "material"}).get_json()
    assert answer["best"] == answer["moves"][0]["move"] == "play 9H"
    assert answer["value"] == answer["moves"][0]["value"] == 0.0


def test_solve_gives_value_for_ns_too(client: FlaskClient) -> None:
    answer = client.post("/v1/solve", json={"position": MIDGAME, "depth": 2}).get_json()
    assert answer["value_ns"] == -answer["value"]  # W (EW) is to act


def test_solve_reports_the_search(client: FlaskClient) -> None:
    answer = client.post("/v1/solve", json={"position": MIDGAME, "depth": 2}).get_json()
    assert answer["depth"] == 2 and answer["mode"] == "expectimax" and answer["evaluation"] == DEFAULT_EVALUATION
    assert answer["nodes"] > 0 and answer["pv"][0] == answer["best"]


def test_solve_takes_the_trained_evaluation(client: FlaskClient) -> None:
    answer = client.post("/v1/solve", json={"position": MIDGAME, "depth": 2, "evaluation": "trained"}).get_json()
    assert answer["evaluation"] == "trained" and answer["depth"] == 2


def test_solve_answers_the_canonical_position(client: FlaskClient) -> None:
    answer = client.post("/v1/solve", json={"position": MIDGAME_JSON, "depth": 2}).get_json()
    assert answer["position"] == MIDGAME + " dir:cw draw:0"


def test_solve_first_answer_is_not_cached(client: FlaskClient) -> None:
    assert client.post("/v1/solve", json={"position": MIDGAME, "depth": 2}).get_json()["cached"] is False


def test_solve_same_request_comes_from_cache(client: FlaskClient) -> None:
    first = client.post("/v1/solve", json={"position": MIDGAME, "depth": 2}).get_json()
    second = client.post("/v1/solve", json={"position": MIDGAME, "depth": 2}).get_json()
    assert second["cached"] is True and second["moves"] == first["moves"]


def test_solve_json_form_hits_the_compact_forms_entry(client: FlaskClient) -> None:
    client.post("/v1/solve", json={"position": MIDGAME, "depth": 2})
    assert client.post("/v1/solve", json={"position": MIDGAME_JSON, "depth": 2}).get_json()["cached"] is True


def test_solve_other_options_miss_the_cache(client: FlaskClient) -> None:
    client.post("/v1/solve", json={"position": MIDGAME, "depth": 2})
    assert client.post("/v1/solve", json={"position": MIDGAME, "depth": 1}).get_json()["cached"] is False


def test_solve_of_a_finished_deal_has_no_best_move(client: FlaskClient) -> None:
    answer = client.post("/v1/solve", json={"position": FINISHED}).get_json()
    assert answer["best"] is None and answer["moves"] == [] and answer["exact"] is True


def test_solve_fixed_order_needs_an_order(client: FlaskClient) -> None:
    response = client.post("/v1/solve", json={"position": MIDGAME, "mode": "fixed-order", "depth": 2})
    assert response.status_code == 422 and response.get_json()["field"] == "mode"


def test_solve_fixed_order_follows_the_order(client: FlaskClient) -> None:
    position = ENDGAME + " order:3H,2S"
    answer = client.post("/v1/solve", json={"position": position, "mode": "fixed-order", "depth": 2}).get_json()
    assert answer["mode"] == "fixed-order" and "order:3H,2S" in answer["position"]


def test_solve_depth_over_the_limit_names_the_limit(client: FlaskClient) -> None:
    problem = client.post("/v1/solve", json={"position": MIDGAME, "depth": 65}).get_json()
    assert problem["code"] == "limit-exceeded" and problem["limit"] == "EIGHTS_MAX_DEPTH"
    assert problem["detail"] == "depth: at most 64 allowed (limit EIGHTS_MAX_DEPTH)"


def test_solve_time_over_the_limit_names_the_limit(client: FlaskClient) -> None:
    problem = client.post("/v1/solve", json={"position": MIDGAME, "time_ms": 10**30}).get_json()
    assert problem["field"] == "time_ms" and problem["limit"] == "EIGHTS_MAX_TIME_MS"


def test_solve_unknown_mode_is_refused(client: FlaskClient) -> None:
    problem = client.post("/v1/solve", json={"position": MIDGAME, "mode": "guess"}).get_json()
    assert problem["status"] == 422 and problem["field"] == "mode"


def test_solve_searches_one_second_by_default(app: Flask, searches: Searches) -> None:
    calls = searches(app)
    app.test_client().post("/v1/solve", json={"position": MIDGAME})
    assert calls[0]["time_ms"] == 1000 and calls[0]["depth"] is None


def test_solve_depth_alone_is_capped_by_the_largest_time(app: Flask, searches: Searches) -> None:
    calls = searches(app)
    app.test_client().post("/v1/solve", json={"position": MIDGAME, "depth": 1})
    assert calls[0] == {"depth": 1, "time_ms": 10000, "mode": "expectimax", "evaluation": DEFAULT_EVALUATION}


def test_solve_expectimax_ignores_the_stocks_order(client: FlaskClient) -> None:
    client.post("/v1/solve", json={"position": ENDGAME, "depth": 2})
    answer = client.post("/v1/solve", json={"position": ENDGAME + " order:2S,3H", "depth": 2}).get_json()
    assert answer["cached"] is True and "order" not in answer["position"]
