"""``python -m eights.bench.fair --strength``: the fair bot against double dummy and against the first fair bot,
and the fair bot inferring from the draws against both."""

from __future__ import annotations

import pytest

from eights.bench import fair
from eights.engine import legal_moves


def test_the_strength_table_pairs_the_fair_bot_with_double_dummy_and_the_first_fair_bot(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert fair.main(["--strength", "5", "--pairs", "1", "--workers", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert [row.split(" | ")[:3] for row in rows] == [
        ["| `fair:time=5`", "`solver:time=5`", "1"], ["| `fair:time=5`", "`fair:time=5,samples=16,schedule=split`", "1"],
        ["| `fair:time=5,infer=draws`", "`fair:time=5`", "1"], ["| `fair:time=5,infer=draws`", "`solver:time=5`", "1"]]


def test_regret_judges_each_bots_move_against_a_deeper_double_dummy_search(capsys: pytest.CaptureFixture[str]) -> None:
    assert fair.main(["--regret", "solver:depth=2;fair:depth=1,samples=2", "--positions", "2",
                      "--reference-ms", "10", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("2 positions, regret a move against a 10 ms") and len(lines) == 4
    assert lines[3].startswith("fair:depth=1,samples=2") and float(lines[3].split()[1]) >= 0


def test_regret_positions_are_mid_deal_with_a_choice_and_the_same_for_the_same_seed() -> None:
    positions = fair.regret_positions(3, seed=7)
    assert positions == fair.regret_positions(3, seed=7) and [seed for seed, _ in positions][0] > 7
    assert all(not position.is_over and len(legal_moves(position)) > 1 for _, position in positions)
