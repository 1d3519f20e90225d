"""/v1/bot-move's family bots decide as they do everywhere else (``bot.choose``: the command
line, the matches, the benchmarks): under ``must_play=yes`` (to a depth by default, issue
#39), searching classic as if every hand had to play when it can, so over HTTP too they never
draw holding a play; ``must_play=no`` (by time by default) searches the rules as they are."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.engine.family import legal_moves, parse_family
from eights.play.family import make_family_bot

URL = "/v1/bot-move"
# Seat 0 holds 2H, which plays on 4H; seat 1 would go out on 2H with TH, so a search of the
# rules as they are draws here (tests/test_family_bots.py's position).
HOLDING_A_PLAY = "rules:classic/2 0:A6.2.T. 1:.T.. up:4H turn:0 stock:T98532.KQ986.Q962.QT765432 draws:1 plays:23"


def bot_move(client: FlaskClient, **body: Any) -> Any:
    response = client.post(URL, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


@pytest.mark.parametrize("spec", ["solver:depth=3", "solver:time=50,must_play=yes", "fair:depth=2,samples=2",
                                  "fair:time=50,must_play=yes"])
def test_a_searching_bot_over_http_does_not_draw_holding_a_play(client: FlaskClient, spec: str) -> None:
    answer = bot_move(client, position=HOLDING_A_PLAY, bot=spec, seed=1)
    assert answer["move"] == "play 2H"


@pytest.mark.parametrize("spec", ["solver:depth=3,must_play=no", "fair:depth=2,samples=2,must_play=no"])
def test_must_play_no_over_http_searches_the_rules_as_they_are(client: FlaskClient, spec: str) -> None:
    position = parse_family(HOLDING_A_PLAY)
    bot = make_family_bot(spec)
    bot.new_game(1)
    assert bot_move(client, position=HOLDING_A_PLAY, bot=spec, seed=1)["move"] == \
        bot.choose(position, list(legal_moves(position))).notation()


def test_the_solver_bot_over_http_plays_the_hint_of_the_position_under_must_play(client: FlaskClient) -> None:
    two_plays = HOLDING_A_PLAY.replace("0:A6.", "0:A64.")  # 4S plays too: a choice under must_play
    answer = bot_move(client, position=two_plays, bot="solver:depth=3")
    under = two_plays.replace("rules:classic/2", "rules:classic/2,must_play=yes")
    hint = client.post("/v1/hint", json={"position": under, "depth": 3, "evaluation": "trained"}).get_json()
    assert (answer["move"], answer["value"], answer["values"]) == (hint["best"], hint["value"], hint["values"])


def test_the_move_chosen_under_must_play_is_played_under_the_rules_as_they_are(client: FlaskClient) -> None:
    answer = bot_move(client, position=HOLDING_A_PLAY, bot="solver:depth=3", play=True)
    assert answer["played"]["position"].startswith("rules:classic/2 ")
