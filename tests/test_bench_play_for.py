"""The match-aware play bench (issue #40's third target) runs and prints its table: one state, a
shallow bot (the docs' numbers come from ``python -m eights.bench.play_for``)."""

from __future__ import annotations

import pytest

from eights.bench.play_for import main, states


def test_the_states_are_late_and_close() -> None:
    drawn = states(50, seed=3)
    assert {state.deal for state in drawn} <= {13, 14} and all(-80 <= state.lead <= 80 for state in drawn)


def test_the_bench_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--states", "1", "--seed", "1", "--bot", "solver:depth=1", "--horizons", "spread,mean"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["game", "bot", "states"]
    assert lines[1].startswith("solver:depth=1,play_for=game ")
    assert lines[2].startswith("solver:depth=1,play_for=game,horizon=mean")
