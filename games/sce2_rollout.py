"""sce2's round of a rollout (``Sce2Game.play_round``; ``eights.play.rollout`` plays the rounds):
game i of every root move, both sides played on by the same bot, from the stock order and
the reshuffles that ``eights.play.paired`` derives from the rollout's seed and i.

>>> from eights.games import find_game
>>> from eights.play.bots import make_bot
>>> game = find_game("sce2")
>>> start = game.read_position("N:..8. E:..K. S:..T. W:.K.. up:4D turn:N discard:AKQJ9865432.AQJT98765432.AQJ976532.AKQJT9876542")
>>> play_round(start, game.legal_moves(start), 0, make_bot("random"), seed=1)
[[10.0, -10.0], [-60.0, 60.0]]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from eights.engine.moves import Move
from eights.engine.position import Position
from eights.games.game import Stopped
from eights.play.bots import Bot, DelegatingBot
from eights.play.paired import derive, play_game, reshuffled, with_stock_order

Stop = Callable[[], bool]


def play_round(position: Position, moves: Sequence[Move], index: int, bot: Bot, seed: int,
               stop: Stop | None = None) -> list[list[float]]:
    """Game ``index`` of every move: each move's payoffs to NS and to EW, every game from the
    same stock order and reshuffles, the bot seeded alike."""
    game_seed = derive(seed, "game", index)
    start = with_stock_order(position, game_seed)
    payoffs = []
    for move in moves:
        bot.new_game(derive(game_seed, "bot"))
        opening = _Opening(move, bot, stop)
        game = play_game(start, (opening, opening), partial(reshuffled, game_seed), a_side=position.side_to_act)
        to_ns = game.payoff_a if position.side_to_act == 0 else -game.payoff_a
        payoffs.append([float(to_ns), float(-to_ns)])
    return payoffs


class _Opening(DelegatingBot):
    """The bot that makes the root move first, then plays as ``bot`` (both sides), asking
    ``stop`` before every action."""

    def __init__(self, move: Move, bot: Bot, stop: Stop | None) -> None:
        super().__init__(bot)
        self._move: Move | None = move
        self._stop = stop

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """The root move the first time, then the bot's; Stopped when ``stop`` says so."""
        if self._stop is not None and self._stop():
            raise Stopped()
        move, self._move = self._move, None
        return super().choose(position, moves) if move is None else move
