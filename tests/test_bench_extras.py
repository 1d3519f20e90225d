"""Issue #28, item 8: on a plain install, a command that needs a package of an extra says so
in one line, naming the extra and the pip command, before any work, and exits with status 2.
The plain install is played by hiding the package (``sys.modules[name] = None``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WITHOUT = """import runpy, sys
for name in {hidden!r}:
    sys.modules[name] = None
sys.argv = [{module!r}, *{arguments!r}]
runpy.run_module({module!r}, run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize(("module", "arguments", "hidden", "extra"), [
    ("eights.bench.features", [], "numpy", "bench"),
    ("eights.bench.screenshots", [], "playwright", "bench"),
    ("eights.bench.calibration", ["--plot", "never.png", "--deals", "100000"], "matplotlib", "bench"),
    ("eights.solver.training", ["--generations", "100"], "numpy", "train"),
])
def test_a_missing_extra_is_one_line_before_any_work(module: str, arguments: list[str], hidden: str,
                                                     extra: str, tmp_path: Path) -> None:
    script = WITHOUT.format(hidden=[hidden], module=module, arguments=arguments)
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == "", done.stderr[-2000:]
    assert done.stderr.count("\n") == 1 and f"needs {hidden}, from the {extra} extra: " in done.stderr
    assert f"pip install 'eights-solver[{extra}]'" in done.stderr
    assert not (tmp_path / "never.png").exists()
