"""POST /v1/fair-hint and a fair bot's /v1/bot-move: hints from one seat's view that do
not depend on the hidden cards, within the service's limits and request budget."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from eights.engine.view import parse_view
from eights.play.fair import sample_deals
from tests.api_examples import MIDGAME

# W to act (play JC or draw): S's cards J92.9.54.A2 are hidden from W; the stock holds
# AQ75.Q8632.T63.KQT98543. SWAPPED gives S eight of the stock's cards instead.
SEEN_BY_W = MIDGAME + " view:W"
SWAPPED = "N:K43.5.K82. E:6.KT74.J.76 S:AQ7.Q86.T.K W:T.AJ.AQ97.J up:8S/C turn:W view:W"
COUNTED = "N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W view:W"
COUNTED_JSON = {"hands": {"N": "K43.5.K82.", "E": "6.KT74.J.76", "S": 8, "W": "T.AJ.AQ97.J"},
                "upcard": "8S", "called": "C", "turn": "W", "view": "W"}


def post(client: FlaskClient, **body: Any) -> tuple[int, Any]:
    response = client.post("/v1/fair-hint", json={"position": SEEN_BY_W, **body})
    return response.status_code, response.get_json()


def without_time(answer: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in answer.items() if key != "time_ms"}


def test_a_fair_hint_compares_the_moves_over_the_samples(client: FlaskClient) -> None:
    status, answer = post(client, samples=6, depth=2)
    assert status == 200 and answer["view"] == "W" and answer["side"] == "EW"
    assert (answer["samples"], answer["asked"], answer["complete"]) == (6, 6, True)
    assert answer["position"] == COUNTED.replace(" view:W", " dir:cw draw:0 view:W")
    assert {move["move"] for move in answer["moves"]} == {"play JC", "draw"}
    assert answer["best"] == answer["moves"][0]["move"] and answer["value"] == answer["moves"][0]["mean"]
    assert answer["depth"] == 2 and answer["depths"] == {"min": 2, "max": 2}  # the depth every sample reached
    assert all(move["value"] == move["mean"] for move in answer["moves"])  # a move's value, as every answer names it


def test_the_answer_does_not_depend_on_the_hidden_cards(client: FlaskClient) -> None:
    answers = [without_time(post(client, position=position, samples=8, depth=3, seed=5)[1])
               for position in (SEEN_BY_W, SWAPPED, COUNTED, COUNTED_JSON)]
    assert answers[0] == answers[1] == answers[2] == answers[3]


def test_the_answer_does_not_depend_on_the_hidden_cards_in_time_either(client: FlaskClient) -> None:
    # A hint by time deepens its samples as far as the time allows, uncached, so its values vary
    # with the machine's load; what it searches does not: the view the answer names, from which
    # (with the seed) every sample is drawn, is the same for either hidden hand.
    answers = [post(client, position=position, samples=4, time_ms=40)[1] for position in (SEEN_BY_W, SWAPPED)]
    assert answers[0]["position"] == answers[1]["position"] == COUNTED.replace(" view:W", " dir:cw draw:0 view:W")
    assert [(answer["seed"], answer["asked"], answer["samples"]) for answer in answers] == [(1, 4, 4)] * 2
    assert sample_deals(parse_view(SEEN_BY_W), 4, 1) == sample_deals(parse_view(SWAPPED), 4, 1)


def test_the_seed_chooses_the_samples(client: FlaskClient) -> None:
    assert post(client, samples=5, depth=2, seed=1)[1]["moves"] != post(client, samples=5, depth=2, seed=2)[1]["moves"]


def test_by_default_the_hint_deepens_16_samples_together_within_the_hint_time(
        app: Flask, searches: Callable[[Flask], list[dict[str, Any]]]) -> None:
    calls = searches(app)
    status, answer = post(app.test_client())
    assert status == 200 and answer["asked"] == 16 and answer["depths"]["min"] == answer["depths"]["max"] == answer["depth"] >= 1
    assert calls == [] and answer["samples"] == 16 and answer["complete"]  # ranked in one solver, not cached


def test_a_deepened_hints_separation_is_over_the_samples_it_answers_with(client: FlaskClient) -> None:
    status, answer = post(client, samples=8, time_ms=50)
    assert status == 200 and all(move["samples"] == answer["samples"] for move in answer["moves"])
    assert all(move["separated"] == (move["difference"] is not None and move["difference"]["ci95"][0] > 0)
               for move in answer["moves"])


def test_a_deepened_hint_over_the_request_limit_is_refused(make_app: Callable[..., Flask]) -> None:
    status, answer = post(make_app(EIGHTS_MAX_REQUEST_MS=1000).test_client(), samples=4, time_ms=2000)
    assert status == 422 and answer["limit"] == "EIGHTS_MAX_REQUEST_MS" and answer["field"] == "time_ms"


def test_samples_over_the_limit_are_refused(make_app: Callable[..., Flask]) -> None:
    status, answer = post(make_app(EIGHTS_MAX_SAMPLES=8).test_client(), samples=9)
    assert status == 422 and answer["limit"] == "EIGHTS_MAX_SAMPLES" and answer["field"] == "samples"


def test_the_samples_solved_by_the_deadline_are_the_answer(make_app: Callable[..., Flask]) -> None:
    status, answer = post(make_app(EIGHTS_MAX_REQUEST_MS=300).test_client(), samples=200, depth=12)
    assert status == 200 and not answer["complete"] and 0 < answer["samples"] < 200


def test_a_view_is_required_and_must_be_the_side_to_acts(client: FlaskClient) -> None:
    status, answer = post(client, position=MIDGAME)
    assert status == 422 and answer["field"] == "position.view" and "required" in answer["detail"]
    status, answer = post(client, position=MIDGAME + " view:S")
    assert status == 422 and answer["field"] == "position.view" and "side to act" in answer["detail"]
    status, answer = post(client, position=MIDGAME + " view:N")
    assert status == 422 and answer["field"] == "position.view" and "dummy" in answer["detail"]


def test_an_impossible_hidden_count_is_refused_naming_the_hand(client: FlaskClient) -> None:
    status, answer = post(client, position=COUNTED.replace("S:?8", "S:?29"))
    assert status == 422 and answer["field"] == "position.S" and "unseen" in answer["detail"]
    status, answer = post(client, position={**COUNTED_JSON, "hands": {**COUNTED_JSON["hands"], "S": 29}})
    assert status == 422 and answer["field"] == "position.hands.S"


def test_the_double_dummy_endpoints_refuse_a_view(client: FlaskClient) -> None:
    for path in ("/v1/hint", "/v1/solve"):
        answer = client.post(path, json={"position": SEEN_BY_W}).get_json()
        assert answer["field"] == "position.view" and "fair hint" in answer["detail"], path


def test_a_fair_bot_moves_from_its_view_within_the_limits(client: FlaskClient) -> None:
    body = {"position": MIDGAME, "bot": "fair:depth=2,samples=4", "seed": 3}
    answer = client.post("/v1/bot-move", json=body).get_json()
    swapped = client.post("/v1/bot-move", json={**body, "position": SWAPPED.replace(" view:W", "")}).get_json()
    assert answer["move"] in ("play JC", "draw") and answer == swapped
    refused = client.post("/v1/bot-move", json={**body, "bot": "fair:depth=2,samples=1000"}).get_json()
    assert refused["limit"] == "EIGHTS_MAX_SAMPLES"


def test_a_fair_hint_gives_its_value_for_ns_too(client: FlaskClient) -> None:
    status, answer = post(client, samples=2, depth=1)
    assert status == 200 and answer["side"] == "EW" and answer["value_ns"] == -answer["value"]
