"""Issue #28, item 5: /v1/apply answers, when asked, the hint of the position it reaches for the
sides a person plays, so that a front end's move and the next turn's values are one call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api_examples import MIDGAME

URL = "/v1/apply"
MOVE = {"position": MIDGAME, "moves": ["play JC"]}  # W plays; N (side NS) acts next


def test_the_hint_of_the_position_reached_comes_with_the_move(client: FlaskClient) -> None:
    answer = client.post(URL, json={**MOVE, "hint": {"depth": 3}}).get_json()
    hint = client.post("/v1/hint", json={"position": answer["position"], "depth": 3}).get_json()
    assert answer["side"] == "NS" and answer["hint"] == {**hint, "time_ms": answer["hint"]["time_ms"], "cached": False}


def test_no_hint_for_a_side_not_asked_for(client: FlaskClient) -> None:
    answer = client.post(URL, json={**MOVE, "hint": {"depth": 3, "sides": ["EW"]}}).get_json()
    assert answer["side"] == "NS" and answer["hint"] is None


def test_no_hint_unless_asked(client: FlaskClient) -> None:
    answer = client.post(URL, json=MOVE).get_json()
    assert answer["hint"] is None and answer["fair_hint"] is None  # always there, as in every game (#38)


def test_the_players_name_the_sides_by_number_as_in_every_game(client: FlaskClient) -> None:
    by_number = client.post(URL, json={**MOVE, "hint": {"depth": 2, "players": [0]}}).get_json()
    by_name = client.post(URL, json={**MOVE, "hint": {"depth": 2, "sides": ["NS"]}}).get_json()
    assert by_number["hint"] is not None and by_number["hint"]["best"] == by_name["hint"]["best"]
    assert client.post(URL, json={**MOVE, "hint": {"depth": 2, "players": [1]}}).get_json()["hint"] is None


def test_the_hint_searches_the_hint_time_by_default(make_app: Callable[..., Flask],
                                                    searches: Callable[[Flask], list[dict[str, Any]]]) -> None:
    app = make_app(EIGHTS_HINT_TIME_MS=37)
    calls = searches(app)
    app.test_client().post(URL, json={**MOVE, "hint": {}})
    assert [call["time_ms"] for call in calls] == [37]


def test_a_bad_hint_side_is_refused_naming_it(client: FlaskClient) -> None:
    problem = client.post(URL, json={**MOVE, "hint": {"sides": ["N"]}}).get_json()
    assert (problem["code"], problem["field"]) == ("validation-error", "hint.sides[0]")


def test_a_move_that_ends_the_deal_has_no_hint(client: FlaskClient) -> None:
    answer = client.post(URL, json={"position": "N:K... E:Q... S:5... W:9..5. up:5H turn:S", "moves": ["play 5S"],
                                    "hint": {"depth": 2}}).get_json()
    assert answer["over"] is True and answer["hint"] is None


def test_the_fair_hint_of_the_position_reached_comes_with_the_move(client: FlaskClient) -> None:
    answer = client.post(URL, json={**MOVE, "fair_hint": {"depth": 2, "samples": 4}}).get_json()
    fair = client.post("/v1/fair-hint", json={"position": answer["position"] + " view:S", "depth": 2,
                                              "samples": 4}).get_json()
    assert answer["side"] == "NS" and answer["hint"] is None
    assert answer["fair_hint"] == {**fair, "time_ms": answer["fair_hint"]["time_ms"]}


def test_no_fair_hint_for_a_side_not_asked_for(client: FlaskClient) -> None:
    answer = client.post(URL, json={**MOVE, "fair_hint": {"depth": 2, "sides": ["EW"]}}).get_json()
    assert answer["side"] == "NS" and answer["fair_hint"] is None


def test_a_fair_hint_beyond_the_samples_allowed_is_refused_naming_them(client: FlaskClient) -> None:
    problem = client.post(URL, json={**MOVE, "fair_hint": {"samples": 100_000}}).get_json()
    assert (problem["code"], problem["field"]) == ("limit-exceeded", "samples")
