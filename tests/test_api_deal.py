"""POST /v1/deal."""

from __future__ import annotations

from flask.testing import FlaskClient

from eights.engine.deal import deal_position
from eights.engine.notation import compact


def test_deal_is_the_seeded_deal(client: FlaskClient) -> None:
    answer = client.post("/v1/deal", json={"deal": 8, "dealer": "S", "seed": 1}).get_json()
    assert answer["position"] == compact(deal_position(8, 2, 1))


def test_deal_gives_the_json_form_too(client: FlaskClient) -> None:
    answer = client.post("/v1/deal", json={"deal": 1, "dealer": "W", "seed": 7}).get_json()
    assert answer["json"]["hands"]["N"].count(".") == 3 and len(answer["json"]["hands"]) == 4


def test_deal_same_seed_same_position(client: FlaskClient) -> None:
    request = {"deal": 3, "dealer": "W", "seed": 99}
    assert client.post("/v1/deal", json=request).get_json() == client.post("/v1/deal", json=request).get_json()


def test_deal_without_seed_gives_the_seed_it_used(client: FlaskClient) -> None:
    answer = client.post("/v1/deal", json={"deal": 5, "dealer": "S"}).get_json()
    assert answer["position"] == compact(deal_position(5, 2, answer["seed"]))


def test_deal_number_out_of_range_is_refused(client: FlaskClient) -> None:
    problem = client.post("/v1/deal", json={"deal": 16, "dealer": "S"}).get_json()
    assert problem["code"] == "validation-error" and problem["field"] == "deal"


def test_deal_dealer_must_be_south_or_west(client: FlaskClient) -> None:
    assert client.post("/v1/deal", json={"deal": 1, "dealer": "N"}).get_json()["field"] == "dealer"


def test_deal_huge_seed_is_refused(client: FlaskClient) -> None:
    assert client.post("/v1/deal", json={"deal": 1, "dealer": "S", "seed": 2**64}).get_json()["field"] == "seed"


def test_deal_gives_the_starting_positions_legal_moves_and_state_as_moves_does(client: FlaskClient) -> None:
    answer = client.post("/v1/deal", json={"deal": 1, "dealer": "S", "seed": 1}).get_json()
    moves = client.post("/v1/moves", json={"position": answer["position"]}).get_json()
    assert {key: answer[key] for key in moves} == moves
    assert answer["over"] is False and answer["score"] is None and answer["moves"]
    assert answer["stock"] == 52 - 4 * 8 - 1 and answer["discard"] == 0
