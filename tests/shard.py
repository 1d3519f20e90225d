"""A pytest plugin that keeps one shard of the collected tests: ``-p tests.shard`` with
``EIGHTS_TEST_SHARD=I/N`` keeps every N-th test from the I-th on, so that a long run (the
sanitized one, tests/test_sanitized.py) can be split into parts that pytest-xdist spreads
over the cores."""

from __future__ import annotations

import os

import pytest

VARIABLE = "EIGHTS_TEST_SHARD"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep shard I of N of ``items`` (all of them when the variable is not set)."""
    shard = os.environ.get(VARIABLE)
    if shard is None:
        return
    index, count = (int(part) for part in shard.split("/"))
    kept = items[index::count]
    config.hook.pytest_deselected(items=[item for item in items if item not in kept])
    items[:] = kept
