"""POST /v1/moves."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api_examples import FINISHED, MIDGAME, MIDGAME_JSON
from tests.time_limit import time_limit


def moves_of(client: FlaskClient, position: Any) -> dict[str, Any]:
    return {move["move"]: move for move in client.post("/v1/moves", json={"position": position}).get_json()["moves"]}


def test_moves_lists_the_legal_moves(client: FlaskClient) -> None:
    assert list(moves_of(client, MIDGAME)) == ["play JC", "draw"]


def test_moves_gives_each_move_in_json(client: FlaskClient) -> None:
    assert moves_of(client, MIDGAME)["play JC"]["move_json"] == {"action": "play", "card": "JC"}


def test_moves_says_a_play_passes_the_turn(client: FlaskClient) -> None:
    assert moves_of(client, MIDGAME)["play JC"]["effects"]["next_turn"] == "N"


def test_moves_says_a_draw_takes_a_card(client: FlaskClient) -> None:
    assert moves_of(client, MIDGAME)["draw"]["effects"]["draws"] == 1


def test_moves_says_an_eight_names_a_suit(client: FlaskClient) -> None:
    moves = moves_of(client, "N:K... E:Q... S:8.9.. W:9..5. up:5S turn:S")
    assert moves["play 8S/D"]["effects"]["names_suit"] == "D"


def test_moves_says_a_two_makes_the_next_hand_draw(client: FlaskClient) -> None:
    assert moves_of(client, "N:K... E:Q... S:2.9.. W:9..5. up:5S turn:S")["play 2S"]["effects"]["pending_draw"] == 2


def test_moves_says_a_three_skips(client: FlaskClient) -> None:
    assert moves_of(client, "N:K... E:Q... S:3.9.. W:9..5. up:5S turn:S")["play 3S"]["effects"]["skips"] == "W"


def test_moves_says_an_ace_reverses(client: FlaskClient) -> None:
    assert moves_of(client, "N:K... E:Q... S:A.9.. W:9..5. up:5S turn:S")["play AS"]["effects"]["reverses"] is True


def test_moves_says_the_last_card_goes_out(client: FlaskClient) -> None:
    effects = moves_of(client, "N:K... E:Q... S:5... W:9..5. up:5H turn:S")["play 5S"]["effects"]
    assert effects["goes_out"] and effects["ends_deal"]


def test_moves_names_the_hand_to_act(client: FlaskClient) -> None:
    assert client.post("/v1/moves", json={"position": MIDGAME_JSON}).get_json()["turn"] == "W"


def test_moves_of_a_finished_deal_is_deal_over(client: FlaskClient) -> None:
    problem = client.post("/v1/moves", json={"position": FINISHED}).get_json()
    assert (problem["status"], problem["code"], problem["field"]) == (422, "deal-over", "position")


def test_moves_names_the_bad_field_of_a_position(client: FlaskClient) -> None:
    problem = client.post("/v1/moves", json={"position": MIDGAME.replace("up:8S/C", "up:9C/C")}).get_json()
    assert problem["code"] == "invalid-notation" and problem["field"] == "position.up"


def test_moves_says_a_play_that_empties_the_last_hand_ends_the_deal(client: FlaskClient) -> None:
    with time_limit(5):
        effects = moves_of(client, "N:... E:... S:.A.. W:... up:3H turn:S ext")["play AH"]["effects"]
    assert effects["goes_out"] and effects["ends_deal"] and effects["next_turn"] is None
