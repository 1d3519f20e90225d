"""The service's version: the installed package's."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    VERSION = version("eights-solver")
except PackageNotFoundError:  # run from a source tree that was never installed
    VERSION = "0+unknown"
