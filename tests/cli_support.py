"""Running the command line in-process for the CLI tests."""

from __future__ import annotations

import pytest

from eights.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``eights ARGV``: its exit status, stdout and stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err
