"""``python -m eights.bench.solver``: the native solver against the reference on the committed
suite, as ``eights bench`` runs it (``eights.solver.benchmark``)."""

import sys

from eights.solver.benchmark import main

if __name__ == "__main__":
    sys.exit(main())
