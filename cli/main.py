"""The ``eights`` command line: look at positions, list and apply moves, deal, perft, solve,
hint (fair from a view), batch, analyse, roll out, replay records, play matches between
bots or against one, the cube and resignation hints of a game, bench, serve.

Bad input prints one line on stderr naming the problem and exits with status 2. A command
whose standard output is closed early (``eights hint ... | head -1``) stops quietly with
status 141, as a shell reports a command ended by SIGPIPE.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from eights.api.errors import ProblemError
from eights.api.server import serve
from eights.api.version import VERSION
from eights.cli import games, positions, records, rollout, search, series
from eights.cli.common import CommandLineError, Handler, Parser
from eights.cluster import ClusterUnavailable
from eights.engine import EightsError

USAGE_ERROR = 2
BROKEN_PIPE = 141  # 128 + SIGPIPE (13): what a shell reports for a command SIGPIPE ended


def cmd_serve(args: argparse.Namespace) -> None:
    """Run the HTTP service under gunicorn, as the Procfile does."""
    try:
        serve(args.host, args.port)
    except ValueError as error:
        raise CommandLineError(str(error)) from None


def summary(handler: Handler) -> str:
    """A command's line in ``eights --help``: the first sentence of its handler's docstring, whole.

    >>> summary(cmd_serve)
    'Run the HTTP service under gunicorn, as the Procfile does.'
    """
    paragraph = " ".join((handler.__doc__ or "").strip().split("\n\n")[0].split())
    end = paragraph.find(". ")
    return paragraph if end < 0 else paragraph[:end + 1]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with one subcommand per job."""
    parser = Parser(prog="eights", description=__doc__)
    parser.add_argument("--version", action="version", version=f"eights {VERSION}")
    commands = parser.add_subparsers(dest="command", parser_class=Parser)

    def command(name: str, handler: Handler, *, position: bool = True,
                json_flag: bool = True) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=summary(handler).replace("%", "%%"))  # argparse formats help with %
        if position:
            sub.add_argument("position", help="compact NOTATION form, or - to read either form from stdin")
        if json_flag:
            sub.add_argument("--json", action="store_true", help="print JSON")
        sub.set_defaults(handler=handler)
        return sub

    for part in (positions, search, rollout, records, games, series):
        part.register(command)
    server = command("serve", cmd_serve, position=False, json_flag=False)
    server.add_argument("--host", help="address to listen on (default: EIGHTS_HOST, else 127.0.0.1)")
    server.add_argument("--port", type=int, help="port to listen on (default: EIGHTS_PORT, else 8000)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; 0 on success, 2 on bad input, 141 when standard output closes early."""
    try:
        try:
            return run(argv)
        finally:
            sys.stdout.flush()  # here, so that a closed pipe is noticed here rather than at exit
    except BrokenPipeError:
        # As Python's docs advise (signal module, "Note on SIGPIPE"): the rest of the output
        # goes to devnull, so that flushing it at exit does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return BROKEN_PIPE


def run(argv: Sequence[str] | None) -> int:
    """Parse ``argv`` and run its command; bad input becomes one line on stderr and status 2."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:  # bare ``eights``: what it can do
            parser.print_help()
            return 0
        args.handler(args)
    except (EightsError, CommandLineError, ProblemError, ClusterUnavailable) as error:
        print(f"eights: {error}", file=sys.stderr)
        return USAGE_ERROR
    return 0
