"""The ``eights`` command line: look at positions, list and apply moves, deal, perft, solve,
hint (fair from a view), batch, analyse, roll out, replay records, play matches between
bots or against one, the cube and resignation hints of a game, bench, serve.

Bad input prints one line on stderr naming the problem and exits with status 2. A command
whose standard output is closed early (``eights hint ... | head -1``) stops quietly with
status 141, as a shell reports a command ended by SIGPIPE.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from eights import __version__
from eights.cli.common import CommandLineError, Handler, Parser
from eights.cluster import ClusterUnavailable
from eights.engine import EightsError

USAGE_ERROR = 2
BROKEN_PIPE = 141  # 128 + SIGPIPE (13): what a shell reports for a command SIGPIPE ended
PARTS = {  # each module of commands (eights.cli.NAME) with its commands, in --help's order
    "positions": ("show", "moves", "apply", "deal", "perft"),
    "search": ("solve", "hint", "batch", "analyse", "bench"),
    "rollout": ("rollout",),
    "records": ("replay",),
    "games": ("match", "play"),
    "series": ("analyse-game", "cube"),
}
SERVE = "serve"


def cmd_serve(args: argparse.Namespace) -> None:
    """Run the HTTP service under gunicorn, as the Procfile does."""
    from eights.api.server import serve  # here: the other commands do not load the service

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


def build_parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with one subcommand per job; with ``chosen`` (a command's name), only
    the subcommands of its module, which alone is imported: a command loads what it runs and
    no more (``eights moves`` neither the search nor the service)."""
    parser = Parser(prog="eights", description=__doc__)
    parser.add_argument("--version", action="version", version=f"eights {__version__}")
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

    for part, names in PARTS.items():
        if chosen is None or chosen in names:
            importlib.import_module(f"eights.cli.{part}").register(command)
    if chosen not in (None, SERVE):
        return parser
    server = command(SERVE, cmd_serve, position=False, json_flag=False)
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
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser(words[0] if words and words[0] in COMMANDS else None)
        args = parser.parse_args(words)
        if args.command is None:  # bare ``eights``: what it can do
            parser.print_help()
            return 0
        args.handler(args)
    except Exception as error:
        if not isinstance(error, refusals()):
            raise
        print(f"eights: {error}", file=sys.stderr)
        return USAGE_ERROR
    return 0


COMMANDS = {name for names in PARTS.values() for name in names} | {SERVE}


def refusals() -> tuple[type[Exception], ...]:
    """The errors a command reports in one line: bad input to the engine or the command line,
    a cluster out of reach, and the service's refusals (``ProblemError``) when the command ran
    the service's code (only then is ``eights.answers.errors`` loaded)."""
    errors = sys.modules.get("eights.answers.errors")
    problem: tuple[type[Exception], ...] = () if errors is None else (errors.ProblemError,)
    return (EightsError, CommandLineError, ClusterUnavailable, *problem)
