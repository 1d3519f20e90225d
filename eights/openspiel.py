"""eights for OpenSpiel's users: a pyspiel ``crazy_eights`` state sent to the service in one
call, and eights' solver and fair bots as ``pyspiel.Bot``s, so that OpenSpiel's own
``evaluate_bots`` and tournaments seat them beside its bots.

- ``position_text(state)``: the state as eights writes a family position (the ``openspiel``
  preset with the game's parameters, every hand, the stock), the ``position`` that
  ``POST /v1/hint`` and ``eights hint`` read; ``hint_request(state, depth=4)`` the whole JSON
  body of a hint.
- ``SolverBot(game, player_id, "solver:time=100")``: eights' native search of the true state,
  every hand seen (as OpenSpiel's MCTSBot searches the true state); the stock's order never.
- ``FairBot(game, player_id, "fair:time=100", seed=1)``: from its seat's own information
  alone: the public actions (the dealer, the upcard, every card played, draws, passes, suits)
  and its own cards (pyspiel's ``crazy_eights`` gives no information state, so the seat's is
  read off the history, ``eights.engine.openspiel_seat``); the cards another seat holds or drew
  are replaced before the bot sees anything, so two states its seat cannot tell apart get the
  same move. Not with ``reshuffle`` (a card played may come back to a hidden hand).

An 8 is one eights move and two pyspiel decisions (the card, then its suit): the bot chooses
the move at the card and answers the suit it chose when asked for it next.
A bot's ``restart`` (``evaluate_bots`` calls it before each game) begins a new game of the
eights bot, from ``seed`` and the number of games before it.

This module lives at the top of the import name (beside ``eights.extras``), above the engine
and play/ it joins and below nothing: no module of eights imports it, and it needs pyspiel
(the ``openspiel`` extra), which the rest of eights does not.

>>> import pyspiel
>>> game = pyspiel.load_game("crazy_eights", {"players": 2})
>>> bots = [FairBot(game, 0, "fair:depth=2,samples=4", seed=1), pyspiel.make_uniform_random_bot(1, 7)]
>>> len(pyspiel.evaluate_bots(game.new_initial_state(), bots, 3))
2
"""

from __future__ import annotations

from typing import Any

try:
    import pyspiel
except ImportError as error:  # one line naming the extra, rather than a bare ModuleNotFoundError
    raise ImportError("eights.openspiel needs pyspiel: pip install 'eights-solver[openspiel]'") from error

from eights.engine.openspiel import (NOMINATE_BASE, card_of_action, move_actions, position_from_history, rules_of,
                                     suit_action)
from eights.engine.openspiel_seat import public_history
from eights.games import find_game
from eights.play.paired import derive

__all__ = ["FairBot", "SolverBot", "hint_request", "position_text"]


def position_text(state: Any) -> str:
    """The compact notation of a pyspiel ``crazy_eights`` state (after the deal, not between an
    8 and its suit): what ``POST /v1/hint``'s ``position`` and ``eights hint`` read."""
    rules = rules_of(state.get_game().get_parameters())
    return find_game(rules.name).notation(position_from_history(rules, state.history()))


def hint_request(state: Any, **options: Any) -> dict[str, Any]:
    """The JSON body of ``POST /v1/hint`` for ``state``: its ``position_text`` and the
    request's other fields (``depth``, ``time_ms``, ``objective``, ``player``...)."""
    return {"position": position_text(state), **options}


class _EightsBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel has no type hints
    """An eights bot of the game's (``eights.games``: the ``openspiel`` preset with the game's
    parameters) playing ``player_id``'s decisions of ``game`` (pyspiel's ``crazy_eights``), given
    the position its kind may read (``history``)."""

    kind: str  # the bot a spec of this kind names: ``solver``, ``fair``

    def __init__(self, game: Any, player_id: int, spec: str, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self._rules = rules_of(game.get_parameters())
        self._game = find_game(self._rules.name)
        self._bot = self._game.make_bot(spec)
        if self._bot.spec.partition(":")[0] != self.kind:
            raise ValueError(f"spec: {type(self).__name__} plays a {self.kind} bot's spec ({self.kind}:...), got {spec!r}")
        self._player_id, self._seed, self._games = player_id, seed, 0
        self._suit: tuple[int, int] | None = None  # (the history's length at the suit, its action)
        self.restart()

    def player_id(self) -> int:
        return self._player_id

    def restart(self) -> None:
        """A new game: the eights bot's own, seeded from ``seed`` and the games before it."""
        self._bot.new_game(derive(self._seed, "game", self._games))
        self._games, self._suit = self._games + 1, None

    def restart_at(self, state: Any) -> None:
        self.restart()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to keep: each decision reads the state it is given."""

    def history(self, state: Any) -> list[int]:
        """The history the bot decides from."""
        raise NotImplementedError

    def step(self, state: Any) -> int:
        """The bot's action: its move's first action; at an 8's suit, the suit it chose with the
        8 (asked anew from the position before the 8 when the bot did not play the card)."""
        history = self.history(state)
        if min(state.legal_actions()) < NOMINATE_BASE:
            actions = move_actions(self._choose(history))
            self._suit = (len(history) + 1, actions[1]) if len(actions) == 2 else None
            return actions[0]
        if self._suit is not None and self._suit[0] == len(history):
            return self._suit[1]
        move = self._choose(history[:-1])
        eight = card_of_action(history[-1])
        return suit_action(move.suit) if move.card == eight and move.suit is not None else min(state.legal_actions())

    def _choose(self, history: list[int]) -> Any:
        position = position_from_history(self._rules, history)
        return self._bot.choose(position, self._game.legal_moves(position))


class SolverBot(_EightsBot):
    """eights' solver bot (``solver:time=MS`` or ``solver:depth=D``): the native core's search of
    the true state, every hand seen."""

    kind = "solver"

    def history(self, state: Any) -> list[int]:
        """The true history: every hand is the solver's to see."""
        return list(state.history())


class FairBot(_EightsBot):
    """eights' fair bot (``fair:time=MS`` or ``fair:depth=D``, ``samples=N``): the move of best
    mean over deals sampled from its seat's own information."""

    kind = "fair"

    def __init__(self, game: Any, player_id: int, spec: str, seed: int = 0) -> None:
        super().__init__(game, player_id, spec, seed)
        if self._rules.reshuffle:
            raise ValueError("game: FairBot does not play with reshuffle=yes (a card played may come back to a hidden hand)")

    def history(self, state: Any) -> list[int]:
        """A history its seat cannot tell from the true one, the same whatever the hidden cards
        are (``eights.engine.openspiel_seat.public_history``)."""
        return public_history(state, self._player_id)
