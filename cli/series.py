"""The game around the deals: ``eights cube``, the cube and resignation hints before a deal."""

from __future__ import annotations

import argparse
import sys

from eights.cli.common import Command, CommandLineError, emit
from eights.engine.game import GameContext, parse_game_context
from eights.engine.record import SIDE_NAMES
from eights.play.series.cube import advice, advice_text

CONTEXT_OPTIONS = ("deal", "lead", "cube", "owner")


def cmd_cube(args: argparse.Namespace) -> None:
    """The cube hint (No double, take; Double, pass; Too good to double ...) and the resignation
    hints before a deal of a game, from the equity tables. The game is given by a position with
    its game context (deal:12 lead:60 cube:2/NS) or by --deal, --lead, --cube and --owner."""
    context = read_context(args)
    emit({"context": context.to_json(), **advice(context)}, args.json, advice_text(context))


def read_context(args: argparse.Namespace) -> GameContext:
    """The game context of POSITION, or of the options (one or the other)."""
    given = [f"--{name}" for name in CONTEXT_OPTIONS if getattr(args, name) is not None]
    if args.position is not None:
        if given:
            raise CommandLineError(f"{given[0]}: give the position's game context or the options, not both")
        return parse_game_context(sys.stdin.read() if args.position == "-" else args.position)
    if args.deal is None:
        raise CommandLineError("--deal: required without a position (the deal about to be dealt, 1 to 15)")
    owner = None if args.owner is None else SIDE_NAMES.index(args.owner)
    keys = {"deal": "--deal", "lead": "--lead", "cube": "--cube", "totals": "--lead"}
    return GameContext.of(args.deal, args.lead, 1 if args.cube is None else args.cube, owner, keys=keys)


def register(command: Command) -> None:
    """Add this module's subcommand."""
    sub = command("cube", cmd_cube, position=False)
    sub.add_argument("position", nargs="?", help="a position with its game context (compact form, or - to read "
                                                 "either form from stdin); or give the options below")
    sub.add_argument("--deal", type=int, help="the deal about to be dealt (1 to 15)")
    sub.add_argument("--lead", type=int, help="NS's player's lead: EW's total minus NS's (default 0)")
    sub.add_argument("--cube", type=int, help="the cube's value: 1, 2, 4 ... 64 (default 1)")
    sub.add_argument("--owner", choices=SIDE_NAMES, help="the side owning the cube (none: in the middle)")
