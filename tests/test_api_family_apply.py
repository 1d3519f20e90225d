"""Issue #32, item 1: /v1/apply plays a game of the family, one call per action: the ``rules``
field (or the position's own rules: word), draws naming no cards drawn from the seed and named
in their step, the state reached as /v1/moves gives it, the hints asked for the seats named in
``players``, and problem+json naming the field."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

URL = "/v1/apply"
CLASSIC = "0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 stock:..A."  # seat 0: play 5H or draw (the AD)
LAYOUT = ("rules:layout/6 0:T3.T.Q.J 1:Q6.7.KT. 2:.J3.4.K5 3:.9..A982 4:K.K8.7.Q 5:J4..A98. "
          "piles:6H/2H/5H/6C/AS/2D/4C/2S turn:1 out:9875.AQ4.J653.T73")
TWO_CARDS = "rules:classic/2 0:7.8.. 1:...K turn:0 up:7C stock:.2..2"  # a draw brings the 2H or the 2C


def apply(client: FlaskClient, **body: Any) -> Any:
    response = client.post(URL, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def problem(client: FlaskClient, **body: Any) -> Any:
    response = client.post(URL, json=body)
    assert response.status_code in (400, 422) and response.mimetype == "application/problem+json", response.get_json()
    return response.get_json()


def test_the_rules_field_plays_a_family_position(client: FlaskClient) -> None:
    answer = apply(client, position=CLASSIC, rules="classic/4", moves=["play 5H"], seed=1)
    assert answer["rules"] == "classic/4" and answer["seed"] == 1 and answer["turn"] == "1"
    assert answer["steps"] == [{"move": "play 5H", "move_json": {"action": "play", "card": "5H"},
                                "position": answer["position"]}]
    assert answer["hint"] is None and answer["fair_hint"] is None


def test_the_state_reached_is_the_one_moves_gives(client: FlaskClient) -> None:
    answer = apply(client, position=LAYOUT, moves=["play 6S on 6H"])
    state = client.post("/v1/moves", json={"position": answer["position"]}).get_json()
    assert {key: answer[key] for key in state} == state
    assert set(answer) == {*state, "rules", "seed", "steps", "hint", "fair_hint"}


def test_a_draw_naming_no_cards_is_drawn_from_the_seed_and_named_in_its_step(client: FlaskClient) -> None:
    drawn = {apply(client, position=TWO_CARDS, moves=["draw"], seed=seed)["steps"][0]["move"] for seed in range(12)}
    assert drawn == {"draw 2H", "draw 2C"}
    first = apply(client, position=TWO_CARDS, moves=["draw"], seed=3)
    assert apply(client, position=TWO_CARDS, moves=["draw"], seed=3) == {**first, "fair_hint": None}
    step = first["steps"][0]
    assert step["move_json"] == {"action": "draw", "cards": [step["move"][5:]]}


def test_a_draw_may_name_its_cards_in_either_form(client: FlaskClient) -> None:
    by_text = apply(client, position=TWO_CARDS, moves=["draw 2C"])
    by_json = apply(client, position=TWO_CARDS, moves=[{"action": "draw", "cards": ["2C"]}])
    assert by_text["steps"] == by_json["steps"] and by_text["steps"][0]["move"] == "draw 2C"
    assert by_text["position"].split()[1] == "0:7.8..2"


def test_a_draw_two_penalty_names_both_cards(client: FlaskClient) -> None:
    position = "rules:classic/2,draw=one,draw2=2 0:2.3.. 1:..K. turn:0 up:5S stock:...AQ"
    answer = apply(client, position=position, moves=["play 2S", "draw"], seed=4)
    assert sorted(answer["steps"][1]["move_json"]["cards"]) == ["AC", "QC"] and answer["turn"] == "0"
    assert answer["steps"][1]["move"] in ("draw AC,QC", "draw QC,AC")


def test_a_finished_deal_gives_each_seats_payoff_and_no_move(client: FlaskClient) -> None:
    answer = apply(client, position="rules:classic/2 0:7... 1:...K turn:0 up:7C stock:...2", moves=["play 7S"])
    assert answer["over"] is True and answer["moves"] == [] and answer["payoffs"] == ["10", "-10"]


def test_the_hint_of_the_position_reached_is_hint_s_answer_for_the_seats_named(client: FlaskClient) -> None:
    answer = apply(client, position=CLASSIC, rules="classic/4", moves=["play 5H"], hint={"players": [1], "depth": 2})
    hint = client.post("/v1/hint", json={"position": answer["position"], "depth": 2}).get_json()
    assert answer["hint"] == {**hint, "time_ms": answer["hint"]["time_ms"], "cached": answer["hint"]["cached"]}
    assert answer["hint"]["mover"] == 1 and len(answer["hint"]["values"]) == 4


def test_no_hint_when_another_seat_acts(client: FlaskClient) -> None:
    answer = apply(client, position=CLASSIC, rules="classic/4", moves=["play 5H"], hint={"players": [0, 2]},
                   fair_hint={"players": [3]})
    assert answer["turn"] == "1" and answer["hint"] is None and answer["fair_hint"] is None


def test_every_seat_gets_the_hint_by_default(client: FlaskClient) -> None:
    answer = apply(client, position=CLASSIC, rules="classic/4", moves=["play 5H"], hint={"depth": 1})
    assert answer["hint"]["mover"] == 1


def test_the_fair_hint_of_the_position_reached_is_fair_hint_s_answer(client: FlaskClient) -> None:
    asked = {"samples": 4, "depth": 2, "seed": 3}
    answer = apply(client, position=LAYOUT, moves=["play 6S on 6H"], fair_hint={"players": [2], **asked})
    fair = client.post("/v1/fair-hint", json={"position": answer["position"], **asked}).get_json()
    assert answer["fair_hint"] == {**fair, "time_ms": answer["fair_hint"]["time_ms"]}
    assert answer["fair_hint"]["player"] == 2 and len(answer["fair_hint"]["values"]) == 6


def test_sce2_keeps_its_answer_without_rules(client: FlaskClient) -> None:
    answer = apply(client, position="N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S", moves=["play 9H"])
    assert "rules" not in answer and answer["side"] == "EW"


@pytest.mark.parametrize(("body", "field", "code"), [
    ({"position": CLASSIC, "rules": "classic/9", "moves": ["draw"]}, "rules.players", "invalid-notation"),
    ({"position": CLASSIC, "rules": "poker/4", "moves": ["draw"]}, "rules.preset", "invalid-notation"),
    ({"position": LAYOUT, "rules": "classic/4", "moves": ["draw"]}, "rules", "invalid-notation"),
    ({"position": CLASSIC, "rules": "classic/4", "moves": ["play 5H", "pass", "play 9D", "play 2C"]},
     "moves[1]", "illegal-move"),
    ({"position": CLASSIC, "rules": "classic/4", "moves": ["play 5H", "draw", "play 2C", "fly"]},
     "moves[3]", "invalid-notation"),
    ({"position": CLASSIC, "rules": "classic/4", "moves": ["draw KS"]}, "moves[0].cards[0]", "illegal-move"),
    ({"position": TWO_CARDS, "moves": ["draw 2C,2H"]}, "moves[0].cards", "illegal-move"),
    ({"position": TWO_CARDS, "moves": [{"action": "draw", "cards": "2C"}]}, "moves[0].cards", "invalid-notation"),
    ({"position": "rules:classic/2 0:7... 1:...K turn:0 up:7C stock:...2", "moves": ["play 7S", "draw"]},
     "moves[1]", "deal-over"),
    ({"position": TWO_CARDS + " owed:1", "moves": ["draw"]}, "position", "invalid-notation"),
    ({"position": CLASSIC + " reshuffles:3", "rules": "classic/4", "moves": ["draw"]}, "position.reshuffles",
     "invalid-notation"),
    ({"position": CLASSIC, "rules": "classic/4", "moves": ["draw"], "hint": {"players": [4]}},
     "hint.players[0]", "invalid-notation"),
    ({"position": CLASSIC, "rules": "classic/4", "moves": ["draw"], "hint": {"sides": ["NS"]}},
     "hint.sides[0]", "invalid-notation"),
    ({"position": "N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S", "moves": ["play 9H"], "hint": {"players": [2]}},
     "hint.players[0]", "invalid-notation"),
])
def test_bad_requests_name_the_field(client: FlaskClient, body: dict[str, Any], field: str, code: str) -> None:
    answer = problem(client, **body)
    assert (answer["field"], answer["code"]) == (field, code), answer
