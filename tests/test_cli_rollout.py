"""``eights rollout``: the table, the JSON, the moves asked for, and bad input in one line."""

from __future__ import annotations

import json

import pytest

from tests.cli_support import run

MIDGAME = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"


def test_rollout_prints_each_move_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rollout", MIDGAME, "--games", "4", "--bot", "heuristic")
    lines = out.splitlines()
    assert status == 0
    assert lines[0].startswith("4 games a move by heuristic, seed 1") and "payoffs to EW" in lines[0]
    assert lines[1].split()[:4] == ["move", "mean", "s.e.", "95%"]
    assert sorted(line[:14].strip() for line in lines[2:]) == ["draw", "play JC"]


def test_rollout_json_is_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rollout", MIDGAME, "--games", "3", "--bot", "random", "--seed", "9",
                         "--moves", "draw", "--json")
    data = json.loads(out)
    assert status == 0 and data["seed"] == 9 and data["played"] == 3
    assert [move["move"] for move in data["moves"]] == ["draw"]


@pytest.mark.parametrize("argv, problem", [
    (["--moves", "play 5H"], "moves[0]: play 5H is not legal"),
    (["--games", "0"], "--games: must be a whole number from 1 to"),
    (["--games", "99999999999999999999999"], "--games: must be a whole number from 1 to"),
    (["--workers", "0"], "--workers: must be at least 1"),
    (["--bot", "minimax"], "unknown bot 'minimax'"),
    (["--seed", "-1"], "--seed: must be a whole number"),
])
def test_rollout_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                               problem: str) -> None:
    status, out, err = run(capsys, "rollout", MIDGAME, "--games", "2", *argv)
    assert status == 2 and out == "" and err.startswith("eights: ") and problem in err and err.count("\n") == 1
