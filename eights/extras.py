"""The optional dependencies: what a command needs beyond a plain install, and the one line
that names the extra to install when a package is missing, said before any work is done.

>>> require("python -m eights.bench.features", "bench", "json")  # present: nothing happens
"""

from __future__ import annotations

import importlib
import sys

USAGE_ERROR = 2


def require(command: str, extra: str, *modules: str) -> None:
    """Exit with status 2 and one line on stderr naming ``extra`` when one of ``modules``
    (which ``command`` needs) cannot be imported."""
    missing = [name for name in modules if not _importable(name)]
    if missing:
        print(f"{command}: needs {' and '.join(missing)}, from the {extra} extra: "
              f"pip install 'eights-solver[{extra}]' (in a checkout: pip install -e '.[{extra}]')", file=sys.stderr)
        raise SystemExit(USAGE_ERROR)


def _importable(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True
