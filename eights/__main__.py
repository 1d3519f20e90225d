"""``python -m eights``: the ``eights`` command line."""

from eights.cli.main import main

raise SystemExit(main())
