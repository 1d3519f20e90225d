"""A family game's round of a rollout (``FamilyGame.play_round``; ``eights.play.rollout`` plays
the rounds): game i of every root move with a family bot in every seat.

Common random numbers, as sce2's rollouts have them: game i of every move is played from the
same stock order (a seeded permutation of the stock), the n-th reshuffle orders the
same pile the same way, and the bot gets the same seed, all derived from the rollout's
seed and i. The bots never see the stock's order.

>>> from eights.engine.family import parse_family
>>> from eights.play.family import make_family_bot
>>> start = parse_family("rules:classic/3 0:7.8.. 1:K.Q.. 2:.2.4. turn:0 up:7C stock:...2")
>>> round_ = play_family_round(start, list(legal_moves(start))[:2], 0, make_family_bot("random"), seed=1)
>>> len(round_), len(round_[0])
(2, 3)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from eights.engine.errors import EightsError
from eights.engine.family import FamilyMove, FamilyPosition, apply_chance, apply_move, legal_moves
from eights.engine.family.scoring import payoffs
from eights.games.game import Stopped
from eights.play.family.bot import FamilyBot
from eights.play.paired import derive

Stop = Callable[[], bool]
MAX_GAME_EVENTS = 5_000  # a game played out longer than this is taken to be endless (openspiel's reshuffles are not capped)


class EndlessGame(EightsError):
    """A game played out from a root move that had no end after MAX_GAME_EVENTS events: the
    bots (searching bots of ``classic/2`` can) pass the same cards round through reshuffles."""


def play_family_round(position: FamilyPosition, moves: Sequence[FamilyMove], index: int, bot: FamilyBot, seed: int,
                      stop: Stop | None = None) -> list[list[float]]:
    """Game ``index`` of every move: each move's payoffs (seat 0 first), every game from the
    same stock order and reshuffles, the bot (in every seat) seeded alike."""
    game_seed = derive(seed, "game", index)
    start = _ordered(position, derive(game_seed, "stock"))
    results = []
    for move in moves:
        bot.new_game(derive(game_seed, "bot"))
        end = _played_out(apply_move(start, move), bot, game_seed, stop)
        if end is None:
            raise EndlessGame("bot", f"game {index} after {move.notation()} had no end after {MAX_GAME_EVENTS} "
                                     f"events: {bot.spec} goes round through reshuffles here; roll out with another bot")
        results.append([float(paid) for paid in payoffs(end)])
    return results


def _played_out(position: FamilyPosition, bot: FamilyBot, game_seed: int, stop: Stop | None) -> FamilyPosition | None:
    """The end of the deal from ``position``, ``bot`` choosing every move (shown no stock
    order), the draws following the stock's order, a reshuffled pile ordered by ``game_seed``
    and the number of the reshuffle; None when there is none within MAX_GAME_EVENTS events."""
    reshuffles = 0
    for _ in range(MAX_GAME_EVENTS):
        if position.is_over:
            return position
        if position.owed:
            if position.order is None:
                position = _ordered(position, derive(game_seed, "reshuffle", reshuffles))
                reshuffles += 1
            position = apply_chance(position, position.order[0])  # type: ignore[index]  # ordered just above
        else:
            if stop is not None and stop():
                raise Stopped()
            position = apply_move(position, bot.choose(replace(position, order=None), list(legal_moves(position))))
    return None


def _ordered(position: FamilyPosition, seed: int) -> FamilyPosition:
    """``position`` with its stock in the order ``seed`` gives that set of cards."""
    order = list(position.stock)
    random.Random(seed).shuffle(order)
    return replace(position, order=tuple(order) or None)
