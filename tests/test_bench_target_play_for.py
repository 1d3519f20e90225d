"""classic/2's match-aware play bench (issue #40 item 7) runs and prints its table: two states,
a shallow bot (the docs' numbers come from ``python -m eights.bench.target_play_for``)."""

from __future__ import annotations

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
