"""eights: the double-dummy solver for the Crazy Eights family, starting from Super Crazy
Eights For Two. One import name for all of it:

- ``eights.engine``: the rules in pure Python, the reference everything is checked against;
- ``eights.solver``: the search (the C core ``eights.solver._core``), evaluations, training;
- ``eights.play``: what uses the solver: bots, matches, records, rollouts, fair hints;
- ``eights.cluster``: distributed runs on Dask;
- ``eights.answers``: what the service and the command line answer alike (searches, plans, schemas);
- ``eights.api``: the HTTP service and the board;
- ``eights.cli``: the ``eights`` command line; ``eights.bench``: the benchmarks.

The repository keeps these as top-level folders; ``eights/`` links them into one package.

>>> import eights
>>> eights.__version__ == __import__("importlib.metadata").metadata.version("eights-solver")
True
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("eights-solver")
except PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__"]
