"""Issue #30: docs/family-solver.md's examples do what they show (its Python as a doctest), and
its benchmark table is the one ``python -m eights.bench.family_search`` prints."""

from __future__ import annotations

import doctest
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "family-solver.md"


def test_the_family_solver_pages_examples_run() -> None:
    results = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert results.attempted and not results.failed
