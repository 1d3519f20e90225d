"""Pages written from the code at build time, so that they cannot drift from it.

When the builder starts, this writes into ``docs/_generated/`` (not committed):

- ``settings.md``: the settings table, ``eights.answers.settings.markdown_table()``;
- ``cli.md``: the command line reference, each command's ``--help`` from
  ``eights.cli.main.build_parser()``;
- ``endpoints.md``: every path and method of ``openapi/openapi.json`` with its summary.

The pages include them (``{include} _generated/settings.md``). A file is rewritten only
when its text changes, so an unchanged build stays incremental.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

DOCS = Path(__file__).resolve().parent.parent
GENERATED = DOCS / "_generated"
OPENAPI = DOCS.parent / "openapi" / "openapi.json"
HELP_COLUMNS = "88"  # argparse wraps help to the terminal's width: one width for the page
MARKUP = set("\\`*_[]<>#|")
METHODS = ("get", "post", "put", "patch", "delete")


def settings_page() -> str:
    from eights.answers.settings import markdown_table

    return markdown_table() + "\n"


def _help(parser: argparse.ArgumentParser) -> str:
    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = HELP_COLUMNS
    try:
        return parser.format_help()
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, what it does, parser) of each subcommand, in the parser's order: what it does
    is the first paragraph of its handler's docstring (the help lists only its first line)."""
    for action in parser._actions:  # argparse keeps its subparsers there and nowhere public
        if isinstance(action, argparse._SubParsersAction):
            return [(name, _first_paragraph(sub.get_default("handler")), sub)
                    for name, sub in action.choices.items()]
    return []


def _first_paragraph(handler: Any) -> str:
    text = (getattr(handler, "__doc__", None) or "").strip()
    return _escaped(" ".join(text.split("\n\n")[0].split()))


def _escaped(text: str) -> str:
    """Plain text as Markdown that shows it as it is."""
    return "".join("\\" + char if char in MARKUP else char for char in text)


def cli_page() -> str:
    from eights.cli.main import build_parser

    parser = build_parser()
    parts = ["`eights --help`:\n", "```text\n" + _help(parser) + "```\n"]
    for name, summary, sub in _subcommands(parser):
        parts.append(f"## `eights {name}`\n")
        if summary:
            parts.append(summary + "\n")
        parts.append("```text\n" + _help(sub) + "```\n")
    return "\n".join(parts)


def _cell(text: str) -> str:
    return _escaped(" ".join(text.split()))


def endpoints_page() -> str:
    document: dict[str, Any] = json.loads(OPENAPI.read_text(encoding="utf-8"))
    lines = ["| method | path | what it does |", "|---|---|---|"]
    for path, operations in document["paths"].items():
        for method in METHODS:
            if method in operations:
                summary = _cell(operations[method].get("summary", ""))
                lines.append(f"| `{method.upper()}` | `{path}` | {summary} |")
    return "\n".join(lines) + "\n"


PAGES = {"settings.md": settings_page, "cli.md": cli_page, "endpoints.md": endpoints_page}


def _write(path: Path, text: str) -> None:
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    partial = path.with_name(f".{path.name}.{os.getpid()}")  # two builds at once each replace it whole
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)


def generate(app: Sphinx) -> None:
    GENERATED.mkdir(exist_ok=True)
    for name, page in PAGES.items():
        _write(GENERATED / name, page())


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", generate)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
