"""Issue #40, 5: the fair hint and the fair bot play a deal for the game around it. A view
may carry its game context (``deal:12 lead:60 cube:2/NS``, docs/rules/game.md) and is then
played for ``game`` unless ``play_for`` (``--play-for``, the bot's ``play_for=``) says
otherwise; ``points`` answers exactly as without the context. Over HTTP (the Flask test client
and a real gunicorn), on the command line and in a whole game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.play.bots.fair_bot import FairBot
from eights.play.bots.spec import BotSpec
from tests.cli_support import run
from tests.processes import call, gunicorn

VIEW = "N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W view:W"
CONTEXT = "deal:12 lead:60 cube:2/NS"
SMALL = {"samples": 4, "depth": 2}


def fair_hint(client: FlaskClient, **body: Any) -> tuple[int, dict[str, Any]]:
    response = client.post("/v1/fair-hint", json={**SMALL, **body})
    return response.status_code, response.get_json()


def without_time(answer: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in answer.items() if key != "time_ms"}


def test_a_view_played_for_the_points_answers_as_without_its_context(client: FlaskClient) -> None:
    _, alone = fair_hint(client, position=VIEW)
    status, points = fair_hint(client, position=f"{VIEW} {CONTEXT}", play_for="points")
    assert status == 200 and without_time(points) == without_time(alone) and "play_for" not in points


@pytest.mark.parametrize("body", [{}, {"time_ms": 40}])
def test_a_view_with_its_context_is_played_for_the_game(client: FlaskClient, body: dict[str, Any]) -> None:
    """By depth (each sample alone) and deepened together within a time."""
    status, answer = fair_hint(client, position=f"{VIEW} {CONTEXT}", **body)
    assert status == 200 and answer["play_for"] == "game" and answer["side"] == "EW"
    assert all(0 <= move["value"] <= 1 for move in answer["moves"])
    assert answer["values"] == [answer["value_ns"], pytest.approx(1 - answer["value_ns"])]


def test_a_json_view_carries_its_context_as_the_compact_one(client: FlaskClient) -> None:
    view = {"hands": {"N": "K43.5.K82.", "E": "6.KT74.J.76", "S": 8, "W": "T.AJ.AQ97.J"}, "upcard": "8S",
            "called": "C", "turn": "W", "view": "W", "deal_number": 12, "lead": 60, "cube": 2, "cube_owner": "NS"}
    _, compact = fair_hint(client, position=f"{VIEW} {CONTEXT}")
    status, answer = fair_hint(client, position=view)
    assert status == 200 and without_time(answer) == without_time(compact)


def test_a_view_played_for_the_series_says_so(client: FlaskClient) -> None:
    status, answer = fair_hint(client, position=f"{VIEW} {CONTEXT}", play_for="series")
    assert status == 200 and answer["play_for"] == "series" and answer["values"][0] == -answer["values"][1]


@pytest.mark.parametrize(("body", "field"), [
    ({"position": f"{VIEW} {CONTEXT}", "play_for": "match"}, "play_for"),
    ({"position": VIEW, "play_for": "game"}, "play_for"),
    ({"position": f"{VIEW} deal:16"}, "position.deal"),
])
def test_a_bad_play_for_is_refused_naming_the_field(client: FlaskClient, body: dict[str, Any], field: str) -> None:
    status, answer = fair_hint(client, **body)
    assert status == 422 and answer["field"] == field


def test_gunicorn_fair_hint_plays_for_the_game() -> None:
    with gunicorn(workers=1) as url:
        game = call("POST", f"{url}/v1/fair-hint", {"position": f"{VIEW} {CONTEXT}", **SMALL})
        bad = call("POST", f"{url}/v1/fair-hint", {"position": VIEW, "play_for": "game", **SMALL})
    assert game[0] == 200 and game[1]["play_for"] == "game" and 0 <= game[1]["value"] <= 1
    assert bad[0] == 422 and bad[1]["field"] == "play_for"


def test_the_command_line_hint_of_a_view_plays_for_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["--depth", "2", "--samples", "4", "--json"]
    _, alone, _ = run(capsys, "hint", VIEW, *flags)
    _, points, _ = run(capsys, "hint", f"{VIEW} {CONTEXT}", *flags, "--play-for", "points")
    status, game, _ = run(capsys, "hint", f"{VIEW} {CONTEXT}", *flags)
    assert without_time(json.loads(points)) == without_time(json.loads(alone))
    assert status == 0 and json.loads(game)["play_for"] == "game" and 0 <= json.loads(game)["value"] <= 1
    _, text, _ = run(capsys, "hint", f"{VIEW} {CONTEXT}", "--depth", "2", "--samples", "4")
    assert text.splitlines()[0].endswith("the side to act, for the game")


@pytest.mark.parametrize(("argv", "problem"), [
    ([VIEW, "--play-for", "game"], "--play-for: a deal is played for the game only in a game"),
    ([f"{VIEW} deal:16"], "deal: must be a deal number from 1 to 15"),
])
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], problem: str) -> None:
    status, out, err = run(capsys, "hint", *argv, "--depth", "1", "--samples", "2")
    assert status == 2 and out == "" and problem in err and err.count("\n") == 1


def test_the_fair_bot_takes_play_for_in_its_spec() -> None:
    bot = FairBot.from_spec(BotSpec.parse("fair:depth=2,samples=4,play_for=game"))
    assert (bot.play_for, bot.spec) == ("game", "fair:depth=2,samples=4,play_for=game")


def test_a_whole_game_plays_the_fair_bot_for_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "match", "--series", "--a", "fair:depth=1,samples=2", "--b", "heuristic",
                         "--matches", "1")
    assert status == 0 and "each deal played for    A the game, B the points" in out
