"""POST /v1/hint."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api_examples import ENDGAME, MIDGAME

Searches = Callable[[Flask], list[dict[str, Any]]]


def test_hint_gives_the_best_move_and_every_value(client: FlaskClient) -> None:
    answer = client.post("/v1/hint", json={"position": ENDGAME, "depth": 2}).get_json()
    assert answer["best"] == "play 9H"
    assert [move["move"] for move in answer["moves"]] == ["play 9H", "play 5S", "draw"]


def test_hint_answer_is_the_short_form(client: FlaskClient) -> None:
    answer = client.post("/v1/hint", json={"position": MIDGAME, "depth": 1}).get_json()
    assert set(answer) == {"position", "side", "value", "value_ns", "best", "moves", "pv", "depth", "exact", "stable", "bounds",
                           "time_ms", "cached", "player_names", "to_act", "values", "mode", "evaluation"}  # every game's (#38)


def test_hint_searches_100_ms_by_default(app: Flask, searches: Searches) -> None:
    calls = searches(app)
    app.test_client().post("/v1/hint", json={"position": MIDGAME})
    assert calls[0]["time_ms"] == 100 and calls[0]["depth"] is None


def test_hint_default_time_is_a_setting(make_app: Callable[..., Flask], searches: Searches) -> None:
    app = make_app(EIGHTS_HINT_TIME_MS=30)
    calls = searches(app)
    app.test_client().post("/v1/hint", json={"position": MIDGAME})
    assert calls[0]["time_ms"] == 30


def test_hint_shares_the_cache_with_solve(client: FlaskClient) -> None:
    client.post("/v1/solve", json={"position": MIDGAME, "depth": 1})
    assert client.post("/v1/hint", json={"position": MIDGAME, "depth": 1}).get_json()["cached"] is True


def test_a_hint_says_whether_its_best_move_was_stable_over_the_last_two_depths(client: FlaskClient) -> None:
    deep, shallow = (client.post("/v1/hint", json={"position": MIDGAME, "depth": depth}).get_json() for depth in (4, 1))
    assert isinstance(deep["stable"], bool) and shallow["stable"] is (shallow["exact"] is True)
