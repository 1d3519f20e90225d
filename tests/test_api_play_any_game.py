"""Issue #38, items 2-4: /v1/apply, /v1/bot-move and /v1/fair-hint are one route each for every
game, asked with the same fields and answering the same common fields (sce2's and a family
game's own beside them), and a fair bot answers from the view of the hand to act alone, in
every game, on the flask client and over HTTP on a real gunicorn."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.games import find_game

from tests.api_examples import HIDDEN_HANDS
from tests.processes import call, gunicorn

CLASSIC = "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5S turn:0 stock:..A."  # seat 0 may play KS or 5H
CLASSIC_SWAPPED = "rules:classic/4 0:K.5.. 1:Q..9. 2:.8..3 3:.J..7 up:5S turn:0 stock:..A."  # 3C and QS swapped
# The same request for each game: one move, both hints for every player, by the same fields.
ASKED = {"seed": 3, "hint": {"players": [0, 1, 2, 3], "depth": 2}, "fair_hint": {"samples": 3, "depth": 1}}
APPLIED = {"sce2": {"position": HIDDEN_HANDS[0], "moves": ["play 5D"], **ASKED},
           "classic/4": {"position": CLASSIC, "moves": ["play 5H"], **ASKED}}
APPLIED["sce2"]["hint"] = {"players": [0, 1], "depth": 2}
COMMON_STATE = {"player_names": list, "to_act": int, "over": bool, "payoffs": type(None), "position": str, "json": dict,
                "turn": str, "moves": list, "seed": int, "steps": list, "hint": dict, "fair_hint": dict}
COMMON_FAIR = {"player_names": list, "to_act": int, "values": list, "value": float, "best": str, "moves": list,
               "depth": int, "depths": dict, "samples": int, "asked": int, "complete": bool, "time_ms": float}
COMMON_BOT = {"player_names": list, "to_act": int, "values": list, "value": float, "depth": int, "bot": str,
              "move": str, "move_json": dict, "seed": int}


def view_of(position: str) -> str:
    """The view of the hand to act in ``position``, as its front end would send it."""
    game = find_game("classic/4" if position.startswith("rules:") else "sce2")
    return game.notation(game.own_view(game.read_position(position)))


def post(client: FlaskClient, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    response = client.post(path, json=body)
    return response.status_code, response.get_json()


def has_common_fields(answer: dict[str, Any], common: dict[str, type]) -> bool:
    return all(isinstance(answer[field], kind) for field, kind in common.items())


def without_time(answer: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in answer.items() if key != "time_ms"}


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    with gunicorn(workers=1) as url:
        yield url


@pytest.mark.parametrize("game", ["sce2", "classic/4"])
def test_apply_answers_the_same_common_fields_in_every_game(client: FlaskClient, game: str) -> None:
    status, answer = post(client, "/v1/apply", APPLIED[game])
    assert status == 200 and has_common_fields(answer, COMMON_STATE), answer
    assert set(answer["steps"][0]) >= {"move", "move_json", "position"}
    assert has_common_fields(answer["fair_hint"], COMMON_FAIR) and answer["hint"]["best"] is not None
    assert all(move["value"] == move["mean"] for move in answer["fair_hint"]["moves"])


@pytest.mark.parametrize("position", [HIDDEN_HANDS[0], CLASSIC], ids=["sce2", "classic/4"])
def test_a_fair_bot_answers_from_the_view_as_from_the_whole_position(client: FlaskClient, position: str) -> None:
    asked = {"bot": "fair:depth=2,samples=4", "seed": 5}
    status, whole = post(client, "/v1/bot-move", {"position": position, **asked})
    status_view, viewed = post(client, "/v1/bot-move", {"position": view_of(position), **asked})
    assert status == status_view == 200 and has_common_fields(viewed, COMMON_BOT), viewed
    assert without_time(viewed) == without_time(whole)


@pytest.mark.parametrize("positions", [HIDDEN_HANDS, (CLASSIC, CLASSIC_SWAPPED)], ids=["sce2", "classic/4"])
def test_the_view_of_either_deal_is_the_same_and_so_is_the_move(client: FlaskClient, positions: tuple[str, str]) -> None:
    views = [view_of(position) for position in positions]
    answers = [post(client, "/v1/bot-move", {"position": view, "against": "person", "seed": 5})[1] for view in views]
    assert views[0] == views[1] and answers[0]["move"] == answers[1]["move"] and answers[0]["bot"].startswith("fair:")


@pytest.mark.parametrize("bot", ["random", "heuristic"])
@pytest.mark.parametrize("position", [HIDDEN_HANDS[0], CLASSIC], ids=["sce2", "classic/4"])
def test_the_bots_that_do_not_peek_play_from_a_view(client: FlaskClient, position: str, bot: str) -> None:
    status, answer = post(client, "/v1/bot-move", {"position": view_of(position), "bot": bot, "seed": 2})
    legal = post(client, "/v1/moves", {"position": position})[1]["moves"]
    assert status == 200 and answer["move"] in [move["move"] for move in legal] and answer["value"] is None


@pytest.mark.parametrize("position", [HIDDEN_HANDS[0], CLASSIC], ids=["sce2", "classic/4"])
@pytest.mark.parametrize(("asked", "field"), [({"bot": "solver:depth=2"}, "position"),
                                              ({"bot": "fair:depth=1,samples=2", "play": True}, "play")])
def test_what_a_view_cannot_give_is_refused_naming_the_field(client: FlaskClient, position: str,
                                                              asked: dict[str, Any], field: str) -> None:
    status, problem = post(client, "/v1/bot-move", {"position": view_of(position), **asked})
    assert (status, problem["code"], problem["field"]) == (422, "invalid-notation", field), problem


def test_another_seat_s_view_is_refused_naming_the_view(client: FlaskClient) -> None:
    game = find_game("classic/4")
    view = game.notation(game.view_of(game.read_position(CLASSIC), 1))  # seat 0 acts
    status, problem = post(client, "/v1/bot-move", {"position": view, "bot": "fair:depth=1,samples=2"})
    assert status == 422 and problem["field"] == "position.view", problem


# --- over HTTP, on gunicorn ----------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["sce2", "classic/4"])
def test_apply_over_http_answers_the_same_common_fields(served: str, game: str) -> None:
    status, answer, _ = call("POST", f"{served}/v1/apply", APPLIED[game])
    assert status == 200 and has_common_fields(answer, COMMON_STATE), answer
    assert has_common_fields(answer["fair_hint"], COMMON_FAIR)


@pytest.mark.parametrize("position", [HIDDEN_HANDS[0], CLASSIC], ids=["sce2", "classic/4"])
def test_fair_hint_over_http_answers_the_same_common_fields(served: str, position: str) -> None:
    status, answer, _ = call("POST", f"{served}/v1/fair-hint", {"position": view_of(position), "samples": 3,
                                                                 "depth": 2})
    assert status == 200 and has_common_fields(answer, COMMON_FAIR) and answer["depth"] == 2, answer


@pytest.mark.parametrize("position", [HIDDEN_HANDS[0], CLASSIC], ids=["sce2", "classic/4"])
def test_a_fair_bot_over_http_answers_from_the_view(served: str, position: str) -> None:
    asked = {"bot": "fair:depth=2,samples=4", "seed": 5}
    status, viewed, _ = call("POST", f"{served}/v1/bot-move", {"position": view_of(position), **asked})
    _, whole, _ = call("POST", f"{served}/v1/bot-move", {"position": position, **asked})
    assert status == 200 and has_common_fields(viewed, COMMON_BOT) and viewed["move"] == whole["move"], viewed
    status, problem, _ = call("POST", f"{served}/v1/bot-move", {"position": view_of(position), "bot": "solver:depth=2"})
    assert (status, problem["field"]) == (422, "position")
