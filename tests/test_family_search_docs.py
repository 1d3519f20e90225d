"""Issue #30: docs/family-solver.md's examples do what they show (its Python as a doctest), and
its benchmark table is the one ``python -m eights.bench.family_search`` prints."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parent.parent / "docs" / "family-solver.md"


def test_the_family_solver_pages_examples_run() -> None:
    results = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert results.attempted and not results.failed


def test_the_benchmark_prints_the_pages_table_with_a_row_per_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    from eights.bench.family_search import CONFIGS, main

    assert main(["--deals", "1", "--time-ms", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    table = [line for line in PAGE.read_text(encoding="utf-8").splitlines() if line.startswith("| ruleset")]
    assert lines[1] == table[0] and [line.split(" | ")[0][2:] for line in lines[3:]] == list(CONFIGS)
    assert all(line.endswith(" |  |  |  |") != line.startswith("| openspiel") for line in lines[3:])
