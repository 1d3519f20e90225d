"""``eights hint`` and ``eights solve`` of an sce2 deal played for the game around it (issue #40
item 5): ``--play-for points|game|series``, and a POSITION that carries its game context
(``deal:13 lead:40``), played for ``game`` unless told otherwise; as /v1/hint and /v1/solve
(``eights.answers.common.play_for``). A position without a context is read and searched as before."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any

from eights.answers.common.play_for import CONTEXT_FIELDS, PLAY_FOR_HELP, utility_asked
from eights.answers.service import SearchOptions
from eights.cli.common import CommandLineError
from eights.engine.errors import EightsError
from eights.engine.game import GameContext, GamePosition, parse_game_position
from eights.play.series.play_for import PLAY_FOR
from eights.solver.errors import SolverError
from eights.solver.utility import Utility


def add_play_for_option(parser: argparse.ArgumentParser) -> None:
    """--play-for."""
    parser.add_argument("--play-for", choices=PLAY_FOR, help=PLAY_FOR_HELP)


def take_context(args: argparse.Namespace) -> GameContext | None:
    """The game context POSITION carries (None: none), POSITION left without it (stdin read once
    for ``-``); a bad context is one line naming its field."""
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
        return None
    if read.context is not None:
        args.position = GamePosition(read.position).notation()
    return read.context


def search_options(options: SearchOptions, args: argparse.Namespace, position: Any,
                   context: GameContext | None) -> SearchOptions:
    """``options`` searching for what --play-for asks."""
    utility = utility_of(args, position, context).get("utility")
    return options if utility is None else replace(options, utility=utility)


def utility_of(args: argparse.Namespace, position: Any, context: GameContext | None) -> dict[str, Utility]:
    """``Game.solve``'s ``utility`` keyword for --play-for (none for the points); one line when
    it cannot be played for."""
    try:
        utility = utility_asked(args.play_for, position, context)
    except SolverError as error:
        raise CommandLineError(str(error).replace("play_for", "--play-for", 1)) from None
    return {} if utility is None else {"utility": utility}
