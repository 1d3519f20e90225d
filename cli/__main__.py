"""``python -m cli``: the same as the ``eights`` command."""

import sys

from cli.main import main

sys.exit(main())
