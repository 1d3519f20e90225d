"""``eights rollout --rules``: a family position rolled out by the function POST /v1/rollout
uses (the same answer), the table with every seat's mean, workers, and bad input in one line."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from tests.cli_support import run
from tests.test_api_family_rollout import ENDLESS

BARE = "0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 stock:..A."  # classic/4's hint example without its rules:
LAYOUT6 = ("rules:layout/6 0:T3.T.Q.J 1:Q6.7.KT. 2:.J3.4.K5 3:.9..A982 4:K.K8.7.Q 5:J4..A98. "
           "piles:6H/2H/5H/6C/AS/2D/4C/2S turn:1 out:9875.AQ4.J653.T73")


def test_a_classic4_rollout_prints_the_movers_table_and_every_seats_means(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rollout", "--rules", "classic/4", BARE, "--games", "4", "--bot", "heuristic")
    lines = out.splitlines()
    assert status == 0
    assert lines[0].startswith("4 games a move by heuristic, seed 1") and "classic/4, payoffs to seat 0" in lines[0]
    assert sorted(line[:14].strip() for line in lines[2:4]) == ["draw", "play 5H"]
    assert lines[5].startswith("move") and "each seat's mean payoff" in lines[5]
    assert all(line.count("..") == 4 for line in lines[6:8])  # four seats, each with its interval


def test_the_cli_answers_as_the_service(capsys: pytest.CaptureFixture[str], client: FlaskClient) -> None:
    status, out, _ = run(capsys, "rollout", "rules:classic/4 " + BARE, "--games", "3", "--bot", "solver:depth=1",
                         "--seed", "4", "--json")
    answer = client.post("/v1/rollout", json={"position": BARE, "rules": "classic/4", "games": 3,
                                              "bot": "solver:depth=1", "seed": 4}).get_json()
    data = json.loads(out)
    assert status == 0 and [data.pop("time_ms"), answer.pop("time_ms")] and data == answer


def test_workers_play_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for workers in ("1", "2"):
        status, out, _ = run(capsys, "rollout", LAYOUT6, "--games", "3", "--bot", "random", "--workers", workers,
                             "--json")
        data = json.loads(out)
        data.pop("time_ms")
        outs.append(data)
    assert status == 0 and outs[0] == outs[1] and outs[0]["rules"] == "layout/6"


@pytest.mark.parametrize("argv, problem", [
    (["--rules", "classic/4", BARE, "--moves", "play 9C"], "moves[0]: play 9C is not legal"),
    (["--rules", "classic/4", BARE, "--moves", "play"], "--moves[0]:"),
    (["--rules", "classic/4", BARE, "--moves", "draw 5D"], "--moves[0].cards[0]: the stock does not hold 5D"),  # #37
    (["--rules", "classic/4,draw2=2", BARE.replace("up:5C", "up:2C draw:66").replace(" stock:..A.", "")],
     "eights: draw: a whole number 0 to 8, not 66"),
    (["--rules", "classic/9", BARE], "--rules.players:"),
    (["--rules", "layout/6", "rules:classic/4 " + BARE], "--rules:"),
    (["--rules", "classic/4", BARE, "--bot", "solver:depth=2,tt=4"], "unknown option 'tt'"),
    (["rules:classic/2 0:... 1:K... up:7C turn:1"], "the deal is over"),
    ([ENDLESS, "--games", "2", "--bot", "heuristic"], "bot: game 0 after draw had no end after 5000 events"),
])
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], problem: str) -> None:
    status, out, err = run(capsys, "rollout", *argv)
    assert status == 2 and out == "" and problem in err and len(err.strip().splitlines()) == 1
