"""The stock of a deal played at a table (``eights play``), in an order fixed when the deal starts,
as a shuffled pack's is: a draw takes the top cards, and a draw taken back (``undo``) puts them
back on top, so that the same draw brings the same cards again and taking moves back never
deals the luck afresh. The order rides in the position (``Position.order``, top first); only
the table sees it: the players are given the position without it (``public``).

The order is a shuffle seeded from the deal's seed and the stock. When the stock runs short,
the discard pile (not the upcard) is shuffled into a new stock, seeded from the deal's seed and
the pile, so that the same reshuffle comes out the same. A draw that names cards the order
would not give (a record written some other way) is played as named, and the stock left is
put in a new order from the seed.

>>> from eights.engine.notation import parse_position
>>> start = ordered(parse_position("N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S"), seed=7)
>>> drawn = step(start, Move.draw(), seed=7)
>>> drawn.move == step(start, Move.draw(), seed=7).move == Move.draw(bit(start.order[0]))
True
>>> drawn.after.order == start.order[1:], public(drawn.after).order
(True, None)
"""

from __future__ import annotations

import random
from dataclasses import replace

from eights.engine.cards import Card, CardSet, bit, scan
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import apply_move, draw_parts
from eights.engine.steps import Step
from eights.play.paired import derive


def ordered(position: Position, seed: int) -> Position:
    """``position`` with its stock in an order shuffled from ``seed`` (and the stock's cards)."""
    return replace(position, order=tuple(shuffled(position.stock, seed, "stock")) or None)


def public(position: Position) -> Position:
    """``position`` as the players see it: the stock's order unknown."""
    return replace(position, order=None)


def step(position: Position, move: Move, seed: int) -> Step:
    """``move`` played from ``position`` (whose stock is ``ordered``): a draw naming no cards takes
    the ones the order gives (``draw``), and the stock left keeps its order, or takes the
    reshuffle's; a draw naming other cards is played as named and the stock left reordered."""
    if not move.is_draw:
        return Step(position, move, apply_move(position, move))
    dealt = draw(position, seed)
    if move.cards is not None and move != dealt:
        return Step(position, move, ordered(apply_move(public(position), move), seed))
    after = apply_move(position, dealt)
    if after.order is None and after.stock:  # a reshuffle: the new stock in the shuffle's order
        _, pile, taken = draw_parts(position)
        after = replace(after, order=tuple(shuffled(pile, seed, "reshuffle")[taken:]))
    return Step(position, dealt, after)


def draw(position: Position, seed: int) -> Move:
    """The draw of the hand to act, naming the cards it takes: the stock's top ones, then, when
    the stock runs short, the top of the discard pile shuffled into a new stock; a pass (nothing
    to draw) names none."""
    top, pile, taken = draw_parts(position)
    cards = top
    for card in shuffled(pile, seed, "reshuffle")[:taken]:
        cards |= bit(card)
    return Move.draw(cards or None)


def shuffled(cards: CardSet, seed: int, label: str) -> list[Card]:
    """``cards`` shuffled by a generator seeded from ``seed``, ``label`` and the cards themselves."""
    order = sorted(scan(cards))
    random.Random(derive(seed, label, cards)).shuffle(order)
    return order
