"""The examples in the docstrings of every module of ``eights`` that has some, each module
imported by its one name (pytest's --doctest-modules would import the top-level folders under
names of their own, a second copy of each module)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import eights


def _modules_with_examples() -> list[str]:
    """The modules whose source holds an example (``>>>``), found without importing them."""
    names = []
    for module in pkgutil.walk_packages(eights.__path__, "eights."):
        spec = importlib.util.find_spec(module.name)
        if spec is not None and str(spec.origin).endswith(".py") and ">>>" in Path(spec.origin).read_text(encoding="utf-8"):
            names.append(module.name)
    return sorted(names)


@pytest.mark.parametrize("name", ["eights", *_modules_with_examples()])
def test_docstring_examples(name: str) -> None:
    results = doctest.testmod(importlib.import_module(name), verbose=False)
    assert results.attempted and not results.failed, f"{results.failed} of {results.attempted} examples failed"
