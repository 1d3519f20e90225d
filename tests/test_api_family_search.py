"""Issue #32, item 1 (first part): /v1/solve and /v1/hint answer a position of every game of the
family, named by a ``rules`` field or the position's own ``rules:`` word, with values per
player (max-n) or one player's guaranteed value (paranoid); problem+json naming the field for
what does not fit; the caches, the process's and Redis's, key on the ruleset. sce2's requests
are answered as before (tests/test_api*.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.answers.common.fields import EXAMPLE_POSITION
from eights.api import create_app
from eights.engine.family import deal, parse_family, parse_rules
from eights.engine.family.notation import compact_family
from eights.games import find_game
from eights.solver import Solver
from tests.processes import call, gunicorn, redis_server

ENDING = "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 stock:..A."
LAYOUT = compact_family(deal(parse_rules("layout/6"), seed=1))


@pytest.fixture(scope="module")
def client() -> Iterator[FlaskClient]:
    yield create_app().test_client()


def post(client: FlaskClient, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    answer = client.post(path, json=body)
    return answer.status_code, answer.get_json()


@pytest.mark.parametrize("path", ["/v1/solve", "/v1/hint"])
def test_a_classic_4_position_gets_every_seats_values_as_the_solver_gives_them(client: FlaskClient, path: str) -> None:
    status, answer = post(client, path, {"position": ENDING, "depth": 2, "evaluation": "material"})
    expected = Solver().solve(parse_family(ENDING), depth=2, evaluation="material")
    assert status == 200 and answer["rules"] == "classic/4" and answer["objective"] == "maxn"
    assert answer["mode"] == "expectimax" and answer["mover"] == 0 and answer["player"] == 0
    assert answer["best"] == "play 5H" and answer["values"] == [90.0, -13.0, -60.0, -17.0]
    assert [(move["move"], move["values"]) for move in answer["moves"]] == [
        (move.move.notation(), list(move.values)) for move in expected.moves]
    assert answer["position"].startswith("rules:classic/4 ")
    assert answer["evaluation"] == "material"


@pytest.mark.parametrize("position, evaluation", [(ENDING, "playouts"), (EXAMPLE_POSITION, "trained")])
def test_a_hint_names_the_evaluation_it_searched_with(client: FlaskClient, position: str, evaluation: str) -> None:
    """By time alone a family hint spends its time on playouts, sce2's on its trained model."""
    status, answer = post(client, "/v1/hint", {"position": position})
    assert status == 200 and answer["evaluation"] == evaluation, answer


def test_the_rules_field_names_the_game_of_a_position_without_its_rules_word(client: FlaskClient) -> None:
    bare = ENDING.replace("rules:classic/4 ", "")
    status, answer = post(client, "/v1/solve", {"position": bare, "rules": "classic/4", "depth": 2})
    assert status == 200 and answer["evaluation"] == "trained"  # the family's default (#39)
    assert answer["values"] == pytest.approx(Solver().solve(parse_family(ENDING), depth=2).values, abs=1e-3)
    as_json = {"hands": ["K.5..", "..9.3", "Q.8..", ".J..7"], "upcard": "5C", "turn": 0, "stock": "..A."}
    status, answer = post(client, "/v1/solve", {"position": as_json, "rules": "classic/4", "depth": 2})
    assert status == 200 and answer["best"] == "play 5H"


def test_paranoid_gives_the_named_players_guaranteed_value(client: FlaskClient) -> None:
    status, answer = post(client, "/v1/solve", {"position": ENDING, "depth": 2, "objective": "paranoid", "player": 2,
                                                "evaluation": "material"})
    assert status == 200 and answer["objective"] == "paranoid" and answer["player"] == 2 and answer["value"] == -60.0
    assert answer["values"] is None  # four players: paranoid is one player's value


def test_a_layout_6_deal_is_solved_exactly_within_a_hint(client: FlaskClient) -> None:
    status, answer = post(client, "/v1/hint", {"position": LAYOUT})
    assert status == 200 and answer["exact"] and answer["rules"] == "layout/6" and len(answer["values"]) == 6
    assert answer["bounds"][0] == answer["bounds"][1] == answer["value"]


def test_the_cache_keys_on_the_ruleset(client: FlaskClient) -> None:
    body = "0:7... 1:...K up:7C turn:0 stock:.2..2"
    first = [post(client, "/v1/solve", {"position": body, "rules": rules, "depth": 3})[1]
             for rules in ("classic/2", "classic/2,draw=one")]
    assert not first[0]["cached"] and not first[1]["cached"]
    assert [answer["rules"] for answer in first] == ["classic/2", "classic/2,draw=one"]
    again = post(client, "/v1/solve", {"position": body, "rules": "classic/2", "depth": 3})[1]
    assert again["cached"] and again["values"] == first[0]["values"]


@pytest.mark.parametrize(("body", "field", "detail"), [
    ({"position": ENDING, "rules": "classic/3"}, "rules", "rules: classic/3, but the position's rules are classic/4"),
    ({"position": ENDING, "rules": "classic/9"}, "rules.players", "classic takes 2 to 7 players here, not 9"),
    ({"position": ENDING, "rules": "klondike"}, "rules.preset", "unknown preset 'klondike'"),
    ({"position": ENDING, "evaluation": "neural"}, "evaluation", "Must be one of"),
    ({"position": ENDING, "objective": "paranoid", "player": 4}, "player", "player"),
    ({"position": ENDING, "objective": "selfish"}, "objective", "Must be one of"),
    ({"position": ENDING.replace(".J..7", ".JJ..7")}, "position.3", "JH is held 2 times: classic/4 has 1 deck"),
    ({"position": "N:K... E:Q... S:5... W:9... up:5H turn:S", "objective": "maxn"}, "objective",
     "sce2 is two-sided, with no objective or player to choose"),
    ({"position": "N:K... E:Q... S:5... W:9... up:5H turn:S", "rules": "classic/2"}, "position.N", "unknown field"),
])
def test_what_does_not_fit_the_game_is_a_problem_naming_its_field(client: FlaskClient, body: dict[str, Any],
                                                                    field: str, detail: str) -> None:
    status, problem = post(client, "/v1/solve", body)
    assert status in (400, 422), problem
    named = problem.get("field") or next(iter(problem.get("errors", {}).get("json", {})), None)
    assert named == field and detail in str(problem), problem


