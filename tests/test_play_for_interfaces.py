"""Issue #40, 5: a deal played for the game around it through the command line (``eights hint``
and ``eights solve`` with ``--play-for``, or a position carrying its game context) and the
service (/v1/hint and /v1/solve's ``play_for``): ``game`` by default with a context, the points
exactly as before without, and every bad input a one-line error or a problem naming the field."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from eights.engine.game import GameContext
from eights.engine.notation import parse_position
from eights.play.series.play_for import utility_of_position
from eights.solver import Solver
from tests.cli_support import run
from tests.processes import call, gunicorn

POSITION = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"
CONTEXT = "deal:12 lead:60 cube:2/NS"


def expected(play_for: str) -> dict[str, float]:
    """Each move's value at depth 3 played for ``play_for`` in CONTEXT, from the solver itself."""
    position = parse_position(POSITION)
    utility = utility_of_position(position, GameContext.of(12, lead=60, cube=2, owner=0), play_for)
    solution = Solver(tt_mb=8).solve(position, depth=3, utility=utility)
    return {mv.move.notation(): round(mv.value, 6) for mv in solution.moves}


@pytest.mark.parametrize("endpoint", ["/v1/hint", "/v1/solve"])
def test_a_position_with_its_game_context_is_played_for_the_game(client: FlaskClient, endpoint: str) -> None:
    answer = client.post(endpoint, json={"position": f"{POSITION} {CONTEXT}", "depth": 3}).get_json()
    assert answer["play_for"] == "game" and 0 <= answer["value"] <= 1
    assert answer["values"][0] + answer["values"][1] == pytest.approx(1.0)
    assert {move["move"]: move["value"] for move in answer["moves"]} == expected("game")


@pytest.mark.parametrize("endpoint", ["/v1/hint", "/v1/solve"])
def test_play_for_series_and_points_are_asked_by_the_field(client: FlaskClient, endpoint: str) -> None:
    series = client.post(endpoint, json={"position": f"{POSITION} {CONTEXT}", "depth": 3, "play_for": "series"})
    assert series.get_json()["play_for"] == "series"
    assert {move["move"]: move["value"] for move in series.get_json()["moves"]} == expected("series")
    points = client.post(endpoint, json={"position": f"{POSITION} {CONTEXT}", "depth": 3, "play_for": "points"})
    alone = client.post(endpoint, json={"position": POSITION, "depth": 3})
    assert "play_for" not in points.get_json() and points.get_json()["moves"] == alone.get_json()["moves"]


@pytest.mark.parametrize(("body", "field"), [
    ({"position": POSITION, "play_for": "game"}, "play_for"),
    ({"position": f"{POSITION} {CONTEXT}", "play_for": "match"}, "play_for"),
    ({"position": f"{POSITION} deal:16"}, "position.deal"),
    ({"position": f"{POSITION} deal:3 cube:64/NS"}, "position.cube"),
])
def test_play_for_refuses_bad_input_naming_the_field(client: FlaskClient, body: dict[str, object], field: str) -> None:
    for endpoint in ("/v1/hint", "/v1/solve"):
        answer = client.post(endpoint, json={**body, "depth": 2})
        assert answer.status_code == 422 and answer.get_json()["field"] == field


@pytest.mark.parametrize("command", ["hint", "solve"])
def test_eights_plays_a_position_with_its_context_for_the_game(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out, _ = run(capsys, command, f"{POSITION} {CONTEXT}", "--depth", "3", "--json")
    answer = json.loads(out)
    assert status == 0 and answer["play_for"] == "game"
    assert {move["move"]: move["value"] for move in answer["moves"]} == expected("game")
    status, out, _ = run(capsys, command, f"{POSITION} {CONTEXT}", "--depth", "3", "--play-for", "series")
    assert status == 0 and out.rstrip().endswith("for the series)")


@pytest.mark.parametrize("command", ["hint", "solve"])
def test_eights_plays_for_the_points_as_before(capsys: pytest.CaptureFixture[str], command: str) -> None:
    _, before, _ = run(capsys, command, POSITION, "--depth", "3", "--json")
    _, asked, _ = run(capsys, command, f"{POSITION} {CONTEXT}", "--depth", "3", "--json", "--play-for", "points")
    drop = ("time_ms", "nodes", "table", "cached")
    assert "play_for" not in json.loads(before)
    assert {k: v for k, v in json.loads(before).items() if k not in drop} == \
        {k: v for k, v in json.loads(asked).items() if k not in drop}


@pytest.mark.parametrize(("argv", "message"), [
    ([POSITION, "--play-for", "game"], "eights: --play-for: a deal is played for the game only in a game"),
    ([f"{POSITION} deal:16"], "eights: deal: must be a deal number from 1 to 15"),
    ([f"{POSITION} {CONTEXT}", "--play-for", "match"], "eights: argument --play-for: invalid choice: 'match'"),
])
def test_eights_play_for_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                       message: str) -> None:
    for command in ("hint", "solve"):
        status, out, err = run(capsys, command, *argv, "--depth", "2")
        assert status == 2 and out == "" and err.startswith(message) and err.count("\n") == 1


def test_gunicorn_plays_for_the_game_and_caches_each_apart() -> None:
    """On a real server: the same deal for its points, then for the game, then for the game
    again (cached), then in another game context: the cache keys on what the deal is played for."""
    with gunicorn(workers=1) as url:
        def hint(body: dict[str, object]) -> dict[str, object]:
            status, answer, _ = call("POST", f"{url}/v1/hint", {**body, "depth": 3})
            assert status == 200
            return dict(answer)

        points = hint({"position": POSITION})
        game = hint({"position": f"{POSITION} {CONTEXT}"})
        again = hint({"position": f"{POSITION} {CONTEXT}"})
        other = hint({"position": f"{POSITION} deal:12 lead:-60"})
    assert "play_for" not in points and not points["cached"]
    assert game["play_for"] == "game" and not game["cached"] and again["cached"]
    assert {move["move"]: move["value"] for move in game["moves"]} == expected("game")  # type: ignore[union-attr]
    assert not other["cached"] and other["value"] != game["value"]
