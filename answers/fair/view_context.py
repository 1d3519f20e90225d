"""A fair hint's view with its game context (issue #40 item 5): sce2's ``deal:12 lead:60
cube:2/NS`` (docs/rules/game.md) written on a view as on a position, set aside before the
view is read, and the utility each sample is then searched with (``Game.play_for_utility``:
``game`` by default with a context, the points without)."""

from __future__ import annotations

import json
import random
from typing import Any

from eights.engine.errors import EightsError
from eights.engine.game import GameContext, read_context
from eights.answers.common.reading import located_error
from eights.engine.cards import split_words
from eights.engine.notation import read_fields
from eights.games import Game
from eights.solver.utility import Utility


def view_without_context(value: Any) -> tuple[Any, GameContext | None]:
    """``value`` (a view in either form) without its game context, and the context (None:
    none, or not a form the notation reads: the view's reader says what is wrong with it);
    NotationError naming the context's field when it is bad."""
    try:
        fields = read_fields(value)
    except EightsError:
        return value, None
    if "game" not in fields or "view" not in fields:
        return value, None  # a position's context is the double-dummy hint's (eights.answers.common.play_for)
    form, raw = fields["game"]
    context = read_context(fields["game"])
    if form == "compact":
        return " ".join(word for word in split_words(value) if word.partition(":")[0] not in raw), context
    data = json.loads(value) if isinstance(value, str) else value
    return {key: item for key, item in data.items() if key not in raw}, context


def view_in_game(value: Any, field: str = "position") -> tuple[Any, GameContext | None]:
    """``view_without_context`` of a request's view, a bad context located in ``field``."""
    try:
        return view_without_context(value)
    except EightsError as error:
        raise located_error(error, field) from None


def fair_utility(game: Game[Any, Any, Any], view: Any, context: GameContext | None,
                 play_for: str | None) -> Utility | None:
    """The utility the samples of ``view`` are searched with for ``play_for`` (None: for their
    points; by default the game with a ``context``): ``Game.play_for_utility`` of a sample, the
    cards in play being the same in every sample; SolverError naming ``play_for`` for a game
    the view has none of."""
    if context is None and play_for in (None, "points"):
        return None
    return game.play_for_utility(game.sample(view, random.Random(0)), context, play_for)
