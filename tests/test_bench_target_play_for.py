"""classic/2's match-aware play bench (issue #40 item 7) runs and prints its table: two states,
a shallow bot (the docs' numbers come from ``python -m eights.bench.target_play_for``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eights.bench.target_play_for import main, play_rest, solver_bot, states


def test_the_states_are_late() -> None:
    drawn = states(50, seed=3, target=100)
    assert all(40 <= total <= 99 for state in drawn for total in state.totals)
    assert {state.dealer for state in drawn} == {0, 1}


def test_a_game_is_played_to_100() -> None:
    bot = solver_bot("solver:depth=1")
    totals, deals = play_rest(states(1, seed=5, target=100)[0], (bot, bot))
    assert max(totals) >= 100 > min(totals) and deals >= 1


def test_the_bench_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--states", "2", "--seed", "1", "--bot", "solver:depth=1", "--horizons", "spread,mean"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["game", "bot", "states"]
    assert lines[1].startswith("solver:depth=1,play_for=game ")
    assert lines[2].startswith("solver:depth=1,play_for=game,horizon=mean")


def test_against_any_bot_over_workers_with_each_states_result(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    """``--against`` names the opponent (here the heuristic, which plays for no game), ``--workers``
    plays the states over processes (each state's games its own: the same results, in the states'
    order), ``--json`` writes each state's result to pair runs by."""
    files = [tmp_path / "one.json", tmp_path / "two.json"]
    for workers, file in zip(("1", "2"), files):
        assert main(["--states", "3", "--seed", "1", "--bot", "solver:depth=1", "--against", "heuristic",
                     "--workers", workers, "--json", str(file)]) == 0
    out = capsys.readouterr().out
    assert "(against heuristic;" in out
    one, two = (json.loads(file.read_text()) for file in files)
    assert one == two and [entry["against"] for entry in one] == ["heuristic"]
    assert [tuple(state["totals"]) for state in one[0]["states"]] == [state.totals for state in states(3, 1, 100)]
