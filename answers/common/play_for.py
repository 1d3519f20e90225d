"""A deal played for the game around it, over HTTP (issue #40 items 5 and 7): /v1/hint's and
/v1/solve's ``play_for`` field (``points``, ``game``, ``series``: RULES.md's objectives,
``eights.play.series.play_for``), and a position that carries its game context
(sce2's ``deal:13 lead:40 cube:2/NS``, docs/rules/game.md; classic/2's ``totals:40,75``,
``eights.play.series.target``), played for ``game`` unless told otherwise. A position without
a context is read and searched exactly as before, for its points.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from marshmallow import Schema, fields, validate

from eights.answers.common.game_reading import read_position_in_game
from eights.answers.common.reading import located_error
from eights.answers.service import SearchOptions
from eights.engine.errors import EightsError
from eights.engine.game import GamePosition, parse_game_position
from eights.games import Game, game_for, game_of
from eights.play.series.play_for import PLAY_FOR
from eights.solver.utility import Utility

CONTEXT_FIELDS = ("deal", "lead", "totals", "cube", "deal_number", "cube_owner")  # GameContext's, in both forms
PLAY_FOR_HELP = ("What the deal is played for: points (its payoff: the default for a single deal), game (the "
                 "chance of winning the game around it: the default for a position with its game context, sce2's "
                 "deal:13 lead:40, classic/2's totals:40,75) or series (sce2's: the equity in points of a series, "
                 "cube included). Values are then chances of winning the game, or points of the series. Only sce2 "
                 "and classic/2 have a game around their deals.")


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


def read_for_play(args: dict[str, Any], live: bool = False) -> tuple[Game[Any, Any, Any], Any, Any]:
    """The request's game, its position (without its game context, if it carries one) and the
    context (None: a single deal, or a game of the family without one)."""
    value, context = without_context(args)
    game, position = read_position_in_game(value, args.get("rules"), live=live)
    return game, position, context


def without_context(args: dict[str, Any]) -> tuple[Any, Any]:
    """The request's ``position`` without its game context, if it carries one (sce2's
    ``deal:13 lead:40``, classic/2's ``totals:40,75``), and the context (None: none); a bad
    context located in ``position``, any other error left to the position's reader."""
    value, context = args["position"], None
    try:
        context = parse_game_position(value).context
    except EightsError as error:  # a bad context is refused here; any other error as ever, below
        if error.field in CONTEXT_FIELDS:
            raise located_error(error, "position") from None
    if context is not None:
        value = GamePosition(parse_game_position(value).position).notation()
    else:
        value, context = family_context(value, args.get("rules"))
    return value, context


def family_context(value: Any, rules: str | None) -> tuple[Any, Any]:
    """A family position's value without its game context (classic/2's ``totals:40,75``), and
    the context (``Game.read_game_context``; None: none, or not a family game's position);
    a bad context located in ``position``."""
    try:
        game = game_of(value, rules)
    except EightsError:
        return value, None  # the reader below says what is wrong
    try:
        return game.read_game_context(value)
    except EightsError as error:
        raise located_error(error, "position") from None


def utility_asked(play_for: str | None, position: Any, context: Any) -> Utility | None:
    """The utility to search ``position`` with for ``play_for`` (None: for its points; by default
    ``game`` with a context: ``Game.play_for_utility``); SolverError naming ``play_for`` when it
    asks for a game the position has none of."""
    return game_for(position).play_for_utility(position, context, play_for)


def played_for(options: SearchOptions, args: dict[str, Any], position: Any,
               context: Any) -> SearchOptions:
    """``options`` searching for what the request asks (``utility_asked``)."""
    utility = utility_asked(args.get("play_for"), position, context)
    return options if utility is None else replace(options, utility=utility)
