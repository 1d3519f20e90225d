"""An sce2 deal played for the game around it, over HTTP (issue #40 item 5): /v1/hint's and
/v1/solve's ``play_for`` field (``points``, ``game``, ``series``: RULES.md's objectives,
``eights.play.series.play_for``), and a position that carries its game context
(``deal:13 lead:40 cube:2/NS``, docs/rules/game.md), played for ``game`` unless told otherwise.
A position without a context is read and searched exactly as before, for its points.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from marshmallow import Schema, fields, validate

from eights.answers.common.game_reading import read_position_in_game
from eights.answers.common.reading import located_error
from eights.answers.service import SearchOptions
from eights.engine.errors import EightsError
from eights.engine.game import GameContext, GamePosition, parse_game_position
from eights.games import Game
from eights.play.series.play_for import PLAY_FOR, POINTS, choose, utility_of_position
from eights.solver.errors import SolverError
from eights.solver.utility import Utility

CONTEXT_FIELDS = ("deal", "lead", "totals", "cube", "deal_number", "cube_owner")  # GameContext's, in both forms
PLAY_FOR_HELP = ("What sce2's deal is played for: points (its payoff: the default for a single deal), game (the "
                 "chance of winning the game around it: the default for a position with its game context, "
                 "deal:13 lead:40) or series (the equity in points of a series, cube included). Values are then "
                 "chances of winning the game, or points of the series.")


class PlayForSchema(Schema):
    """The request's ``play_for``."""

    play_for = fields.String(validate=validate.OneOf(PLAY_FOR), metadata={"description": PLAY_FOR_HELP,
                                                                          "example": "game"})


class PlayedForSchema(Schema):
    """What the answer's values are, when not the deal's points."""

    play_for = fields.String(metadata={
        "description": "game or series when the deal was played for the game around it (values: chances of "
                       "winning the game, or points of the series); absent for the deal's points.",
        "example": "game"})


def read_for_play(args: dict[str, Any], live: bool = False) -> tuple[Game[Any, Any, Any], Any, GameContext | None]:
    """The request's game, its position (without its game context, if it carries one) and the
    context (None: a single deal, or a game of the family)."""
    value, context = args["position"], None
    try:
        context = parse_game_position(value).context
    except EightsError as error:  # a bad context is refused here; any other error as ever, below
        if error.field in CONTEXT_FIELDS:
            raise located_error(error, "position") from None
    if context is not None:
        value = GamePosition(parse_game_position(value).position).notation()
    game, position = read_position_in_game(value, args.get("rules"), live=live)
    return game, position, context


def utility_asked(play_for: str | None, position: Any, context: GameContext | None) -> Utility | None:
    """The utility to search ``position`` with for ``play_for`` (None: for its points; by default
    ``game`` with a context); SolverError naming ``play_for`` when it asks for a game the
    position has none of."""
    try:
        chosen = choose(play_for, context)
    except ValueError as error:
        raise SolverError("play_for", str(error)) from None
    return None if chosen == POINTS else utility_of_position(position, context, chosen)


def played_for(options: SearchOptions, args: dict[str, Any], position: Any,
               context: GameContext | None) -> SearchOptions:
    """``options`` searching for what the request asks (``utility_asked``)."""
    utility = utility_asked(args.get("play_for"), position, context)
    return options if utility is None else replace(options, utility=utility)
