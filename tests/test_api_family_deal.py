"""Issue #29, item 3: POST /v1/deal with a rules field deals every game of the family, seeded;
sce2 stays the default and answers as before; a bad ruleset, seat or field is refused naming it."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.engine.family.deal import deal
from eights.engine.family.notation import compact_family, parse_family
from eights.engine.family.rules import legal_moves
from eights.engine.family.ruleset import parse_rules

URL = "/v1/deal"


@pytest.mark.parametrize("rules", ["sce/3", "sce/6,deal=8", "classic/2", "classic/7,draw=one,skip=Q",
                                   "openspiel/5", "openspiel/8,use_special_cards=yes", "layout/2", "layout/8"])
def test_a_family_deal_is_the_seeded_deal_of_its_ruleset(client: FlaskClient, rules: str) -> None:
    answer = client.post(URL, json={"rules": rules, "seed": 11}).get_json()
    position = deal(parse_rules(rules), 11)
    assert answer["rules"] == parse_rules(rules).name and answer["position"] == compact_family(position)
    assert parse_family(answer["position"]) == position and answer["players"] == position.players


def test_a_family_deal_gives_its_legal_moves_and_the_seat_to_act(client: FlaskClient) -> None:
    answer = client.post(URL, json={"rules": "classic/4", "seed": 3}).get_json()
    position = parse_family(answer["position"])
    assert [move["move"] for move in answer["moves"]] == [move.notation() for move in legal_moves(position)]
    assert answer["turn"] == str(position.turn) and answer["over"] is False and answer["payoffs"] is None


def test_a_family_deal_names_its_dealer(client: FlaskClient) -> None:
    answer = client.post(URL, json={"rules": "classic/3", "dealer": "2", "seed": 5}).get_json()
    assert answer["dealer"] == "2" and answer["position"] == compact_family(deal(parse_rules("classic/3"), 5, 2))


def test_a_family_deal_without_a_seed_gives_the_seed_it_used(client: FlaskClient) -> None:
    answer = client.post(URL, json={"rules": "layout/4"}).get_json()
    assert answer["position"] == compact_family(deal(parse_rules("layout/4"), answer["seed"]))


def test_sce2_is_the_default_and_says_so(client: FlaskClient) -> None:
    default = client.post(URL, json={"deal": 3, "dealer": "W", "seed": 9}).get_json()
    named = client.post(URL, json={"rules": "sce2", "deal": 3, "dealer": "W", "seed": 9}).get_json()
    assert default == named and default["rules"] == "sce2" and default["side"] in ("NS", "EW")


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"rules": "classic/9"}, "rules.players", "2 to 7 players"),
    ({"rules": "openspiel/12"}, "rules.players", "up to 15"),
    ({"rules": "uno/4"}, "rules.preset", "unknown preset"),
    ({"rules": "classic/4,colour=red"}, "rules", "colour"),
    ({"rules": "classic/4,draw=upto:0"}, "rules.draw", "upto:0"),
    ({"rules": "layout/3", "dealer": "3"}, "dealer", "a seat 0 to 2"),
    ({"rules": "layout/3", "dealer": "W"}, "dealer", "a seat 0 to 2"),
    ({"rules": "classic/4", "deal": 2}, "deal", "only sce's deals are numbered"),
    ({"rules": "sce2", "deal": 2}, "dealer", "Missing data"),
    ({"rules": "sce2", "deal": 2, "dealer": "N"}, "dealer", "S, W"),
])
def test_a_bad_game_seat_or_field_is_refused_naming_it(client: FlaskClient, body: dict[str, Any], field: str,
                                                      words: str) -> None:
    response = client.post(URL, json=body)
    problem = response.get_json()
    assert response.status_code == 422 and problem["field"].startswith(field) and words in problem["detail"], problem


def test_an_sce_deal_number_sets_its_ruleset_s_deal(client: FlaskClient) -> None:
    answer = client.post(URL, json={"rules": "sce/4,deal=3", "deal": 8, "seed": 2}).get_json()
    assert answer["rules"] == "sce/4,deal=8" and answer["position"] == compact_family(deal(parse_rules("sce/4,deal=8"), 2))
    assert [len(hand) for hand in parse_family(answer["position"]).hands] == [1, 1, 1, 1]