def test_a_finished_family_deal_has_no_hint(client: FlaskClient) -> None:
    status, problem = post(client, "/v1/hint", {"position": "rules:classic/2 0:- 1:...K up:7C turn:1"})
    assert status == 422 and problem["code"] == "deal-over"


def test_sce2_answers_are_unchanged(client: FlaskClient) -> None:
    status, answer = post(client, "/v1/solve", {"position": "N:K... E:Q... S:5... W:9... up:5H turn:S", "depth": 2})
    assert status == 200 and answer["evaluation"] == "trained" and answer["side"] == "NS" and "rules" not in answer
    status, answer = post(client, "/v1/solve", {"position": "rules:sce2 N:K... E:Q... S:5... W:9... up:5H turn:S",
                                                "rules": "sce2", "depth": 2})
    assert status == 200 and answer["best"] == "play 5S"


def test_a_family_solution_in_redis_is_answered_cached_digit_for_digit() -> None:
    request = {"position": ENDING, "depth": 3}
    with redis_server() as (redis_url, _), gunicorn(workers=1, redis_url=redis_url) as url:
        status, first, _ = call("POST", f"{url}/v1/solve", request)
        assert status == 200 and not first["cached"]
        with gunicorn(workers=1, redis_url=redis_url) as other:  # another process: only Redis is shared
            status, again, _ = call("POST", f"{other}/v1/solve", request)
    assert status == 200 and again["cached"]
    assert {key: value for key, value in again.items() if key not in ("cached", "time_ms")} == {
        key: value for key, value in first.items() if key not in ("cached", "time_ms")}


def test_moves_lists_a_family_positions_legal_moves_and_state(client: FlaskClient) -> None:
    bare = ENDING.replace("rules:classic/4 ", "")
    status, state = post(client, "/v1/moves", {"position": bare, "rules": "classic/4"})
    assert status == 200 and state["players"] == 4 and state["turn"] == "0" and not state["over"]
    assert [move["move"] for move in state["moves"]] == ["play 5H", "draw"]
    assert parse_family(state["position"]) == parse_family(ENDING)
    status, problem = post(client, "/v1/moves", {"position": "rules:classic/2 0:- 1:...K up:7C turn:1"})
    assert status == 422 and problem["code"] == "deal-over"


def test_batch_solves_positions_of_the_game_rules_names(client: FlaskClient) -> None:
    bare = ENDING.replace("rules:classic/4 ", "")
    status, answer = post(client, "/v1/batch", {"positions": [bare, ENDING], "rules": "classic/4", "depth": 2,
                                                "evaluation": "material"})
    assert status == 200 and answer["unique"] == 1
    assert [result["values"] for result in answer["results"]] == [[90.0, -13.0, -60.0, -17.0]] * 2



def test_a_batch_of_several_games_searches_each_with_its_own_defaults(client: FlaskClient) -> None:
    sce2 = "N:K... E:Q... S:5... W:9... up:5H turn:S"
    status, answer = post(client, "/v1/batch", {"positions": [ENDING, sce2], "depth": 2})
    assert status == 200 and [result.get("rules") for result in answer["results"]] == ["classic/4", None]
    assert [result["evaluation"] for result in answer["results"]] == [find_game("classic/4").evaluation,
                                                                      find_game("sce2").evaluation]
    assert answer["results"][0]["objective"] == "maxn" and "objective" not in answer["results"][1]
    status, problem = post(client, "/v1/batch", {"positions": [ENDING, sce2], "depth": 2, "objective": "paranoid"})
    assert status == 422 and problem["field"] == "objective" and "sce2 is two-sided" in problem["detail"]


def test_a_cluster_piece_solves_a_family_position_as_the_service_does() -> None:
    from eights.cluster import pieces

    found = pieces.solve(ENDING, 2, 1000, "expectimax", "material", 16, "paranoid", 2)
    assert found.rules == "classic/4" and found.mode == "paranoid" and found.player == 2 and found.value == -60.0


def test_a_batch_job_of_family_positions_gives_the_batch_answer(client: FlaskClient) -> None:
    request = {"positions": [LAYOUT, ENDING.replace("classic/4", "classic/4,draw=one")], "depth": 3}
    with gunicorn(workers=1) as url:  # the service's embedded cluster searches what no cache holds
        status, accepted, headers = call("POST", f"{url}/v1/jobs", {"kind": "batch", **request})
        assert status == 202, accepted
        deadline = time.monotonic() + 120
        while (job := call("GET", f"{url}{headers['Location']}")[1])["state"] in ("queued", "running"):
            assert time.monotonic() < deadline, job
            time.sleep(0.2)
        expected = call("POST", f"{url}/v1/batch", request)[1]
    assert job["state"] == "done", job
    assert [result["values"] for result in job["result"]["results"]] == [
        result["values"] for result in expected["results"]]
    assert [result["rules"] for result in job["result"]["results"]] == ["layout/6", "classic/4,draw=one"]
