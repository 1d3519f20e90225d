"""Issue #40, 5: /v1/bot-move plays a position with its game context for the game, as /v1/hint
does (``play_for``: ``game`` by default with a context, ``points`` exactly as without one), the
solver and fair bots; the random and heuristic bots play for the points and are refused game or
series, naming ``play_for``; on a real server too."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests import test_family_play_for as classic2
from tests.processes import call, gunicorn
from tests.test_play_for_interfaces import CONTEXT, POSITION, expected

SOLVER = "solver:depth=3"


def bot_move(client: FlaskClient, **body: Any) -> tuple[int, dict[str, Any]]:
    response = client.post("/v1/bot-move", json=body)
    return response.status_code, response.get_json()


def best_of(values: dict[str, float]) -> float:
    return max(values.values())


@pytest.mark.parametrize("play_for", ["game", "series"])
def test_a_solver_bot_plays_a_position_with_its_context_for_the_game(client: FlaskClient, play_for: str) -> None:
    asked = {} if play_for == "game" else {"play_for": play_for}
    status, answer = bot_move(client, position=f"{POSITION} {CONTEXT}", bot=SOLVER, **asked)
    values = expected(play_for)
    assert status == 200 and answer["play_for"] == play_for
    assert answer["value"] == best_of(values) and values[answer["move"]] == answer["value"]
    assert answer["side"] == "EW" and answer["values"][1] == answer["value"]
    assert sum(answer["values"]) == pytest.approx(1.0 if play_for == "game" else 0.0)


@pytest.mark.parametrize("asked", [{"play_for": "points"}, {"bot": "solver:depth=3,play_for=points"}])
def test_played_for_points_a_position_with_context_is_played_as_without(client: FlaskClient,
                                                                           asked: dict[str, str]) -> None:
    _, alone = bot_move(client, position=POSITION, bot=SOLVER)
    status, answer = bot_move(client, **{"position": f"{POSITION} {CONTEXT}", "bot": SOLVER, **asked})
    assert status == 200 and "play_for" not in answer and "play_for" not in alone
    assert (answer["move"], answer["value"], answer["values"]) == (alone["move"], alone["value"], alone["values"])


def test_a_classic2_solver_bot_plays_a_position_with_its_totals_for_the_game(client: FlaskClient) -> None:
    status, answer = bot_move(client, position=f"{classic2.POSITION} {classic2.CONTEXT}", bot=SOLVER)
    values = classic2.expected((90, 50), must_play=True)  # the bots search classic under must_play
    assert status == 200 and answer["play_for"] == "game" and answer["player"] == 1
    assert answer["value"] == best_of(values) and values[answer["move"]] == answer["value"]
    assert sum(answer["values"]) == pytest.approx(1.0)


def test_the_fair_bot_plays_a_position_with_its_context_for_the_game(client: FlaskClient) -> None:
    _, alone = bot_move(client, position=POSITION, bot="fair:depth=1,samples=2", seed=4)
    _, points = bot_move(client, position=f"{POSITION} {CONTEXT}", bot="fair:depth=1,samples=2", seed=4,
                         play_for="points")
    status, answer = bot_move(client, position=f"{POSITION} {CONTEXT}", bot="fair:depth=1,samples=2", seed=4)
    assert points == alone and "play_for" not in points
    assert status == 200 and answer["play_for"] == "game" and 0 <= answer["value"] <= 1


@pytest.mark.parametrize(("body", "field"), [
    ({"position": f"{POSITION} {CONTEXT}", "bot": SOLVER, "play_for": "match"}, "play_for"),
    ({"position": POSITION, "bot": SOLVER, "play_for": "game"}, "play_for"),
    ({"position": POSITION, "bot": "fair:depth=1,samples=2", "play_for": "game"}, "play_for"),
    ({"position": POSITION, "against": "person", "play_for": "series"}, "play_for"),
    ({"position": f"{POSITION} {CONTEXT}", "bot": "heuristic", "play_for": "game"}, "play_for"),
    ({"position": f"{POSITION} deal:16", "bot": SOLVER}, "position.deal"),
    ({"position": f"{classic2.POSITION} {classic2.CONTEXT}", "bot": "solver:depth=2,mode=paranoid"}, "play_for"),
])
def test_bot_move_refuses_bad_play_for_naming_the_field(client: FlaskClient, body: dict[str, Any], field: str) -> None:
    status, answer = bot_move(client, **body)
    assert status == 422 and answer["field"] == field


def test_gunicorn_bot_move_plays_for_the_game() -> None:
    """On a real server: the solver bot's move in a game context, for the game by default and
    for the points when asked, and a bad play_for a problem naming it."""
    with gunicorn(workers=1) as url:
        game = call("POST", f"{url}/v1/bot-move", {"position": f"{POSITION} {CONTEXT}", "bot": SOLVER, "play": True})
        points = call("POST", f"{url}/v1/bot-move", {"position": f"{POSITION} {CONTEXT}", "bot": SOLVER,
                                                     "play_for": "points"})
        alone = call("POST", f"{url}/v1/bot-move", {"position": POSITION, "bot": SOLVER})
        bad = call("POST", f"{url}/v1/bot-move", {"position": f"{POSITION} {CONTEXT}", "bot": SOLVER,
                                                  "play_for": "match"})
    values = expected("game")
    assert game[0] == 200 and game[1]["play_for"] == "game" and values[game[1]["move"]] == best_of(values)
    assert game[1]["played"]["steps"][0]["move"].startswith(game[1]["move"])  # a draw names its cards
    assert points[0] == 200 and "play_for" not in points[1] and points[1]["move"] == alone[1]["move"]
    assert bad[0] == 422 and bad[1]["field"] == "play_for"
