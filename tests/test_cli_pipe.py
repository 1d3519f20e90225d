"""``eights`` whose standard output is closed early (``eights hint ... | head -1``): every
command stops quietly with status 141, through the installed ``eights`` script and a real pipe."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from eights.cli.main import BROKEN_PIPE

ROOT = Path(__file__).resolve().parent.parent
EIGHTS = Path(sys.executable).with_name("eights")  # the console script pyproject.toml installs
EXAMPLE = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"


@pytest.mark.parametrize("argv", [
    ["hint", EXAMPLE, "--depth", "2"],
    ["hint", EXAMPLE, "--depth", "2", "--json"],
    ["solve", EXAMPLE, "--depth", "2"],
    ["moves", EXAMPLE],
    ["show", EXAMPLE],
    ["deal", "--deal", "15", "--dealer", "S", "--seed", "42"],
    ["perft", EXAMPLE, "2", "--json"],
])
def test_a_command_whose_output_is_closed_exits_141_without_a_traceback(argv: list[str]) -> None:
    process = subprocess.Popen([EIGHTS, *argv], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before the command, still starting, can have written anything
    errors = process.stderr.read()
    assert (process.wait(timeout=60), errors) == (BROKEN_PIPE, "")

