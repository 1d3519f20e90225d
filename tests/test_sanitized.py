"""The C core under AddressSanitizer and UBSan, asserts on: the perft, differential and
deep-search tests run again against a sanitized build (solver/native/build_sanitized.sh),
so that a memory error, undefined behaviour or a broken invariant of the search (searches
at depth 6 and beyond in tests/test_solver_deep.py) fails CI even when the values come out right."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["tests/test_core_perft.py", "tests/test_solver_differential.py", "tests/test_solver_deep.py"]


def _sanitized_environment() -> dict[str, str]:
    libasan = subprocess.run(["gcc", "-print-file-name=libasan.so"], capture_output=True, text=True,
                             check=True).stdout.strip()
    return {**os.environ, "LD_PRELOAD": libasan, "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",
            "UBSAN_OPTIONS": "print_stacktrace=1", "PYTHONPATH": f"{ROOT / 'build' / 'asan'}{os.pathsep}{ROOT}"}


def test_differential_and_perft_tests_pass_under_address_and_undefined_sanitizers() -> None:
    build = subprocess.run(["sh", str(ROOT / "solver" / "native" / "build_sanitized.sh")], cwd=ROOT,
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    env = _sanitized_environment()
    where = subprocess.run([sys.executable, "-P", "-c", "import eights.solver._core as c; print(c.__file__)"],
                           cwd=ROOT, env=env, capture_output=True, text=True)
    assert where.stdout.startswith(str(ROOT / "build" / "asan" / "eights")), where.stdout + where.stderr
    run = subprocess.run([sys.executable, "-P", "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "--import-mode=append", *CHECKED], cwd=ROOT, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert "passed" in run.stdout and "ERROR: AddressSanitizer" not in run.stderr + run.stdout
