"""Issue #40, item 6: POST /v1/game-analysis on the service under gunicorn: a whole game's record
in (sce2's match record with its cube_actions, classic/2's), its cube, resignation and move
errors and each player's rating out; bad input a problem naming the field."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from eights.play.series.review import analyse_game
from tests.processes import call, gunicorn
from tests.test_series_games import Always, bots_game


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    """The service under gunicorn (one worker); its URL."""
    with gunicorn(workers=1) as url:
        yield url


def post(url: str, body: Any) -> tuple[int | None, Any]:
    status, answer, _ = call("POST", f"{url}/v1/game-analysis", body)
    return status, answer


def test_a_game_with_a_wrong_take_is_analysed_as_the_library_analyses_it(served: str) -> None:
    played = bots_game("sce2", 1, (Always(double=True), Always(take=True)))
    status, answer = post(served, {"record": played.record(), "depth": 2})
    assert status == 200 and answer == analyse_game(played, depth=2).to_json()
    kinds = {decision["error_kind"] for decision in answer["cube_decisions"]}
    assert kinds & {"wrong double", "wrong take"}
    assert {"rating", "plays_like", "error_rate", "cube_error"} <= set(answer["summary"][0])


def test_a_classic_2_game_to_100_points_is_analysed_without_a_cube(served: str) -> None:
    status, answer = post(served, {"record": bots_game("classic/2", 1).record(), "depth": 1})
    assert status == 200 and answer["game"] == "classic/2" and answer["cube_decisions"] == []
    assert answer["summary"][0]["rating"] in ("Awful!", "Beginner", "World class")  # classic/2's ladder: 2 rungs
    assert answer["summary"][0]["plays_like"] in ("random", "solver:depth=3")


@pytest.mark.parametrize(("body", "field"), [
    ({"record": [], "depth": 2}, "record"),
    ({"record": {"deals": []}, "rules": "classic/3"}, "rules"),
    ({"depth": 2}, "record"),
    ({"record": {}, "depth": 9}, "depth"),
])
def test_bad_input_is_a_problem_naming_the_field(served: str, body: dict[str, Any], field: str) -> None:
    status, answer = post(served, body)
    assert status == 422 and answer["field"] == field


def test_a_record_whose_cube_actions_break_the_rules_names_the_action(served: str) -> None:
    record = bots_game("sce2", 1).record()
    record["cube_actions"][1]["player"] = 0
    status, answer = post(served, {"record": record})
    assert status == 422 and answer["field"] == "record.cube_actions[1]"


def test_game_record_writes_the_record_eights_play_series_writes_from_the_deals_moves(served: str) -> None:
    played = bots_game("sce2", 1, (Always(double=True), Always(take=True)))
    moves = [[step.move for step in deal.steps] for deal in played.deals]
    actions = [action.to_json() for action in played.cube_actions]
    body = {"seed": 1, "players": list(played.players), "deals": moves, "cube_actions": actions}
    status, answer, _ = call("POST", f"{served}/v1/game-record", body)
    assert status == 200 and answer["record"] == played.record() and answer["over"]
    assert answer["next_deal"] is None and answer["payoff"] == played.payoff
    status, answer, _ = call("POST", f"{served}/v1/game-record", {**body, "deals": moves[:1], "cube_actions": []})
    assert status == 200 and answer["next_deal"]["number"] == 2 and not answer["over"]
    under_way = {**body, "deals": moves[:1], "under_way": moves[1][:3], "cube_actions": []}  # at any point
    status, answer, _ = call("POST", f"{served}/v1/game-record", under_way)
    assert status == 200 and answer["next_deal"] is None and answer["record"]["unfinished"]["moves"] == moves[1][:3]
    status, analysed = post(served, {"record": answer["record"], "depth": 1})
    assert status == 200 and analysed["deals"] == 1


@pytest.mark.parametrize(("body", "field"), [
    ({"seed": -1}, "seed"),
    ({"seed": 1, "deals": [["play ZZ"]]}, "deals[0].moves[0]"),
    ({"seed": 1, "deals": [[]]}, "deals[0]"),
    ({"seed": 1, "cube_actions": [{"before_deal": 1, "player": 0, "action": "take"}]}, "cube_actions[0]"),
    ({"seed": 1, "rules": "classic/4"}, "rules"),
])
def test_game_record_bad_input_is_a_problem_naming_the_field(served: str, body: dict[str, Any], field: str) -> None:
    status, answer, _ = call("POST", f"{served}/v1/game-record", body)
    assert status is not None and 400 <= status < 500 and answer["field"] == field
