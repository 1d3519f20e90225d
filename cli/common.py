"""What the command's parts share: reading a position or a JSON file, printing, and the
one-line error every bad input becomes."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from eights.cluster.options import add_where_arguments
from eights.engine import Position, View, parse_position
from eights.engine.view import parse_any

Handler = Callable[[argparse.Namespace], None]
Command = Callable[..., argparse.ArgumentParser]


class CommandLineError(Exception):
    """A bad argument, reported as one line on stderr."""


class Parser(argparse.ArgumentParser):
    """argparse, its errors raised as CommandLineError (one line, status 2)."""

    def error(self, message: str) -> NoReturn:
        raise CommandLineError(message)


def searched_text(searched: dict[str, Any]) -> str:
    """How an analysis searched each position, from its answer's ``summary.searched``: its time,
    its depth, or both when the time was capped by a depth.

    >>> searched_text({"time_ms": 200, "depth": None}), searched_text({"time_ms": None, "depth": 2})
    ('200 ms', 'depth 2')
    >>> searched_text({"time_ms": 200, "depth": 3})
    '200 ms up to depth 3'
    """
    time_ms, depth = searched["time_ms"], searched["depth"]
    if time_ms is None:
        return f"depth {depth}"
    return f"{time_ms} ms" if depth is None else f"{time_ms} ms up to depth {depth}"


def read_position(text: str) -> Position:
    """POSITION as given: the compact form, or ``-`` to read either form from stdin."""
    return parse_position(sys.stdin.read() if text == "-" else text)


def read_position_or_view(text: str) -> Position | View:
    """POSITION as ``read_position`` reads it, or a view when it has ``view:``."""
    return parse_any(sys.stdin.read() if text == "-" else text)


def read_text(path: str) -> str:
    """The text of the file ``path``, or of stdin for ``-``."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandLineError(f"{path}: cannot read: {error}") from None


def read_json(path: str) -> Any:
    """The JSON in the file ``path`` (``-``: stdin)."""
    return parse_json(read_text(path), path)


def parse_json(text: str, path: str) -> Any:
    """The JSON ``text`` read from ``path``; CommandLineError naming the file when it is not JSON."""
    try:
        return json.loads(text, parse_int=_whole_number)
    except (ValueError, RecursionError) as error:
        raise CommandLineError(f"{path}: not valid JSON: {error}") from None


def _whole_number(digits: str) -> int:
    """A JSON integer; a plain ValueError when it is longer than Python reads, rather than
    Python's advice to raise ``sys.set_int_max_str_digits``."""
    try:
        return int(digits)
    except ValueError:
        raise ValueError(f"a number of {len(digits.lstrip('-'))} digits, more than the "
                         f"{sys.get_int_max_str_digits()} a number may have") from None


def emit(data: Any, as_json: bool, text: str) -> None:
    """Print ``data`` as JSON, or ``text``."""
    print(json.dumps(data) if as_json else text)


def add_bot_arguments(parser: argparse.ArgumentParser, played: str) -> None:
    """The options of a run between two bots (``eights match`` and ``python -m eights.bench.strength``):
    the bots, the seed, and where the ``played`` are played. --a and --b are sce2's
    (``required_bots`` checks them); a family game names its bots otherwise."""
    parser.add_argument("--a", metavar="SPEC", help="bot A (sce2): random, heuristic, solver:time=MS or "
                                                    "solver:depth=D[,eval=NAME][,hold8=P], fair:time=MS")
    parser.add_argument("--b", metavar="SPEC", help="bot B (sce2), as --a")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    add_where_arguments(parser, played, os.cpu_count() or 1)


def required_bots(args: argparse.Namespace) -> None:
    """argparse's one line when sce2's --a or --b is missing."""
    missing = [flag for flag, value in (("--a", args.a), ("--b", args.b)) if value is None]
    if missing:
        raise CommandLineError(f"the following arguments are required: {', '.join(missing)}")


def make_folder(folder: Path) -> None:
    """Make the records' folder (before the matches are played, so that a bad one costs nothing)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CommandLineError(f"{folder}: cannot make the folder: {error}") from None


def check_writable(path: Path) -> None:
    """CommandLineError when a file could not be written at ``path``: said before a match
    is played, not after it."""
    folder = path.parent
    if path.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK) or \
            (path.exists() and not os.access(path, os.W_OK)):
        raise CommandLineError(f"{path}: cannot write there (no such folder, or not writable)")


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path``; a failure is one line."""
    try:
        path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    except OSError as error:
        raise CommandLineError(f"{path}: cannot write: {error}") from None
