"""POST /v1/rollout: every move played out by a bot, game i of every move with the same
luck; the games limit, the deadline within the request budget, the lane it runs in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from eights.answers.service import EXTENSION
from eights.solver import Solver
from tests.api_examples import FINISHED, MIDGAME

# Past the deadline, at most the action under way: far less than the games or a depth-30 search would
# take, with room for a machine whose other core runs another test (pytest-xdist).
OVERRUN_MS = 1500


def post(client: FlaskClient, **body: Any) -> tuple[int, Any]:
    response = client.post("/v1/rollout", json={"position": MIDGAME, **body})
    return response.status_code, response.get_json()


def test_every_move_gets_its_mean_interval_and_difference_from_the_best(client: FlaskClient) -> None:
    status, answer = post(client, games=6, bot="heuristic")
    assert status == 200 and answer["side"] == "EW" and answer["bot"] == "heuristic"
    assert (answer["games"], answer["played"], answer["complete"]) == (6, 6, True)
    assert sorted(move["move"] for move in answer["moves"]) == ["draw", "play JC"]
    best, other = answer["moves"]
    assert answer["best"] == best["move"] and best["difference"] is None and best["games"] == 6
    assert best["ci95"][0] <= best["mean"] <= best["ci95"][1]
    assert other["difference"]["mean"] == pytest.approx(best["mean"] - other["mean"], abs=1e-5)


def test_the_same_request_gives_the_same_rollout(client: FlaskClient) -> None:
    answers = [post(client, games=4, bot="solver:depth=1", seed=7)[1] for _ in range(2)]
    assert [answer.pop("time_ms") > 0 for answer in answers] == [True, True]
    assert answers[0] == answers[1]


def test_only_the_moves_asked_for_are_rolled_out(client: FlaskClient) -> None:
    status, answer = post(client, games=3, bot="random", moves=[{"action": "draw"}])
    assert status == 200 and [move["move"] for move in answer["moves"]] == ["draw"]


def test_an_illegal_root_move_is_refused_naming_it(client: FlaskClient) -> None:
    status, answer = post(client, games=3, moves=["draw", "play 5H"])
    assert status == 422 and answer["code"] == "illegal-move" and answer["field"] == "moves[1]"


def test_games_over_the_limit_are_refused(make_app: Callable[..., Flask]) -> None:
    status, answer = post(make_app(EIGHTS_MAX_ROLLOUT_GAMES=5).test_client(), games=6)
    assert status == 422 and answer["limit"] == "EIGHTS_MAX_ROLLOUT_GAMES" and answer["field"] == "games"


def test_a_time_over_the_request_budget_is_refused_up_front(make_app: Callable[..., Flask]) -> None:
    status, answer = post(make_app(EIGHTS_MAX_REQUEST_MS=1000).test_client(), games=3, time_ms=1001)
    assert status == 422 and answer["limit"] == "EIGHTS_MAX_REQUEST_MS" and answer["field"] == "time_ms"


def test_a_bot_over_the_time_limit_is_refused(client: FlaskClient) -> None:
    status, answer = post(client, games=3, bot="solver:time=60000")
    assert status == 422 and answer["limit"] == "EIGHTS_MAX_TIME_MS" and answer["field"] == "bot"


def test_a_rollout_stops_at_its_deadline_with_the_games_played(client: FlaskClient) -> None:
    status, answer = post(client, games=1000, bot="heuristic", time_ms=300)
    assert status == 200 and not answer["complete"] and 0 < answer["played"] < 1000
    assert answer["time_ms"] < 300 + OVERRUN_MS  # stopped before an action, not after the games


def test_a_bot_asked_by_depth_alone_stops_at_the_deadline(client: FlaskClient) -> None:
    status, answer = post(client, games=1, bot="solver:depth=30", time_ms=300)
    assert status == 200 and not answer["complete"] and answer["time_ms"] < 300 + OVERRUN_MS


def test_each_move_of_a_bot_searches_within_the_time_limit(make_app: Callable[..., Flask],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    times: list[float | None] = []
    rank = Solver.rank

    def spy(self: Solver, position: Any, **kwargs: Any) -> Any:
        times.append(kwargs["time_ms"])
        return rank(self, position, **kwargs)
    monkeypatch.setattr(Solver, "rank", spy)
    status, _ = post(make_app(EIGHTS_MAX_TIME_MS=7).test_client(), games=2, bot="solver:depth=2")
    assert status == 200 and times and all(time_ms is not None and 1 <= time_ms <= 7 for time_ms in times)


def test_a_bot_with_a_table_larger_than_the_services_is_refused(client: FlaskClient) -> None:
    status, answer = post(client, games=1, bot="solver:depth=2,tt=4096")
    assert status == 422 and answer["limit"] == "EIGHTS_TT_MB" and answer["field"] == "bot"


def test_a_deadline_before_one_game_of_each_move_gives_no_games(client: FlaskClient) -> None:
    status, answer = post(client, games=10, bot="solver:depth=3", time_ms=1)
    assert status == 200 and (answer["played"], answer["complete"], answer["best"], answer["moves"]) == (
        0, False, None, [])


def test_a_rollout_waits_for_a_place_in_its_lane(app: Flask) -> None:
    service = app.extensions[EXTENSION]
    with service.lanes.solver(service.settings.max_request_ms):
        status, answer = post(app.test_client(), games=2, bot="heuristic")
    assert status == 503 and answer["code"] == "overloaded"


def test_a_finished_deal_or_a_view_is_refused(client: FlaskClient) -> None:
    assert post(client, position=FINISHED)[1]["field"] == "position"
    assert post(client, position=MIDGAME + " view:W")[1]["field"] == "position.view"
