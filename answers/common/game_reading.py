"""Reading a request's position or view in whichever game it is written (``eights.games``:
its own ``rules:`` word or key, or the request's ``rules`` field, else sce2), errors located
in the request as sce2's are (``position.hands.N``, ``position.view``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from eights.answers.common.reading import located_error
from eights.answers.errors import DealOver
from eights.engine.errors import EightsError
from eights.games import Game, RulesMismatch, find_game, game_of

Read = TypeVar("Read")


def read_in_game(value: Any, rules: str | None, field: str = "position") -> tuple[Game[Any, Any, Any], Any]:
    """The game of ``value`` (the request's ``field``) and ``value`` read in it: a view when
    written as one, else a position. A bad ``rules`` field, or one naming another game than
    the position's own ``rules:``, is about the ``rules`` field; any other error is located
    under ``field``."""
    game = _game_of(value, rules, field)
    return game, _located(game.read, value, field)


def read_position_in_game(value: Any, rules: str | None, field: str = "position",
                          live: bool = False) -> tuple[Game[Any, Any, Any], Any]:
    """The game of ``value`` and ``value`` read in it as a position with every hand (a view
    is refused, naming ``view``); ``live``: a finished deal is DealOver (``deal-over``), as
    there is no move to list, play or choose."""
    game = _game_of(value, rules, field)
    position = _located(game.read_position, value, field)
    if live and game.is_over(position):
        raise DealOver(field, "the deal is over: no hand is to act, there is no move")
    return game, position


def read_playable_in_game(value: Any, rules: str | None, field: str = "position") -> tuple[Game[Any, Any, Any], Any]:
    """``read_position_in_game``'s live position in which a hand chooses its move
    (``Game.check_choosing``: not during a family game's draw under way)."""
    game, position = read_position_in_game(value, rules, field, live=True)
    _located(game.check_choosing, position, field)
    return game, position


def read_hint_view(value: Any, rules: str | None, field: str = "position") -> tuple[Game[Any, Any, Any], Any]:
    """The game of ``value`` and the view a fair hint answers from it (``Game.hint_view``: the
    hand to act's); DealOver (``deal-over``) for a finished deal, in which there is no move."""
    game, read = read_in_game(value, rules, field)
    if game.is_over(read):
        raise DealOver(field, "the deal is over: no hand is to act, there is no move")
    return game, _located(game.hint_view, read, field)


def _game_of(value: Any, rules: str | None, field: str) -> Game[Any, Any, Any]:
    """``game_of``: errors in the ``rules`` field about it, the position's own located under ``field``."""
    if rules is not None:
        find_game(rules)
    try:
        return game_of(value, rules)
    except RulesMismatch:
        raise  # about the request's rules field, not inside the position
    except EightsError as error:
        raise located_error(error, field) from None


def _located(read: Callable[[Any], Read], value: Any, field: str) -> Read:
    """``read(value)``, an error's field put under ``field``."""
    try:
        return read(value)
    except EightsError as error:
        raise located_error(error, field) from None
