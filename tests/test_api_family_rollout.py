"""POST /v1/rollout of a family position (``rules``): every root move played out by a family
bot in every seat, each seat's mean payoff with its interval; the errors naming the field;
the deadline; sce2's requests unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from eights.answers.hint.schemas import FAMILY_EXAMPLES
from eights.engine.family import compact_family, deal, parse_rules
from eights.play.family import searching
from eights.solver.family_native import solve
from tests.api_examples import MIDGAME
from tests.test_api_jobs import CLUSTER_START_S, finished

CLASSIC4 = FAMILY_EXAMPLES["classic/4"]["position"]  # rules:classic/4 ..., seat 0 to play 5H or draw
LAYOUT6 = FAMILY_EXAMPLES["layout/6"]["position"]
OVERRUN_MS = 1500  # past the deadline, at most the action under way


def post(client: FlaskClient, **body: Any) -> tuple[int, Any]:
    response = client.post("/v1/rollout", json=body)
    return response.status_code, response.get_json()


def test_a_classic4_position_gives_each_seats_mean_payoff_per_move(client: FlaskClient) -> None:
    status, answer = post(client, position=CLASSIC4, games=8, bot="heuristic", seed=3)
    assert status == 200, answer
    assert (answer["rules"], answer["mover"], answer["bot"]) == ("classic/4", 0, "heuristic")
    assert (answer["games"], answer["played"], answer["complete"]) == (8, 8, True)
    assert sorted(move["move"] for move in answer["moves"]) == ["draw", "play 5H"]
    best, other = answer["moves"]
    assert answer["best"] == best["move"] and best["difference"] is None and best["mean"] >= other["mean"]
    for move in answer["moves"]:
        assert len(move["values"]) == len(move["values_ci95"]) == 4
        assert move["values"][0] == move["mean"]  # the mover's own payoff orders the moves
        assert all(low <= mean <= high for mean, (low, high) in zip(move["values"], move["values_ci95"]))
        assert abs(sum(move["values"])) < 1e-6  # classic is zero-sum: every game's payoffs sum to 0
    assert "side" not in answer


def test_a_layout6_position_read_with_the_rules_field(client: FlaskClient) -> None:
    bare = LAYOUT6.replace("rules:layout/6 ", "")
    status, answer = post(client, position=bare, rules="layout/6", games=3, bot="random")
    assert status == 200, answer
    assert answer["rules"] == "layout/6" and answer["mover"] == 1 and answer["position"].startswith("rules:layout/6")
    assert sorted(move["move"] for move in answer["moves"]) == ["play 6S on 6C", "play 6S on 6H"]
    assert all(len(move["values"]) == 6 for move in answer["moves"])


def test_the_same_request_gives_the_same_rollout_and_moves_share_their_luck(client: FlaskClient) -> None:
    body = {"position": CLASSIC4, "games": 4, "bot": "solver:depth=2", "seed": 5}
    answers = [post(client, **body)[1] for _ in range(2)]
    assert [answer.pop("time_ms") > 0 for answer in answers] == [True, True]
    assert answers[0] == answers[1]
    only = post(client, **body, moves=[{"action": "draw"}])[1]  # a move in its JSON form too
    drawn = next(move for move in answers[0]["moves"] if move["move"] == "draw")
    assert only["moves"][0]["values"] == drawn["values"]  # game i of a move does not depend on the other moves


def test_the_default_bot_is_the_familys(client: FlaskClient) -> None:
    status, answer = post(client, position=CLASSIC4, games=2)
    assert status == 200 and answer["bot"] == "heuristic"


def test_a_fair_bot_plays_too(client: FlaskClient) -> None:
    status, answer = post(client, position=CLASSIC4, games=2, bot="fair:depth=1,samples=2")
    assert status == 200 and answer["bot"] == "fair:depth=1,samples=2" and answer["played"] == 2


def problem(client: FlaskClient, **body: Any) -> tuple[int, str | None, str]:
    status, answer = post(client, **body)
    return status, answer.get("field"), answer.get("detail", "")


def test_errors_name_their_field(client: FlaskClient) -> None:
    assert problem(client, position=CLASSIC4, rules="classic/9")[:2] == (422, "rules.players")
    assert problem(client, position=CLASSIC4, rules="nonsuch")[:2] == (422, "rules.preset")
    assert problem(client, position=CLASSIC4, rules="layout/6")[:2] == (422, "rules")  # a position of another game
    status, field, detail = problem(client, position=CLASSIC4, moves=["draw", "play 9C"])
    assert (status, field) == (422, "moves[1]") and "not legal" in detail
    assert problem(client, position=CLASSIC4, moves=["draw", "draw"])[:2] == (422, "moves[1]")
    assert problem(client, position=CLASSIC4, moves=["play nonsense"])[:2] == (422, "moves[0].card")
    assert problem(client, position=CLASSIC4, bot="solver:depth=2,tt=4")[:2] == (422, "bot")  # sce2's option only
    assert problem(client, position=CLASSIC4, bot="solver:depth=999")[:2] == (422, "bot")
    assert problem(client, position=CLASSIC4, bot="fair:depth=1,samples=100000")[:2] == (422, "bot")
    over = "rules:classic/2 0:... 1:K... up:7C turn:1"
    assert problem(client, position=over)[:2] == (422, "position")


# Both hands hold every card but 8s, which go round through openspiel's reshuffles (neither capped
# nor counted, RULES-FAMILY "Every deal ends"), up to max_turns=10000: the bots end no game in 5000
# events. (classic's and sce's deals all end: at most two reshuffles a deal.)
ENDLESS = ("rules:openspiel/2,max_turns=10000,reshuffle=yes 0:953..AT96.AKQJT9765432 1:AKQJT7642.AKQJT9765432.KQJ75432. "
           "up:8S/C turn:1 dir:cw draw:0 stock:..8.8")


def test_a_game_the_bots_never_end_is_refused_naming_the_bot(client: FlaskClient) -> None:
    status, field, detail = problem(client, position=ENDLESS, games=2, bot="heuristic")
    assert (status, field) == (422, "bot") and "no end after 5000 events" in detail


def test_a_bad_ruleset_is_a_problem_json(client: FlaskClient) -> None:
    response = client.post("/v1/rollout", json={"position": CLASSIC4, "rules": "classic/0"})
    assert response.status_code == 422 and response.mimetype == "application/problem+json"


def test_a_family_rollout_stops_at_its_deadline(client: FlaskClient) -> None:
    position = compact_family(deal(parse_rules("classic/4"), 11, dealer=0))
    status, answer = post(client, position=position, games=1000, bot="solver:depth=30", time_ms=300)
    assert status == 200 and not answer["complete"] and answer["time_ms"] < 300 + OVERRUN_MS


def test_each_move_of_a_family_bot_searches_within_the_time_limit(make_app: Callable[..., Flask],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_app(EIGHTS_MAX_TIME_MS=7).test_client()
    status, answer = post(client, position=CLASSIC4, games=2, bot="solver:time=8")
    assert (status, answer["field"], answer["limit"]) == (422, "bot", "EIGHTS_MAX_TIME_MS")
    times: list[float | None] = []

    def spy(position: Any, **kwargs: Any) -> Any:
        times.append(kwargs["time_ms"])
        return solve(position, **kwargs)
    monkeypatch.setattr(searching, "solve", spy)
    status, answer = post(client, position=CLASSIC4, games=1, bot="solver:depth=20", time_ms=1000)
    assert status == 200 and times and all(time_ms is not None and 0 < time_ms <= 7 for time_ms in times)


def test_sce2_requests_keep_their_fields_in_the_one_shape(client: FlaskClient) -> None:
    status, answer = post(client, position=MIDGAME, games=2, bot="random")
    assert status == 200 and answer["side"] == "EW" and "rules" not in answer and "mover" not in answer
    assert (answer["player_names"], answer["to_act"]) == (["NS", "EW"], 1)
    assert all(move["values"] == [-move["mean"], move["mean"]] for move in answer["moves"])
    family = post(client, position=CLASSIC4, games=2, bot="random")[1]
    common = set(answer) - {"side"}
    assert common == set(family) - {"rules", "mover"} and set(answer["moves"][0]) == set(family["moves"][0])
    status, answer = post(client, position=MIDGAME, rules="sce2", games=2, bot="random")
    assert status == 200 and answer["side"] == "EW"


def test_a_family_rollout_job_answers_as_the_endpoint(client: FlaskClient) -> None:
    body = {"position": CLASSIC4, "games": 3, "bot": "random", "seed": 2}
    answer = post(client, **body)[1]
    accepted = client.post("/v1/jobs", json={"kind": "rollout", **body})
    job = finished(client, accepted.headers["Location"], CLUSTER_START_S)
    assert job["state"] == "done", job
    result = job["result"]
    assert [result.pop("time_ms"), answer.pop("time_ms")] and result == answer and result["rules"] == "classic/4"
