"""One vocabulary across endpoints and games (#38, What to build 4; docs/service.md's table):
every endpoint answers its common fields under the same names and with the same types for
sce2 and for a game of the family (classic/4), beside each game's own fields."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.answers.common.fields import EXAMPLE_VIEW
from tests.api_examples import ENDGAME, MIDGAME

CLASSIC = "0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 stock:..A."
CLASSIC_CHOICE = CLASSIC.replace("up:5C", "up:5S")  # KS or 5H: a choice for a bot that never draws holding a play
# The hand to act goes out with play 5S.
SCE2_LAST = "N:5... E:Q... S:9... W:..9. up:5H turn:N"
CLASSIC_LAST = "0:5... 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 stock:..A."


def is_text_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


# A position's state (Game.common_state): deal, moves, apply.
STATE_FIELDS = {
    "player_names": is_text_list,
    "to_act": lambda value: value is None or isinstance(value, int),
    "over": lambda value: isinstance(value, bool),
    "payoffs": lambda value: value is None or is_text_list(value),
}

# Each endpoint's request for sce2 and for classic/4.
STATE_REQUESTS = {
    "/v1/deal": ({"deal": 1, "dealer": "S", "seed": 1}, {"rules": "classic/4", "seed": 3}),
    "/v1/moves": ({"position": MIDGAME}, {"position": CLASSIC, "rules": "classic/4"}),
    "/v1/apply": ({"position": ENDGAME, "moves": ["play 5S"], "seed": 1},
                  {"position": CLASSIC, "rules": "classic/4", "moves": ["play 5H"], "seed": 1}),
}


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# A search's answer (Game.search_common, and the fields both games already shared): hint, solve.
SEARCH_FIELDS = {
    "player_names": is_text_list,
    "to_act": lambda value: isinstance(value, int),
    "values": lambda value: isinstance(value, list) and all(is_number(item) for item in value),
    "value": is_number,
    "best": lambda value: isinstance(value, str),
    "moves": lambda value: all(isinstance(item["move"], str) and is_number(item["value"]) for item in value),
    "depth": lambda value: isinstance(value, int),
    "exact": lambda value: isinstance(value, bool),
    "time_ms": is_number,
}

SEARCH_REQUESTS = {
    url: ({"position": MIDGAME, "depth": 2}, {"position": CLASSIC, "rules": "classic/4", "depth": 2})
    for url in ("/v1/hint", "/v1/solve")
}


def answer(client: FlaskClient, url: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(url, json=body)
    assert response.status_code == 200, (url, response.get_json())
    result: dict[str, Any] = response.get_json()
    return result


def common_fields(result: dict[str, Any], fields: dict[str, Any]) -> dict[str, str]:
    """The common fields of ``result``, each named with the check its type failed (or ``ok``)."""
    return {name: "ok" if name in result and check(result[name]) else f"bad: {result.get(name, 'missing')!r}"
            for name, check in fields.items()}


@pytest.mark.parametrize("url", sorted(STATE_REQUESTS))
def test_a_state_has_the_common_fields_in_every_game(client: FlaskClient, url: str) -> None:
    for body in STATE_REQUESTS[url]:
        result = answer(client, url, body)
        assert common_fields(result, STATE_FIELDS) == dict.fromkeys(STATE_FIELDS, "ok"), (url, body)
        assert 0 <= result["to_act"] < len(result["player_names"])


def test_the_player_to_act_is_an_index_of_the_players(client: FlaskClient) -> None:
    sce2 = answer(client, "/v1/moves", {"position": MIDGAME})
    classic = answer(client, "/v1/moves", {"position": CLASSIC, "rules": "classic/4"})
    assert (sce2["player_names"], sce2["to_act"], sce2["side"]) == (["NS", "EW"], 1, "EW")
    assert (classic["player_names"], classic["to_act"], classic["turn"]) == (["0", "1", "2", "3"], 0, "0")


def test_a_finished_deal_has_payoffs_in_every_game(client: FlaskClient) -> None:
    sce2 = answer(client, "/v1/apply", {"position": SCE2_LAST, "moves": ["play 5S"]})
    classic = answer(client, "/v1/apply", {"position": CLASSIC_LAST, "rules": "classic/4", "moves": ["play 5S"]})
    for result in (sce2, classic):
        assert result["over"] and result["to_act"] is None and result["moves"] == []
        assert len(result["payoffs"]) == len(result["player_names"])
    assert sce2["payoffs"] == [str(sce2["score"]["payoff_ns"]), str(-sce2["score"]["payoff_ns"])]


@pytest.mark.parametrize("url", sorted(SEARCH_REQUESTS))
def test_a_search_has_the_common_fields_in_every_game(client: FlaskClient, url: str) -> None:
    for body in SEARCH_REQUESTS[url]:
        result = answer(client, url, body)
        assert common_fields(result, SEARCH_FIELDS) == dict.fromkeys(SEARCH_FIELDS, "ok"), (url, body)
        assert len(result["values"]) == len(result["player_names"])
        assert result["values"][result["to_act"]] == result["value"]


def test_sce2_values_are_its_sides_values(client: FlaskClient) -> None:
    result = answer(client, "/v1/hint", {"position": MIDGAME, "depth": 2})
    assert (result["to_act"], result["side"]) == (1, "EW")
    assert result["values"] == [result["value_ns"], -result["value_ns"]]


@pytest.mark.parametrize("bot", ["solver:depth=2", "random"])
def test_a_bot_move_has_the_common_fields_in_every_game(client: FlaskClient, bot: str) -> None:
    searched = bot != "random"
    fields = {name: SEARCH_FIELDS[name] for name in ("player_names", "to_act", "value", "values")}
    if not searched:
        fields.update(value=lambda value: value is None, values=lambda value: value is None)
    for body in ({"position": MIDGAME, "bot": bot, "seed": 1},
                 {"position": CLASSIC_CHOICE, "rules": "classic/4", "bot": bot, "seed": 1}):
        result = answer(client, "/v1/bot-move", body)
        assert common_fields(result, fields) == dict.fromkeys(fields, "ok"), body
        if searched:
            assert result["values"][result["to_act"]] == result["value"]


def test_a_fair_hint_has_the_common_fields_in_every_game(client: FlaskClient) -> None:
    fields = {name: SEARCH_FIELDS[name] for name in ("player_names", "to_act", "values", "value", "best", "time_ms")}
    for body in ({"position": EXAMPLE_VIEW, "samples": 2, "depth": 1, "seed": 1},
                 {"position": CLASSIC + " view:0", "rules": "classic/4", "samples": 2, "depth": 1, "seed": 1}):
        result = answer(client, "/v1/fair-hint", body)
        assert common_fields(result, fields) == dict.fromkeys(fields, "ok"), body
        assert result["values"][result["to_act"]] == result["value"]
