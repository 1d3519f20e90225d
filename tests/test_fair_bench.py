"""``python -m eights.bench.fair --strength``: the fair bot against double dummy and against the first fair bot."""

from __future__ import annotations

import pytest

from eights.bench import fair


def test_the_strength_table_pairs_the_fair_bot_with_double_dummy_and_the_first_fair_bot(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert fair.main(["--strength", "5", "--pairs", "1", "--workers", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert [row.split(" | ")[:3] for row in rows] == [
        ["| `fair:time=5`", "`solver:time=5`", "1"], ["| `fair:time=5`", "`fair:time=5,samples=16,schedule=split`", "1"]]
