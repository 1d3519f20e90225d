"""Paired deals: one deal played twice between bots A and B, sides swapped, with the same
stock order and the same reshuffles, so that the luck of the cards cancels in the pair.

A pair is a deal number (its hand size from ``eights.engine.deal.HAND_SIZES``), a dealer and a
seed. The seed fixes the hands, the stock's order (a seeded permutation of the stock,
drawn from the top), the order of the n-th reshuffle of the discard pile in either game
(the same permutation of the same cards gives the same order) and the bots' seeds. Game
0 has A as NS, game 1 has A as EW. The bots are shown each position without its
``order``: they never see the stock's order.

>>> deal = schedule(1, seed=7)[0]
>>> deal.start() == deal.start(), deal.start().order is not None
(True, True)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial

from eights.engine.cards import Card, CardSet, S, Seat, W, bit, count, scan
from eights.engine.deal import DEALS, HAND_SIZES, deal_position
from eights.engine.errors import IllegalMoveError
from eights.engine.match import MAX_ACTIONS
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.record import DealRecord
from eights.engine.rules import apply_draw, apply_play, legal_moves
from eights.play.bot import Bot
from eights.play.outcome import GameResult


Shuffle = Callable[[int, CardSet], tuple[Card, ...]]


def derive(seed: int, *labels: object) -> int:
    """A 64-bit seed made from ``seed`` and labels, the same in every process and run.

    >>> derive(1, "pair", 0) == derive(1, "pair", 0) != derive(1, "pair", 1)
    True
    """
    text = "/".join(str(part) for part in (seed, *labels))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


@dataclass(frozen=True)
class PairDeal:
    """The deal a pair plays: ``deal`` is the deal number (1..15), ``seed`` fixes the rest."""

    index: int
    deal: int
    dealer: Seat
    seed: int

    @property
    def hand_size(self) -> int:
        """Cards in each hand at the start."""
        return HAND_SIZES[self.deal - 1]

    def start(self) -> Position:
        """The starting position, the stock's order fixed."""
        return with_stock_order(deal_position(self.deal, self.dealer, derive(self.seed, "deal")), self.seed)

    def reshuffle(self, number: int, cards: CardSet) -> tuple[Card, ...]:
        """The order of the stock that the ``number``-th reshuffle (from 0) makes of ``cards``."""
        return reshuffled(self.seed, number, cards)

    def bot_seed(self, game: int, player: str) -> int:
        """The seed ``player`` (``A`` or ``B``) gets for game ``game`` of the pair."""
        return derive(self.seed, "bot", game, player)


def with_stock_order(position: Position, seed: int) -> Position:
    """``position`` with its stock in the order ``seed`` gives that set of cards (any order
    it had is replaced): the same seed orders the same stock the same way."""
    return replace(position, order=_shuffled(seed, "stock", position.stock) or None)


def reshuffled(seed: int, number: int, cards: CardSet) -> tuple[Card, ...]:
    """The order of the stock that the ``number``-th reshuffle (from 0) of a game seeded by
    ``seed`` makes of ``cards``: the same for the same cards."""
    return _shuffled(seed, f"reshuffle/{number}", cards)


def _shuffled(seed: int, label: str, cards: CardSet) -> tuple[Card, ...]:
    order = list(scan(cards))
    random.Random(derive(seed, label)).shuffle(order)
    return tuple(order)


def schedule(pairs: int, seed: int, deal_size: int | None = None) -> list[PairDeal]:
    """The first ``pairs`` pairs of a run: deal numbers cycling 1..15 (hands of 8…1…8
    cards), or always a deal of ``deal_size`` cards; the dealer alternating S, W.

    >>> [(d.hand_size, d.dealer) for d in schedule(3, seed=1)]
    [(8, 2), (7, 3), (6, 2)]
    """
    if deal_size is not None and deal_size not in HAND_SIZES:
        raise ValueError(f"deal size must be from 1 to {max(HAND_SIZES)} cards, got {deal_size!r}")
    fixed = None if deal_size is None else HAND_SIZES.index(deal_size) + 1
    return [PairDeal(index, fixed or index % DEALS + 1, (S, W)[index % 2], derive(seed, "pair", index))
            for index in range(pairs)]


@dataclass(frozen=True)
class PairResult:
    """Both games of a pair: ``games[0]`` with A as NS, ``games[1]`` with A as EW."""

    deal: PairDeal
    games: tuple[GameResult, GameResult]

    @property
    def total(self) -> int:
        """A's payoff over the two games."""
        return self.games[0].payoff_a + self.games[1].payoff_a


def play_pair(deal: PairDeal, a: Bot, b: Bot) -> PairResult:
    """Play the pair's two games, A as NS then A as EW."""
    games = []
    for game, (ns, ew) in enumerate(((a, b), (b, a))):
        a.new_game(deal.bot_seed(game, "A"))
        b.new_game(deal.bot_seed(game, "B"))
        games.append(play_game(deal.start(), (ns, ew), deal.reshuffle, a_side=game))
    return PairResult(deal, (games[0], games[1]))


def play_game(start: Position, bots: Sequence[Bot], shuffle: Shuffle, a_side: int = 0) -> GameResult:
    """Play a deal from ``start`` (which has the stock's order) to its end, ``bots[0]`` for
    NS and ``bots[1]`` for EW; draws come from the top of the stock, and the n-th
    reshuffle orders the discard pile by ``shuffle(n, cards)``."""
    position, moves = start, list[Move]()
    reshuffles = 0
    for _ in range(MAX_ACTIONS):
        if position.is_over:
            return GameResult.of(DealRecord(start, tuple(moves)), a_side)
        options = list(legal_moves(position))
        bot = bots[position.side_to_act]
        move = bot.choose(replace(position, order=None), options)
        if move not in options:
            raise IllegalMoveError("move", f"bot {bot.spec} chose {move.notation()}, not one of the legal moves")
        if not move.is_draw:  # legal (one of options), so applied without checking it again
            position = apply_play(position, move)
        else:
            cards, reshuffled = _draw(position, partial(shuffle, reshuffles))
            move = Move.draw(cards or None)  # a pass names no cards
            position = apply_draw(position, cards)
            if reshuffled is not None:
                reshuffles += 1
                position = replace(position, order=reshuffled or None)
        moves.append(move)
    raise RuntimeError(f"deal did not end within {MAX_ACTIONS} actions")


def _draw(position: Position, reshuffle: Callable[[CardSet], tuple[Card, ...]]
          ) -> tuple[CardSet, tuple[Card, ...] | None]:
    """The cards a draw brings, from the top of the stock; when the stock cannot cover it,
    the discard pile ordered by ``reshuffle`` follows (RULES "Empty stock"), and the new
    stock's order is returned too (None: no reshuffle)."""
    order = position.order or ()
    assert len(order) == count(position.stock), "the stock's order covers the stock"
    need = position.draw_count
    cards = _set_of(order[:need])
    if need <= len(order) or not position.discard:
        return cards, None
    new_order = reshuffle(position.discard)
    taken = need - len(order)
    return cards | _set_of(new_order[:taken]), new_order[taken:]


def _set_of(cards: Sequence[Card]) -> CardSet:
    """The set of distinct ``cards``."""
    return sum(bit(card) for card in cards)
