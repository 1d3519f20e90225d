"""``eights hint`` and ``eights solve`` of a deal played for the game around it (issue #40
items 5 and 7): ``--play-for points|game|series``, and a POSITION that carries its game context
(sce2's ``deal:13 lead:40``, classic/2's ``totals:40,75``), played for ``game`` unless told otherwise; as /v1/hint and /v1/solve
(``eights.answers.common.play_for``). A position without a context is read and searched as before."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any

from eights.answers.common.play_for import CONTEXT_FIELDS, PLAY_FOR_HELP, family_context, utility_asked
from eights.answers.service import SearchOptions
from eights.cli.common import CommandLineError
from eights.engine.errors import EightsError
from eights.engine.game import GamePosition, parse_game_position
from eights.play.series.play_for import PLAY_FOR
from eights.solver.errors import SolverError
from eights.solver.utility import Utility


def add_play_for_option(parser: argparse.ArgumentParser) -> None:
    """--play-for."""
    parser.add_argument("--play-for", choices=PLAY_FOR, help=PLAY_FOR_HELP)


def take_context(args: argparse.Namespace) -> Any:
    """The game context POSITION carries (None: none; sce2's GameContext, classic/2's
    TargetContext), POSITION left without it (stdin read once for ``-``); a bad context is one
    line naming its field."""
    if args.position == "-":
        args.position = sys.stdin.read()
    value: Any = args.position
    if value.lstrip().startswith("{"):
        try:
            value = json.loads(value)
        except ValueError:
            return None  # the game's reader says what is wrong with it
    try:
        read = parse_game_position(value)
    except EightsError as error:
        if error.field in CONTEXT_FIELDS:
            raise CommandLineError(str(error)) from None
        return family_context_of(args, value)
    if read.context is not None:
        args.position = GamePosition(read.position).notation()
    return read.context


def family_context_of(args: argparse.Namespace, value: Any) -> Any:
    """A family position's game context (classic/2's ``totals:40,75``), POSITION left without it."""
    try:
        rest, context = family_context(value, getattr(args, "rules", None))
    except EightsError as error:
        raise CommandLineError(str(error)) from None
    if context is not None:
        args.position = rest if isinstance(rest, str) else json.dumps(rest)
    return context


def search_options(options: SearchOptions, args: argparse.Namespace, position: Any,
                   context: Any) -> SearchOptions:
    """``options`` searching for what --play-for asks."""
    utility = utility_of(args, position, context).get("utility")
    return options if utility is None else replace(options, utility=utility)


def utility_of(args: argparse.Namespace, position: Any, context: Any) -> dict[str, Utility]:
    """``Game.solve``'s ``utility`` keyword for --play-for (none for the points); one line when
    it cannot be played for."""
    try:
        utility = utility_asked(args.play_for, position, context)
    except SolverError as error:
        raise CommandLineError(str(error).replace("play_for", "--play-for", 1)) from None
    return {} if utility is None else {"utility": utility}
