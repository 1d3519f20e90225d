"""``python -m eights.bench.rollout`` and ``python -m eights.bench.fair`` end to end, on a few games and samples."""

from __future__ import annotations

import pytest

from eights.bench import fair, rollout


def test_bench_rollout_prints_speed_and_coverage(capsys: pytest.CaptureFixture[str]) -> None:
    assert rollout.main(["--games", "3", "--bot", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bot heuristic, 3 games a move, seed 1")
    assert "pairing gain by move" in out and "CPU ms/game" in out
    assert "intervals that hold the exact value, of the moves whose games vary:" in out
    assert out.count(" yes (no variance)") >= 10  # the endings' moves that cannot vary give their exact value


def test_bench_fair_prints_the_samples_reached(capsys: pytest.CaptureFixture[str]) -> None:
    assert fair.main(["--budgets", "20", "--samples", "4", "--deals", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("4 positions (8-card deals") and lines[2].split()[:2] == ["20", "4"]
