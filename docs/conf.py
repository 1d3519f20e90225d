"""Sphinx configuration of the eights documentation.

Build: ``python -m sphinx -W -b html docs docs/_build/html`` (``pip install -e '.[docs]'``).
The pages are Markdown (MyST); the Python API comes from the docstrings (autodoc); the
settings table, the command line reference and the list of endpoints are written at build
time from the code and the committed OpenAPI document (``_ext/eights_docs.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

from eights import __version__  # noqa: E402  (after the path above)

project = "eights"
author = "the eights developers"
copyright = "the eights developers"
release = version = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "eights_docs",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "_generated", "Thumbs.db", ".DS_Store"]
myst_heading_anchors = 3  # [text](page.md#a-heading) links to a heading

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True}

html_theme = "furo"
html_title = f"eights {release}"
html_static_path: list[str] = []
html_show_sourcelink = False
