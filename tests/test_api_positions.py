"""POST /v1/positions/normalise."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api_examples import FINISHED, MIDGAME, MIDGAME_JSON

URL = "/v1/positions/normalise"


def test_normalise_gives_the_canonical_compact_form(client: FlaskClient) -> None:
    assert client.post(URL, json={"position": MIDGAME_JSON}).get_json()["position"] == MIDGAME + " dir:cw draw:0"


def test_normalise_gives_the_full_json_form(client: FlaskClient) -> None:
    answer = client.post(URL, json={"position": MIDGAME}).get_json()
    assert answer["json"]["hands"]["W"] == "T.AJ.AQ97.J" and answer["json"]["called"] == "C"


def test_normalise_names_the_hand_and_side_to_act(client: FlaskClient) -> None:
    answer = client.post(URL, json={"position": MIDGAME}).get_json()
    assert (answer["turn"], answer["side"]) == ("W", "EW")


def test_normalise_counts_the_piles(client: FlaskClient) -> None:
    answer = client.post(URL, json={"position": MIDGAME + " discard:Q..."}).get_json()
    assert (answer["stock"], answer["discard"]) == (19, 1)


def test_normalise_of_an_unfinished_deal_has_no_score(client: FlaskClient) -> None:
    answer = client.post(URL, json={"position": MIDGAME}).get_json()
    assert answer["over"] is False and answer["score"] is None


def test_normalise_scores_a_finished_deal(client: FlaskClient) -> None:
    answer = client.post(URL, json={"position": FINISHED}).get_json()
    assert answer["over"] is True
    assert answer["score"] == {"against_ns": 0, "against_ew": 9, "payoff_ns": 9, "option": "W"}


def test_normalise_rejects_a_card_held_twice(client: FlaskClient) -> None:
    problem = client.post(URL, json={"position": MIDGAME.replace("W:T.", "W:TK.")}).get_json()
    assert problem["detail"] == "position.W: card KS appears twice"


def test_normalise_names_the_json_field_at_fault(client: FlaskClient) -> None:
    problem = client.post(URL, json={"position": {**MIDGAME_JSON, "turn": "X"}}).get_json()
    assert problem["field"] == "position.turn"
