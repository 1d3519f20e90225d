"""Reading a request's position or view in whichever game it is written (``eights.games``:
its own ``rules:`` word or key, or the request's ``rules`` field, else sce2), errors located
in the request as sce2's are (``position.hands.N``, ``position.view``)."""

from __future__ import annotations

from typing import Any

from eights.api.common.reading import located_error
from eights.api.errors import DealOver
from eights.engine.errors import EightsError
from eights.engine.family.notation import RulesMismatch
from eights.games import Game, find_game, game_of


def read_in_game(value: Any, rules: str | None, field: str = "position") -> tuple[Game[Any, Any, Any], Any]:
    """The game of ``value`` (the request's ``field``) and ``value`` read in it: a view when
    written as one, else a position. A bad ``rules`` field, or one naming another game than
    the position's own ``rules:``, is about the ``rules`` field; any other error is located
    under ``field``."""
    if rules is not None:
        find_game(rules)
    try:
        game = game_of(value, rules)
        return game, game.read(value)
    except RulesMismatch:
        raise  # about the request's rules field, not inside the position
    except EightsError as error:
        raise located_error(error, field) from None


def read_hint_view(value: Any, rules: str | None, field: str = "position") -> tuple[Game[Any, Any, Any], Any]:
    """The game of ``value`` and the view a fair hint answers from it (``Game.hint_view``: the
    hand to act's); DealOver (``deal-over``) for a finished deal, in which there is no move."""
    game, read = read_in_game(value, rules, field)
    if game.is_over(read):
        raise DealOver(field, "the deal is over: no hand is to act, there is no move")
    try:
        return game, game.hint_view(read)
    except EightsError as error:
        raise located_error(error, field) from None
