"""Issue #27: everything imports under the one name ``eights``; no module of the project is
loaded under a top-level name of its own (``api``, ``engine``, ...), which would make a
second copy of it and clash with another project's package of that name."""

from __future__ import annotations

import subprocess
import sys

FOLDERS = ("engine", "solver", "play", "games", "cluster", "api", "cli", "bench")
IMPORT_EVERYTHING = """
import importlib, pkgutil, sys
import eights
for module in pkgutil.walk_packages(eights.__path__, "eights."):
    if not module.name.endswith("__main__"):
        importlib.import_module(module.name)
print(" ".join(sorted({name.split(".")[0] for name in sys.modules})))
"""


def test_every_module_imports_under_eights_and_no_folder_name_is_loaded() -> None:
    done = subprocess.run([sys.executable, "-P", "-c", IMPORT_EVERYTHING], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    loaded = set(done.stdout.split())
    assert "eights" in loaded and not loaded & set(FOLDERS), loaded & set(FOLDERS)
