"""The C core under AddressSanitizer and UBSan, asserts on: the perft, differential and
deep-search tests run again against a sanitized build (solver/native/build_sanitized.sh), in
SHARDS parts that pytest-xdist runs side by side,
so that a memory error, undefined behaviour or a broken invariant of the search (searches
at depth 6 and beyond in tests/test_solver_deep.py) fails CI even when the values come out right."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.shard import VARIABLE

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["tests/test_core_perft.py", "tests/test_solver_differential.py", "tests/test_solver_deep.py"]


SHARDS = 4  # the run split in parts, spread over the cores by pytest-xdist


@pytest.fixture(scope="module")
def sanitized_environment(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a process that imports the sanitized build (built here, once a
    test process, in a folder of its own)."""
    out = tmp_path_factory.mktemp("asan")
    build = subprocess.run(["sh", str(ROOT / "solver" / "native" / "build_sanitized.sh"), str(out)], cwd=ROOT,
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    libasan = subprocess.run(["gcc", "-print-file-name=libasan.so"], capture_output=True, text=True,
                             check=True).stdout.strip()
    environment = {**os.environ, "LD_PRELOAD": libasan, "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",
                   "UBSAN_OPTIONS": "print_stacktrace=1", "PYTHONPATH": f"{out}{os.pathsep}{ROOT}"}
    where = subprocess.run([sys.executable, "-P", "-c", "import eights.solver._core as c; print(c.__file__)"],
                           cwd=ROOT, env=environment, capture_output=True, text=True)
    assert where.stdout.startswith(str(out / "eights")), where.stdout + where.stderr
    return environment


@pytest.mark.parametrize("shard", range(SHARDS))
def test_differential_and_perft_tests_pass_under_address_and_undefined_sanitizers(
        sanitized_environment: dict[str, str], shard: int) -> None:
    env = {**sanitized_environment, VARIABLE: f"{shard}/{SHARDS}"}
    run = subprocess.run([sys.executable, "-P", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.shard",
                          "--import-mode=append", *CHECKED], cwd=ROOT, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert "passed" in run.stdout and "ERROR: AddressSanitizer" not in run.stderr + run.stdout
