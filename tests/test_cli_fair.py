"""``eights hint`` on a position seen from one seat: the fair hint, as POST /v1/fair-hint."""

from __future__ import annotations

import json

import pytest

from tests.cli_support import run

SEEN_BY_W = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W view:W"
SWAPPED = "N:K43.5.K82. E:6.KT74.J.76 S:AQ7.Q86.T.K W:T.AJ.AQ97.J up:8S/C turn:W view:W"


def test_hint_on_a_view_prints_the_fair_hint(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", SEEN_BY_W, "--depth", "2", "--samples", "4")
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("fair hint from W's view: 4 of 4 deals sampled (seed 1)")
    assert sorted(line[:14].strip() for line in lines[2:]) == ["draw", "play JC"]


def test_hint_json_on_a_view_does_not_depend_on_the_hidden_cards(capsys: pytest.CaptureFixture[str]) -> None:
    answers = []
    for position in (SEEN_BY_W, SWAPPED):
        status, out, _ = run(capsys, "hint", position, "--depth", "2", "--samples", "5", "--seed", "8", "--json")
        answers.append({key: value for key, value in json.loads(out).items() if key != "time_ms"})
    assert status == 0 and answers[0] == answers[1] and answers[0]["seed"] == 8 and answers[0]["samples"] == 5


@pytest.mark.parametrize("argv, problem", [
    (["hint", SEEN_BY_W.replace(" view:W", ""), "--samples", "4"], "--samples and --seed are for a position seen"),
    (["hint", SEEN_BY_W, "--mode", "fixed-order"], "--mode: a view does not know the stock's order"),
    (["hint", SEEN_BY_W.replace("view:W", "view:S")], "view: S's view cannot hint EW's move"),
    (["solve", SEEN_BY_W], "view: a position seen from one seat is not double dummy"),
    (["hint", SEEN_BY_W, "--samples", "0"], "samples: must be at least 1, got 0"),
    (["hint", SEEN_BY_W, "--samples", "-2", "--depth", "1"], "samples: must be at least 1, got -2"),
])
def test_bad_fair_hints_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], problem: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and problem in err and err.count("\n") == 1
